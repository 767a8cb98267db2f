import HeadlessUIKit
import Replay
import Snapshots

// The HTML page of a diff, written in memory that does not grow with the trip. The page's
// data holds one column per fact of an event (seq, time, payload, each side's layout, findings
// and screen...) and the timeline's marks, each as long as the trip; they come after the
// interned tables (strings, layouts...), which are complete only once every event is seen. So
// each column is written, as the events stream past, into a buffer that spills to a scratch
// file under `TMPDIR` (`SpillBuffer`); the differences follow in a second pass; then the page
// is written in order, the tables from memory and the columns copied back from their files.
// The screens' tables (their drawn elements and screens: one per distance label shown, some
// 160 000 on a 10-hour trip) are interned with only their recent texts in memory (`TextTable`).

/// One event of two runs paired by seq: each run's frame and the layout it shows (nil when
/// the run has no frame for the event, or no layout stored for the frame).
struct AlignedFrames {
  var a: StoredFrame?
  var b: StoredFrame?
  var layoutA: LayoutState?
  var layoutB: LayoutState?
}

/// Builds a diff's HTML page (`HTMLReport.diffPage`) from its events (`add`, in seq order),
/// then its differing events (`mark`), and writes it (`finish`), holding the small interned
/// tables (layouts, strings...) and per view the first difference; the events' columns and
/// the screens' tables go through spill buffers.
final class DiffPageWriter {
  private let runA: RunInfo, runB: RunInfo
  private let data = ReportData(layouts: [:])
  private let screens: ScreenTables
  private var content: ScreenContent
  private var timelineA = TimelineTracker(), timelineB = TimelineTracker()
  private var count = 0
  private var hashesA: Set<String> = [], hashesB: Set<String> = []
  // The events' columns.
  private let seq, t, event, detail, layoutA, layoutB, findingsA, findingsB: SpilledArray
  private let screenA, screenB, map: SpilledArray
  // The timeline's rows (A and B merged but for prompts and findings) and the differences.
  private let changes, state, prompts, size, speed, findingA, findingB, findings: SpilledArray
  private let differing, differingSignature: SpilledArray
  // Each distinct set of differences is stored once; events refer to it.
  private var signatures: [String] = [], signatureIndex: [String: Int] = [:]
  /// By the views' bytes and occurrence, as the diff tells views apart.
  private var firstFrameOfView: [ViewKey: Int] = [:]
  /// The first differing event marked, with its frame.
  private var firstDifference: (seq: Int64, frame: Int)?
  /// Every buffer that spills: the columns' and the screens' tables'. `complete` writes them
  /// all through and `peakBufferedBytes` sums them: a buffer made anywhere else is missed.
  let buffers: [SpillBuffer]

  /// - Parameters:
  ///   - bufferLimit: the most bytes of the columns and tables held in memory, all together;
  ///     past a column's share, the column goes to a scratch file.
  ///   - spilling: false holds the screens' tables whole in memory (nothing can fail then);
  ///     true keeps only their last `recentLimit` texts there (`TextTable`).
  ///   - page: the page's path (or name), which the scratch files' errors name
  ///     (`RunDiffScratchError.page`); `HTMLReport.unnamedDiffPage` when not given.
  ///   - recentLimit: how many of their most recent texts the spilling screens' tables keep in
  ///     memory (`TextTable`); the older ones are looked up in their databases.
  init(
    runA: RunInfo, runB: RunInfo, bufferLimit: Int, spilling: Bool,
    page: String = HTMLReport.unnamedDiffPage,
    recentLimit: Int = 1024
  ) {
    self.runA = runA
    self.runB = runB
    content = ScreenContent(tripStart: runA.tripStart)
    var made = PageBuffers(
      files: ScratchFiles(page: page), share: bufferLimit / 24, spilling: spilling,
      recentLimit: recentLimit)
    screens = made.screens
    func column(_ name: String) -> SpilledArray { made.column(name) }
    (seq, t, event, detail) = (column("seq"), column("t"), column("event"), column("detail"))
    (layoutA, layoutB) = (column("layout-a"), column("layout-b"))
    (findingsA, findingsB) = (column("findings-a"), column("findings-b"))
    (screenA, screenB, map) = (column("screen-a"), column("screen-b"), column("map"))
    (changes, state, prompts) = (column("changes"), column("state"), column("prompts"))
    (size, speed) = (column("size"), column("speed"))
    (findingA, findingB, findings) =
      (column("finding-a"), column("finding-b"), column("findings"))
    (differing, differingSignature) = (column("differing"), column("signature"))
    buffers = made.made
  }

