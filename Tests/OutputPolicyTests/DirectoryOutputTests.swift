import Foundation
import OutputPolicy
import TestSupport
import XCTest

/// Directories of outputs (`OutputFile.lockDirectory`) and whole SQLite files
/// (`OutputFile.writeDatabase`).
final class DirectoryOutputTests: XCTestCase {
  func testASecondWriterIntoALockedDirectoryIsRefusedUntilTheFirstReleasesIt() throws {
    let directory = TemporaryDirectory()
    let out = directory.file("results")
    let first = try OutputFile.lockDirectory(out)  // made: the parent exists
    XCTAssertThrowsError(try OutputFile.lockDirectory(out)) { error in
      XCTAssertEqual(error as? OutputError, .directoryBusy(path: out))
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [])
    first.release()
    try OutputFile.lockDirectory(out).release()
  }

  func testLockingRefusesAFileAndAMissingParentBeforeLocking() throws {
    let directory = TemporaryDirectory()
    try "mine".write(toFile: directory.file("file"), atomically: false, encoding: .utf8)
    XCTAssertThrowsError(try OutputFile.lockDirectory(directory.file("file"))) { error in
      XCTAssertEqual(
        error as? OutputError, .fileWhereDirectoryBelongs(path: directory.file("file")))
    }
    XCTAssertThrowsError(try OutputFile.lockDirectory(directory.file("missing/out"))) { error in
      XCTAssertEqual(
        error as? OutputError,
        .missingDirectory(
          path: directory.file("missing/out"), directory: directory.file("missing")))
    }
    XCTAssertEqual(try String(contentsOfFile: directory.file("file"), encoding: .utf8), "mine")
  }

  func testADatabaseReplacesTheOldFileAndThenRemovesItsEmptyWALAndStaleSHM() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("trip.sqlite")
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    try "".write(toFile: path + "-wal", atomically: false, encoding: .utf8)
    try "stale".write(toFile: path + "-shm", atomically: false, encoding: .utf8)
    try "mine".write(
      toFile: directory.file("trip.sqlite-notes"), atomically: false, encoding: .utf8)
    try OutputFile.writeDatabase(Array("new image".utf8), to: path)
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new image")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
      ["trip.sqlite", "trip.sqlite-notes"])
  }

  func testADatabaseWithUnfinishedChangesIsRefusedAndKeptWhole() throws {
    for sidecar in ["-wal", "-journal"] {
      let directory = TemporaryDirectory()
      let path = directory.file("trip.sqlite")
      try "old".write(toFile: path, atomically: false, encoding: .utf8)
      try "committed".write(toFile: path + sidecar, atomically: false, encoding: .utf8)
      XCTAssertThrowsError(try OutputFile.writeDatabase([1, 2, 3], to: path)) { error in
        XCTAssertEqual(error as? OutputError, .databaseInUse(path: path, file: path + sidecar))
        XCTAssertEqual(
          "\(error)",
          "\(path): \(path + sidecar) holds changes not yet in the database; open it once "
            + "with sqlite3 to finish them, then try again (nothing was changed)")
      }
      XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
      XCTAssertEqual(try String(contentsOfFile: path + sidecar, encoding: .utf8), "committed")
      XCTAssertEqual(
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
        ["trip.sqlite", "trip.sqlite" + sidecar])
    }
  }

  func testADatabaseAnotherProcessHasLockedIsRefused() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("trip.sqlite")
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    // Another process takes SQLite's SHARED lock (a byte after PENDING_BYTE, 0x40000000),
    // says so, and keeps it until its standard input closes.
    let holder = try RunningChild(
      path: "/usr/bin/env",
      [
        "python3", "-c",
        "import fcntl,os,sys; f=open(sys.argv[1],'rb'); "
          + "fcntl.lockf(f, fcntl.LOCK_SH, 1, 0x40000002); print('locked', flush=True); "
          + "sys.stdin.read()",
        path,
      ], standardInput: .open)
    defer { _ = try? holder.wait() }  // closes its input: it lets go and ends
    // Waits for the whole line (or the holder's end without a lock): the lock is held once
    // it is there.
    XCTAssertEqual(holder.waitForStandardOutput(toContain: "\n"), "locked\n")
    XCTAssertThrowsError(try OutputFile.writeDatabase([1, 2, 3], to: path)) { error in
      XCTAssertEqual(error as? OutputError, .databaseInUse(path: path, file: nil))
    }
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
    let held = try holder.wait()
    XCTAssertEqual(held.status, 0, held.standardError)
  }

  func testARefusedDatabaseLeavesTheOldFilesAlone() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("trip.sqlite")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try "old".write(toFile: path + "-wal", atomically: false, encoding: .utf8)
    XCTAssertThrowsError(try OutputFile.writeDatabase([1, 2, 3], to: path)) { error in
      XCTAssertEqual(error as? OutputError, .isDirectory(path: path))
    }
    XCTAssertEqual(try String(contentsOfFile: path + "-wal", encoding: .utf8), "old")
  }
}

