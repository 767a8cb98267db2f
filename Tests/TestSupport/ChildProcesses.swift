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
/// A child still running after `timeout` is killed with its process group, and `launch`
/// throws (see `RunningChild`).
/// - Parameters:
///   - environment: variables set for the child on top of this process's own, or, when
///     `inheritEnvironment` is false, the child's whole environment.
/// - Throws: when it cannot be started; `ChildProcessTimedOut` when it was killed.
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

/// A child process that runs while the test does other things: polls what it writes to a
/// file, signals it at a chosen moment, holds its standard input open, reads its output as it
/// comes. `wait()` ends every use.
///
/// Its output is read as it comes, on threads of their own, so a full pipe never blocks it.
/// A child still running `timeout` after its start is killed (`SIGKILL`) with its process
/// group (Linux's Foundation starts a child as the leader of a group of its own, so what it
/// started goes too and the pipes close), and then `wait()` throws `ChildProcessTimedOut`
/// naming the command: a hung child fails its test instead of hanging the run.
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
  private let output = ChildOutput()
  private let lock = NSLock()
  private var input: FileHandle?
  private var finished: Result<ProcessResult, ChildProcessTimedOut>?

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
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    switch standardInput {
    case .empty:
      process.standardInput = FileHandle.nullDevice
    case .open:
      let pipe = Pipe()
      process.standardInput = pipe
      input = pipe.fileHandleForWriting
    }
    try process.run()
    watchdog = ChildWatchdog(pid: process.processIdentifier, timeout: timeout)
    output.collect(out.fileHandleForReading, isStandardError: false)
    output.collect(err.fileHandleForReading, isStandardError: true)
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

  /// Whether the child still runs.
  public var isRunning: Bool { process.isRunning }

  /// Sends `signal` (e.g. `SIGKILL`) to the child alone, not its group. `SIGKILL` ends any
  /// child; another signal only one that does not block, ignore or handle it. Send none
  /// after `wait()`: the id may then name another process.
  public func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Closes the child's standard input (`.open`): a child reading it gets end-of-file.
  public func closeStandardInput() {
    lock.withLock {
      try? input?.close()
      input = nil
    }
  }

  /// Waits until what the child wrote to its standard output contains `text`, or the child
  /// closed it (ended, or was killed at its timeout), and returns what it wrote so far.
  public func waitForStandardOutput(toContain text: String) -> String {
    output.wait(until: { String(decoding: $0.standardOutput, as: UTF8.self).contains(text) })
    return output.withLock { String(decoding: $0.standardOutput, as: UTF8.self) }
  }

  /// Closes the child's standard input, waits for it to end and returns what it wrote and
  /// returned; again, the same.
  /// - Throws: `ChildProcessTimedOut` when its timeout killed it.
  public func wait() throws -> ProcessResult {
    closeStandardInput()
    output.wait(until: { $0.openStreams == 0 })
    process.waitUntilExit()
    return try lock.withLock {
      if let finished { return try finished.get() }
      let (out, err) = output.withLock { ($0.standardOutput, $0.standardError) }
      let signalled = process.terminationReason == .uncaughtSignal
      let result = ProcessResult(
        status: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
        standardError: String(decoding: err, as: UTF8.self),
        signal: signalled ? process.terminationStatus : nil)
      finished = watchdog.stop()
        ? .failure(ChildProcessTimedOut(command: command, timeout: timeout, result: result))
        : .success(result)
      return try finished!.get()
    }
  }
}

/// What a child wrote so far, appended by one reading thread per stream.
private final class ChildOutput: @unchecked Sendable {
  struct Streams {
    var standardOutput = Data()
    var standardError = Data()
    var openStreams = 0
  }

  private let condition = NSCondition()
  private var streams = Streams()

  /// Reads `handle` to its end on a thread of its own, appending to its stream.
  func collect(_ handle: FileHandle, isStandardError: Bool) {
    withLock { $0.openStreams += 1 }
    Thread { [self] in
      // One `read` at a time: it returns what the child wrote so far (`FileHandle`'s
      // `read(upToCount:)` waits for the whole count or the end).
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = buffer.withUnsafeMutableBytes {
          read(handle.fileDescriptor, $0.baseAddress, $0.count)
        }
        if count < 0 && errno == EINTR { continue }
        condition.lock()
        if count > 0 {
          if isStandardError {
            streams.standardError.append(contentsOf: buffer[..<count])
          } else {
            streams.standardOutput.append(contentsOf: buffer[..<count])
          }
        } else {
          streams.openStreams -= 1  // the end, or an error reading
        }
        condition.broadcast()
        condition.unlock()
        if count <= 0 { return }
      }
    }.start()
  }

  /// Blocks until `done` holds for the streams, or every stream is closed.
  func wait(until done: (Streams) -> Bool) {
    condition.lock()
    defer { condition.unlock() }
    while !done(streams) && streams.openStreams > 0 { condition.wait() }
  }

  func withLock<T>(_ body: (inout Streams) -> T) -> T {
    condition.lock()
    defer { condition.unlock() }
    return body(&streams)
  }
}

/// Kills a child's process group when it runs longer than its timeout, on a thread of its own.
///
/// Firing and stopping exclude each other (one lock): once `stop()` ran, nothing is killed, and
/// a kill that ran is reported. On Linux, whose Foundation makes the child a group leader, the
/// group is signalled; elsewhere (macOS) the child, which is not, is signalled alone, and what
/// it started lives on. Limits: a kill between the child's reaping and `stop()` (a few
/// instructions) would signal a pid the system may have reused; a descendant that left the
/// group and holds the output pipes open keeps the reading going until it ends.
final class ChildWatchdog: @unchecked Sendable {
  private let finished = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var fired = false
  private var stopped = false

  init(pid: Int32, timeout: Duration) {
    let (seconds, attoseconds) = timeout.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    Thread { [self] in
      guard finished.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut else { return }
      lock.withLock {
        guard !stopped else { return }
        fired = true
        #if os(Linux)
          kill(-pid, SIGKILL)
        #else
          kill(pid, SIGKILL)
        #endif
      }
    }.start()
  }

  /// Stops watching (the child ended and was reaped); whether the timeout had killed it.
  func stop() -> Bool {
    lock.withLock {
      stopped = true
      finished.signal()
      return fired
    }
  }
}
