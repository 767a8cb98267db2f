#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Deleting files

extension OutputFile {
  /// Checks that `path` is a file (or a link) this user may delete: never a directory or a
  /// special file, in a directory that lets this user remove files.
  /// - Throws: `OutputError.cannotDelete`, saying why in the user's words.
  public static func checkRemovable(_ path: String) throws {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw removalError(path, errno) }
    switch info.st_mode & S_IFMT {
    case S_IFREG, S_IFLNK: break
    case S_IFDIR: throw OutputError.cannotDelete(path: path, problem: "it is a directory")
    default: throw OutputError.cannotDelete(path: path, problem: "it is not a regular file")
    }
    if access(parentDirectory(of: path), W_OK) != 0 { throw removalError(path, errno) }
  }

  /// Deletes the file (or link) at `path`, never a directory.
  /// - Throws: `OutputError.cannotDelete`, saying why in the user's words.
  public static func remove(_ path: String) throws {
    try checkRemovable(path)
    if unlink(path) != 0 { throw removalError(path, errno) }
  }

  private static func removalError(_ path: String, _ code: Int32) -> OutputError {
    let directory = parentDirectory(of: path)
    let problem =
      switch code {
      case ENOENT: "it is not there any more"
      case EACCES, EPERM:
        "permission denied: this user cannot remove files from \(directory)"
      case EROFS: "\(directory) is on a read-only file system"
      case EISDIR: "it is a directory"
      case EBUSY: "it is in use"
      default: systemMessage(code)
      }
    return .cannotDelete(path: path, problem: problem)
  }
}
