// CPU-heavy test cases run in a child process of the test binary, so they use the machine's
// other cores: nearly every suite is `@MainActor` (the UIKit model is), so in one process
// they all queue for the main thread, one core, whatever the machine has.
import Foundation
import Testing

/// Runs a CPU-heavy test case in a child process of this test binary.
///
/// A test case calls `ChildProcessTest.runsHere(...)` first and returns when it answers false:
///
/// ```swift
/// @Test(arguments: recordings)
/// func everyDelegateLaysOutTheSame(recording: String) async throws {
///   guard await ChildProcessTest.runsHere(Self.self, #function, argument: recording) else {
///     return
///   }
///   ... the test's body, unchanged
/// }
/// ```
///
/// In the test run it starts this test binary on the one test (`--filter`), for that argument
/// only, waits for it off the main actor, and records an issue with the child's report when
/// the child fails: every expectation runs, in the child. At most as many children run at
/// once as the machine has cores. Inside the child, the case for that argument runs its body
/// and the other cases of the test return at once. Where the binary cannot be started again
/// (not Linux, or `NAVSIM_TEST_IN_PROCESS=1`) the body runs in this process. A child that runs
/// longer than `timeout` is killed with its process group, and that is an issue of the run
/// naming the command and the timeout: a hung case fails instead of hanging `swift test`.
public enum ChildProcessTest {
  /// The variable naming the test case a child runs: `TEST-ID` tab `ARGUMENT`.
  static let variable = "NAVSIM_TEST_CHILD"

  /// Whether `runsHere` starts a child: on Linux, unless `NAVSIM_TEST_IN_PROCESS=1`. A test
  /// whose body must not run in the test process (it lowers a process-wide limit) is enabled
  /// only when this holds, so elsewhere it shows as skipped, not as passed.
  public static var startsChildren: Bool {
    testBinary != nil && ProcessInfo.processInfo.environment["NAVSIM_TEST_IN_PROCESS"] != "1"
  }

  /// Whether the calling test case's body runs in this process; when it answers false the
  /// case ran (in a child) or belongs to another child, and the caller returns.
  /// - Parameters:
  ///   - suite: the suite type (`Self.self`).
  ///   - function: the test function (`#function`).
  ///   - argument: the case's argument, as it is unique among the test's cases.
  ///   - timeout: how long the child may run (from its start, not from its wait for a core).
  public static func runsHere(
    _ suite: Any.Type, _ function: String, argument: String,
    timeout: Duration = defaultChildTimeout, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    let id = String(reflecting: suite) + "/" + function
    let environment = ProcessInfo.processInfo.environment
    if let child = environment[variable] {
      guard child == id + "\t" + argument else { return false }
      // The parent's proof that this child ran the case's body, not only some case of it.
      FileHandle.standardError.write(Data((ranMarker + child + "\n").utf8))
      return true
    }
    guard let binary = testBinary, environment["NAVSIM_TEST_IN_PROCESS"] != "1" else {
      return true
    }
    await slots.acquire()
    // A thread of its own waits for the child: a blocked task would hold one of the few
    // threads of the concurrency pool that every other async test needs.
    let result: Result<ProcessResult, any Error> = await withCheckedContinuation { done in
      Thread {
        done.resume(returning: Result {
          try launch(
            path: binary,
            ["--testing-library", "swift-testing", "--filter",
             "^" + NSRegularExpression.escapedPattern(for: id) + "(/|$)"],
            environment: [variable: id + "\t" + argument, "NO_COLOR": "1"], timeout: timeout)
        })
      }.start()
    }
    await slots.release()
    switch result {
    case .failure(let error as ChildProcessTimedOut):
      Issue.record(
        Comment(rawValue: "\(id) (\(argument)): \(error)\n" + report(error.result)),
        sourceLocation: sourceLocation)
    case .failure(let error as ChildOutputHeldOpen):
      Issue.record(
        Comment(rawValue: "\(id) (\(argument)): \(error)\n" + report(error.result)),
        sourceLocation: sourceLocation)
    case .failure(let error):
      Issue.record("\(id) (\(argument)): the child process did not start: \(error)",
        sourceLocation: sourceLocation)
    case .success(let child) where child.status != 0:
      Issue.record(
        Comment(rawValue: "\(id) (\(argument)) failed in its child process (exit "
          + "\(child.status)):\n" + report(child)),
        sourceLocation: sourceLocation)
    case .success(let child)
    where !(child.standardOutput + child.standardError).contains("Test run with 1 test "):
      Issue.record(
        Comment(rawValue: "\(id) (\(argument)): the child process ran no test:\n"
          + report(child)),
        sourceLocation: sourceLocation)
    case .success(let child)
    where !child.standardError.contains(ranMarker + id + "\t" + argument + "\n"):
      Issue.record(
        Comment(rawValue: "\(id) (\(argument)): the child process ran no case for this "
          + "argument (is `argument:` the case's own?):\n" + report(child)),
        sourceLocation: sourceLocation)
    case .success(let child):
      for line in child.standardError.split(separator: "\n") where line.hasPrefix(noteMarker) {
        print(line.dropFirst(noteMarker.count))
      }
    }
    return false
  }

  /// Prints `text` for whoever runs the tests, from a case in a child process too (whose
  /// output is shown only when it fails): the parent prints the child's notes.
  public static func note(_ text: String) {
    if ProcessInfo.processInfo.environment[variable] != nil {
      FileHandle.standardError.write(Data((noteMarker + text + "\n").utf8))
    } else {
      print(text)
    }
  }

  static let noteMarker = "NAVSIM_TEST_NOTE "

  /// What a child writes to standard error, before `TEST-ID` tab `ARGUMENT`, when it runs
  /// the case's body.
  static let ranMarker = "NAVSIM_TEST_CHILD_RAN "

  /// The lines of a child's output that say what failed, each issue with its comment lines
  /// (`↳ ...`); the end of the output when none does.
  static func report(_ child: ProcessResult) -> String {
    let lines = (child.standardOutput + child.standardError).split(separator: "\n")
    var failures: [Substring] = []
    var inIssue = false
    for line in lines {
      let trimmed = line.drop { $0 == " " }
      if line.contains("recorded an issue") || trimmed.hasPrefix("✘") {
        failures.append(line)
        inIssue = line.contains("recorded an issue")
      } else if inIssue && trimmed.hasPrefix("↳") {
        failures.append(line)
      } else {
        inIssue = false
      }
    }
    return (failures.isEmpty ? lines.suffix(30) : failures.prefix(80)).joined(separator: "\n")
  }

  /// This test binary, when it can be started again (Linux: `/proc/self/exe`).
  public static let testBinary: String? = {
    #if os(Linux)
      let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      return path.flatMap { $0.hasSuffix(".xctest") ? $0 : nil }
    #else
      return nil
    #endif
  }()

  /// One slot a core.
  static let slots = Slots(ProcessInfo.processInfo.activeProcessorCount)
}

/// A counting semaphore for tasks.
actor Slots {
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(_ count: Int) { free = max(1, count) }

  func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func release() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
