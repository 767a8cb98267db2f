import Replay
import Snapshots

// The self-contained HTML report of a replay: the screen after each event drawn at true
// proportions, a timeline of the trip with a scrubber and keys, the event's details beside
// the picture. One file, no network: CSS, script and data are inline.

/// Builds HTML reports of replays (`replayPage`) and of diffs (`diffPage`).
public enum HTMLReport {
  /// The report of one run, built in memory: the page `SnapshotStore.writeReplayReport`
  /// writes from the store in memory independent of the run's length.
  ///
  /// Each distinct layout is embedded once, whatever the number of events that share it, and
  /// drawn by the page only when shown; every user string is escaped.
  /// - Parameters:
  ///   - run: the run's record (label, delegate, recording...).
  ///   - frames: the run's events in seq order.
  ///   - layouts: the layouts the frames refer to, by hash. A frame whose layout is missing
  ///     shows "no layout stored".
  /// - Complexity: O(frames + the total size of the distinct layouts).
  public static func replayPage(
    run: RunInfo, frames: [StoredFrame], layouts: [String: LayoutState]
  ) -> String {
    // Held whole in memory: no scratch file, so none can fail.
    let writer = ReplayPageWriter(run: run, bufferLimit: .max, spilling: false)
    for frame in frames { inMemory { try writer.add(frame, layout: layouts[frame.layoutHash]) } }
    var page = ""
    inMemory { try writer.finish { page += $0 } }
    return page
  }

  /// What `step` gives, on tables and buffers held in memory: they make no scratch file or
  /// database, so they cannot fail.
  static func inMemory<T>(_ step: () throws -> T) -> T {
    do { return try step() } catch { preconditionFailure("a report in memory failed: \(error)") }
  }

  // MARK: - Page

  /// The page around the data: header, stage with `panes` pictures, details, timeline.
  static func page(
    kind: String, title: String, heading: String, meta: String, panes: Int, summary: String,
    data: String, script: String
  ) -> String {
    let (head, tail) = pageAround(
      kind: kind, title: title, heading: heading, meta: meta, panes: panes, summary: summary,
      script: script)
    return head + data + tail
  }

  /// The page before the data (ending in the data's `<script>` tag) and after it, as `page`.
  static func pageAround(
    kind: String, title: String, heading: String, meta: String, panes: Int, summary: String,
    script: String
  ) -> (head: String, tail: String) {
    var stage = ""
    for pane in 0..<panes {
      stage += """
        <figure class="screen"><figcaption id="caption-\(pane)"></figcaption>\
        <div class="svg-host" id="screen-\(pane)"></div></figure>

        """
    }
    let head = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escapeXML(title))</title>
      <style>
      \(pageCSS)
      \(SVGRenderer.css)
      \(SVGRenderer.screenCSS)
      .nv-has-content>.nv-name{display:none}
      </style>
      </head>
      <body class="page-\(kind)">
      <header><h1>\(heading)</h1><p class="meta">\(meta)</p></header>
      \(summary)
      <main>
      <section class="stage" id="stage">
      \(stage)</section>
      <aside class="details">
      <section><h2>Event</h2><dl id="event"></dl></section>
      <section id="changes-box" hidden><h2>Differences on this event</h2><ul id="changes"></ul></section>
      <section id="findings-box"><h2>Findings</h2><ol id="findings"></ol></section>
      <section><h2>Payload</h2><table id="payload"></table></section>
      <section><h2>Layout</h2><dl id="layout"></dl></section>
      <section><h2>Views</h2><table id="views"></table></section>
      </aside>
      </main>
      <footer>
      <div class="controls">
      <button id="prev-change" title="Previous layout change (Left)">&#9664;</button>
      <input type="range" id="scrubber" min="0" max="0" value="0" aria-label="Event">
      <button id="next-change" title="Next layout change (Right)">&#9654;</button>
      <span id="position"></span>
      <button id="first-finding" title="First finding (f)">first finding</button>
      <button id="first-difference" title="First difference (d)" hidden>first difference</button>
      <label><input type="checkbox" id="show-hidden"> hidden views (h)</label>
      </div>
      <canvas id="timeline" height="90"></canvas>
      <p class="keys">Left / Right: previous / next layout change · Shift+Left / Right: one event · \
      Home / End · f: first finding · n / p: next / previous finding\
      \(panes > 1 ? " · d / Shift+D: next / previous difference" : "") · h: hidden views · \
      click the timeline to jump</p>
      </footer>
      <noscript><p class="missing">This report draws its layouts with JavaScript.</p></noscript>
      <script type="application/json" id="navsim-data">
      """
    let tail = """
      </script>
      <script>
      \(script)
      </script>
      </body>
      </html>

