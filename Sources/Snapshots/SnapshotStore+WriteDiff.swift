import Foundation

// Writing a diff's report in memory that does not grow with the trip: the events' part is
// formatted as the diff finds them and kept in a buffer that spills to a scratch file; the
// part before it, which needs the summary (how many events differ, per view what changed),
// is written once the diff is done, then the events, then the rest.

/// The report `SnapshotStore.writeDiff` writes.
public enum RunDiffFormat: Sendable {
  /// `RunDiff.text(maxEvents:)`.
  case text(maxEvents: Int)
  /// `RunDiff.json` (no newline after it).
  case json
}

/// A diff's scratch file failed: the text or JSON report's (where the events' part goes past
/// the buffer limit), or one of an HTML page's (its columns, its tables' buffers and databases:
/// `page` names the page). While written, before anything of the report was written; or,
/// rarely, while read back (`cannotRead`), with the report cut short.
public struct RunDiffScratchError: Error, Equatable, CustomStringConvertible, Sendable {
  public enum Problem: Equatable, Sendable {
    /// The file-size limit (`ulimit -f`) was reached.
    case fileSizeLimit
    /// The disk (or the user's quota) is full.
    case noSpace
    /// Any other failure, in the operating system's words.
    case other(String)
    /// Reading the file back failed (an I/O error), in the operating system's words: part of
    /// the report had been written.
    case cannotRead(String)

    /// The problem of a write that failed with the system's error `code`.
    package init(errno code: Int32) {
      switch code {
      case EFBIG: self = .fileSizeLimit
      case ENOSPC, EDQUOT: self = .noSpace
      default: self = .other(String(cString: strerror(code)))
      }
    }
  }

  public var problem: Problem
  /// The temporary directory (`TMPDIR`) the scratch file was in.
  public var directory: String
  /// The HTML page the scratch file was of (`SnapshotStore.writeDiffReport` sets it), which
  /// was not written: the message names it and leaves out the text report's advice. Nil for
  /// the text or JSON report's scratch file, even while a page is written.
  public var page: String?

  public init(problem: Problem, directory: String, page: String? = nil) {
    self.problem = problem
    self.directory = directory
    self.page = page
  }

  public var description: String {
    if let page { return pageDescription(page) }
    let file = "the diff's scratch file in TMPDIR (\(directory))"
    let smaller = "or use the text report with a smaller --max-events; nothing was written"
    switch problem {
    case .fileSizeLimit:
      return "\(file) reached the file-size limit (ulimit -f); raise it, \(smaller)"
    case .noSpace:
      return "\(file) filled the disk; set TMPDIR to a directory with room, \(smaller)"
    case .other(let problem):
      return "\(file) cannot be written (\(problem)); set TMPDIR to a directory with room, "
        + smaller
    case .cannotRead(let problem):
      return "\(file) cannot be read back (\(problem)); the report above is cut short"
    }
  }

  /// The message when the page `page` was being written: nothing was (the page is written
  /// through a temporary file, the text or JSON report only after it).
  private func pageDescription(_ page: String) -> String {
    let file = "\(page): a scratch file of the page in TMPDIR (\(directory))"
    switch problem {
    case .fileSizeLimit:
      return "\(file) reached the file-size limit (ulimit -f); raise it; nothing was written"
    case .noSpace:
      return "\(file) filled the disk; set TMPDIR to a directory with room; nothing was written"
    case .other(let problem), .cannotRead(let problem):
      return "\(file) failed (\(problem)); set TMPDIR to a directory with room; nothing was "
        + "written"
    }
  }
}

/// What writing a diff held at most, so tests can check it stays bounded.
public struct RunDiffWriteStatistics: Sendable {
  /// The most bytes of the events' part held in memory at once: at most the buffer limit.
  public var peakBufferedBytes = 0
  /// Whether the events' part outgrew the buffer and went through a scratch file.
  public var spilled = false
}