  /// Takes the next event of the two runs (in seq order; every event before any `mark`).
  /// - Throws: `RunDiffScratchError` (or `OutputError`) when a scratch file fails.
  func add(_ pair: AlignedFrames) throws {
    let index = count
    count += 1
    // One recording: the same facts on both sides, each drawn into its own layout.
    let shown = (pair.b ?? pair.a)!
    content.apply(shown)
    try screenA.append(String(try screens.screen(pair.layoutA, content: content)))
    try screenB.append(String(try screens.screen(pair.layoutB, content: content)))
    try map.append(screens.map(content))
    try seq.append(String(shown.seq))
    try t.append(String(shown.t))
    try event.append(String(data.string(shown.event)))
    try detail.append(data.payload(shown.detail))
    try layoutA.append(String(pair.a.map { data.layout(hash: $0.layoutHash, pair.layoutA) } ?? -1))
    try layoutB.append(String(pair.b.map { data.layout(hash: $0.layoutHash, pair.layoutB) } ?? -1))
    try findingsA.append(String(data.findingSet(pair.a?.findings ?? [])))
    try findingsB.append(String(data.findingSet(pair.b?.findings ?? [])))
    if let a = pair.a { hashesA.insert(a.layoutHash) }
    if let b = pair.b { hashesB.insert(b.layoutHash) }

    let marksA = timelineA.step(
      event: shown.event, layoutHash: pair.a?.layoutHash,
      findings: !(pair.a?.findings.isEmpty ?? true)
    ) { _ in pair.layoutA }
    let marksB = timelineB.step(
      event: shown.event, layoutHash: pair.b?.layoutHash,
      findings: !(pair.b?.findings.isEmpty ?? true)
    ) { _ in pair.layoutB }
    let frame = String(index)
    for (row, marked) in [
      (changes, marksA.layout || marksB.layout), (state, marksA.state || marksB.state),
      (prompts, marksB.prompt), (size, marksA.size || marksB.size),
      (speed, marksA.speed || marksB.speed), (findingA, marksA.findings),
      (findingB, marksB.findings), (findings, marksA.findings || marksB.findings),
    ] where marked {
      try row.append(frame)
    }
  }

  /// Marks the differing event shown at `frame` (the order of `add`), in seq order.
  /// - Throws: `RunDiffScratchError` (or `OutputError`) when a scratch file fails.
  func mark(_ difference: EventDifference, at frame: Int) throws {
    let encoded = HTMLReport.encodeDifference(difference, data: data)
    let signature =
      signatureIndex[encoded] ?? {
        signatures.append(encoded)
        signatureIndex[encoded] = signatures.count - 1
        return signatures.count - 1
      }()
    try differing.append(String(frame))
    try differingSignature.append(String(signature))
    for change in difference.viewChanges where firstFrameOfView[ViewKey(change)] == nil {
      firstFrameOfView[ViewKey(change)] = frame
    }
    if firstDifference == nil { firstDifference = (difference.seq, frame) }
  }

  /// Writes every column and the screens' tables through to their scratch files and checks
  /// them: past this, only `output` (or an I/O error reading a file back) can make `finish`
  /// fail.
  /// - Throws: `RunDiffScratchError` when a scratch file fails.
  func complete() throws {
    for buffer in buffers { try buffer.complete() }
  }

