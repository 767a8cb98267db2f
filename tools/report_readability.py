"""Readability checks of a NavSim HTML report open in Chromium (used by check-reports.py).

A picture reads cleanly when no two of its visible texts cover each other, and the page when
no panel needs a sideways scroll:

* every `<text>` of every picture that is displayed, not transparent and not under an opaque
  shape at its centre (a card under a prompt is hidden by it, as on the device) has its box on
  screen; two boxes that overlap by more than `SLACK` px in both directions fail, naming both
  texts, the views or findings they belong to, the picture and the event;
* the side panel, the views table inside it and a diff's summary table fit their widths.
"""

SLACK = 1.0  # px of overlap tolerated in each direction (antialiasing, rounding)

# Texts of each picture ("A"/"B" on a diff page): [text, owner, left, top, right, bottom].
# Hit testing needs the texts hittable over their whole box (their labels are
# `pointer-events:none`), so a style sheet says so for the time of the measurement. A shape
# above a text covers it when it is filled and opaque (fill-opacity times the opacity of it
# and its ancestors); other texts and see-through shapes do not.
TEXTS_JS = """(() => {
  const sheet = document.createElement("style");
  sheet.textContent = ".svg-host svg text{pointer-events:bounding-box!important}";
  document.head.appendChild(sheet);
  const opacity = (e) => {
    let o = 1;
    for (let n = e; n && n instanceof SVGElement; n = n.parentElement) {
      o *= Number(getComputedStyle(n).opacity);
    }
    return o;
  };
  const covers = (e) => {
    if (!(e instanceof SVGGeometryElement) || e.closest("text")) return false;
    const css = getComputedStyle(e);
    return css.fill !== "none" && css.visibility === "visible" &&
      Number(css.fillOpacity) * opacity(e) >= 0.99;
  };
  const owner = (t) => {
    const node = t.closest("g.nv-node"), finding = t.closest("g.nv-finding");
    if (!node && !finding && t.closest(".nv-c-map")) return "map";
    if (finding) return "finding " + finding.dataset.rule;
    if (node) return node.dataset.id;
    return t.getAttribute("class") || "picture";
  };
  const own = (e) => e.closest("g.nv-node");
  // Filled view shapes a name caption must not run across: [view, box].
  const filled = (e) => getComputedStyle(e).fill !== "none" &&
    e.checkVisibility({ opacityProperty: true }) &&
    Number(getComputedStyle(e).fillOpacity) * opacity(e) >= 0.5;
  const shapes = (svg) => Array.from(svg.querySelectorAll("g.nv-node > .nv-shape"))
    .filter(filled).map((e) => [own(e), e.getBoundingClientRect()]);
  try {
    const panes = Array.from(document.querySelectorAll(".svg-host > svg"));
    return panes.map((svg, side) => {
      const texts = [], washed = [], crossing = [], views = shapes(svg);
      for (const t of svg.querySelectorAll("text")) {
        if (!t.textContent.trim()) continue;
        if (!t.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (opacity(t) < 0.01) continue;
        const b = t.getBoundingClientRect();
        if (b.width < 0.5 || b.height < 0.5) continue;
        const hits = document.elementsFromPoint(b.x + b.width / 2, b.y + b.height / 2);
        let covered = false, through = null;
        for (const e of hits) {
          if (e === t) break;
          if (covers(e)) { covered = true; break; }
          const css = getComputedStyle(e);
          if (!through && e instanceof SVGGeometryElement && css.fill !== "none" &&
              Number(css.fillOpacity) * opacity(e) >= 0.5) through = owner(e);
        }
        if (covered) continue;
        texts.push([t.textContent, owner(t), b.left, b.top, b.right, b.bottom]);
        if (through) washed.push([t.textContent, owner(t), through]);
        if (t.classList.contains("nv-label")) {
          for (const [view, r] of views) {
            if (view === own(t)) continue;
            const dx = Math.min(r.right, b.right) - Math.max(r.left, b.left);
            const dy = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
            const inside = b.left >= r.left - 1 && b.right <= r.right + 1 && b.top >= r.top - 1 &&
              b.bottom <= r.bottom + 1;
            if (dx > 1 && dy > 1 && !inside) crossing.push([t.textContent, owner(t), view.dataset.id]);
          }
        }
      }
      const name = panes.length > 1 ? (side === 0 ? "picture A" : "picture B") : "picture";
      return { name, texts, washed, crossing };
    });
  } finally {
    sheet.remove();
  }
})()"""

# Panels that must not need a sideways scroll: [name, scrollWidth, clientWidth] for boxes
# that scroll, and the views table's right edge against its panel's content box.
PANELS_JS = """(() => {
  const out = [];
  // The deepest element that sticks out past the panel's content box, to name the culprit.
  const culprit = (panel) => {
    const p = panel.getBoundingClientRect(), css = getComputedStyle(panel);
    const right = p.left + panel.clientLeft + panel.clientWidth - parseFloat(css.paddingRight);
    let found = null;
    for (const e of panel.querySelectorAll("*")) {
      if (e.getBoundingClientRect().right > right + 1) found = e;
    }
    if (!found) return "";
    const name = found.tagName.toLowerCase() + (found.id ? "#" + found.id : "") +
      (found.className && typeof found.className === "string" ? "." + found.className : "");
    return " (" + name + " " + JSON.stringify(found.textContent.slice(0, 60)) + ")";
  };
  const box = (name, e) => {
    if (e && e.scrollWidth > e.clientWidth + 1) out.push([name + culprit(e), e.scrollWidth, e.clientWidth]);
  };
  const details = document.querySelector(".details");
  box("the side panel", details);
  box("the diff summary", document.querySelector(".summary"));
  const views = document.getElementById("views");
  if (details && views) {
    const d = details.getBoundingClientRect(), css = getComputedStyle(details);
    const inner = d.left + details.clientLeft + details.clientWidth - parseFloat(css.paddingRight);
    const right = views.getBoundingClientRect().right;
    if (right > inner + 1) out.push(["the views table" + culprit(details), right - d.left, inner - d.left]);
  }
  return out;
})()"""


