#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import OutputPolicy

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

/// The diff's scratch file (where the events' part goes past the buffer limit) failed: while
/// written, before anything of the report was written; or, rarely, while read back
/// (`cannotRead`), with the report cut short.
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
  }

  public var problem: Problem
  /// The temporary directory (`TMPDIR`) the scratch file was in.
  public var directory: String

  public init(problem: Problem, directory: String) {
    self.problem = problem
    self.directory = directory
  }

  public var description: String {
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

/// Text appended in memory up to a limit, then to an unnamed scratch file; read back once.
private final class SpillBuffer {
  private let limit: Int
  private var memory: [UInt8] = []
  private var scratch: ScratchDirectory?
  private var file: UnsafeMutablePointer<FILE>?
  private var filePath = ""
  /// Whether the file has been written through and rewound for reading.
  private var completed = false
  /// How many bytes of the file `copy` reads at once.
  var readChunk = 1 << 20
  /// The most bytes held in memory at once.
  private(set) var peakBytes = 0
  var spilled: Bool { file != nil }

  init(limit: Int) { self.limit = max(0, limit) }

  deinit { if let file { fclose(file) } }

  func append(_ text: String) throws {
    precondition(!completed, "appended to a completed spill buffer")
    let count = text.utf8.count
    if memory.count + count > limit {
      try flush()
      if count > limit {
        try write(Array(text.utf8))
        return
      }
    }
    memory.append(contentsOf: text.utf8)
    peakBytes = max(peakBytes, memory.count)
  }

  /// Writes what memory holds to the file, if there is one, flushes it and checks it: the
  /// last of the file's failures shows here, before anything is read back.
  func complete() throws {
    guard let file, !completed else { return }
    try flush()
    if fflush(file) != 0 || ferror(file) != 0 { throw failure() }
    rewind(file)
    completed = true
  }

  /// Hands everything appended to `output`, in chunks that end on whole characters.
  func copy(to output: (String) throws -> Void) throws {
    guard let file else {
      if !memory.isEmpty { try output(String(decoding: memory, as: UTF8.self)) }
      return
    }
    try complete()
    var chunk = [UInt8](repeating: 0, count: readChunk)
    var carried: [UInt8] = []
    while true {
      let read = fread(&chunk, 1, chunk.count, file)
      if read == 0 {
        if ferror(file) != 0 { throw failure(reading: true) }
        break
      }
      var bytes = carried + chunk[0..<read]
      let whole = completeLength(bytes)
      carried = Array(bytes[whole...])
      bytes.removeSubrange(whole...)
      if !bytes.isEmpty { try output(String(decoding: bytes, as: UTF8.self)) }
    }
    if !carried.isEmpty { try output(String(decoding: carried, as: UTF8.self)) }
  }

  /// Moves what memory holds to the file, making the file on first use.
  private func flush() throws {
    guard !memory.isEmpty else { return }
    try write(memory)
    memory.removeAll(keepingCapacity: true)
  }

  private func write(_ bytes: [UInt8]) throws {
    if file == nil {
      OutputFile.ignoreFileSizeSignal()
      let scratch = try ScratchDirectory(kind: "diff")
      filePath = scratch.file("events")
      guard let opened = fopen(filePath, "w+") else { throw failure() }
      // Unnamed from now on: gone when closed, whatever happens to the process.
      unlink(filePath)
      file = opened
      self.scratch = scratch
    }
    if fwrite(bytes, 1, bytes.count, file) != bytes.count { throw failure() }
  }

  /// The scratch file's failure, naming the temporary directory it is in (the file itself has
  /// no name by then).
  private func failure(reading: Bool = false) -> RunDiffScratchError {
    let code = errno
    // filePath is TMPDIR/navsim-diff-PID-XXXXXX/events.
    let directory = ((filePath as NSString).deletingLastPathComponent as NSString)
      .deletingLastPathComponent
    if reading {
      return RunDiffScratchError(
        problem: .cannotRead(String(cString: strerror(code))), directory: directory)
    }
    switch code {
    case EFBIG: return RunDiffScratchError(problem: .fileSizeLimit, directory: directory)
    case ENOSPC, EDQUOT: return RunDiffScratchError(problem: .noSpace, directory: directory)
    default:
      return RunDiffScratchError(
        problem: .other(String(cString: strerror(code))), directory: directory)
    }
  }

  /// How many of `bytes` make whole UTF-8 characters: all but an incomplete last one.
  private func completeLength(_ bytes: [UInt8]) -> Int {
    var index = bytes.count
    while index > 0 && bytes.count - index < 4 {
      index -= 1
      let byte = bytes[index]
      guard byte & 0xC0 == 0x80 else {
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        return bytes.count - index >= length ? bytes.count : index
      }
    }
    return bytes.count
  }
}
