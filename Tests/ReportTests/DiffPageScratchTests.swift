import Foundation
@testable import Report
@testable import Snapshots
import Testing
import TestSupport

// A scratch file of a diff's page fails (past `ulimit -f`): the error names the page it was
// written for, as `writeDiffReport` is told, while a scratch file of the text or JSON report
// written alongside (through `each`) stays the diff's own. The file-size limit is the
// process's, so each case runs in a child process of its own, with a `TMPDIR` of its own that
// must be left empty.

@Suite struct DiffPageScratchTests {
  @Test(
    .enabled(
      if: ChildProcessTest.startsChildren,
      "lowers the file-size limit: needs a child process of its own (Linux, not in process)"))
  func aColumnsScratchFileFailingNamesThePage() async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: "") else { return }
    try #require(ProcessInfo.processInfo.environment["NAVSIM_TEST_CHILD"] != nil)
    let (directory, store) = try ReportDiffStreamTests().store(count: 600)
    try underFileSizeLimit(1024) { scratch in
      var page = ""
      let error = #expect(throws: RunDiffScratchError.self) {
        try store.writeDiffReport(
          labelA: "v1", labelB: "v2", bufferLimit: 24 * 64, page: "out/d.html") { page += $0 }
      }
      #expect(error?.page == "out/d.html")
      #expect(error?.problem == .fileSizeLimit)
      #expect(error?.directory == scratch)
      #expect(page.isEmpty, "\(page.prefix(80))")
    }
    _ = directory
  }

  /// A table that has thrown is done: a text it still remembers (the first) is not given its
  /// index after the failure but the same error, as every later call.
  @Test(
    .enabled(
      if: ChildProcessTest.startsChildren,
      "lowers the file-size limit: needs a child process of its own (Linux, not in process)"))
  func aTableThatFailedThrowsItsErrorOnEveryLaterCall() async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: "") else { return }
    try #require(ProcessInfo.processInfo.environment["NAVSIM_TEST_CHILD"] != nil)
    try underFileSizeLimit(1024) { _ in
      let table = TextTable(spilling: ScratchFiles(page: "p.html"), limit: 64, name: "t")
      var failure: RunDiffScratchError?
      for number in 0..<2_000 where failure == nil {
        let text = "text \(number) " + String(repeating: "x", count: 60)
        do { _ = try table.index(of: text) { text } } catch let error as RunDiffScratchError {
          failure = error
        }
      }
      let first = try #require(failure)
      #expect(first.problem == .fileSizeLimit)
      for text in ["text 0 " + String(repeating: "x", count: 60), "new"] {
        let again = #expect(throws: RunDiffScratchError.self) {
          try table.index(of: text) { text }
        }
        #expect(again == first)
      }
    }
  }

  @Test(
    .enabled(
      if: ChildProcessTest.startsChildren,
      "lowers the file-size limit: needs a child process of its own (Linux, not in process)"))
  func theJSONReportsScratchFileFailingWhileAPageIsWrittenIsTheDiffsOwn() async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: "") else { return }
    try #require(ProcessInfo.processInfo.environment["NAVSIM_TEST_CHILD"] != nil)
    let (directory, store) = try ReportDiffStreamTests().store(count: 600)
    try underFileSizeLimit(1024) { scratch in
      // The page's buffers hold it all; the JSON report's spills past 256 bytes.
      let report = RunDiffWriter(format: .json, bufferLimit: 256)
      var page = ""
      let error = #expect(throws: RunDiffScratchError.self) {
        try store.writeDiffReport(
          labelA: "v1", labelB: "v2", bufferLimit: 1 << 30, page: "out/d.html",
          each: { try report.add($0) }
        ) { page += $0 }
        try report.completeEvents()
      }
      #expect(error?.page == nil)
      #expect(error?.problem == .fileSizeLimit)
      #expect(
        error?.description.hasPrefix("the diff's scratch file in TMPDIR (\(scratch))") == true,
        "\(String(describing: error))")
    }
    _ = directory
  }
}
