import Foundation
@testable import TestSupport
import Testing

/// `RunningChild`, the test harness's child process for tests that do more than wait: it ends
/// at its timeout whatever the test waits for, and it gives the test the child's input, its
/// output as it comes, signals and a clean environment.
@Suite struct RunningChildTests {
  /// A child that hangs is killed at its timeout: a test waiting for output it never writes
  /// goes on, and `wait()` throws, naming the command, what it wrote before kept.
  @Test func aHungChildEndsTheWaitsAtItsTimeoutAndWaitNamesTheCommand() throws {
    let script = "echo started; exec sleep 60"
    let child = try RunningChild(path: "/bin/sh", ["-c", script], timeout: .seconds(3))
    #expect(child.waitForStandardOutput(toContain: "never written") == "started\n")
    do {
      let result = try child.wait()
      Issue.record("the child ended by itself: \(result)")
    } catch let error as ChildProcessTimedOut {
      #expect(
        "\(error)" == "/bin/sh -c \(script): killed after running longer than its timeout (3 s)")
      #expect(error.result.standardOutput == "started\n")
      #expect(error.result.signal == SIGKILL)
    }
    #expect(!child.isRunning)
    #expect(throws: ChildProcessTimedOut.self, "again, the same") { try child.wait() }
  }

  /// A child reading an open standard input runs until the test closes it.
  @Test func anOpenInputKeepsTheChildReadingUntilItCloses() throws {
    let child = try RunningChild(
      path: "/bin/sh", ["-c", "echo ready; cat; echo closed"], standardInput: .open)
    #expect(child.waitForStandardOutput(toContain: "\n") == "ready\n")
    #expect(child.isRunning, "cat reads until its input closes")
    child.closeStandardInput()
    let result = try child.wait()
    #expect(result.status == 0 && result.signal == nil)
    #expect(result.standardOutput == "ready\nclosed\n")
  }

  /// Without `.open`, standard input is empty: a child that reads it ends at once.
  @Test func theDefaultInputIsEmpty() throws {
    let result = try launch(path: "/bin/sh", ["-c", "cat; echo done"], timeout: .seconds(60))
    #expect(result.standardOutput == "done\n")
  }

  /// A signal the test sends (as the crash tests kill a writer mid-write) ends the child
  /// without an error: the result names the signal.
  @Test func aSignalThatEndsTheChildIsInItsResult() throws {
    let child = try RunningChild(
      path: "/bin/sh", ["-c", "echo ready; exec sleep 60"], timeout: .seconds(50))
    #expect(child.waitForStandardOutput(toContain: "\n") == "ready\n")
    child.send(SIGKILL)
    let result = try child.wait()
    #expect(result.signal == SIGKILL && result.status == SIGKILL)
  }

  @Test func theEnvironmentIsAddedToThisProcessOrIsTheWholeOne() throws {
    let alone = try launch(
      path: "/usr/bin/env", [], environment: ["ONLY": "this"], inheritEnvironment: false)
    #expect(alone.standardOutput == "ONLY=this\n")
    let added = try launch(path: "/usr/bin/env", [], environment: ["ONLY": "this"])
    let names = added.standardOutput.split(separator: "\n").map { $0.prefix { $0 != "=" } }
    #expect(names.contains("ONLY") && names.contains("PATH"), "\(names)")
  }

  /// Both streams are read as they come: output far past a pipe's buffer (64 KiB on Linux)
  /// on each of them, the other's unread, does not block the child.
  @Test func outputPastAPipesBufferOnBothStreamsIsReadWhole() throws {
    let result = try launch(
      path: "/bin/sh", ["-c", "head -c 300000 /dev/zero >&2; head -c 200000 /dev/zero"],
      timeout: .seconds(60))
    #expect(result.status == 0)
    #expect(result.standardError.utf8.count == 300_000)
    #expect(result.standardOutput.utf8.count == 200_000)
  }

  /// A descendant that left the child's process group (`setsid`) and holds its output pipes
  /// does not hold the waits past the timeout: the hung child is killed at 3 s, and the
  /// waits stop reading a short grace later, not when the descendant ends (30 s). (The bounds
  /// are far from both: a loaded machine starts a shell late.)
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
  func aDescendantHoldingTheOutputDoesNotOutlastTheTimeout() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let child = try RunningChild(
      path: "/bin/sh", ["-c", "setsid sleep 30 & echo hi; exec sleep 60"], timeout: .seconds(3))
    #expect(child.waitForStandardOutput(toContain: "never written") == "hi\n")
    #expect(clock.now - start < .seconds(20), "waitForStandardOutput waited for the descendant")
    #expect(throws: ChildProcessTimedOut.self) { try child.wait() }
    #expect(clock.now - start < .seconds(20), "wait waited for the descendant")
  }

  /// A child that exits by itself is never reported as timed out, even when a descendant it
  /// left in its group holds the output open past the timeout (2 s; the wait starts once the
  /// child ended and half a second past the timeout): the exit stopped its watchdog, and
  /// `wait()` throws `ChildOutputHeldOpen`, not waiting for the descendant (30 s).
  @Test func aChildThatExitedIsNotTimedOutWhenADescendantHoldsItsOutput() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let child = try RunningChild(
      path: "/bin/sh", ["-c", "sleep 30 & echo hi"], timeout: .seconds(2))
    while child.isRunning || clock.now - start < .milliseconds(2500) { usleep(20_000) }
    do {
      let result = try child.wait()
      Issue.record("returned as if the output closed: \(result)")
    } catch let error as ChildOutputHeldOpen {
      #expect(error.result.status == 0 && error.result.signal == nil)
      #expect(error.result.standardOutput == "hi\n")
      #expect(
        "\(error)" == "/bin/sh -c sleep 30 & echo hi: exited (status 0), but a descendant "
          + "holds its output open")
    }
    #expect(clock.now - start < .seconds(20), "wait waited for the descendant")
  }

  /// `waitForStandardOutput` returns when standard output closes, though standard error
  /// stays open (the child runs on).
  @Test func waitingForOutputEndsWhenStandardOutputCloses() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let child = try RunningChild(
      path: "/bin/sh", ["-c", "echo a; exec 1>&-; exec sleep 60"], timeout: .seconds(50))
    #expect(child.waitForStandardOutput(toContain: "never written") == "a\n")
    #expect(clock.now - start < .seconds(30), "waited for the child's end (its timeout: 50 s)")
    #expect(child.isRunning)
    child.send(SIGKILL)
    #expect(try child.wait().signal == SIGKILL)
  }

  /// An executable that can't be started is an error, and nothing else: the harness never
  /// takes the unlaunched process's id 0 for a child to kill (`kill(0, ...)` would end this
  /// process's whole group, the test run with it).
  @Test func aChildThatCannotStartThrowsAndKillsNothing() {
    #expect(throws: (any Error).self) { try launch(path: "/nonexistent/navsim-child", []) }
    #expect(throws: (any Error).self) {
      _ = try RunningChild(path: "/nonexistent/navsim-child", [], timeout: .seconds(1))
    }
  }

  /// A child dropped without `wait()` (a test that threw between its start and its wait) is
  /// killed, its output's readers ended and its pipes closed, instead of running until its
  /// timeout (Foundation reaps it). Whether a child still runs is asked of the system as its
  /// parent (`childIsRunning`), not by its id alone: a reaped child's id may already name
  /// another process (other tests start many).
  @Test func aChildDroppedWithoutWaitIsKilledAndItsPipesClosed() throws {
    var pids: [Int32] = []
    var pipes: Set<String> = []  // the child's ends name the pipes (Linux)
    let clock = ContinuousClock()
    let start = clock.now
    do {
      let children = try (0..<10).map { _ in
        try RunningChild(path: "/bin/sleep", ["60"], timeout: .seconds(50))
      }
      for child in children {
        pids.append(child.processIdentifier)
        for stream in [1, 2] {
          if let pipe = try? FileManager.default.destinationOfSymbolicLink(
            atPath: "/proc/\(child.processIdentifier)/fd/\(stream)")
          {
            pipes.insert(pipe)
          }
        }
      }
      #expect(pids.allSatisfy { childIsRunning($0) })
    }
    // Each drop waited for its child's end: killed, not left to its 50 s timeout.
    #expect(clock.now - start < .seconds(40), "the dropped children ran until their timeout")
    #expect(pids.filter { childIsRunning($0) } == [], "children left running")
    func open() -> [String] {
      let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return fds.compactMap {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
      }.filter(pipes.contains)
    }
    // The readers notice within a poll (100 ms); the bound only ends a failing wait.
    let readers = clock.now
    while !open().isEmpty && clock.now - readers < .seconds(30) { usleep(20_000) }
    #expect(open() == [], "pipes left open")
  }

  /// The harness signals only a child of this process that still runs: once Foundation
  /// reaped a child, its id may name another process, which no kill (the timeout's, a dropped
  /// child's, `send`) may reach. A process that is not this one's child, here the child's own
  /// child, stands for such an id.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "reads /proc"))
  func noSignalReachesAProcessThatIsNotARunningChild() throws {
    let child = try RunningChild(
      path: "/bin/sh", ["-c", "sleep 60 </dev/null >/dev/null 2>&1 & echo $!; exec sleep 60"],
      timeout: .seconds(50))
    let line = child.waitForStandardOutput(toContain: "\n")
    let other = try #require(Int32(line.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(childIsRunning(child.processIdentifier))
    #expect(!childIsRunning(other), "not this process's child")
    #expect(!killChild(other))
    // A SIGKILL takes effect when `other` next runs: it must stay alive for a while (300 ms).
    let clock = ContinuousClock()
    let start = clock.now
    var alive = true
    while alive && clock.now - start < .milliseconds(300) {
      alive = Self.runs(other)
      usleep(10_000)
    }
    #expect(alive, "killChild signalled a process that is not its child")
    kill(other, SIGKILL)  // while its parent, the child, holds its id
    child.send(SIGKILL)
    #expect(try child.wait().signal == SIGKILL)
    #expect(!childIsRunning(child.processIdentifier), "ended")
    child.send(SIGKILL)  // ended: nothing is sent
  }

  /// A pipe no process writes any more is read to its end however late the wait comes: a
  /// reader that a loaded machine runs late is no descendant holding the pipe. The grace
  /// after the exit ends only a wait on a pipe that another process still holds open.
  @Test func aPipeNoProcessWritesIsReadToItsEndHoweverLateTheWait() throws {
    let text = Data(repeating: UInt8(ascii: "a"), count: 60_000)  // within a pipe's buffer
    for _ in 0..<20 {
      let state = ChildState(), pipe = Pipe()
      pipe.fileHandleForWriting.write(text)
      try pipe.fileHandleForWriting.close()
      state.collect(pipe.fileHandleForReading, isStandardError: false)
      // Its deadline passed before the reader ran.
      #expect(state.waitForStreamsToClose(until: ContinuousClock.now - .seconds(1)))
      let read = state.output().0
      #expect(read.count == text.count && read == text)
    }
    let state = ChildState(), held = Pipe()
    held.fileHandleForWriting.write(text)
    state.collect(held.fileHandleForReading, isStandardError: false)
    #expect(!state.waitForStreamsToClose(until: ContinuousClock.now + .milliseconds(200)))
    try held.fileHandleForWriting.close()
  }

  /// A stream no process writes any more is read to its end though the other stream's pipe
  /// is still held at the deadline: only the held one is abandoned.
  @Test func onlyAStreamStillHeldIsAbandoned() throws {
    let text = Data(repeating: UInt8(ascii: "a"), count: 60_000)  // within a pipe's buffer
    for _ in 0..<20 {
      let state = ChildState(), output = Pipe(), error = Pipe()
      output.fileHandleForWriting.write(text)
      try output.fileHandleForWriting.close()
      state.collect(output.fileHandleForReading, isStandardError: false)
      state.collect(error.fileHandleForReading, isStandardError: true)
      #expect(!state.waitForStreamsToClose(until: ContinuousClock.now - .seconds(1)))
      let read = state.output().0
      #expect(read.count == text.count && read == text)
      try error.fileHandleForWriting.close()
    }
  }

  /// Past the exit's grace, `waitForStandardOutput` still reads a standard output no process
  /// writes any more to its end (its reader may run late); the grace ends only a wait on a
  /// pipe another process holds.
  @Test func waitingForOutputReadsAPipeNoProcessWritesPastTheGrace() throws {
    let text = String(repeating: "a", count: 60_000)  // within a pipe's buffer
    for _ in 0..<20 {
      let state = ChildState(), output = Pipe()
      output.fileHandleForWriting.write(Data(text.utf8))
      try output.fileHandleForWriting.close()
      state.markExited(nil)
      state.collect(output.fileHandleForReading, isStandardError: false)
      let read = state.waitForStandardOutput(toContain: Array("never".utf8), grace: .zero)
      #expect(read.utf8.count == text.utf8.count && read == text)
    }
  }

  /// A child's pipes reach no program that another thread starts while they are open: once
  /// the harness closed its writing end, the pipe ends, however long that program runs.
  /// (Foundation's `Pipe` failed this: a process another test started inherited a running
  /// child's output pipe and held it open for 20 seconds.) The program here is started with
  /// no file actions, so it receives every descriptor not marked close-on-exec.
  @Test func aChildsPipeReachesNoProgramAnotherThreadStarts() throws {
    let pipe = try ChildPipe()
    var pid = pid_t()
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("30"), nil]
    let environment: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/bin:/usr/bin"), nil]
    defer { (argv + environment).forEach { free($0) } }
    try #require(posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environment) == 0)
    defer {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    try pipe.writing.close()
    var ended = pollfd(fd: pipe.reading.fileDescriptor, events: Int16(POLLIN), revents: 0)
    #expect(poll(&ended, 1, 5_000) == 1, "the program holds the pipe open")
    #expect(ended.revents & Int16(POLLHUP) != 0)
  }

  /// Whether `pid` names a process that runs (not a zombie).
  static func runs(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return !"ZX".contains(stat[stat.index(close, offsetBy: 2)])
  }
}