      """
    return (head, tail)
  }

  // MARK: - Replay script

  static let replayScript = #"""
(() => {
  const { D, S, $ } = NV;
  const F = D.frames, count = F.seq.length;
  const changes = D.nav.changes, findingFrames = D.nav.findings;
  let cur = -1, drawnKey = null, viewsLayout = null, pane = null, showHidden = false;
  const scrubber = $("scrubber");
  scrubber.max = String(Math.max(0, count - 1));
  const line = NV.timeline($("timeline"), D.marks, F.t, (i) => show(i));

  function show(i) {
    if (count === 0) return;
    i = Math.max(0, Math.min(count - 1, i));
    cur = i;
    const L = NV.layout(F.layout[i]), findings = NV.findingSet(F.findings[i]);
    const key = F.layout[i] + "/" + F.findings[i] + "/" + showHidden;
    const host = $("screen-0");
    if (key !== drawnKey) {
      if (L) {
        pane = NV.draw(L, findings, showHidden);
        host.replaceChildren(pane.svg);
        NV.fit(host);
      } else {
        pane = null;
        host.replaceChildren(NV.htmlEl("p", "No layout stored for this event.", null, "missing"));
      }
      drawnKey = key;
    }
    NV.paint(pane, F.screen[i], F.map[i]);
    scrubber.value = String(i);
    $("position").textContent = "event " + (i + 1) + " of " + count;
    $("caption-0").textContent = L ? L.state + (L.wide ? " \u00b7 wide mode" : "") + " \u00b7 " +
      NV.num(L.W) + " \u00d7 " + NV.num(L.H) : "no layout";
    const start = changes.length && changes[0] <= i ? NV.previousIn(changes, i + 1) : i;
    NV.fillList($("event"), [
      ["seq", F.seq[i]], ["time", NV.seconds(F.t[i]) + " (" + NV.clock(F.t[i] - F.t[0]) + ")"],
      ["kind", S[F.event[i]]],
      ["layout", start === i ? "changed on this event" : "unchanged since seq " + F.seq[start]],
    ]);
    NV.fillPayload($("payload"), NV.payload(F.detail[i]));
    NV.fillList($("layout"), NV.layoutFacts(L));
    NV.fillFindings($("findings"), findings);
    $("findings-box").classList.toggle("empty", findings.length === 0);
    if (viewsLayout !== F.layout[i] || !L) { NV.fillViews($("views"), L, () => [pane]); viewsLayout = F.layout[i]; }
    line.cursor(i);
    document.body.dataset.seq = String(F.seq[i]);
    document.body.dataset.index = String(i);
    try { history.replaceState(null, "", "#seq=" + F.seq[i]); } catch (e) { /* file: URLs may refuse */ }
  }

  const startOf = (i) => { const s = NV.previousIn(changes, i + 1); return s < 0 ? 0 : s; };
  const go = (i) => { if (i >= 0) show(i); };
  const nextChange = () => go(NV.nextIn(changes, cur));
  const previousChange = () => go(NV.previousIn(changes, startOf(cur)));
  NV.keys({
    ArrowRight: nextChange, ArrowLeft: previousChange,
    "Shift+ArrowRight": () => show(cur + 1), "Shift+ArrowLeft": () => show(cur - 1),
    Home: () => show(0), End: () => show(count - 1),
    f: () => go(findingFrames.length ? findingFrames[0] : -1),
    n: () => go(NV.nextIn(findingFrames, cur)), p: () => go(NV.previousIn(findingFrames, cur)),
    h: () => { $("show-hidden").checked = !showHidden; toggleHidden(); },
  });
  function toggleHidden() { showHidden = $("show-hidden").checked; show(cur); }
  scrubber.addEventListener("input", () => show(Number(scrubber.value)));
  $("next-change").addEventListener("click", nextChange);
  $("prev-change").addEventListener("click", previousChange);
  $("first-finding").disabled = findingFrames.length === 0;
  $("first-finding").addEventListener("click", () => go(findingFrames[0]));
  $("show-hidden").addEventListener("change", toggleHidden);
  window.addEventListener("resize", () => { NV.fit($("screen-0")); line.paint(); line.cursor(cur); });

  const wanted = /^#seq=(-?\d+)$/.exec(location.hash);
  let first = 0;
  if (wanted) { const at = F.seq.indexOf(Number(wanted[1])); if (at >= 0) first = at; }
  show(first);
  document.body.dataset.ready = "1";
})();
"""#
}
