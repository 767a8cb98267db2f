// Many configurations at once: each in a worker process of the same executable (which has the
// same delegates registered), at most `jobs` at a time. Results are put back in matrix order,
// so the output does not depend on which worker finishes first.

import Foundation
import Replay
import Snapshots

/// How to start a worker: the executable, and its arguments for one configuration.
public struct CheckWorkerLauncher: Sendable {
  public var executable: String
  /// Arguments for a configuration, with the snapshot store to write (or nil) and the run
  /// labels' prefix.
  public var arguments:
    @Sendable (CheckConfiguration, _ store: String?, _ labelPrefix: String?) -> [String]

  public init(
    executable: String,
    arguments: @escaping @Sendable (CheckConfiguration, String?, String?) -> [String]
  ) {
    self.executable = executable
    self.arguments = arguments
  }
}

extension CheckRunner {
  /// Runs every configuration in worker processes, `jobs` at a time, and returns the results
  /// in the order given. With `storePath`, each worker stores its run in a store of its own
  /// and the runs are merged into `storePath` in matrix order once all have finished.
  /// - Parameter progress: called on the main actor with the number finished so far.
  /// - Throws: `CheckError` naming the configuration whose worker failed (with its stderr's
  ///   first line), or what merging throws.
  public static func runInWorkers(
    _ configurations: [CheckConfiguration], launcher: CheckWorkerLauncher, jobs: Int,
    storePath: String?, labelPrefix: String?, progress: (Int) -> Void = { _ in }
  ) throws -> [ConfigurationResult] {
    let scratch = try ScratchDirectory()
    let finished = DispatchSemaphore(value: 0)
    var running: [(index: Int, process: Process)] = []
    var results = [ConfigurationResult?](repeating: nil, count: configurations.count)
    var next = 0, done = 0
    var failure: CheckError?

    func launch(_ index: Int) throws {
      let configuration = configurations[index]
      let process = Process()
      process.executableURL = URL(fileURLWithPath: launcher.executable)
      process.arguments = launcher.arguments(
        configuration, storePath == nil ? nil : scratch.file("\(index).sqlite"), labelPrefix)
      FileManager.default.createFile(atPath: scratch.file("\(index).out"), contents: nil)
      FileManager.default.createFile(atPath: scratch.file("\(index).err"), contents: nil)
      process.standardOutput = FileHandle(forWritingAtPath: scratch.file("\(index).out"))
      process.standardError = FileHandle(forWritingAtPath: scratch.file("\(index).err"))
      process.standardInput = FileHandle.nullDevice
      process.terminationHandler = { _ in finished.signal() }
      do {
        try process.run()
      } catch {
        throw CheckError("\(launcher.executable): cannot start a worker: \(error)")
      }
      running.append((index, process))
    }

    func collect(_ index: Int, _ process: Process) {
      let configuration = configurations[index]
      let out = (try? String(contentsOfFile: scratch.file("\(index).out"), encoding: .utf8)) ?? ""
      let err = (try? String(contentsOfFile: scratch.file("\(index).err"), encoding: .utf8)) ?? ""
      guard process.terminationStatus == 0, process.terminationReason == .exit else {
        let line = err.split(separator: "\n").first.map(String.init) ?? "no message"
        failure = failure ?? CheckError(
          "'\(configuration.name)' failed (worker exit \(process.terminationStatus)): \(line)")
        return
      }
      do {
        let line = out.split(separator: "\n").last.map(String.init) ?? ""
        results[index] = try ConfigurationResult(wireText: line, configuration: configuration)
      } catch {
        failure = failure ?? (error as? CheckError) ?? CheckError("\(error)")
      }
    }

    while done < configurations.count {
      while failure == nil, running.count < max(jobs, 1), next < configurations.count {
        try launch(next)
        next += 1
      }
      if running.isEmpty { break }
      finished.wait()
      // One signal per exit; collect every worker that has exited (waitUntilExit is then
      // immediate).
      if let position = running.firstIndex(where: { !$0.process.isRunning }) {
        let (index, process) = running.remove(at: position)
        process.waitUntilExit()
        collect(index, process)
        done += 1
        progress(done)
      } else {
        finished.signal()  // woke before isRunning turned false: look again
        usleep(1000)
      }
    }
    if let failure { throw failure }
    if let storePath {
      let target = try SnapshotStore(path: storePath, mode: .create)
      for index in configurations.indices {
        let source = try SnapshotStore(path: scratch.file("\(index).sqlite"), mode: .readOnly)
        try SnapshotMerge.merge(source, into: target)
      }
    }
    return results.map { $0! }
  }
}

/// A fresh directory under the temporary directory, removed with everything in it on deinit.
final class ScratchDirectory {
  let path: String

  init() throws {
    var base = NSTemporaryDirectory()
    while base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + "/navsim-check-XXXXXX").utf8CString)
    guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) })
    else { throw CheckError("\(base): cannot create a temporary directory (errno \(errno))") }
    path = String(cString: created)
  }

  func file(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
