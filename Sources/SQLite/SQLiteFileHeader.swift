#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The first 100 bytes of an SQLite database file, read with plain file reads: what a file
/// is can be told before SQLite opens it (and before SQLite makes files beside it).
///
/// Offsets from the SQLite file format (sqlite.org/fileformat2.html, "The Database Header"):
/// the magic string at 0, the write and read versions at 18 and 19 (2 = WAL), `user_version`
/// at 60 and `application_id` at 68, both big-endian.
public struct SQLiteFileHeader: Equatable, Sendable {
  /// What a file holds, by its first bytes.
  public enum Kind: Equatable, Sendable {
    /// Zero bytes.
    case empty
    /// Not an SQLite database: no magic string, or shorter than a header.
    case notSQLite
    /// An SQLite database.
    case sqlite
  }

  public var kind: Kind
  /// `PRAGMA application_id` as stored (0 unless set).
  public var applicationID: Int64
  /// `PRAGMA user_version` as stored.
  public var userVersion: Int64
  /// True when the file was last written in WAL mode: readers then need its `-wal` file.
  public var usesWAL: Bool

  /// Reads the header of the file at `path`.
  /// - Throws: `SQLiteFileError` when the file cannot be read (missing, no permission, a
  ///   directory).
  public init(path: String) throws {
    guard let file = fopen(path, "rb") else {
      throw SQLiteFileError(path: path, code: errno)
    }
    defer { fclose(file) }
    var header = [UInt8](repeating: 0, count: 100)
    let count = fread(&header, 1, 100, file)
    if count < 100 && ferror(file) != 0 { throw SQLiteFileError(path: path, code: errno) }
    func bigEndian(at offset: Int) -> Int64 {
      let bytes = header[offset..<offset + 4]
      return Int64(Int32(bitPattern: bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }))
    }
    applicationID = 0
    userVersion = 0
    usesWAL = false
    if count == 0 {
      kind = .empty
    } else if count < 100 || !header.starts(with: Array("SQLite format 3\0".utf8)) {
      kind = .notSQLite
    } else {
      kind = .sqlite
      applicationID = Int64(UInt32(truncatingIfNeeded: bigEndian(at: 68)))
      userVersion = bigEndian(at: 60)
      usesWAL = header[18] == 2 || header[19] == 2
    }
  }
}

/// A database file that cannot be read at all, with the operating system's reason.
public struct SQLiteFileError: Error, Equatable, CustomStringConvertible, Sendable {
  public var path: String
  /// The `errno` of the failed open or read.
  public var code: Int32

  public init(path: String, code: Int32) {
    self.path = path
    self.code = code
  }

  public var description: String {
    switch code {
    case ENOENT: "\(path): no such file"
    case EACCES, EPERM: "\(path): permission denied; this user cannot read the file"
    case EISDIR: "\(path): is a directory, not a file"
    default: "\(path): cannot be read (\(String(cString: strerror(code))))"
    }
  }
}
