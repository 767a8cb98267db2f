#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import OutputPolicy

// Text too long to hold for a long trip (a diff's events, the columns of a diff's HTML page)
// kept in memory up to a limit, past that in an unnamed scratch file, then read back.

/// Where spill buffers put their files: one scratch directory under `TMPDIR`, made when the
/// first buffer spills (a report that fits in memory makes none) and shared by the buffers of
/// one report, removed with what is left in it when the report is done.
package final class ScratchFiles {
  private let kind: String
  private var directory: ScratchDirectory?
  /// The page these files are scratch of (`navsim diff --html`), named by their errors; nil
  /// for the text or JSON report's.
  package let page: String?

  /// - Parameters:
  ///   - kind: what the directory is named after, `navsim-KIND-PID-XXXXXX`
  ///     (`ScratchDirectory`): the command whose report it is.
  ///   - page: the page these files are scratch of, named by their errors; nil for a text or
  ///     JSON report's.
  package init(kind: String = "diff", page: String? = nil) {
    self.kind = kind
    self.page = page
  }

  /// The scratch directory's path, nil until a file is made in it.
  package var directoryPath: String? { directory?.path }

  /// The path of a new file called `name` in the directory, made now if it is not yet.
  /// - Throws: `OutputError` when `TMPDIR` has no room for the directory; a page's files
  ///   throw that as a `RunDiffScratchError` naming the page, as their other failures.
  package func path(_ name: String) throws -> String {
    if directory == nil {
      do {
        directory = try ScratchDirectory(kind: kind)
      } catch OutputError.cannotWrite(let base, let problem) where page != nil {
        throw RunDiffScratchError(problem: .other(problem), directory: base, page: page)
      }
    }
    return directory!.file(name)
  }

  /// The error of a scratch file failing with `problem`, naming `TMPDIR` (the directory the
  /// scratch directory is in) and the page, if the files are a page's.
  package func failure(_ problem: RunDiffScratchError.Problem) -> RunDiffScratchError {
    let base = directory.map { ($0.path as NSString).deletingLastPathComponent }
      ?? ScratchDirectory.base
    return RunDiffScratchError(problem: problem, directory: base, page: page)
  }
}

/// Text appended in memory up to a limit, then to an unnamed scratch file; read back once
/// everything is appended, as often as wanted.
package final class SpillBuffer {
  private let limit: Int
  private let files: ScratchFiles
  private let name: String
  private var memory: [UInt8] = []
  private var file: UnsafeMutablePointer<FILE>?
  /// Whether the file has been written through and rewound for reading.
  private var completed = false
  /// How many bytes of the file `copy` reads at once.
  package var readChunk = 1 << 20
  /// The most bytes held in memory at once.
  package private(set) var peakBytes = 0
  package var spilled: Bool { file != nil }

  /// - Parameters:
  ///   - limit: the most bytes held in memory; past it, everything goes to the file.
  ///   - files: the scratch directory shared with other buffers (by default one of its own).
  ///   - name: the file's name in it, for a reader of the code: the file is unlinked as soon
  ///     as it is open.
  package init(limit: Int, files: ScratchFiles = ScratchFiles(), name: String = "events") {
    self.limit = max(0, limit)
    self.files = files
    self.name = name
  }

  deinit { if let file { fclose(file) } }

  /// Adds `text` at the end.
  /// - Throws: `RunDiffScratchError` (or `OutputError`) when the scratch file fails.
  package func append(_ text: String) throws {
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
  /// - Throws: `RunDiffScratchError` when the scratch file fails.
  package func complete() throws {
    guard let file, !completed else { return }
    try flush()
    if fflush(file) != 0 || ferror(file) != 0 { throw failure() }
    rewind(file)
    completed = true
  }

  /// Hands everything appended to `output`, in chunks that end on whole characters. Each
  /// call hands all of it again; nothing may be appended after the first.
  /// - Throws: `RunDiffScratchError` when the scratch file fails, and what `output` throws.
  package func copy(to output: (String) throws -> Void) throws {
    guard let file else {
      if !memory.isEmpty { try output(String(decoding: memory, as: UTF8.self)) }
      return
    }
    try complete()
    rewind(file)
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
      let path = try files.path(name)
      guard let opened = fopen(path, "w+") else { throw failure() }
      // Unnamed from now on: gone when closed, whatever happens to the process.
      unlink(path)
      file = opened
    }
    if fwrite(bytes, 1, bytes.count, file) != bytes.count { throw failure() }
  }

  /// The scratch file's failure, naming the temporary directory it is in (the file itself has
  /// no name by then).
  private func failure(reading: Bool = false) -> RunDiffScratchError {
    let code = errno
    if reading { return files.failure(.cannotRead(String(cString: strerror(code)))) }
    return files.failure(RunDiffScratchError.Problem(errno: code))
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
