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

  /// Hangs (sleeps a minute) for "sleeps", only in a child started for it.
  @Test(arguments: ["sleeps"])
  func hangsInItsChildOnly(argument: String) async throws {
    guard ProcessInfo.processInfo.environment["NAVSIM_TEST_CHILD"] != nil else { return }
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: argument) else {
      return
    }
    try await Task.sleep(for: .seconds(60))
  }

  /// Notes, only in a child started for it.
  @Test(arguments: ["notes"])
  func notesInItsChildOnly(argument: String) async {
    guard ProcessInfo.processInfo.environment["NAVSIM_TEST_CHILD"] != nil else { return }
    guard await ChildProcessTest.runsHere(Self.self, #function, argument: argument) else {
      return
    }
    ChildProcessTest.note("a note from the child")
  }

  /// A note of a case in a child goes to its standard error, marked, for the parent (which
  /// shows a passing child's output no other way) to print.
  @Test func aChildsNoteIsMarkedForItsParent() throws {
    guard let binary = ChildProcessTest.testBinary else { return }
    let id = "ReplayTests.ChildProcessTestTests/notesInItsChildOnly(argument:)"
    let child = try launch(
      path: binary,
      ["--testing-library", "swift-testing", "--filter",
       "^" + NSRegularExpression.escapedPattern(for: id) + "(/|$)"],
      environment: ["NAVSIM_TEST_CHILD": id + "\tnotes", "NO_COLOR": "1"], timeout: .seconds(60))
    #expect(child.status == 0, "\(child.standardError)")
    #expect(child.standardError.contains("\nNAVSIM_TEST_NOTE a note from the child\n"))
  }

  /// A child that runs longer than its timeout is killed, and that is an issue of the run
  /// naming the command and the timeout.
  @Test func aChildThatOutrunsItsTimeoutIsKilledAndIsAnIssueOfTheRun() async {
    guard let binary = ChildProcessTest.testBinary else { return }
    await withKnownIssue {
      let here = await ChildProcessTest.runsHere(
        Self.self, "hangsInItsChildOnly(argument:)", argument: "sleeps", timeout: .seconds(1))
      #expect(!here)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      return text.contains("\(binary) --testing-library swift-testing --filter ")
        && text.contains("killed after running longer than its timeout (1 s)")
    }
  }

  /// `launch` kills a child that outruns its timeout with its process group: a process the
  /// child started goes too. (That one closes every inherited descriptor first, in bash: dash
  /// cannot name descriptors above 9: holding a pipe's end, it would end the reading only
  /// `childOutputGrace` after the kill, whether killed or not.)
  @Test(.enabled(if: Self.hasProc, "reads /proc; the child leads a process group on Linux only"))
  func launchKillsTheChildsProcessGroupAfterItsTimeout() throws {
    let grandchild =
      "(cd /proc/self/fd && for fd in *; do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done;"
      + " exec sleep 60) </dev/null >/dev/null 2>&1"
    let script = grandchild + " & echo $!; wait"
    do {
      let result = try launch(path: "/bin/bash", ["-c", script], timeout: .seconds(3))
      Issue.record("the child ended by itself: \(result)")
    } catch let error as ChildProcessTimedOut {
      #expect(
        error.description
          == "/bin/bash -c \(script): killed after running longer than its timeout (3 s)")
      let pid = try #require(
        Int32(error.result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
      let running = Self.isRunning(pid)
      #expect(!running, "the child's child \(pid) still runs")
      if running { kill(pid, SIGKILL) }
    }
  }

  @Test func launchReturnsWhatAChildWithinItsTimeoutWrote() throws {
    let result = try launch(
      path: "/bin/sh", ["-c", "echo out; echo err >&2; exit 3"], timeout: .seconds(60))
    #expect(result.status == 3)
    #expect(result.standardOutput == "out\n" && result.standardError == "err\n")
  }

  /// Linux: `/proc` to read and a child that leads its process group.
  static var hasProc: Bool {
    #if os(Linux)
      true
    #else
      false
    #endif
  }

  /// Whether `pid` is a live process (neither gone nor a zombie waiting for its reaper); a
  /// killed process turns a zombie as soon as it runs again, so this waits for that, up to
  /// 5 s (a loaded machine).
  static func isRunning(_ pid: Int32) -> Bool {
    for _ in 0..<250 {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let state = stat[stat.index(close, offsetBy: 2)]
      if state == "Z" || state == "X" { return false }
      usleep(20_000)
    }
    return true
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
