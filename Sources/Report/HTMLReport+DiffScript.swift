// The report page's script, part 2: the diff page. Draws run A and run B on the same event,
// outlines the views that differ in both pictures, draws A's frame as a ghost in B's picture
// with the delta, lists the event's differences, and adds keys to step through them.

extension HTMLReport {
  static let diffScript = #"""
(() => {
  const { D, S, $ } = NV;
  const F = D.frames, count = F.seq.length;
  const changes = D.nav.changes, findingFrames = D.nav.findings, differences = D.nav.differences;
  const signatureOf = new Map();
  D.diff.frames.forEach((frame, k) => signatureOf.set(frame, D.diff.signature[k]));
  const decoded = new Map();
  function signature(i) {
    const k = signatureOf.has(i) ? signatureOf.get(i) : -1;
    if (k < 0) return null;
    if (decoded.has(k)) return decoded.get(k);
    const s = D.diff.signatures[k];
    const finding = (f) => ({ severity: f[0] === 1 ? "error" : "warning", rule: S[f[1]],
      views: f[2].map((v) => S[v]), message: S[f[3]] });
    const value = {
      index: k,
      states: s[0].map((c) => ({ field: S[c[0]], from: S[c[1]], to: S[c[2]] })),
      views: s[1].map((c) => ({ view: S[c[0]], line: S[c[1]], delta: S[c[2]], from: c[3], to: c[4],
        occurrence: c.length > 5 ? c[5] : 1, name: S[c.length > 6 ? c[6] : c[0]] })),
      introduced: s[2].map(finding), fixed: s[3].map(finding), missing: s[4] >= 0 ? S[s[4]] : null,
    };
    decoded.set(k, value);
    return value;
  }

  let cur = -1, showHidden = false, viewsLayout = null;
  const panes = [null, null], drawnKeys = [null, null];
  const scrubber = $("scrubber");
  scrubber.max = String(Math.max(0, count - 1));
  const line = NV.timeline($("timeline"), D.marks, F.t, (i) => show(i));

  // The n-th node of an id and its group in the picture: a repeated id's nodes are told apart
  // by occurrence, 1 for the first (`ViewChange.occurrence`).
  function nth(pane, c) {
    const k = c.occurrence - 1, groups = pane.groups.get(c.view) || [];
    const nodes = pane.layout.nodes.filter((m) => m.id === c.view);
    return { n: nodes[k], g: groups[k] };
  }

  // Outlines every changed view; in B, A's frame as a dashed ghost and the delta beside it.
  function decorate(side, pane, sig) {
    if (!sig) return;
    const deltas = new Map();
    for (const c of sig.views) {
      const { n, g } = nth(pane, c);
      if (g) g.classList.add("nv-changed");
      const key = c.view + "\u0000" + c.occurrence;
      const name = c.name;
      if (side === 1) {
        if (c.from && c.to) NV.rect(pane.overlay, c.from[0], c.from[1], c.from[2], c.from[3], { class: "nv-ghost" });
        if (c.delta) {
          const before = deltas.has(key) ? deltas.get(key).text + "; " : "";
          deltas.set(key, { n, name, text: before + c.delta });
        }
      } else if (c.from && !c.to) {
        deltas.set(key, { n, name, text: c.delta });
      }
    }
    for (const { n, name, text } of deltas.values()) {
      if (n) {
        NV.labelBeside(pane.overlay, pane.spots, n, name + ": " + text, "nv-delta", pane.layout.W);
      }
    }
  }

  function show(i) {
    if (count === 0) return;
    i = Math.max(0, Math.min(count - 1, i));
    cur = i;
    const sig = signature(i);
    const layouts = [0, 1].map((side) => NV.layout(F.layout[side][i]));
    for (const side of [0, 1]) {
      const L = layouts[side], findings = NV.findingSet(F.findings[side][i]);
      const key = F.layout[side][i] + "/" + F.findings[side][i] + "/" + showHidden + "/" + (sig ? sig.index : -1);
      const host = $("screen-" + side);
      if (key !== drawnKeys[side]) {
        if (L) {
          panes[side] = NV.draw(L, findings, showHidden);
          decorate(side, panes[side], sig);
          host.replaceChildren(panes[side].svg);
          NV.fit(host);
        } else {
          panes[side] = null;
          host.replaceChildren(NV.htmlEl("p", "No snapshot of this event in run " + D.runs[side].label + ".", null, "missing"));
        }
        drawnKeys[side] = key;
      }
      NV.paint(panes[side], F.screen[side][i], F.map[i]);
      const caption = $("caption-" + side);
      caption.replaceChildren();
      NV.htmlEl("span", (side === 0 ? "A: " : "B: ") + D.runs[side].label + " (" + D.runs[side].delegate + ")", caption, "side");
      NV.htmlEl("span", L ? " \u00b7 " + L.state + (L.wide ? " \u00b7 wide mode" : "") + " \u00b7 " +
        NV.num(L.W) + " \u00d7 " + NV.num(L.H) + (findings.length ? " \u00b7 " + findings.length + " finding(s)" : "") : "", caption);
    }
    scrubber.value = String(i);
    $("position").textContent = "event " + (i + 1) + " of " + count + (sig ? " \u00b7 differs" : " \u00b7 same");
    NV.fillList($("event"), [
      ["seq", F.seq[i]], ["time", NV.seconds(F.t[i]) + " (" + NV.clock(F.t[i] - F.t[0]) + ")"],
      ["kind", S[F.event[i]]], ["A vs B", sig ? "differs" : "identical layouts and findings"],
    ]);
    const list = $("changes");
    list.replaceChildren();
    $("changes-box").hidden = !sig;
    if (sig) {
      if (sig.missing) NV.htmlEl("li", "no snapshot in " + sig.missing, list, "state");
      for (const c of sig.states) NV.htmlEl("li", c.field + " " + c.from + " \u2192 " + c.to, list, "state");
      for (const c of sig.views) NV.htmlEl("li", c.line, list);
      for (const f of sig.introduced) NV.htmlEl("li", "+ in B: " + f.rule + " (" + f.views.join(", ") + "): " + f.message, list, "intro");
      for (const f of sig.fixed) NV.htmlEl("li", "\u2212 only in A: " + f.rule + " (" + f.views.join(", ") + "): " + f.message, list, "fixed");
    }
    const findingsA = NV.findingSet(F.findings[0][i]), findingsB = NV.findingSet(F.findings[1][i]);
    const numbered = (list, side) => list.map((f, k) => Object.assign({}, f, { rule: side + " " + f.rule, number: k + 1 }));
    NV.fillFindings($("findings"), numbered(findingsB, "B").concat(numbered(findingsA, "A")));
    $("findings-box").classList.toggle("empty", findingsA.length + findingsB.length === 0);
    NV.fillPayload($("payload"), NV.payload(F.detail[i]));
    const shown = layouts[1] || layouts[0];
    NV.fillList($("layout"), NV.layoutFacts(shown));
    const viewsKey = F.layout[0][i] + "/" + F.layout[1][i];
    if (viewsLayout !== viewsKey) { NV.fillViews($("views"), shown, () => panes); viewsLayout = viewsKey; }
    line.cursor(i);
    document.body.dataset.seq = String(F.seq[i]);
    document.body.dataset.index = String(i);
    try { history.replaceState(null, "", "#seq=" + F.seq[i]); } catch (e) { /* file: URLs may refuse */ }
  }

  const startOf = (i) => { const s = NV.previousIn(changes, i + 1); return s < 0 ? 0 : s; };
  const go = (i) => { if (i >= 0) show(i); };
  const nextChange = () => go(NV.nextIn(changes, cur));
  const previousChange = () => go(NV.previousIn(changes, startOf(cur)));
  function toggleHidden() { showHidden = $("show-hidden").checked; show(cur); }
  NV.keys({
    ArrowRight: nextChange, ArrowLeft: previousChange,
    "Shift+ArrowRight": () => show(cur + 1), "Shift+ArrowLeft": () => show(cur - 1),
    Home: () => show(0), End: () => show(count - 1),
    f: () => go(findingFrames.length ? findingFrames[0] : -1),
    n: () => go(NV.nextIn(findingFrames, cur)), p: () => go(NV.previousIn(findingFrames, cur)),
    d: () => go(NV.nextIn(differences, cur)), D: () => go(NV.previousIn(differences, cur)),
    h: () => { $("show-hidden").checked = !showHidden; toggleHidden(); },
  });
  scrubber.addEventListener("input", () => show(Number(scrubber.value)));
  $("next-change").addEventListener("click", nextChange);
  $("prev-change").addEventListener("click", previousChange);
  $("first-finding").disabled = findingFrames.length === 0;
  $("first-finding").addEventListener("click", () => go(findingFrames[0]));
  const firstDifference = $("first-difference");
  firstDifference.hidden = false;
  firstDifference.disabled = differences.length === 0;
  firstDifference.addEventListener("click", () => go(differences[0]));
  $("show-hidden").addEventListener("change", toggleHidden);
  for (const row of document.querySelectorAll("#summary [data-frame]")) {
    row.addEventListener("click", (event) => { event.preventDefault(); show(Number(row.dataset.frame)); });
  }
  window.addEventListener("resize", () => {
    NV.fit($("screen-0")); NV.fit($("screen-1")); line.paint(); line.cursor(cur);
  });

  const wanted = /^#seq=(-?\d+)$/.exec(location.hash);
  let first = differences.length ? differences[0] : 0;
  if (wanted) { const at = F.seq.indexOf(Number(wanted[1])); if (at >= 0) first = at; }
  show(first);
  document.body.dataset.ready = "1";
})();
"""#
}