  /// Writes the page to `output`, `summary` (of the differences marked) above the pictures.
  /// - Throws: `RunDiffScratchError` when a scratch file fails, before anything reaches
  ///   `output` unless it fails being read back, and what `output` throws.
  func finish(_ summary: RunDiffSummary, to output: (String) throws -> Void) throws {
    try complete()
    let marks: [StreamedJSON] = [
      .timelineRow("differs", "#d01884", differing),
      .timelineRow("layout change", "#5f6368", changes), .timelineRow("state", "#188038", state),
      .timelineRow("prompt", "#f9ab00", prompts), .timelineRow("size", "#1a73e8", size),
      .timelineRow("speed widget", "#e37400", speed),
      .timelineRow("finding A", "#d93025", findingA),
      .timelineRow("finding B", "#a50e0e", findingB),
    ]
    let frames = StreamedJSON.object([
      ("detail", .array(detail)), ("event", .array(event)),
      ("findings", .list([.array(findingsA), .array(findingsB)])),
      ("layout", .list([.array(layoutA), .array(layoutB)])), ("map", .array(map)),
      ("screen", .list([.array(screenA), .array(screenB)])), ("seq", .array(seq)),
      ("t", .array(t)),
    ])
    let navigation = StreamedJSON.object([
      ("changes", .array(changes)), ("differences", .array(differing)),
      ("findings", .array(findings)),
    ])
    let differences = StreamedJSON.object([
      ("frames", .array(differing)), ("signature", .array(differingSignature)),
      ("signatures", .list(signatures.map(StreamedJSON.text))),
    ])
    let runs = JSONText.array([ReportData.runJSON(runA), ReportData.runJSON(runB)])
    let json = StreamedJSON.object(
      data.streamedMembers(page: "diff") + [
        ("diff", differences), ("frames", frames), ("marks", .list(marks)),
        ("nav", navigation), ("runs", .text(runs)),
      ] + screens.members)

    let heading = "\(escapeXML(runB.recordingName)) · <span class=\"label\">"
      + "\(escapeXML(runA.label))</span> <span class=\"delegate\">(\(escapeXML(runA.delegate)))</span>"
      + " vs <span class=\"label\">\(escapeXML(runB.label))</span> <span class=\"delegate\">"
      + "(\(escapeXML(runB.delegate)))</span>"
    let meta = "\(count) events · \(hashesA.count) / \(hashesB.count) distinct layouts · navsim "
      + "\(escapeXML(runA.navsimVersion)) / \(escapeXML(runB.navsimVersion))"
    let first = firstDifference.flatMap { $0.seq == summary.firstDifference?.seq ? $0.frame : nil }
    let (head, tail) = HTMLReport.pageAround(
      kind: "diff",
      title: "NavSim diff: \(runA.label) (\(runA.delegate)) vs \(runB.label) (\(runB.delegate))",
      heading: heading, meta: meta, panes: 2,
      summary: HTMLReport.summaryHTML(
        summary, firstFrameOfView: firstFrameOfView, firstDifferenceFrame: first),
      script: HTMLReport.commonScript + HTMLReport.diffScript)
    try output(head)
    try json.write(to: output)
    try output(tail)
  }

  /// The most bytes of the columns and the screens' tables held in memory at once, all
  /// together.
  var peakBufferedBytes: Int { buffers.reduce(0) { $0 + $1.peakBytes } }
}

// MARK: - Streamed JSON

/// A JSON array whose elements (JSON texts) are appended one by one to a spill buffer.
final class SpilledArray {
  let buffer: SpillBuffer
  private var isEmpty = true

  init(_ buffer: SpillBuffer) { self.buffer = buffer }

  /// Adds `element` at the end.
  /// - Throws: `RunDiffScratchError` (or `OutputError`) when the scratch file fails.
  func append(_ element: String) throws {
    try buffer.append(isEmpty ? element : "," + element)
    isEmpty = false
  }
}

/// A JSON value written piece by piece, as `JSONText.object` and `.array` would write it whole.
indirect enum StreamedJSON {
  /// Encoded JSON text.
  case text(String)
  /// An array whose elements are in a spill buffer.
  case array(SpilledArray)
  /// An array of values.
  case list([StreamedJSON])
  /// An object, members in order; keys plain JSON strings.
  case object([(String, StreamedJSON)])

  /// The value's whole text.
  var text: String {
    get throws {
      var text = ""
      try write { text += $0 }
      return text
    }
  }

  /// Hands the value's text to `output`, in pieces.
  /// - Throws: what `output` throws, and `RunDiffScratchError` when a spill buffer's file
  ///   cannot be read back.
  func write(to output: (String) throws -> Void) throws {
    switch self {
    case .text(let text): try output(text)
    case .array(let array):
      try output("[")
      try array.buffer.copy(to: output)
      try output("]")
    case .list(let values):
      try output("[")
      for (index, value) in values.enumerated() {
        if index > 0 { try output(",") }
        try value.write(to: output)
      }
      try output("]")
    case .object(let members):
      try output("{")
      for (index, (key, value)) in members.enumerated() {
        try output((index > 0 ? "," : "") + JSONText.quote(key) + ":")
        try value.write(to: output)
      }
      try output("}")
    }
  }
}
