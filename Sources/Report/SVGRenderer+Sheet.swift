import Findings
import Replay
import Snapshots
import TextBytes

// A contact sheet: many layouts on one picture, each captioned with the event that first
// showed it. `navsim render --distinct` draws every distinct layout of a run, or of two runs
// of one recording side by side, for one PNG in a pull request.

/// One picture of a contact sheet.
public struct SheetCell: Equatable, Sendable {
  /// The line above the picture (`complete · 12.4 s · #5 progress`).
  public var caption: String
  public var layout: LayoutState
  public var findings: [Finding]
  /// What the SDK's views show; nil draws them with their names.
  public var content: ScreenContent?

  public init(
    caption: String, layout: LayoutState, findings: [Finding], content: ScreenContent? = nil
  ) {
    self.caption = caption
    self.layout = layout
    self.findings = findings
    self.content = content
  }
}

extension SVGRenderer {
  /// Height of a cell's caption line.
  static let captionHeight = 18.0
  /// Space between cells and around the sheet.
  static let sheetGap = 12.0

  /// The cells on a grid of `columns`, left to right, top to bottom, as one SVG document.
  ///
  /// Every column is as wide as the widest cell, every row as high as its highest cell; each
  /// cell is the picture `svg(layout:findings:)` draws, under its caption.
  /// - Parameters:
  ///   - cells: the pictures, in order.
  ///   - columns: cells per row (at least 1).
  ///   - title: the sheet's heading.
  ///   - omitted: cells left out for size, said under the heading when positive.
  /// - Complexity: O(total nodes and findings of the cells).
  public static func sheet(cells: [SheetCell], columns: Int, title: String, omitted: Int = 0) -> String {
    let columns = max(1, columns)
    let sizes = cells.map { pictureSize(layout: $0.layout, findings: $0.findings) }
    let cellWidth = max(120, sizes.map(\.width).max() ?? 0)
    let headerHeight = omitted > 0 ? 40.0 : 26.0
    var rowTops: [Double] = []
    var y = headerHeight
    for start in stride(from: 0, to: cells.count, by: columns) {
      rowTops.append(y)
      let rowHeight = sizes[start..<min(start + columns, cells.count)].map(\.height).max() ?? 0
      y += captionHeight + rowHeight + sheetGap
    }
    let usedColumns = min(columns, max(1, cells.count))
    let width = sheetGap + Double(usedColumns) * (cellWidth + sheetGap)
    let height = max(y, headerHeight + sheetGap)
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(num(width)) \(num(height))\""
    out += " width=\"\(num(width))\" height=\"\(num(height))\" class=\"nv-sheet\""
    out += " font-family=\"DejaVu Sans, Liberation Sans, Arial, sans-serif\" font-size=\"11\">\n"
    out += "<style>\(css)\n\(screenCSS)\n.nv-sheet-title{font-size:14px;font-weight:bold;fill:#202124}"
    out += "\n.nv-caption{font-size:12px;fill:#202124}\n.nv-omitted{font-size:11px;fill:#5f6368}</style>\n"
    out += "<title>\(escapeXML(title))</title>\n"
    out += "<rect x=\"0\" y=\"0\" width=\"\(num(width))\" height=\"\(num(height))\" fill=\"#ffffff\"/>\n"
    out += "<text class=\"nv-sheet-title\" x=\"\(num(sheetGap))\" y=\"18\">\(escapeXML(title))</text>\n"
    if omitted > 0 {
      out += "<text class=\"nv-omitted\" x=\"\(num(sheetGap))\" y=\"33\">"
        + "\(omitted) more not shown (the sheet shows the first \(cells.count))</text>\n"
    }
    for (index, cell) in cells.enumerated() {
      let x = sheetGap + Double(index % columns) * (cellWidth + sheetGap)
      let top = rowTops[index / columns]
      let room = Int((cellWidth - 2) / (12 * 0.6))
      let caption = cell.caption.count > room ? String(cell.caption.prefix(room - 1)) + "…" : cell.caption
      out += "<g class=\"nv-cell\">\n<text class=\"nv-caption\" x=\"\(num(x))\" y=\"\(num(top + 13))\">"
        + "\(escapeXML(caption))</text>\n"
      out += svg(
        layout: cell.layout, findings: cell.findings, showHidden: false, title: cell.caption,
        content: cell.content, origin: (x, top + captionHeight))
      out += "</g>\n"
    }
    return out + "</svg>\n"
  }

  /// `12.4 s` for a time in milliseconds.
  static func seconds(_ ms: Int64) -> String {
    formatFixed(Double(ms) / 1000, 1) + " s"
  }
}

extension SnapshotStore {
  /// Every distinct layout of `run` (from event `fromSeq` on), in the order the run first
  /// showed it, captioned with
  /// that first event (`label · 12.4 s · #5 progress`) and drawn with its findings.
  /// - Throws: what reading the run's frames throws.
  public func distinctCells(of run: RunInfo, from fromSeq: Int64 = 0) throws -> [SheetCell] {
    var seen: Set<String> = []  // membership only; the order comes from the frames
    var cells: [SheetCell] = []
    var content = ScreenContent(tripStart: run.tripStart)
    for frame in try frames(of: run) {
      content.apply(frame)
      guard frame.seq >= fromSeq, seen.insert(frame.layoutHash).inserted else { continue }
      cells.append(
        SheetCell(
          caption: Self.caption(run.label, frame),
          layout: try layout(hash: frame.layoutHash, seq: frame.seq),
          findings: frame.findings, content: content))
    }
    return cells
  }

