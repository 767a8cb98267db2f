import Foundation
import TestSupport
import Testing

/// `ChildProcessTest`: a case run in a child process fails its parent when it fails there,
/// and a child runs only the case it was started for.
@Suite struct ChildProcessTestTests {
  /// Fails for "fails", only in a child started for it (in the run itself it returns at once).
  @Test(arguments: ["passes", "fails"])
  func failsInItsChildOnly(argument: String) async {
    guard ProcessInfo.processInfo.environment["NAVSIM_TEST_CHILD"] != nil else { return }
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: argument) else {
      return
    }
    #expect(argument == "passes", "the child's own expectation")
  }

  @Test func aCaseThatFailsInItsChildIsAnIssueOfTheRun() async {
    guard ChildProcessTest.testBinary != nil else {
      print("skipped: this test binary cannot be started again here")
      return
    }
    await withKnownIssue {
      let here = await ChildProcessTest.runsHere(
        Self.self, "failsInItsChildOnly(argument:)", argument: "fails")
      #expect(!here)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      return text.contains("failed in its child process")
        && text.contains("the child's own expectation")
    }
  }

  @Test func aCaseThatPassesInItsChildRecordsNothing() async {
    guard ChildProcessTest.testBinary != nil else { return }
    let here = await ChildProcessTest.runsHere(
      Self.self, "failsInItsChildOnly(argument:)", argument: "passes")
    #expect(!here)
  }

  /// A case started with an argument the test does not have runs nothing in its child: that is
  /// an issue, not a pass.
  @Test func aChildThatRanNoCaseForTheArgumentIsAnIssueOfTheRun() async {
    guard ChildProcessTest.testBinary != nil else { return }
    await withKnownIssue {
      let here = await ChildProcessTest.runsHere(
        Self.self, "failsInItsChildOnly(argument:)", argument: "no such argument")
      #expect(!here)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("ran no case for this argument")
    }
  }
}
