#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The new content of one output file while it is written, in the directory of the file it
/// replaces. On Linux it is an unnamed `O_TMPFILE` that gets a name (`.NAME.navsim-PID-N.tmp`)
/// only when complete, between two system calls (`linkat`, then `rename` over the target), so
/// a killed run leaves nothing behind unless it dies in that window. Elsewhere (or on a file
/// system without `O_TMPFILE`) the hidden name is there from the start and removed on failure.
/// Either way, one left by a killed run is removed by the next write of the same file.
final class TemporaryOutput {
  private let target: OutputFile.Target
  /// The user's path, for messages.
  private let path: String
  private var descriptor: Int32
  /// The temporary file's name, once it has one.
  private var name: String?

  /// Creates the temporary file for `target`.
  /// - Throws: `OutputError` when the directory does not take a new file.
  init(for target: OutputFile.Target, path: String) throws {
    self.target = target
    self.path = path
    OutputFile.ignoreFileSizeSignal()
    OutputFile.removeStaleTemporaries(of: target.file)
    descriptor = -1
    #if os(Linux)
      // O_TMPFILE is __O_TMPFILE | O_DIRECTORY on every Linux architecture Swift runs on; the
      // Glibc module does not export it (it needs _GNU_SOURCE).
      let temporaryFile: Int32 = 0o2000_0000 | O_DIRECTORY
      descriptor = open(target.directory, temporaryFile | O_WRONLY | O_CLOEXEC, 0o666)
      if descriptor < 0 {
        let code = errno
        if code == EACCES || code == EPERM || code == EROFS {
          throw OutputError.directoryNotWritable(path: path, directory: target.directory)
        }
      }
    #endif
    if descriptor < 0 {
      (descriptor, name) = try Self.createNamed(for: target, path: path)
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Appends `bytes`.
  /// - Throws: `OutputError.fileTooLarge`, `.noSpace`, `.cannotWrite`.
  func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw failure(errno)
        }
        offset += written
      }
    }
  }

  /// Flushes the file to disk and renames it over the target.
  /// - Throws: `OutputError`; the target is unchanged then.
  func commit() throws {
    if let mode = target.mode { _ = fchmod(descriptor, mode_t(mode)) }
    if fsync(descriptor) != 0 { throw failure(errno) }
    if name == nil { try giveName() }
    guard let name else { return }
    if rename(name, target.file) != 0 { throw failure(errno) }
    self.name = nil
    let code = close(descriptor)
    descriptor = -1
    if code != 0 { throw failure(errno) }
  }

  /// Closes and removes the temporary file; the target is untouched.
  func discard() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    if let name { unlink(name) }
    name = nil
  }

  // MARK: - Names

  /// Links the unnamed file into its directory under a temporary name.
  private func giveName() throws {
    #if os(Linux)
      for attempt in 0..<100 {
        let candidate = OutputFile.temporaryName(for: target.file, attempt: attempt)
        if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, candidate, AT_SYMLINK_FOLLOW)
          == 0
        {
          name = candidate
          return
        }
        if errno != EEXIST { throw failure(errno) }
      }
      throw failure(EEXIST)
    #endif
  }

  /// A new hidden file beside the target, opened for writing.
  private static func createNamed(for target: OutputFile.Target, path: String) throws
    -> (Int32, String)
  {
    for attempt in 0..<100 {
      let candidate = OutputFile.temporaryName(for: target.file, attempt: attempt)
      let descriptor = open(candidate, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666)
      if descriptor >= 0 { return (descriptor, candidate) }
      switch errno {
      case EEXIST: continue
      case EACCES, EPERM, EROFS:
        throw OutputError.directoryNotWritable(path: path, directory: target.directory)
      default: throw OutputError.cannotWrite(path: path, problem: systemMessage(errno))
      }
    }
    throw OutputError.cannotWrite(path: path, problem: systemMessage(EEXIST))
  }

  private func failure(_ code: Int32) -> OutputError {
    switch code {
    case EFBIG: .fileTooLarge(path: path)
    case ENOSPC, EDQUOT: .noSpace(path: path)
    case EACCES, EPERM, EROFS: .directoryNotWritable(path: path, directory: target.directory)
    default: .cannotWrite(path: path, problem: systemMessage(code))
    }
  }
}

/// `write(2)`, named apart from the methods called `write`.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

extension OutputFile {
  /// The hidden name a temporary file for `file` takes: `.NAME.navsim-PID-N.tmp` beside it.
  public static func temporaryName(for file: String, attempt: Int) -> String {
    let directory = parentDirectory(of: file)
    let prefix = directory == "." && !file.hasPrefix("./") ? "" : directory + "/"
    return prefix + "." + baseName(of: file) + ".navsim-\(getpid())-\(attempt).tmp"
  }

  /// Removes the temporary files of `file` that a killed NavSim left: those whose process is
  /// gone. A file of a NavSim still running is left alone.
  public static func removeStaleTemporaries(of file: String) {
    let directory = parentDirectory(of: file)
    let prefix = "." + baseName(of: file) + ".navsim-"
    guard let stream = opendir(directory) else { return }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      // A temporary SQLite file has its journal files beside it.
      var stem = Substring(name)
      for suffix in ["-wal", "-shm", "-journal"] where stem.hasSuffix(suffix) {
        stem = stem.dropLast(suffix.count)
      }
      guard stem.hasPrefix(prefix), stem.hasSuffix(".tmp") else { continue }
      let rest = stem.dropFirst(prefix.count).dropLast(4)
      guard let pidText = rest.split(separator: "-").first, let pid = pid_t(pidText) else {
        continue
      }
      if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory + "/" + name) }
    }
  }
}