def overlapping_texts(pictures):
    """Every pair of overlapping text boxes, as messages."""
    clashes = []
    for picture in pictures:
        texts = picture["texts"]
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                dx = min(a[4], b[4]) - max(a[2], b[2])
                dy = min(a[5], b[5]) - max(a[3], b[3])
                if dx > SLACK and dy > SLACK:
                    clashes.append(f"{picture['name']}: text {a[0]!r} ({a[1]}) and text {b[0]!r} "
                                   f"({b[1]}) overlap by {dx:.1f} x {dy:.1f} px")
        for text, owner, over in picture["washed"]:
            clashes.append(f"{picture['name']}: text {text!r} ({owner}) shows through {over}, "
                           "a see-through shape drawn over it")
        for text, owner, view in picture["crossing"]:
            clashes.append(f"{picture['name']}: caption {text!r} ({owner}) runs across {view}'s edge")
    return clashes


def check_readable(page, where, failure):
    """Raises `failure` naming `where` (report and event) and every pair of visible texts of a
    picture that overlap and every panel wider than its box; returns the number of texts
    measured."""
    pictures = page.evaluate(TEXTS_JS)
    problems = overlapping_texts(pictures)
    for name, needed, has in page.evaluate(PANELS_JS):
        problems.append(f"{name} overflows: {needed:.0f} px of content in {has:.0f} px")
    if problems:
        raise failure(f"{where}:\n  " + "\n  ".join(problems))
    return sum(len(p["texts"]) for p in pictures)


# MARK: - Self-test

_PAGE = """<!DOCTYPE html><html><head><style>
body{margin:0;font:13px "DejaVu Sans",sans-serif} .details{width:200px;overflow:auto;padding:4px}
.svg-host{width:400px;height:300px}
</style></head><body><div class="svg-host"><svg viewBox="0 0 400 300" width="400" height="300"
font-family="DejaVu Sans" font-size="11">
<g class="nv-node" data-id="card"><rect class="nv-shape" x="0" y="0" width="200" height="60"
fill="#1a73e8"/>%s</g>
<g class="nv-node" data-id="bar"><rect class="nv-shape" x="190" y="100" width="10" height="100"
fill="#7627bb"/></g>
%s</svg></div><aside class="details">%s</aside></body></html>"""

# Each case: the picture's extra content (card's texts, elements drawn above), the panel's
# content, and what the failure must say (None: the page passes).
_CASES = [
    ("clean", '<text x="10" y="20">ETA</text>', '<text x="10" y="90">other</text>', "short", None),
    ("overlap", '<text x="10" y="20">3 min</text>', '<text x="14" y="22">Slow traffic</text>', "",
     "text '3 min' (card) and text 'Slow traffic' (picture) overlap"),
    ("covered", '<text x="10" y="20">3 min</text>',
     '<rect x="0" y="0" width="120" height="40" fill="#f9ab00"/><text x="60" y="22">Slow</text>', "",
     None),
    ("see-through", '<text x="10" y="20">3 min</text>',
     '<g class="nv-node" data-id="prompt"><rect class="nv-shape" x="0" y="0" width="120" height="40"'
     ' fill="#f9ab00" fill-opacity=".88"/></g>', "", "text '3 min' (card) shows through prompt"),
    ("caption across", '', '<g class="nv-node" data-id="viewport"><text class="nv-label" x="150"'
     ' y="120">viewport (camera)</text></g>', "", "caption 'viewport (camera)' (viewport) runs across bar"),
    ("panel", '', '', '<table id="views"><tr><td style="white-space:nowrap">' + "x" * 80 +
     '</td></tr></table>', "the side panel"),
]


def self_test(page_socket, failure):
    """Checks the checks on hand-made pages: each problem is reported, a clean page passes.
    Returns the number of cases; raises `failure` when a check misses or invents one."""
    import os
    import tempfile
    import time
    folder = tempfile.mkdtemp(prefix="navsim-readability-")
    try:
        for name, card, above, panel, want in _CASES:
            path = os.path.join(folder, name.replace(" ", "-") + ".html")
            with open(path, "w") as f:
                f.write(_PAGE % (card, above, panel))
            page = page_socket()
            page.call("Page.enable")
            page.call("Page.navigate", url="file://" + path)
            page.wait_for("Page.loadEventFired")
            time.sleep(0.05)
            try:
                check_readable(page, name, failure)
                got = None
            except failure as problem:
                got = str(problem)
            page.close()
            if want is None and got is not None:
                raise failure(f"self-test {name}: a clean page failed: {got}")
            if want is not None and (got is None or want not in got):
                raise failure(f"self-test {name}: expected {want!r}, got {got!r}")
        return len(_CASES)
    finally:
        import shutil
        shutil.rmtree(folder, ignore_errors=True)
