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
  /// Nothing reaches `output` before the diff has run to its end, so a diff that fails (a
  /// damaged store) writes nothing.
  /// - Throws: what the diff throws, `OutputError` when the scratch file fails, and what
  ///   `output` throws.
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

  /// Takes the next differing event (in seq order).
  /// - Throws: `OutputError` when the scratch file fails.
  public func add(_ difference: EventDifference) throws {
    defer { added += 1 }
    switch format {
    case .text(let maxEvents):
      if added < maxEvents { try events.append(RunDiffSummary.textDetail(difference)) }
    case .json:
      try events.append((added == 0 ? "" : ",") + RunDiffSummary.json(of: difference))
    }
  }

  /// Writes the whole report to `output`: `summary`'s head, the events, its tail.
  /// - Throws: `OutputError` when the scratch file fails, and what `output` throws.
  public func finish(_ summary: RunDiffSummary, to output: (String) throws -> Void) throws {
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
  /// The most bytes held in memory at once.
  private(set) var peakBytes = 0
  var spilled: Bool { file != nil }

  init(limit: Int) { self.limit = max(0, limit) }

  deinit { if let file { fclose(file) } }

  func append(_ text: String) throws {
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

  /// Hands everything appended to `output`, in chunks that end on whole characters.
  func copy(to output: (String) throws -> Void) throws {
    guard let file else {
      if !memory.isEmpty { try output(String(decoding: memory, as: UTF8.self)) }
      return
    }
    try flush()
    if fflush(file) != 0 { throw failure() }
    rewind(file)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var carried: [UInt8] = []
    while true {
      let read = fread(&chunk, 1, chunk.count, file)
      if read == 0 {
        if ferror(file) != 0 { throw failure() }
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

  /// The scratch file's failure, as the output policy names it.
  private func failure() -> OutputError {
    let code = errno
    switch code {
    case EFBIG: return .fileTooLarge(path: filePath)
    case ENOSPC, EDQUOT: return .noSpace(path: filePath)
    default: return .cannotWrite(path: filePath, problem: String(cString: strerror(code)))
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
