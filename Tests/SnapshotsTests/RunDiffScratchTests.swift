import Foundation
@testable import Snapshots
import Testing
import TestSupport

// The diff's scratch file fails (past `ulimit -f`) and the last of its failure only shows when
// the stdio buffer is flushed at the end: nothing of the report may have been written by then.
// The file-size limit is the process's, so the case runs in a child process of its own.

@Suite struct RunDiffScratchTests {
  @Test(
    .enabled(
      if: ChildProcessTest.startsChildren,
      "lowers the file-size limit: needs a child process of its own (Linux, not in process)"))
  func aScratchFileFailingAtItsLastFlushWritesNothing() async throws {
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: "") else { return }
    // Only in a child (the trait's condition): lowering the limit in the test process would
    // fail other suites' files.
    try #require(ProcessInfo.processInfo.environment["NAVSIM_TEST_CHILD"] != nil)
    let (directory, store) = try RunDiffStreamTests().store(count: 200)
    for format in [RunDiffFormat.json, .text(maxEvents: 1000)] {
      var whole = ""
      let summary = try store.writeDiff(labelA: "v1", labelB: "v2", format: format) {
        whole += $0
      }.summary
      let (head, tail) =
        switch format {
        case .json: (summary.jsonHead, summary.jsonTail)
        case .text(let maxEvents): (summary.textHead(), summary.textTail(maxEvents: maxEvents))
        }
      let eventsSize = whole.utf8.count - head.utf8.count - tail.utf8.count
      #expect(eventsSize > 3 * 4096)  // more than stdio buffers: most of it written early
      // Only the last byte does not fit.
      try underFileSizeLimit(eventsSize - 1) { _ in
        var text = ""
        let error = #expect(throws: RunDiffScratchError.self) {
          try store.writeDiff(labelA: "v1", labelB: "v2", format: format, bufferLimit: 256) {
            text += $0
          }
        }
        #expect(error?.problem == .fileSizeLimit)
        #expect(text.isEmpty, "\(text.prefix(80))")
      }
    }
    _ = directory
  }

  @Test func theScratchFilesErrorSaysWhatToDo() {
    let error = RunDiffScratchError(problem: .noSpace, directory: "/tmp")
    #expect(
      error.description
        == "the diff's scratch file in TMPDIR (/tmp) filled the disk; set TMPDIR to a directory "
        + "with room, or use the text report with a smaller --max-events; nothing was written")
    let limit = RunDiffScratchError(problem: .fileSizeLimit, directory: "/var/tmp")
    #expect(limit.description.hasPrefix(
      "the diff's scratch file in TMPDIR (/var/tmp) reached the file-size limit (ulimit -f)"))
    // Writing a page (`--html`): the message names the page and gives no text-report advice.
    let page = RunDiffScratchError(problem: .fileSizeLimit, directory: "/tmp", page: "out/d.html")
    #expect(
      page.description
        == "out/d.html: a scratch file of the page in TMPDIR (/tmp) reached the file-size limit "
        + "(ulimit -f); raise it; nothing was written")
  }
}