/// Deleting files (`OutputFile.remove`): never a directory, refusals in the user's words.
final class RemovingFilesTests: XCTestCase {
  func testADirectoryAndAMissingFileAreRefusedByNameAndNothingIsRemoved() throws {
    let directory = TemporaryDirectory()
    let golden = directory.file("stale.txt")
    try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: false)
    try "keep".write(toFile: golden + "/inside", atomically: false, encoding: .utf8)
    XCTAssertThrowsError(try OutputFile.remove(golden)) { error in
      XCTAssertEqual("\(error)", "\(golden): cannot be deleted (it is a directory)")
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/inside"))
    XCTAssertThrowsError(try OutputFile.remove(directory.file("gone.txt"))) { error in
      XCTAssertEqual(
        "\(error)", "\(directory.file("gone.txt")): cannot be deleted (it is not there any more)")
    }
    try "x".write(toFile: directory.file("old.txt"), atomically: false, encoding: .utf8)
    try OutputFile.remove(directory.file("old.txt"))
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path), ["stale.txt"])
  }

  func testAFileInADirectoryThisUserCannotWriteIsRefusedInPlainWords() throws {
    // Root may delete anywhere; the hazard suite runs this case as nobody (goldens --delete).
    try XCTSkipIf(geteuid() == 0, "root ignores permissions")
    let directory = TemporaryDirectory()
    try "x".write(toFile: directory.file("a.txt"), atomically: false, encoding: .utf8)
    chmod(directory.path, 0o555)
    defer { chmod(directory.path, 0o755) }
    XCTAssertThrowsError(try OutputFile.remove(directory.file("a.txt"))) { error in
      XCTAssertEqual(
        "\(error)",
        "\(directory.file("a.txt")): cannot be deleted (permission denied: this user cannot "
          + "remove files from \(directory.path))")
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: directory.file("a.txt")))
  }
}

/// Scratch directories (`ScratchDirectory`): gone on deinit, and a killed process's removed by
/// the next one of its kind.
final class ScratchDirectoryTests: XCTestCase {
  func testAScratchDirectoryIsGoneOnDeinitAndAStaleOneOfADeadProcessIsRemoved() throws {
    let base = NSTemporaryDirectory()
    // A process id that is not running: a child that has exited and been waited for.
    var dead: pid_t = 0
    XCTAssertEqual(posix_spawn(&dead, "/bin/true", nil, nil, [nil], nil), 0)
    var status: Int32 = 0
    waitpid(dead, &status, 0)
    let kind = "test-\(getpid())"
    let stale = base + "/navsim-\(kind)-\(dead)-abc123"
    let live = base + "/navsim-\(kind)-\(getpid())-def456"
    for path in [stale, live] {
      try FileManager.default.createDirectory(
        atPath: path + "/inner", withIntermediateDirectories: true)
    }
    defer { try? FileManager.default.removeItem(atPath: live) }
    var scratch: ScratchDirectory? = try ScratchDirectory(kind: kind)
    let path = try XCTUnwrap(scratch?.path)
    XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
    XCTAssertTrue(FileManager.default.fileExists(atPath: live))  // its process runs
    try "x".write(toFile: path + "/trip.sqlite", atomically: false, encoding: .utf8)
    scratch = nil
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
  }
}
