import Foundation
import TestSupport
import Testing

@testable import EventLog

/// `removeLogFiles(at:)` removes a log's regular files only: a directory, or a link, named
/// like one of them is refused with its path, and then nothing is removed.
@Suite struct EventLogRemoveFilesTests {
  @Test func theLogAndItsSideFilesAreRemoved() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("trip.sqlite")
    _ = try EventLogFile(path: path, mode: .create)
    #expect(FileManager.default.createFile(atPath: path + "-journal", contents: Data([1])))
    try EventLogFile.removeLogFiles(at: path)
    for suffix in ["", "-wal", "-shm", "-journal"] {
      #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(suffix)")
    }
    // Nothing there: nothing to do.
    try EventLogFile.removeLogFiles(at: path)
  }

  @Test func aDirectoryNamedLikeASideFileIsRefusedAndNothingIsRemoved() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("trip.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data([1])))
    try FileManager.default.createDirectory(
      atPath: path + "-wal", withIntermediateDirectories: false)
    #expect(FileManager.default.createFile(atPath: path + "-wal/keep", contents: Data([2])))
    #expect(throws: EventLogError.io(
      path: path + "-wal", problem: "not a regular file; nothing of the log was removed")
    ) {
      try EventLogFile.removeLogFiles(at: path)
    }
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(FileManager.default.fileExists(atPath: path + "-wal/keep"))
  }

  @Test func aLinkIsRefusedAndWhatItPointsToIsKept() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("trip.sqlite")
    let target = directory.file("elsewhere")
    #expect(FileManager.default.createFile(atPath: target, contents: Data([3])))
    try FileManager.default.createSymbolicLink(atPath: path + "-shm", withDestinationPath: target)
    #expect(throws: EventLogError.self) { try EventLogFile.removeLogFiles(at: path) }
    #expect(FileManager.default.fileExists(atPath: target))
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path + "-shm")) == target)
  }
}
