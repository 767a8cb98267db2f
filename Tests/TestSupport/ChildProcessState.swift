// The parts of `RunningChild` that run on threads of their own: the readers of its output and
// the watchdog that kills it at its timeout.
import Foundation

/// What a child wrote so far (appended by one reading thread per stream), whether each stream
/// is still open, and when the child ended; one condition guards them all.
final class ChildState: @unchecked Sendable {
  private let condition = NSCondition()
  private var standardOutput = Data()
  private var standardError = Data()
  private var standardOutputOpen = false
  private var openStreams = 0
  /// The read ends not closed yet (each closed with the lock held, so none names another file
  /// while the lock is held): standard output's, and standard error's.
  private var openDescriptors: [Bool: Int32] = [:]
  private var exitedAt: ContinuousClock.Instant?
  /// The streams the waits stopped reading (keyed as `openDescriptors`): their readers end
  /// (within a poll's 100 ms) and close their ends of the pipes.
  private var abandoned: Set<Bool> = []

  /// Reads `handle` to its end (or until abandoned) on a thread of its own, appending to its
  /// stream, then closes it.
  func collect(_ handle: FileHandle, isStandardError: Bool) {
    let descriptor = handle.fileDescriptor
    locked {
      openStreams += 1
      openDescriptors[isStandardError] = descriptor
      if !isStandardError { standardOutputOpen = true }
    }
    Thread { [self] in
      // One `read` at a time: it returns what the child wrote so far (`FileHandle`'s
      // `read(upToCount:)` waits for the whole count or the end). `poll` first, for at most
      // 100 ms, so that an abandoned reader notices it while a descendant holds the pipe.
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      while !locked({ abandoned.contains(isStandardError) }) {
        let polled = poll(&ready, 1, 100)
        if polled < 0 && errno == EINTR { continue }
        if polled == 0 { continue }
        let count =
          polled < 0
          ? -1 : buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }  // the end, or an error reading
        locked {
          if isStandardError {
            standardError.append(contentsOf: buffer[..<count])
          } else {
            standardOutput.append(contentsOf: buffer[..<count])
          }
        }
      }
      locked {
        try? handle.close()
        openDescriptors[isStandardError] = nil
        openStreams -= 1
        if !isStandardError { standardOutputOpen = false }
      }
    }.start()
  }

  /// How the child ended; nil before, or when Foundation reaped it before `waitForEnd` saw it.
  private(set) var end: ChildEnd? {
    get { locked { storedEnd } }
    set { locked { storedEnd = newValue } }
  }
  private var storedEnd: ChildEnd?

  /// Notes that the child ended, and how when known.
  func markExited(_ end: ChildEnd?) {
    locked {
      storedEnd = end
      exitedAt = ContinuousClock.now
    }
  }

  var hasExited: Bool { locked { exitedAt != nil } }

  /// Blocks until the child ended; when it did.
  func waitForExit() -> ContinuousClock.Instant {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let exitedAt { return exitedAt }
      condition.wait()
    }
  }

  /// Blocks until every stream closed; from `deadline` on, it abandons the reader of each
  /// stream whose pipe another process still holds open (a descendant of the child). Whether
  /// they all closed, none abandoned. A pipe no process writes any more is read to its end
  /// however late, whatever the other stream does: a reader a loaded machine runs late is not
  /// a descendant holding the pipe.
  func waitForStreamsToClose(until deadline: ContinuousClock.Instant) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while openStreams > 0 {
      if ContinuousClock.now >= deadline {
        for (stream, descriptor) in openDescriptors where !hasNoWriter(descriptor) {
          abandoned.insert(stream)
        }
      }
      if openDescriptors.keys.allSatisfy(abandoned.contains) { break }
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
    }
    return openStreams == 0 && abandoned.isEmpty
  }

  /// Stops the readers.
  func abandon() {
    locked { abandoned = [false, true] }
  }

  /// Blocks until standard output contains `text`, closes, or the child ended `grace` ago;
  /// what it holds. Each pass searches only what came since the last one.
  func waitForStandardOutput(toContain text: [UInt8], grace: Duration) -> String {
    condition.lock()
    defer { condition.unlock() }
    let needle = Data(text)
    var searched = 0
    while !needle.isEmpty && standardOutputOpen && !abandoned.contains(false) {
      if standardOutput.range(of: needle, in: searched..<standardOutput.count) != nil { break }
      searched = max(0, standardOutput.count - (needle.count - 1))
      if let exitedAt {
        let output = openDescriptors[false]
        if ContinuousClock.now >= exitedAt + grace, output.map(hasNoWriter) != true { break }
        _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
      } else {
        condition.wait()
      }
    }
    return String(decoding: standardOutput, as: UTF8.self)
  }

  /// What the child wrote so far: standard output, standard error.
  func output() -> (Data, Data) { locked { (standardOutput, standardError) } }

  /// Runs `body` holding the lock, then wakes every wait to look again.
  private func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return body()
  }
}

/// Whether no process has the pipe whose read end is `descriptor` open for writing any more
/// (`POLLHUP`): what is left in it is read to its end at once. False when that is not known.
private func hasNoWriter(_ descriptor: Int32) -> Bool {
  var state = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
  return poll(&state, 1, 0) == 1 && state.revents & Int16(POLLHUP) != 0
}

