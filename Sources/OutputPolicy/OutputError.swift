/// Why a command refused to write an output file, or could not: one case per failure, each
/// naming the path as the user gave it. `description` is one line that says what is wrong and
/// what to do; it never names a temporary file. Nothing was written when one is thrown.
public enum OutputError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The path is a directory (or a link to one).
  case isDirectory(path: String)
  /// The path is a pipe, a device or a socket.
  case specialFile(path: String)
  /// The path is one of the command's own inputs.
  case isInput(path: String)
  /// The directory the file would go in does not exist.
  case missingDirectory(path: String, directory: String)
  /// A part of the path that should be a directory is a file.
  case notADirectory(path: String, directory: String)
  /// A file is where a directory of outputs belongs.
  case fileWhereDirectoryBelongs(path: String)
  /// The directory the file goes in does not let this user create files.
  case directoryNotWritable(path: String, directory: String)
  /// The file exists and is read-only for this user.
  case fileNotWritable(path: String)
  /// The path is a symbolic link to nothing.
  case danglingLink(path: String, target: String)
  /// Another NavSim is writing into this directory of outputs.
  case directoryBusy(path: String)
  /// The file-size limit (`ulimit -f`) was reached while writing.
  case fileTooLarge(path: String)
  /// The disk (or the user's quota) is full.
  case noSpace(path: String)
  /// A file the command was asked to delete cannot be deleted.
  case cannotDelete(path: String, problem: String)
  /// The SQLite database at the path is open in another process, or has changes not yet in
  /// the file (`file`: its `-wal` or `-journal`), which replacing it would lose.
  case databaseInUse(path: String, file: String?)
  /// Any other failure of the operating system, with its own words.
  case cannotWrite(path: String, problem: String)

  /// The path the error is about.
  public var path: String {
    switch self {
    case .isDirectory(let path), .specialFile(let path), .isInput(let path),
      .missingDirectory(let path, _), .notADirectory(let path, _),
      .directoryNotWritable(let path, _), .fileWhereDirectoryBelongs(let path),
      .fileNotWritable(let path), .danglingLink(let path, _), .directoryBusy(let path),
      .fileTooLarge(let path), .noSpace(let path), .cannotWrite(let path, _),
      .databaseInUse(let path, _),
      .cannotDelete(let path, _):
      path
    }
  }

  public var description: String {
    switch self {
    case .isDirectory(let path):
      "\(path): is a directory; give the path of a file to write (nothing was changed)"
    case .specialFile(let path):
      "\(path): is not a regular file (a pipe, device or socket); give the path of a file"
    case .isInput(let path):
      "\(path): is also this command's input; write the output to another file"
    case .missingDirectory(let path, let directory):
      "\(path): the directory \(directory) does not exist; create it first"
    case .notADirectory(let path, let directory):
      "\(path): \(directory) is a file, not a directory"
    case .fileWhereDirectoryBelongs(let path):
      "\(path): is a file, not a directory; give a directory for the outputs"
    case .directoryNotWritable(let path, let directory):
      "\(path): cannot create files in \(directory) (permission denied); choose a writable "
        + "directory"
    case .fileNotWritable(let path):
      "\(path): the file is read-only; make it writable or choose another path"
    case .danglingLink(let path, let target):
      "\(path): is a symbolic link to \(target), which does not exist"
    case .directoryBusy(let path):
      "\(path): another NavSim is writing into this directory; try again when it has finished"
    case .fileTooLarge(let path):
      "\(path): the file-size limit (ulimit -f) was reached; nothing was written"
    case .noSpace(let path):
      "\(path): the disk is full; nothing was written"
    case .cannotDelete(let path, let problem):
      "\(path): cannot be deleted (\(problem))"
    case .databaseInUse(let path, nil):
      "\(path): another process has this database open; try again when it has closed it"
    case .databaseInUse(let path, let file?):
      "\(path): \(file) holds changes not yet in the database; open it once with sqlite3 to "
        + "finish them, then try again (nothing was changed)"
    case .cannotWrite(let path, let problem):
      "\(path): cannot be written (\(problem)); nothing was written"
    }
  }
}