  /// Runs `a` and `b` side by side: for every event (from `fromSeq` on) where the pair of
  /// layouts (a's, b's) is
  /// one not shown yet and the two differ, a's cell then b's, in event order.
  /// - Throws: `SnapshotStoreError.differentRecordings` when the runs replayed different
  ///   recordings; what reading frames throws.
  public func pairedCells(_ a: RunInfo, _ b: RunInfo, from fromSeq: Int64 = 0) throws -> [SheetCell] {
    guard a.logFingerprint == b.logFingerprint else {
      throw SnapshotStoreError.differentRecordings(
        path: path, labelA: a.label, labelB: b.label,
        detail: "'\(a.recordingName)' #\(a.recordingID) vs '\(b.recordingName)' #\(b.recordingID)")
    }
    let framesB = try frames(of: b)
    var bBySeq: [Int64: StoredFrame] = [:]  // lookups only
    for frame in framesB { bBySeq[frame.seq] = frame }
    var seen: Set<String> = []
    var cells: [SheetCell] = []
    var content = ScreenContent(tripStart: a.tripStart)  // one recording: the same facts on both sides
    for frameA in try frames(of: a) {
      content.apply(frameA)
      guard frameA.seq >= fromSeq, let frameB = bBySeq[frameA.seq] else { continue }
      // Equal hashes are equal layouts; a pair shown already is not read again.
      let pair = frameA.layoutHash + " " + frameB.layoutHash
      if seen.contains(pair)
        || (frameA.layoutHash == frameB.layoutHash && sameBytes(frameA.findings, frameB.findings))
      {
        continue
      }
      let layoutA = try layout(hash: frameA.layoutHash, seq: frameA.seq)
      let layoutB = try layout(hash: frameB.layoutHash, seq: frameB.seq)
      // Findings compared by bytes: a message whose normalization alone differs is drawn.
      guard layoutA != layoutB || !sameBytes(frameA.findings, frameB.findings),
        seen.insert(pair).inserted
      else { continue }
      cells.append(
        SheetCell(caption: Self.caption(a.label, frameA), layout: layoutA, findings: frameA.findings, content: content))
      cells.append(
        SheetCell(caption: Self.caption(b.label, frameB), layout: layoutB, findings: frameB.findings, content: content))
    }
    return cells
  }

  static func caption(_ label: String, _ frame: StoredFrame) -> String {
    "\(label) · \(SVGRenderer.seconds(frame.t)) · #\(frame.seq) \(frame.event)"
  }
}

/// What `navsim render` draws: one event of a run, or a contact sheet of its distinct
/// layouts, alone or against a second run of the same recording.
public struct PictureRequest: Equatable, Sendable {
  public var label: String
  /// The event to draw; nil for a contact sheet.
  public var seq: Int64?
  /// The second run of a side-by-side contact sheet.
  public var against: String?
  public var showHidden: Bool
  /// The most cells a contact sheet holds; the rest are counted under its heading.
  public var maximumCells: Int
  /// A contact sheet's first event: layouts first shown before it are left out.
  public var fromSeq: Int64

  public init(
    label: String, seq: Int64? = nil, against: String? = nil, showHidden: Bool = false,
    maximumCells: Int = 60, fromSeq: Int64 = 0
  ) {
    self.fromSeq = fromSeq
    self.label = label
    self.seq = seq
    self.against = against
    self.showHidden = showHidden
    self.maximumCells = maximumCells
  }
}

/// Why a picture cannot be drawn.
public struct PictureError: Error, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension SnapshotStore {
  /// The picture `request` asks for, as one SVG document.
  /// - Throws: `PictureError` for an event the run doesn't have or a request mixing an event
  ///   with `against`; `SnapshotStoreError` for an unknown label, different recordings, a
  ///   damaged store.
  public func picture(_ request: PictureRequest) throws -> String {
    let run = try run(label: request.label)
    if let seq = request.seq {
      guard request.against == nil else {
        throw PictureError("a picture of one event (--seq) has no second run; use a contact sheet")
      }
      guard let snapshot = try snapshot(of: run, seq: seq) else {
        throw PictureError(
          "\(path): run '\(run.label)' has no event \(seq) (its events are 1...\(run.eventCount))")
      }
      var content = ScreenContent(tripStart: run.tripStart)
      try forEachFrame(of: run) { frame in
        if frame.seq <= seq { content.apply(frame) }
      }
      return SVGRenderer.svg(
        layout: snapshot.layout, findings: snapshot.findings, showHidden: request.showHidden,
        title: "\(run.label) (\(run.delegate)) after event \(seq) \(snapshot.event)", content: content)
    }
    var cells: [SheetCell]
    let title: String
    let columns: Int
    if let other = request.against {
      let runB = try self.run(label: other)
      cells = try pairedCells(run, runB, from: request.fromSeq)
      title = "\(run.label) (\(run.delegate)) vs \(runB.label) (\(runB.delegate)): "
        + "\(cells.count / 2) differing layouts of '\(run.recordingName)'"
      columns = 4
    } else {
      cells = try distinctCells(of: run, from: request.fromSeq)
      title = "\(run.label) (\(run.delegate)): \(cells.count) distinct layouts of "
        + "'\(run.recordingName)'"
      columns = 6
    }
    let step = request.against == nil ? 1 : 2  // pairs stay whole
    let limit = max(step, request.maximumCells / step * step)
    let omitted = max(0, cells.count - limit)
    cells = Array(cells.prefix(limit))
    return SVGRenderer.sheet(cells: cells, columns: columns, title: title, omitted: omitted)
  }
}
