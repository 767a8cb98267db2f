// Starting worker processes of this executable (`check --jobs`, `explore --jobs`).
//
// Foundation's `Process` took about 50 ms to start a child on Linux (measured on the 2-core
// machine: 51 ms per `/bin/true` started and waited for, against 0.6 ms with `posix_spawn`),
// and `check --jobs 2` started its second worker only once the first had started: the
// second core idled for that long. A worker is started here with `posix_spawn`: stdin from
// /dev/null, stdout and stderr to files, no other descriptor inherited.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A started child process.
public final class WorkerProcess: @unchecked Sendable {
  /// How a child ended.
  public enum Ending: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    /// Its exit status (the signal's number for a signal).
    public var status: Int32 {
      switch self {
      case .exited(let status), .signalled(let status): status
      }
    }
  }

  public let pid: pid_t
  public let executable: String
  private let lock = NSLock()
  private var waited: Ending?

  /// How the child ended, nil while `wait()` has not returned.
  public var ending: Ending? {
    lock.lock()
    defer { lock.unlock() }
    return waited
  }

  /// Starts `executable` with `arguments`, stdout and stderr written to the files at the two
  /// paths (created or truncated).
  /// - Throws: `WorkerProcessError` when it cannot be started (its reason from the system).
  public init(
    executable: String, arguments: [String], standardOutput: String, standardError: String
  ) throws {
    self.executable = executable
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(
      &actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    #if canImport(Darwin)
      // Every descriptor the file actions do not open is closed in the child.
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
    #else
      if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
    #endif
    let environment = ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }
      .map { "\($0.key)=\($0.value)" }
    var pid = pid_t()
    let status = Self.withCStrings([executable] + arguments) { argv in
      Self.withCStrings(environment) { envp in
        posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
      }
    }
    guard status == 0 else {
      throw WorkerProcessError(
        "\(executable): cannot start a worker: \(String(cString: strerror(status)))")
    }
    self.pid = pid
  }

  /// Waits for the child to end (once; later calls return the same).
  @discardableResult
  public func wait() -> Ending {
    lock.lock()
    defer { lock.unlock() }
    if let waited { return waited }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // The wait status: the low 7 bits are the signal that ended the child (0: it exited, its
    // status in the next 8 bits).
    let signal = status & 0x7f
    let result: Ending = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    waited = result
    return result
  }

  /// Calls `body` with a NULL-terminated array of C strings.
  private static func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
  ) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }

  #if !canImport(Darwin)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which its module
    /// map does not show Swift: looked up once, nil where the C library lacks it (the child
    /// then inherits descriptors not marked close-on-exec; SQLite marks its own).
    private static let closeFrom:
      (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(
          symbol,
          to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)
            .self)
      }()
  #endif
}

/// A worker that could not be started.
public struct WorkerProcessError: Error, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