/// Kills a child (its process group when it leads one) when it runs longer than its timeout,
/// on a thread of its own.
///
/// Firing and stopping exclude each other (one lock): once `stop()` ran, nothing is killed, and
/// a kill that ran is reported. `RunningChild`'s exit watcher stops it as soon as
/// `waitid(WNOWAIT)` sees the child end. Foundation may reap the child before the watcher
/// calls `stop()` (at once on macOS): a firing in between signals nothing, as `killChild`
/// signals only a child that still runs. That narrows the risk of signalling an id the system
/// reused to the few instructions between `killChild`'s check and its `kill`; it does not
/// close it (Foundation's reaper may run in between).
final class ChildWatchdog: @unchecked Sendable {
  private let timeout: Duration
  private let finished = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var fired = false
  private var stopped = false

  init(timeout: Duration) {
    self.timeout = timeout
  }

  /// Starts watching the child `pid`, unless it was stopped already (the child ended at once).
  func start(pid: Int32) {
    guard lock.withLock({ !stopped }) else { return }
    let (seconds, attoseconds) = timeout.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    Thread { [self] in
      guard finished.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut else { return }
      lock.withLock {
        guard !stopped else { return }
        fired = killChild(pid)  // one that ended just now ended by itself
      }
    }.start()
  }

  /// Stops watching (the child ended and was reaped); whether the timeout had killed it.
  func stop() -> Bool {
    lock.withLock {
      if !stopped { finished.signal() }
      stopped = true
      return fired
    }
  }
}

/// Kills (`SIGKILL`) the running child `pid` with its process group when it leads one (as
/// Linux's Foundation starts it), else alone: decided when it runs, on any system. A child
/// that ended, or that something reaped, is not signalled (see `childIsRunning`); whether it
/// was.
@discardableResult
func killChild(_ pid: Int32) -> Bool {
  guard childIsRunning(pid) else { return false }
  kill(getpgid(pid) == pid ? -pid : pid, SIGKILL)
  return true
}

/// Whether `pid` is a child of this process that has not ended, seen without reaping it
/// (`waitid` with `WNOHANG | WNOWAIT`). False for one that ended (a zombie until reaped) and
/// for one already reaped (Foundation reaps its children as they end): its id may then name
/// another process, which a signal must not reach. A running child's id stays its own until
/// it is reaped, but Foundation's reaper thread may end and reap it between this answer and
/// a signal sent on it: checking first narrows the chance of signalling a reused id to the
/// instructions between the check and the `kill`, it does not rule it out (Swift's Glibc
/// module declares no `pidfd_open`/`pidfd_send_signal`, which would close it).
func childIsRunning(_ pid: Int32) -> Bool {
  guard pid > 0 else { return false }  // 0 is this process's group, -1 every process
  var info = siginfo_t()  // zeroed: `si_pid` stays 0 when the child has not ended
  while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 {
    if errno != EINTR { return false }  // ECHILD: reaped, or never this process's child
  }
  #if os(Linux)
    return info._sifields._sigchld.si_pid == 0
  #else
    return info.si_pid == 0
  #endif
}

/// How a child ended: its exit status, or the signal that killed it (in both fields).
struct ChildEnd {
  var status: Int32
  var signal: Int32?
}

/// Blocks until the child `pid` ends, leaving it for Foundation to reap (`WNOWAIT`); how it
/// ended, or nil when Foundation reaped it first.
func waitForEnd(_ pid: Int32) -> ChildEnd? {
  var info = siginfo_t()
  while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
    if errno != EINTR { return nil }
  }
  #if os(Linux)
    let status = info._sifields._sigchld.si_status
  #else
    let status = info.si_status
  #endif
  return ChildEnd(status: status, signal: info.si_code == CLD_EXITED ? nil : status)
}

/// A pipe for a child's standard stream whose two ends are close-on-exec from the moment they
/// exist: no program another thread starts meanwhile receives them.
///
/// Foundation's `Pipe` makes inheritable ends, and Linux's Foundation keeps other descriptors
/// out of a child by closing, in the child, each one up to the highest that was open when it
/// prepared the start. A pipe made on another thread after that (another test starting its
/// child) passes into the child it starts, which holds that pipe open for as long as it runs:
/// the other child's wait then found its output held past its exit (`ChildOutputHeldOpen`, as
/// a CI run saw: a 20-second child held a `navsim replay`'s output). `Process` duplicates a
/// child's own ends onto its standard streams, which clears the flag there.
struct ChildPipe {
  let reading: FileHandle
  let writing: FileHandle

  /// - Throws: `POSIXError` when the system has no descriptors to spare.
  init() throws {
    var ends: [Int32] = [-1, -1]
    guard makeCloseOnExecPipe(&ends) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE)
    }
    reading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
  }
}

/// `pipe2(ends, O_CLOEXEC)` on Linux (glibc's, found at run time: Swift's Glibc module does
/// not declare it), setting both flags at once. Elsewhere `pipe` then `fcntl`: on Darwin
/// Foundation starts children with `POSIX_SPAWN_CLOEXEC_DEFAULT`, so only a program started
/// some other way, between the two calls, could receive the ends.
private func makeCloseOnExecPipe(_ ends: inout [Int32]) -> Int32 {
  #if os(Linux)
    return ends.withUnsafeMutableBufferPointer { pipe2WithFlags($0.baseAddress!, O_CLOEXEC) }
  #else
    guard pipe(&ends) == 0 else { return -1 }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return 0
  #endif
}

#if os(Linux)
  private let pipe2WithFlags: @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32 = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else {
      fatalError("glibc has no pipe2 (it has since 2.9)")
    }
    return unsafeBitCast(
      symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
  }()
#endif
