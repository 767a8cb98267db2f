import HeadlessUIKit
import Replay
import Snapshots

// The HTML page of one run, written in memory that does not grow with the trip, as a diff's
// page is (`DiffPageWriter`). The page's data holds one column per fact of an event (seq,
// time, payload, layout, findings, screen, map) and the timeline's marks, each as long as the
// trip; they come after the interned tables (strings, layouts...), complete only once every
// event is seen. So each column goes, as the events stream past, into a buffer that spills to
// a scratch file under `TMPDIR` (`SpillBuffer`); then the page is written in order, the tables
// from memory and the columns copied back from their files. The screens' tables keep only
// their recent texts in memory (`TextTable`). What still grows is what the page interns in
// memory: its distinct layouts (and their hashes), strings, finding sets, payload key lists
// and route shapes.

/// Builds a run's HTML page (`HTMLReport.replayPage`) from its frames (`add`, in seq order)
/// and writes it (`finish`), holding the small interned tables; the frames' columns and the
/// screens' tables go through spill buffers.
final class ReplayPageWriter {
  private let run: RunInfo
  private let data = ReportData(layouts: [:])
  private let screens: ScreenTables
  private var content: ScreenContent
  private var timeline = TimelineTracker()
  private var hashes: Set<String> = []
  /// How many frames were added.
  private(set) var count = 0
  // The frames' columns.
  private let seq, t, event, detail, layout, findings, screen, map: SpilledArray
  // The timeline's rows.
  private let changes, state, prompts, size, speed, findingFrames: SpilledArray
  /// Every buffer that spills: the columns' and the screens' tables'. `complete` writes them
  /// all through and `peakBufferedBytes` sums them: a buffer made anywhere else is missed.
  let buffers: [SpillBuffer]

  /// - Parameters:
  ///   - run: the run's record (label, delegate, recording...).
  ///   - bufferLimit: the most bytes of the columns and tables held in memory, all together;
  ///     past a column's share, the column goes to a scratch file.
  ///   - spilling: false holds the screens' tables whole in memory (nothing can fail then);
  ///     true keeps only their last `recentLimit` texts there (`TextTable`).
  ///   - page: the page's path (or name), which the scratch files' errors name
  ///     (`RunDiffScratchError.page`).
  init(
    run: RunInfo, bufferLimit: Int, spilling: Bool, page: String = "the report page",
    recentLimit: Int = 1024
  ) {
    self.run = run
    content = ScreenContent(tripStart: run.tripStart)
    var made = PageBuffers(
      files: ScratchFiles(kind: "report", page: page), share: bufferLimit / 16,
      spilling: spilling, recentLimit: recentLimit)
    screens = made.screens
    func column(_ name: String) -> SpilledArray { made.column(name) }
    (seq, t, event, detail) = (column("seq"), column("t"), column("event"), column("detail"))
    (layout, findings) = (column("layout"), column("findings"))
    (screen, map) = (column("screen"), column("map"))
    (changes, state, prompts) = (column("changes"), column("state"), column("prompts"))
    (size, speed, findingFrames) = (column("size"), column("speed"), column("finding"))
    buffers = made.made
  }

  /// Takes the run's next frame (in seq order), which shows `shown` (nil: no layout stored).
  /// - Throws: `RunDiffScratchError` naming the page when a scratch file, the directory for
  ///   them or a table's database fails.
  func add(_ frame: StoredFrame, layout shown: LayoutState?) throws {
    let index = count
    count += 1
    content.apply(frame)
    // In the order the tables were first filled when the page was built whole: a table's
    // indices are its texts' order of first use.
    try screen.append(String(try screens.screen(shown, content: content)))
    try map.append(screens.map(content))
    try layout.append(String(data.layout(hash: frame.layoutHash, shown)))
    try findings.append(String(data.findingSet(frame.findings)))
    try event.append(String(data.string(frame.event)))
    try detail.append(data.payload(frame.detail))
    try seq.append(String(frame.seq))
    try t.append(String(frame.t))
    hashes.insert(frame.layoutHash)

    let marks = timeline.step(
      event: frame.event, layoutHash: frame.layoutHash, findings: !frame.findings.isEmpty
    ) { _ in shown }
    for (row, marked) in [
      (changes, marks.layout), (state, marks.state), (prompts, marks.prompt),
      (size, marks.size), (speed, marks.speed), (findingFrames, marks.findings),
    ] where marked {
      try row.append(String(index))
    }
  }

  /// Writes every column and the screens' tables through to their scratch files and checks
  /// them: past this, only `output` (or an I/O error reading a file back) can make `finish`
  /// fail.
  /// - Throws: `RunDiffScratchError` when a scratch file fails.
  func complete() throws {
    for buffer in buffers { try buffer.complete() }
  }

