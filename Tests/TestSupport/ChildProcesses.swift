// Child processes for tests, each under a timeout: a test whose child hangs fails, naming the
// command, instead of hanging `swift test`. `launch` runs one and waits; `RunningChild` is for
// tests that do more while it runs (poll, signal it, hold its standard input open).
import Foundation

// MARK: - Results and timeouts

/// What a finished process printed and returned.
public struct ProcessResult: Sendable {
  /// The exit status; the signal's number when a signal ended it.
  public var status: Int32
  public var standardOutput: String
  public var standardError: String
  /// The signal that ended the process (e.g. `SIGKILL`); nil when it exited.
  public var signal: Int32? = nil
}

/// How long a child process may run before it is killed: a test that hangs a child fails
/// after this long instead of hanging `swift test`. Generous: the heaviest children (a case of
/// `ChildProcessTest`, a `navsim check` of several recordings) take minutes in a debug build
/// on a loaded machine.
public let defaultChildTimeout: Duration = .seconds(600)

/// A child process that ran longer than its timeout and was killed (with its process group).
public struct ChildProcessTimedOut: Error, CustomStringConvertible {
  /// The command: the executable's path and its arguments.
  public var command: [String]
  public var timeout: Duration
  /// What it wrote before it was killed.
  public var result: ProcessResult

  public var description: String {
    "\(command.joined(separator: " ")): killed after running longer than its timeout "
      + "(\(timeout.components.seconds) s)"
  }
}

/// A child that exited by itself, but whose output a descendant (a process it started and left
/// running) held open past a short grace after the exit: what was read by then is kept.
public struct ChildOutputHeldOpen: Error, CustomStringConvertible {
  /// The command: the executable's path and its arguments.
  public var command: [String]
  /// Its exit status, and what it wrote before the reading stopped.
  public var result: ProcessResult

  public var description: String {
    "\(command.joined(separator: " ")): exited (status \(result.status)), but a descendant "
      + "holds its output open"
  }
}

// MARK: - Running and waiting

/// Runs the built executable `name` (e.g. `navsim`) with `arguments` and waits for it.
/// - Throws: when the executable is not built or cannot be started; `ChildProcessTimedOut`
///   when it runs longer than `timeout`.
/// - Parameters:
///   - environment: variables set for the child on top of this process's own.
public func launchProduct(
  _ name: String, _ arguments: [String], currentDirectory: String? = nil,
  environment: [String: String] = [:], timeout: Duration = defaultChildTimeout
) throws -> ProcessResult {
  try launch(
    path: productPath(name), arguments, currentDirectory: currentDirectory,
    environment: environment, timeout: timeout)
}

/// Runs the executable at `path` with `arguments` and waits for it, its output captured and
/// its standard input empty (`/dev/null`).
///
/// A child still running after `timeout` is killed (with its process group when it leads
/// one), and `launch` throws (see `RunningChild`).
/// - Parameters:
///   - environment: variables set for the child on top of this process's own, or, when
///     `inheritEnvironment` is false, the child's whole environment.
/// - Throws: when it cannot be started; `ChildProcessTimedOut` when it was killed;
///   `ChildOutputHeldOpen` when it exited but a descendant held its output open.
public func launch(
  path: String, _ arguments: [String], currentDirectory: String? = nil,
  environment: [String: String] = [:], inheritEnvironment: Bool = true,
  timeout: Duration = defaultChildTimeout
) throws -> ProcessResult {
  try RunningChild(
    path: path, arguments, currentDirectory: currentDirectory, environment: environment,
    inheritEnvironment: inheritEnvironment, timeout: timeout
  ).wait()
}

/// Runs the built executable `name` as the synchronous `launchProduct` does, waiting on a
/// thread of its own: the caller's actor (the main actor of most suites) runs other tests
/// while the child runs on the other cores.
/// - Throws: when the executable is not built or cannot be started.
public func launchProduct(
  _ name: String, _ arguments: [String], currentDirectory: String? = nil,
  environment: [String: String] = [:], timeout: Duration = defaultChildTimeout
) async throws -> ProcessResult {
  try await withCheckedThrowingContinuation { continuation in
    let waiter = Thread {
      continuation.resume(with: Result {
        try launchProduct(
          name, arguments, currentDirectory: currentDirectory, environment: environment,
          timeout: timeout)
      })
    }
    waiter.start()
  }
}

