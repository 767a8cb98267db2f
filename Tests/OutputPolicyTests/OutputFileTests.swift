import Foundation
import OutputPolicy
import TestSupport
import XCTest

/// NavSim's output policy (`OutputFile`): what it replaces, what it refuses untouched, and
/// that nothing of a failed write survives.
final class OutputFileTests: XCTestCase {
  // MARK: - Replacing

  func testARegularFileIsReplacedWholeAndKeepsItsPermissions() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("report.html")
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o640)
    try OutputFile.write(to: path) { write in
      try write("new ")
      try write("page")
    }
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new page")
    XCTAssertEqual(try permissions(path), 0o640)
    XCTAssertEqual(try entries(directory), ["report.html"])
  }

  func testANewFileIsCreatedInAnExistingDirectory() throws {
    let directory = TemporaryDirectory()
    try OutputFile.write(Array("x".utf8), to: directory.file("new.svg"))
    XCTAssertEqual(try String(contentsOfFile: directory.file("new.svg"), encoding: .utf8), "x")
    XCTAssertEqual(try entries(directory), ["new.svg"])
  }

  func testASymbolicLinkIsFollowedAndKept() throws {
    let directory = TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.file("real"), withIntermediateDirectories: false)
    try "old".write(toFile: directory.file("real/out.json"), atomically: false, encoding: .utf8)
    XCTAssertEqual(symlink("real/out.json", directory.file("link.json")), 0)
    try OutputFile.write("new", to: directory.file("link.json"))
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("link.json")),
      "real/out.json")
    XCTAssertEqual(
      try String(contentsOfFile: directory.file("real/out.json"), encoding: .utf8), "new")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.file("real")), ["out.json"])
  }

  // MARK: - Refusing, nothing touched

  func testADirectoryIsRefusedAndKept() throws {
    let directory = TemporaryDirectory()
    let target = directory.file("q")
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    try "keep".write(toFile: target + "/inside.txt", atomically: false, encoding: .utf8)
    assertRefused(try OutputFile.write("x", to: target), .isDirectory(path: target))
    assertRefused(try OutputFile.write("x", to: target + "/"), .isDirectory(path: target + "/"))
    XCTAssertEqual(try String(contentsOfFile: target + "/inside.txt", encoding: .utf8), "keep")
    XCTAssertEqual(try entries(directory), ["q"])
  }

  func testASpecialFileIsRefused() throws {
    let directory = TemporaryDirectory()
    let fifo = directory.file("pipe")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    assertRefused(try OutputFile.write("x", to: fifo), .specialFile(path: fifo))
    assertRefused(try OutputFile.write("x", to: "/dev/null"), .specialFile(path: "/dev/null"))
    XCTAssertEqual(try entries(directory), ["pipe"])
  }

  func testTheCommandsOwnInputIsRefusedUnderAnyName() throws {
    let directory = TemporaryDirectory()
    let input = directory.file("store.sqlite")
    try "store".write(toFile: input, atomically: false, encoding: .utf8)
    XCTAssertEqual(link(input, directory.file("alias")), 0)
    XCTAssertEqual(symlink("store.sqlite", directory.file("soft")), 0)
    let names = ["alias", "soft", "./store.sqlite"].map(directory.file)
    for output in [input] + names {
      assertRefused(
        try OutputFile.write("report", to: output, inputs: [input]), .isInput(path: output))
      assertRefused(try OutputFile.checkStore(output, inputs: [input]), .isInput(path: output))
    }
    XCTAssertEqual(try String(contentsOfFile: input, encoding: .utf8), "store")
  }

  func testAMissingDirectoryIsNotCreated() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("missing/out.html")
    assertRefused(
      try OutputFile.write("x", to: path),
      .missingDirectory(path: path, directory: directory.file("missing")))
    let underFile = directory.file("file.txt/out.html")
    try "f".write(toFile: directory.file("file.txt"), atomically: false, encoding: .utf8)
    assertRefused(
      try OutputFile.write("x", to: underFile),
      .notADirectory(path: underFile, directory: directory.file("file.txt")))
    XCTAssertEqual(try entries(directory), ["file.txt"])
  }

  func testALinkToNothingIsRefused() throws {
    let directory = TemporaryDirectory()
    XCTAssertEqual(symlink("gone.html", directory.file("link.html")), 0)
    assertRefused(
      try OutputFile.write("x", to: directory.file("link.html")),
      .danglingLink(path: directory.file("link.html"), target: "gone.html"))
    XCTAssertEqual(try entries(directory), ["link.html"])
  }

  func testAReadOnlyFileIsRefusedForAnOrdinaryUser() throws {
    try XCTSkipIf(geteuid() == 0, "root may write any file")
    let directory = TemporaryDirectory()
    let path = directory.file("locked.json")
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o444)
    assertRefused(try OutputFile.write("x", to: path), .fileNotWritable(path: path))
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
  }

  // MARK: - Failing, nothing left

  func testAFailingWriterLeavesTheOldFileAndNoTemporaryFile() throws {
    struct Stop: Error {}
    let directory = TemporaryDirectory()
    let path = directory.file("junit.xml")
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    XCTAssertThrowsError(
      try OutputFile.write(to: path) { write in
        try write(String(repeating: "x", count: 200_000))
        throw Stop()
      }
    ) { XCTAssertTrue($0 is Stop) }
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
    XCTAssertEqual(try entries(directory), ["junit.xml"])
  }

  func testTheFileSizeLimitIsAnErrorThatKeepsTheOldFile() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("big.jsonl")
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    var saved = rlimit()
    XCTAssertEqual(getrlimit(fileSizeLimitResource, &saved), 0)
    var limited = saved
    limited.rlim_cur = 4096
    XCTAssertEqual(setrlimit(fileSizeLimitResource, &limited), 0)
    defer { _ = setrlimit(fileSizeLimitResource, &saved) }
    assertRefused(
      try OutputFile.write(String(repeating: "y", count: 100_000), to: path),
      .fileTooLarge(path: path))
    _ = setrlimit(fileSizeLimitResource, &saved)
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
    XCTAssertEqual(try entries(directory), ["big.jsonl"])
  }

  func testTemporaryFilesOfDeadProcessesAreRemovedAndLiveOnesKept() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("out.sqlite")
    // A pid above the kernel's pid_max (4194304 at most) belongs to no process.
    let dead = directory.file(".out.sqlite.navsim-99999999-0.tmp")
    let live = directory.file(".out.sqlite.navsim-\(getpid())-0.tmp")
    for file in [dead, dead + "-wal", live] {
      try "t".write(toFile: file, atomically: false, encoding: .utf8)
    }
    OutputFile.removeStaleTemporaries(of: path)
    XCTAssertEqual(try entries(directory), [".out.sqlite.navsim-\(getpid())-0.tmp"])
  }

  // MARK: - Directories of outputs

  func testAnOutputDirectoryIsMadeOnlyInsideAnExistingOne() throws {
    let directory = TemporaryDirectory()
    try OutputFile.prepareDirectory(directory.file("out"))
    try OutputFile.prepareDirectory(directory.file("out"))
    try "f".write(toFile: directory.file("file"), atomically: false, encoding: .utf8)
    assertRefused(
      try OutputFile.prepareDirectory(directory.file("file")),
      .fileWhereDirectoryBelongs(path: directory.file("file")))
    assertRefused(
      try OutputFile.prepareDirectory(directory.file("a/b")),
      .missingDirectory(path: directory.file("a/b"), directory: directory.file("a")))
    XCTAssertEqual(try entries(directory), ["file", "out"])
  }

  func testRemovingAStoreNeverRemovesADirectory() throws {
    let directory = TemporaryDirectory()
    let store = directory.file("snapshots.sqlite")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: false)
    assertRefused(try OutputFile.removeStore(store), .isDirectory(path: store))
    XCTAssertEqual(try entries(directory), ["snapshots.sqlite"])
    try FileManager.default.removeItem(atPath: store)
    for suffix in ["", "-wal", "-shm"] {
      try "s".write(toFile: store + suffix, atomically: false, encoding: .utf8)
    }
    try OutputFile.removeStore(store)
    XCTAssertEqual(try entries(directory), [])
  }

  func testMessagesAreOneLineNamingThePath() {
    let errors: [OutputError] = [
      .isDirectory(path: "q"), .specialFile(path: "p"), .isInput(path: "i"),
      .missingDirectory(path: "m/x", directory: "m"), .notADirectory(path: "f/x", directory: "f"),
      .directoryNotWritable(path: "d/x", directory: "d"), .fileNotWritable(path: "r"),
      .danglingLink(path: "l", target: "t"), .fileTooLarge(path: "b"), .noSpace(path: "n"),
      .cannotWrite(path: "c", problem: "Input/output error"),
      .fileWhereDirectoryBelongs(path: "o"), .directoryBusy(path: "out"),
    ]
    for error in errors {
      XCTAssertTrue(error.description.hasPrefix(error.path + ": "), error.description)
      XCTAssertFalse(error.description.contains("\n"), error.description)
      XCTAssertFalse(error.description.contains(".tmp"), error.description)
    }
  }

  // MARK: - Helpers

  private func entries(_ directory: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  private func permissions(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
  }

  private func assertRefused(
    _ body: @autoclosure () throws -> Void, _ expected: OutputError,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try body(), file: file, line: line) { error in
      XCTAssertEqual(error as? OutputError, expected, file: file, line: line)
    }
  }
}
