#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A directory of outputs this process writes into, locked against another NavSim writing
/// into it at the same time (`flock` on the directory itself: no lock file is made, and the
/// lock goes when the process ends, however it ends). Held until released or deinitialised.
/// On a file system that has no locks the directory is written unlocked.
public final class DirectoryLock {
  private var descriptor: Int32

  /// Locks `path`, a directory that exists (see `OutputFile.prepareDirectory`).
  /// - Throws: `OutputError.directoryBusy` when another process holds it, `.cannotWrite`.
  init(_ path: String) throws {
    descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw OutputError.cannotWrite(path: path, problem: systemMessage(errno))
    }
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      close(descriptor)
      descriptor = -1
      if code == EWOULDBLOCK { throw OutputError.directoryBusy(path: path) }
      // A file system without locks (NFS with no lock service): write unlocked, as before.
      if code == ENOLCK || code == EOPNOTSUPP || code == EINVAL { return }
      throw OutputError.cannotWrite(path: path, problem: systemMessage(code))
    }
  }

  /// Releases the lock.
  public func release() {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
  }

  deinit { release() }
}

extension OutputFile {
  /// Checks (or creates) `path` as a directory of outputs, like `prepareDirectory`, and locks
  /// it for this process: a second NavSim writing into the same directory is refused until
  /// the lock is released (when the returned lock is released or freed, or the process ends).
  /// - Throws: what `prepareDirectory` throws, `OutputError.directoryBusy`.
  public static func lockDirectory(_ path: String) throws -> DirectoryLock {
    try prepareDirectory(path)
    return try DirectoryLock(path)
  }
}