/// The path of the built executable `name`.
/// - Throws: when it is not built.
public func productPath(_ name: String) throws -> String {
  guard let path = Fixtures.executable(name) else {
    throw CocoaError(
      .fileNoSuchFile, userInfo: [NSFilePathErrorKey: Fixtures.productsDirectory + "/" + name])
  }
  return path
}

// MARK: - A running child

/// How long the waits keep reading a child's output after it ended (by itself or killed at
/// its timeout) when a descendant still holds the output pipes open: what remains in the
/// pipes is read in far less, and then the descendant, not the child, is what holds them.
public let childOutputGrace: Duration = .seconds(1)

/// A child process that runs while the test does other things: polls what it writes to a
/// file, signals it at a chosen moment, holds its standard input open, reads its output as it
/// comes. `wait()` ends every use.
///
/// Its output is read as it comes, on threads of their own, so a full pipe never blocks it.
/// A child still running `timeout` after its start is killed (`SIGKILL`), with its process
/// group when it leads one (Linux's Foundation starts it so: what it started goes too), and
/// then `wait()` throws `ChildProcessTimedOut` naming the command: a hung child fails its test
/// instead of hanging the run. The waits wait for the child to end, then for its output to
/// close only `childOutputGrace` longer: a descendant that left its group (`setsid`, or a
/// process Foundation started) and holds the pipes open does not hold the test.
public final class RunningChild: @unchecked Sendable {
  /// What the child reads on its standard input.
  public enum Input: Sendable {
    /// `/dev/null`: a child that reads gets end-of-file at once.
    case empty
    /// A pipe kept open until `closeStandardInput()` or `wait()`: a child that reads until
    /// end-of-file runs until then.
    case open
  }

  /// The command: the executable's path and its arguments.
  public let command: [String]
  public let timeout: Duration
  private let process = Process()
  private let watchdog: ChildWatchdog
  private let state = ChildState()
  private let lock = NSLock()
  private var input: FileHandle?
  private var finished: Result<ProcessResult, any Error>?

  /// Starts the executable at `path` with `arguments`.
  /// - Parameters:
  ///   - environment: variables set for the child on top of this process's own, or, when
  ///     `inheritEnvironment` is false, the child's whole environment.
  /// - Throws: when it cannot be started.
  public init(
    path: String, _ arguments: [String], currentDirectory: String? = nil,
    environment: [String: String] = [:], inheritEnvironment: Bool = true,
    standardInput: Input = .empty, timeout: Duration = defaultChildTimeout
  ) throws {
    command = [path] + arguments
    self.timeout = timeout
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if !inheritEnvironment {
      process.environment = environment
    } else if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    // Pipes of the harness's own, not Foundation's `Pipe`: see `ChildPipe`. The child's ends
    // are closed here once it started (or failed to), as Foundation closes a `Pipe`'s.
    let out = try ChildPipe(), err = try ChildPipe()
    var childEnds = [out.writing, err.writing]
    defer { for end in childEnds { try? end.close() } }
    process.standardOutput = out.writing
    process.standardError = err.writing
    switch standardInput {
    case .empty:
      process.standardInput = FileHandle.nullDevice
    case .open:
      let pipe = try ChildPipe()
      childEnds.append(pipe.reading)
      process.standardInput = pipe.reading
      input = pipe.writing
    }
    // Stopped at the exit, before anything waits: a child that ended is never killed or
    // reported as timed out, however long its output stays open. (Foundation's own
    // termination handler comes late on Linux: after the output closed.)
    let watchdog = ChildWatchdog(timeout: timeout), state = state
    self.watchdog = watchdog
    do {
      try process.run()
    } catch {
      // Nothing to kill or wait for: `deinit` (which runs, `self` being whole) must not take
      // the unlaunched process's id 0 for a child (`kill(0, ...)` is this process's group).
      finished = .failure(error)
      throw error
    }
    let pid = process.processIdentifier
    watchdog.start(pid: pid)
    Thread {
      let end = waitForEnd(pid)
      _ = watchdog.stop()
      state.markExited(end)
    }.start()
    for end in childEnds { try? end.close() }
    childEnds = []
    state.collect(out.reading, isStandardError: false)
    state.collect(err.reading, isStandardError: true)
  }

