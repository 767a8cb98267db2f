#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// NavSim's one output policy: every command that writes a file goes through here.
///
/// * A regular file is replaced atomically: the new content goes to a temporary file in the
///   same directory, is flushed to disk and renamed over the old one, so a reader (or a crash,
///   or SIGKILL) sees the old file or the new one, never a torn one. On Linux the temporary
///   file has no name until it is complete (`O_TMPFILE`), so a killed run leaves nothing.
/// * Refused, with nothing touched: a directory, a special file (pipe, device, socket), one of
///   the command's own inputs, a path inside a missing directory, a read-only file or a
///   directory this user cannot write in.
/// * A symbolic link is followed: the file it points to is replaced and the link stays. A link
///   to nothing is refused; a link to a directory or a special file is refused like those.
/// * The file-size limit (`ulimit -f`) and a full disk are errors, not crashes: `SIGXFSZ` is
///   ignored once a command writes, so the write fails and the old file stays.
///
/// Two writers of one path at once each rename a complete file: the last rename wins, whole.
public enum OutputFile {
  // MARK: - Writing

  /// Writes the text `body` produces, chunk by chunk, to `path` under the policy.
  /// - Parameters:
  ///   - inputs: the files the command reads; writing to one of them is refused.
  ///   - body: calls its argument with each chunk of text, in order.
  /// - Throws: `OutputError` (nothing written), or what `body` throws (nothing written).
  public static func write(
    to path: String, inputs: [String] = [], _ body: ((String) throws -> Void) throws -> Void
  ) throws {
    let target = try checkReplaceable(path, inputs: inputs)
    let file = try TemporaryOutput(for: target, path: path)
    do {
      var buffer: [UInt8] = []
      buffer.reserveCapacity(1 << 16)
      try body { chunk in
        buffer.append(contentsOf: chunk.utf8)
        if buffer.count >= 1 << 16 {
          try file.write(buffer)
          buffer.removeAll(keepingCapacity: true)
        }
      }
      try file.write(buffer)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
  }

  /// Writes `bytes` to `path` under the policy.
  /// - Throws: `OutputError`; nothing is written then.
  public static func write(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws {
    let target = try checkReplaceable(path, inputs: inputs)
    let file = try TemporaryOutput(for: target, path: path)
    do {
      try file.write(bytes)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
  }

  /// Writes `text` (UTF-8) to `path` under the policy.
  /// - Throws: `OutputError`; nothing is written then.
  public static func write(_ text: String, to path: String, inputs: [String] = []) throws {
    try write(Array(text.utf8), to: path, inputs: inputs)
  }

  // MARK: - Checking

  /// A checked destination: the file to replace (links resolved) and its directory.
  public struct Target: Equatable, Sendable {
    /// The file that will be replaced or created (a link's target, for a link).
    public var file: String
    /// The directory it is in, where the temporary file goes.
    public var directory: String
    /// The permission bits of the file it replaces, kept on the new one; nil for a new file.
    public var mode: UInt32?
  }

  /// Checks `path` as a file to be replaced (or created) whole.
  /// - Throws: `OutputError` for every case the policy refuses.
  public static func checkReplaceable(_ path: String, inputs: [String] = []) throws -> Target {
    guard let existing = try existingFile(path) else {
      let directory = try checkDirectory(of: path, for: path)
      return Target(file: path, directory: directory, mode: nil)
    }
    try refuseInputs(existing.info, path: path, inputs: inputs)
    if access(existing.file, W_OK) != 0 { throw OutputError.fileNotWritable(path: path) }
    let directory = try checkDirectory(of: existing.file, for: path)
    return Target(
      file: existing.file, directory: directory, mode: UInt32(existing.info.st_mode) & 0o7777)
  }

  /// Checks `path` as a store written in place (an SQLite log or snapshot store), which may
  /// not exist yet: the same refusals as `checkReplaceable`, and its directory must be
  /// writable, since SQLite keeps its journal beside the file.
  /// - Throws: `OutputError`.
  public static func checkStore(_ path: String, inputs: [String] = []) throws {
    _ = try checkReplaceable(path, inputs: inputs)
    ignoreFileSizeSignal()
  }

  /// Checks (or creates) `path` as a directory that outputs go in: an existing directory (or a
  /// link to one) must be writable; a missing one is made, in a directory that exists.
  /// - Throws: `OutputError.fileWhereDirectoryBelongs`, `.missingDirectory`,
  ///   `.directoryNotWritable`, `.specialFile`.
  public static func prepareDirectory(_ path: String) throws {
    var info = stat()
    if stat(path, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFDIR: break
      case S_IFREG: throw OutputError.fileWhereDirectoryBelongs(path: path)
      default: throw OutputError.specialFile(path: path)
      }
      if access(path, W_OK) != 0 {
        throw OutputError.directoryNotWritable(path: path, directory: path)
      }
      return
    }
    if errno == ENOTDIR {
      throw OutputError.notADirectory(path: path, directory: parentDirectory(of: path))
    }
    _ = try checkDirectory(of: path, for: path)
    if mkdir(path, 0o777) != 0 && errno != EEXIST {
      throw OutputError.cannotWrite(path: path, problem: systemMessage(errno))
    }
  }

  /// Removes an SQLite file a command is about to write anew (with its `-wal`, `-shm` and
  /// `-journal` files), after the checks of `checkReplaceable`: a directory or a special file
  /// at the path is refused, never removed.
  /// - Throws: `OutputError`.
  public static func removeStore(_ path: String) throws {
    _ = try checkReplaceable(path)
    for suffix in ["", "-wal", "-shm", "-journal"] {
      var info = stat()
      guard lstat(path + suffix, &info) == 0 else { continue }
      guard info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFLNK else {
        throw OutputError.specialFile(path: path + suffix)
      }
      if unlink(path + suffix) != 0 {
        throw OutputError.cannotWrite(path: path, problem: systemMessage(errno))
      }
    }
  }

  /// Makes the file-size limit an error instead of a kill: a write past `ulimit -f` then fails
  /// with `EFBIG`, which the writer reports, rather than ending the process with `SIGXFSZ`.
  public static func ignoreFileSizeSignal() {
    signal(SIGXFSZ, SIG_IGN)
  }

  // MARK: - Paths

  /// The regular file at `path` (a link resolved) and its status, nil when nothing is there.
  /// - Throws: `.isDirectory`, `.specialFile`, `.danglingLink`, `.notADirectory`.
  private static func existingFile(_ path: String) throws -> (file: String, info: stat)? {
    var info = stat()
    if lstat(path, &info) != 0 {
      switch errno {
      case ENOENT: return nil
      case ENOTDIR:
        throw OutputError.notADirectory(path: path, directory: parentDirectory(of: path))
      default: throw OutputError.cannotWrite(path: path, problem: systemMessage(errno))
      }
    }
    var file = path
    if info.st_mode & S_IFMT == S_IFLNK {
      guard let resolved = realpath(path, nil) else {
        throw OutputError.danglingLink(path: path, target: linkTarget(path))
      }
      file = String(cString: resolved)
      free(resolved)
      guard stat(file, &info) == 0 else {
        throw OutputError.danglingLink(path: path, target: linkTarget(path))
      }
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return (file, info)
    case S_IFDIR: throw OutputError.isDirectory(path: path)
    default: throw OutputError.specialFile(path: path)
    }
  }

  /// The directory `file` goes in, checked to exist and to be writable.
  private static func checkDirectory(of file: String, for path: String) throws -> String {
    let directory = parentDirectory(of: file)
    var info = stat()
    guard stat(directory, &info) == 0 else {
      if errno == ENOTDIR {
        throw OutputError.notADirectory(path: path, directory: directory)
      }
      throw OutputError.missingDirectory(path: path, directory: directory)
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw OutputError.notADirectory(path: path, directory: directory)
    }
    if access(directory, W_OK) != 0 {
      throw OutputError.directoryNotWritable(path: path, directory: directory)
    }
    return directory
  }

  /// Refuses `output` when it is the same file as one of `inputs` (same device and inode).
  private static func refuseInputs(_ output: stat, path: String, inputs: [String]) throws {
    for input in inputs {
      var info = stat()
      if stat(input, &info) == 0, info.st_dev == output.st_dev, info.st_ino == output.st_ino {
        throw OutputError.isInput(path: path)
      }
    }
  }

  /// `path` without its last component: `.` for a bare name, `/` for a file at the root.
  static func parentDirectory(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.last == "/" { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }

  /// The last component of `path`.
  static func baseName(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.last == "/" { trimmed.removeLast() }
    return String(trimmed[(trimmed.lastIndex(of: "/").map { trimmed.index(after: $0) }
      ?? trimmed.startIndex)...])
  }

  private static func linkTarget(_ path: String) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return "a missing file" }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// The operating system's words for `code` (`strerror`).
func systemMessage(_ code: Int32) -> String {
  String(cString: strerror(code))
}
