import Foundation
import TestSupport
import Testing

/// `navsim report` writes its page as it is built, its columns through scratch files under
/// `TMPDIR`, and the page through a temporary file renamed over OUT.html only once it is
/// whole: a scratch file that fails (or cannot be made) exits 2 with one line naming OUT.html
/// and the scratch files' directory, leaves the previous page as it was, nothing beside it,
/// and nothing in `TMPDIR`.
@Suite struct ReportPageFailureTests {
  static let previous = "<p>the previous page</p>\n"

  /// A store of `city-commute` replayed through `complete`, a folder `pages` holding a
  /// previous `report.html`, and an empty folder `tmp` to be `TMPDIR`.
  func store() async throws -> (directory: TemporaryDirectory, store: String, page: String) {
    let directory = TemporaryDirectory()
    let store = directory.file("snapshots.sqlite")
    let log = Fixtures.repositoryRoot + "/Recordings/city-commute.sqlite"
    let replay = try await launchProduct(
      "navsim", ["replay", log, "--delegate", "complete", "--snapshots", store, "--label", "run"])
    try #require(replay.status == 0, "\(replay.standardError)")
    for folder in ["pages", "tmp"] {
      try FileManager.default.createDirectory(
        atPath: directory.file(folder), withIntermediateDirectories: false)
    }
    let page = directory.file("pages/report.html")
    try Self.previous.write(toFile: page, atomically: false, encoding: .utf8)
    return (directory, store, page)
  }

  /// Checks the run failed as a whole (`expectPageNotWritten`), its one line naming the page
  /// and containing each of `words`.
  func expectNothingWritten(
    _ result: ProcessResult, page: String, saying words: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectPageNotWritten(
      result, page: page, previous: Self.previous, prefix: "navsim report: \(page): ",
      saying: words, sourceLocation: sourceLocation)
  }

  @Test func aScratchDirectoryThatCannotBeMadeKeepsThePreviousPage() async throws {
    let (directory, store, page) = try await store()
    // The page's columns outgrow their buffers: they need scratch files, under a TMPDIR
    // that does not exist.
    let missing = directory.file("no-such-tmp")
    let result = try await launchProduct(
      "navsim", ["report", store, "run", "--html", page], environment: ["TMPDIR": missing])
    try expectNothingWritten(
      result, page: page, saying: ["scratch file of the page in TMPDIR (\(missing))"])
  }

  @Test func aScratchFileOverTheFileSizeLimitKeepsThePreviousPageAndLeavesNoScratch()
    async throws
  {
    let (directory, store, page) = try await store()
    let tmp = directory.file("tmp")
    // The page's payloads alone are several times 64 KiB: their scratch file reaches the
    // limit before the page is begun.
    let result = try await DiffPageFailureTests().launchShell(
      "ulimit -f 64; t=\"$1\"; shift; TMPDIR=\"$t\" exec \"$0\" \"$@\"",
      [try productPath("navsim"), tmp, "report", store, "run", "--html", page])
    try expectNothingWritten(
      result, page: page,
      saying: ["scratch file of the page in TMPDIR (\(tmp))", "file-size limit"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp) == [])
  }

  @Test func theSameStoreWritesThePageWithRoomInTMPDIR() async throws {
    let (directory, store, page) = try await store()
    let tmp = directory.file("tmp")
    let result = try await launchProduct(
      "navsim", ["report", store, "run", "--html", page], environment: ["TMPDIR": tmp])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("wrote \(page) (1090 events, "))
    #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp) == [])
  }
}
