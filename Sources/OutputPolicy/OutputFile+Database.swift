#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension OutputFile {
  /// Writes `image`, a whole SQLite database, to `path` under the policy.
  ///
  /// Refused first, with nothing touched, when replacing the old database would lose data or
  /// pull a file from under its user: another process has it open (SQLite's lock on the
  /// file, or on its `-shm`), its `-wal` is not empty or it has a `-journal` (changes an
  /// interrupted writer left, which SQLite would apply). Otherwise the new file is renamed
  /// over the old one first, and only then are the old, empty `-wal` and stale `-shm` removed,
  /// so a kill at any point leaves the old database whole or the new one.
  /// - Throws: `OutputError`; nothing is written or removed then.
  public static func writeDatabase(_ image: [UInt8], to path: String, inputs: [String] = [])
    throws
  {
    let target = try checkReplaceable(path, inputs: inputs)
    try refuseDatabaseInUse(target.file, path: path)
    let file = try TemporaryOutput(for: target, path: path)
    do {
      try file.write(image)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
    for suffix in ["-wal", "-shm"] {
      var info = stat()
      if lstat(target.file + suffix, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
        unlink(target.file + suffix)
      }
    }
  }

  /// Throws `.databaseInUse` when the database at `file` (`path` as the user gave it) has a
  /// non-empty `-wal`, a `-journal`, or is locked by another process.
  static func refuseDatabaseInUse(_ file: String, path: String) throws {
    var info = stat()
    if lstat(file + "-journal", &info) == 0 {
      throw OutputError.databaseInUse(path: path, file: path + "-journal")
    }
    if lstat(file + "-wal", &info) == 0, info.st_size > 0 {
      throw OutputError.databaseInUse(path: path, file: path + "-wal")
    }
    // SQLite's unix locks: on the database, PENDING_BYTE (0x40000000) and the 511 bytes
    // after it; in WAL mode every connection also holds a lock in the -shm file.
    if lockedByAnotherProcess(file, start: 0x4000_0000, length: 512)
      || lockedByAnotherProcess(file + "-shm", start: 0, length: 0)
    {
      throw OutputError.databaseInUse(path: path, file: nil)
    }
  }

  /// Whether another process holds a POSIX lock on bytes of `file` (false when it is missing).
  private static func lockedByAnotherProcess(_ file: String, start: Int, length: Int) -> Bool {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = off_t(start)
    lock.l_len = off_t(length)
    guard fcntl(descriptor, F_GETLK, &lock) == 0 else { return false }
    return lock.l_type != Int16(F_UNLCK)
  }
}