  /// Writes the page to `output`.
  /// - Throws: `RunDiffScratchError` when a scratch file fails, before anything reaches
  ///   `output` unless it fails being read back, and what `output` throws.
  func finish(to output: (String) throws -> Void) throws {
    try complete()
    let frames = StreamedJSON.object([
      ("detail", .array(detail)), ("event", .array(event)), ("findings", .array(findings)),
      ("layout", .array(layout)), ("map", .array(map)), ("screen", .array(screen)),
      ("seq", .array(seq)), ("t", .array(t)),
    ])
    let marks: [StreamedJSON] = [
      .timelineRow("layout change", "#5f6368", changes), .timelineRow("state", "#188038", state),
      .timelineRow("prompt", "#f9ab00", prompts), .timelineRow("size", "#1a73e8", size),
      .timelineRow("speed widget", "#e37400", speed),
      .timelineRow("finding", "#d93025", findingFrames),
    ]
    let navigation = StreamedJSON.object([
      ("changes", .array(changes)), ("findings", .array(findingFrames)),
    ])
    let json = StreamedJSON.object(
      data.streamedMembers(page: "replay") + [
        ("frames", frames), ("marks", .list(marks)), ("nav", navigation),
        ("run", .text(ReportData.runJSON(run))),
      ] + screens.members)

    let heading = "\(escapeXML(run.recordingName)) · <span class=\"label\">"
      + "\(escapeXML(run.label))</span> <span class=\"delegate\">(\(escapeXML(run.delegate)))</span>"
    var meta = "\(count) events · \(hashes.count) distinct layouts · navsim "
      + "\(escapeXML(run.navsimVersion)) · SDK profile \(escapeXML(run.sdkProfile))"
    if !run.variants.isEmpty { meta += " · " + escapeXML(run.variantList.joined(separator: ", ")) }
    if !run.isFinished { meta += " · <strong>unfinished run</strong>" }
    let (head, tail) = HTMLReport.pageAround(
      kind: "replay", title: "NavSim report: \(run.label) (\(run.delegate)), \(run.recordingName)",
      heading: heading, meta: meta, panes: 1, summary: "",
      script: HTMLReport.commonScript + HTMLReport.replayScript)
    try output(head)
    try json.write(to: output)
    try output(tail)
  }

  /// How many distinct layouts the frames added show (by hash).
  var distinctLayouts: Int { hashes.count }

  /// The most bytes of the columns and the screens' tables held in memory at once, all
  /// together.
  var peakBufferedBytes: Int { buffers.reduce(0) { $0 + $1.peakBytes } }
}

extension StreamedJSON {
  /// A row of the timeline, as `TimelineRow.json` writes it, its frames in a spill buffer.
  static func timelineRow(_ name: String, _ color: String, _ frames: SpilledArray) -> StreamedJSON {
    .object([
      ("color", .text(JSONText.quote(color))), ("frames", .array(frames)),
      ("name", .text(JSONText.quote(name))),
    ])
  }
}

// MARK: - From the store

/// What `SnapshotStore.writeReplayReport` wrote a page of.
public struct ReplayReportCounts: Equatable, Sendable {
  /// The run's events, one frame each.
  public var events: Int
  /// The distinct layouts they show.
  public var distinctLayouts: Int
}

extension SnapshotStore {
  /// Writes the HTML report of `run` to `output`, byte for byte the page `replayReport`
  /// returns, in memory independent of the run's length.
  ///
  /// One pass over the run's frames builds the page's tables and writes its columns (one fact
  /// of every event each) into buffers of `bufferLimit` bytes in all that spill to scratch
  /// files under `TMPDIR`. Nothing reaches `output` before the pass has run to its end and the
  /// scratch files are written through and checked.
  /// - Returns: how many events and distinct layouts the page shows.
  /// - Parameter page: the page's path (or name), for the scratch files' errors.
  /// - Throws: what reading the run's frames and layouts throws, `RunDiffScratchError` naming
  ///   `page` when a scratch file, the directory for them or a table's database fails, and
  ///   what `output` throws.
  @discardableResult
  public func writeReplayReport(
    of run: RunInfo, bufferLimit: Int = 1 << 20, page: String = "the report page",
    to output: (String) throws -> Void
  ) throws -> ReplayReportCounts {
    try writeReplayReportMeasuring(of: run, bufferLimit: bufferLimit, page: page, to: output)
      .counts
  }

  /// As `writeReplayReport(of:bufferLimit:page:to:)`, returning also the most bytes of the
  /// page's columns and tables held in memory at once, so tests can check it; `recentLimit` is
  /// how many recent texts the tables hold (`TextTable`).
  func writeReplayReportMeasuring(
    of run: RunInfo, bufferLimit: Int, page: String = "the report page", recentLimit: Int = 1024,
    to output: (String) throws -> Void
  ) throws -> (counts: ReplayReportCounts, peakBufferedBytes: Int) {
    let writer = ReplayPageWriter(
      run: run, bufferLimit: bufferLimit, spilling: true, page: page, recentLimit: recentLimit)
    let frames = try FrameStream(store: self, run: run, details: true)
    while let frame = try frames.next() {
      try writer.add(frame, layout: try frames.layout(of: frame))
    }
    try writer.finish(to: output)
    let counts = ReplayReportCounts(events: writer.count, distinctLayouts: writer.distinctLayouts)
    return (counts, writer.peakBufferedBytes)
  }
}
