import Foundation
import TestSupport
import Testing

/// `navsim diff --html` writes its page as it is built, through a temporary file renamed over
/// OUT.html only once the page is whole: a failure on the way (a scratch file that cannot be
/// made, the file-size limit, a missing folder) exits 2 with a one-line error, prints no
/// report, and leaves no half-written page and the previous page as it was.
@Suite struct DiffPageFailureTests {
  static let previous = "<p>the previous page</p>\n"

  /// A store of `city-commute` replayed through `basic` and `complete` (they differ on all but
  /// one event), and a folder `pages` holding a previous `diff.html`.
  func store() async throws -> (directory: TemporaryDirectory, store: String, page: String) {
    let directory = TemporaryDirectory()
    let store = directory.file("snapshots.sqlite")
    let log = Fixtures.repositoryRoot + "/Recordings/city-commute.sqlite"
    for delegate in ["basic", "complete"] {
      let replay = try await launchProduct(
        "navsim",
        ["replay", log, "--delegate", delegate, "--snapshots", store, "--label", delegate])
      try #require(replay.status == 0, "\(replay.standardError)")
    }
    try FileManager.default.createDirectory(
      atPath: directory.file("pages"), withIntermediateDirectories: false)
    let page = directory.file("pages/diff.html")
    try Self.previous.write(toFile: page, atomically: false, encoding: .utf8)
    return (directory, store, page)
  }

  /// Checks the run failed as a whole (`expectPageNotWritten`), its one line containing
  /// `words`.
  func expectNothingWritten(
    _ result: ProcessResult, page: String, saying words: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectPageNotWritten(
      result, page: page, previous: Self.previous, prefix: "navsim diff: ", saying: [words],
      sourceLocation: sourceLocation)
  }

  @Test func aScratchFileThatCannotBeMadeKeepsThePreviousPage() async throws {
    let (directory, store, page) = try await store()
    // The page's columns outgrow their buffers: they need scratch files, under a TMPDIR
    // that does not exist.
    let missing = directory.file("no-such-tmp")
    let result = try await launchProduct(
      "navsim", ["diff", store, "basic", "complete", "--html", page],
      environment: ["TMPDIR": missing])
    try expectNothingWritten(
      result, page: page, saying: "\(page): a scratch file of the page in TMPDIR (\(missing))")
  }

  @Test func theFileSizeLimitKeepsThePreviousPage() async throws {
    let (directory, store, page) = try await store()
    let navsim = try productPath("navsim")
    // The page is some MB; 200 KiB stops it (or a scratch file) halfway.
    let result = try await launchShell(
      "ulimit -f 200; exec \"$0\" \"$@\"",
      [navsim, "diff", store, "basic", "complete", "--html", page])
    try expectNothingWritten(result, page: page, saying: "file-size limit")
    _ = directory
  }

  /// With `--json`, the JSON report (1.7 MB here, past its 1 MiB buffer) has a scratch file of
  /// its own beside the page's (0.7 MB): when that one reaches the limit, the message is the
  /// diff's, not the page's, and nothing is written either.
  @Test func theJSONReportsScratchFileFailingIsNotThePages() async throws {
    let (directory, store, page) = try await store()
    let result = try await launchShell(
      "ulimit -f 1200; exec \"$0\" \"$@\"",
      [try productPath("navsim"), "diff", store, "basic", "complete", "--json", "--html", page])
    try expectNothingWritten(
      result, page: page, saying: "the diff's scratch file in TMPDIR (")
    #expect(!result.standardError.contains("of the page"), "\(result.standardError)")
    _ = directory
  }

  /// The page's scratch directory (its columns' files, its tables' databases) goes when the
  /// page is written and when it fails: `TMPDIR` is left as it was.
  @Test func thePageLeavesTMPDIRAsItWasWrittenOrNot() async throws {
    let (directory, store, page) = try await store()
    let scratch = directory.file("tmp")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
    let written = directory.file("written.html")
    let result = try await launchProduct(
      "navsim", ["diff", store, "basic", "complete", "--html", written],
      environment: ["TMPDIR": scratch])
    #expect(result.status == 1, "\(result.standardError)")
    #expect(FileManager.default.fileExists(atPath: written))
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == [])
    let failed = try await launchShell(
      "ulimit -f 200; TMPDIR=\"$0\" exec \"$@\"",
      [scratch, try productPath("navsim"), "diff", store, "basic", "complete", "--html", page])
    try expectNothingWritten(failed, page: page, saying: "file-size limit")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == [])
  }

  @Test func aMissingFolderWritesNothing() async throws {
    let (directory, store, page) = try await store()
    let out = directory.file("no-such-folder/diff.html")
    let result = try await launchProduct(
      "navsim", ["diff", store, "basic", "complete", "--html", out])
    try expectNothingWritten(result, page: page, saying: "does not exist")
    #expect(!FileManager.default.fileExists(atPath: directory.file("no-such-folder")))
  }

  /// Runs `script` with `sh -c`, `arguments` as `$0`, `$1`...
  func launchShell(_ script: String, _ arguments: [String]) async throws -> ProcessResult {
    try await withCheckedThrowingContinuation { continuation in
      let waiter = Thread {
        continuation.resume(
          with: Result { try launch(path: "/bin/sh", ["-c", script] + arguments) })
      }
      waiter.start()
    }
  }
}