  /// A child dropped without `wait()` (its test threw before) is killed (with its group when
  /// it leads one) unless it ended (`killChild` checks first), waited for (Foundation
  /// reaps it), its watchdog stopped and its output's readers ended: it does not run on, its
  /// threads and pipes held, until its timeout.
  deinit {
    guard lock.withLock({ finished == nil }) else { return }
    try? input?.close()
    if !state.hasExited { killChild(process.processIdentifier) }
    _ = state.waitForExit()
    _ = watchdog.stop()
    state.abandon()
  }

  /// Starts the built executable `name` (e.g. `navsim`), as `init(path:...)` starts one.
  /// - Throws: when it is not built or cannot be started.
  public convenience init(
    product name: String, _ arguments: [String], currentDirectory: String? = nil,
    environment: [String: String] = [:], standardInput: Input = .empty,
    timeout: Duration = defaultChildTimeout
  ) throws {
    try self.init(
      path: productPath(name), arguments, currentDirectory: currentDirectory,
      environment: environment, standardInput: standardInput, timeout: timeout)
  }

  /// Whether the child still runs: false from its exit on, as the exit watcher saw it
  /// (Foundation's `isRunning` turns false only once it reaped the child, which can come
  /// after `wait()` returned).
  public var isRunning: Bool { !state.hasExited }

  /// The child's process id. Signal it only through `send`: once the child is reaped, the id
  /// may name another process.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Sends `signal` (e.g. `SIGKILL`) to the child alone, not its group, while it runs (one
  /// that ended gets none: once reaped, its id may name another process). `SIGKILL` ends any
  /// child; another signal only one that does not block, ignore or handle it.
  public func send(_ signal: Int32) {
    if childIsRunning(process.processIdentifier) { kill(process.processIdentifier, signal) }
  }

  /// Closes the child's standard input (`.open`): a child reading it gets end-of-file.
  public func closeStandardInput() {
    lock.withLock {
      try? input?.close()
      input = nil
    }
  }

  /// Waits until what the child wrote to its standard output contains `text`, or it closed
  /// its standard output, or it ended (by itself, or killed at its timeout) and
  /// `childOutputGrace` passed; returns what it wrote so far.
  public func waitForStandardOutput(toContain text: String) -> String {
    state.waitForStandardOutput(toContain: Array(text.utf8), grace: childOutputGrace)
  }

  /// Closes the child's standard input, waits for it to end and for its output to close
  /// (`childOutputGrace` at most after the end), and returns what it wrote and returned;
  /// again, the same.
  /// - Throws: `ChildProcessTimedOut` when its timeout killed it; `ChildOutputHeldOpen` when
  ///   it exited by itself but its output stayed open (a descendant holds it).
  public func wait() throws -> ProcessResult {
    closeStandardInput()
    let exit = state.waitForExit()
    let timedOut = watchdog.stop()
    let closed = state.waitForStreamsToClose(until: exit + childOutputGrace)
    return try lock.withLock {
      if let finished { return try finished.get() }
      let (out, err) = state.output()
      let end = state.end ?? {
        // Foundation reaped it first: its status is Foundation's.
        process.waitUntilExit()
        let signalled = process.terminationReason == .uncaughtSignal
        return ChildEnd(
          status: process.terminationStatus, signal: signalled ? process.terminationStatus : nil)
      }()
      let result = ProcessResult(
        status: end.status, standardOutput: String(decoding: out, as: UTF8.self),
        standardError: String(decoding: err, as: UTF8.self), signal: end.signal)
      if timedOut {
        finished = .failure(ChildProcessTimedOut(command: command, timeout: timeout, result: result))
      } else if !closed {
        finished = .failure(ChildOutputHeldOpen(command: command, result: result))
      } else {
        finished = .success(result)
      }
      return try finished!.get()
    }
  }
}