extension SnapshotStore {
  /// Diffs two runs (`diff(labelA:labelB:tolerance:each:)`) and writes the report in
  /// `format` to `output`, byte for byte what `RunDiff.text` or `.json` give, in memory
  /// independent of the runs' length (`RunDiffWriter`).
  ///
  /// Nothing reaches `output` before the diff has run to its end and the scratch file is
  /// written through and checked, so a diff that fails (a damaged store, a full `TMPDIR`)
  /// writes nothing.
  /// - Throws: what the diff throws, `RunDiffScratchError` (or `OutputError` when TMPDIR has
  ///   no room for a scratch directory) when the scratch file fails, and what `output` throws.
  @discardableResult
  public func writeDiff(
    labelA: String, labelB: String, tolerance: Double = 0, format: RunDiffFormat,
    bufferLimit: Int = 1 << 20, to output: (String) throws -> Void
  ) throws -> (summary: RunDiffSummary, statistics: RunDiffWriteStatistics) {
    let writer = RunDiffWriter(format: format, bufferLimit: bufferLimit)
    let summary = try diff(labelA: labelA, labelB: labelB, tolerance: tolerance) {
      try writer.add($0)
    }
    try writer.finish(summary, to: output)
    return (summary, writer.statistics)
  }
}

/// Writes a diff's text or JSON report from its differing events as they stream past
/// (`add`), then its summary (`finish`).
///
/// The events' part is formatted as they come and held in memory up to `bufferLimit` bytes,
/// past that in a scratch file under `TMPDIR`, unlinked as soon as it is open; the part before
/// it, which needs the summary, is written by `finish`, then the events, then the rest.
public final class RunDiffWriter {
  private let format: RunDiffFormat
  private let events: SpillBuffer
  private var added = 0

  public init(format: RunDiffFormat, bufferLimit: Int = 1 << 20) {
    self.format = format
    events = SpillBuffer(limit: bufferLimit)
  }

  /// How many bytes of the scratch file `finish` reads at once (tests make it small).
  var readChunk: Int {
    get { events.readChunk }
    set { events.readChunk = max(1, newValue) }
  }

  /// Takes the next differing event (in seq order).
  /// - Throws: `RunDiffScratchError` (or `OutputError`) when the scratch file fails.
  public func add(_ difference: EventDifference) throws {
    defer { added += 1 }
    switch format {
    case .text(let maxEvents):
      if added < maxEvents { try events.append(RunDiffSummary.textDetail(difference)) }
    case .json:
      try events.append((added == 0 ? "" : ",") + RunDiffSummary.json(of: difference))
    }
  }

  /// Completes the events' part: what memory holds is written to the scratch file, the file
  /// flushed and checked. Past this, only `output` (or an I/O error reading the file back) can
  /// make `finish` fail; call it before any other output that must not appear when the report
  /// cannot be written (`finish` calls it first, so its own output never starts before a
  /// scratch failure).
  /// - Throws: `RunDiffScratchError` (or `OutputError`) when the scratch file fails.
  public func completeEvents() throws { try events.complete() }

  /// Writes the whole report to `output`: `summary`'s head, the events, its tail.
  /// - Throws: `RunDiffScratchError` (or `OutputError`) when the scratch file fails, before
  ///   anything reaches `output`, and what `output` throws.
  public func finish(_ summary: RunDiffSummary, to output: (String) throws -> Void) throws {
    try completeEvents()
    switch format {
    case .text(let maxEvents):
      try output(summary.textHead())
      try events.copy(to: output)
      let tail = summary.textTail(maxEvents: maxEvents)
      if !tail.isEmpty { try output(tail) }
    case .json:
      try output(summary.jsonHead)
      try events.copy(to: output)
      try output(summary.jsonTail)
    }
  }

  /// What it held at most so far.
  public var statistics: RunDiffWriteStatistics {
    RunDiffWriteStatistics(peakBufferedBytes: events.peakBytes, spilled: events.spilled)
  }
}
