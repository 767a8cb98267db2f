// Many configurations at once, in worker processes of the same executable (which has the same
// delegates registered), at most `jobs` at a time. Results are put back in matrix order, so
// the output does not depend on which worker ran a configuration or finished first.
//
// A worker that takes batches runs many configurations: starting a process (loading the
// executable, building the command tree, registering delegates) costs about as much as
// replaying a short recording, so a process per configuration made `--jobs 2` slower than
// `--jobs 1` on a library of short trips. The configurations are not split up front: each
// worker claims the next one from a shared claims file when it is free, so a worker that got
// costly configurations (a delegate with many findings) does not hold the others up.

import Foundation
import OutputPolicy
import Replay
import Snapshots

/// One worker's share of a parallel check: the configurations it may run and how it picks.
public struct CheckWorkerBatch: Sendable {
  /// The configurations, longest first (by event count; ties in matrix order).
  public var configurations: [CheckConfiguration]
  /// The claims file the workers share: a worker runs only the configurations it claims
  /// (`CheckClaims`), and tags each result with the configuration's position in the list.
  public var claims: String
  /// The snapshot store to write, or nil.
  public var store: String?
  public var labelPrefix: String?
}

/// How to start a worker: the executable, and its arguments.
///
/// A worker prints, for each configuration it runs, its result's `wireText` as one line on
/// stdout (with `index` when it claims configurations); lines that do not start as a result
/// does (`{"events":`) are ignored, so a delegate's own output does no harm.
public struct CheckWorkerLauncher: Sendable {
  public var executable: String
  /// Arguments for one configuration (a worker per configuration), or nil.
  public var arguments:
    (@Sendable (CheckConfiguration, _ store: String?, _ labelPrefix: String?) -> [String])?
  /// Arguments for a worker that claims configurations of a batch, or nil.
  public var batchArguments: (@Sendable (CheckWorkerBatch) -> [String])?

  /// A launcher whose workers run one configuration each.
  public init(
    executable: String,
    arguments: @escaping @Sendable (CheckConfiguration, String?, String?) -> [String]
  ) {
    self.executable = executable
    self.arguments = arguments
  }

  /// A launcher whose workers claim configurations of a batch, one after another.
  public init(
    executable: String, batchArguments: @escaping @Sendable (CheckWorkerBatch) -> [String]
  ) {
    self.executable = executable
    self.batchArguments = batchArguments
  }

  /// Whether a line of a worker's stdout is a result.
  static func isResult(_ line: Substring) -> Bool { line.hasPrefix("{\"events\":") }
}

extension CheckRunner {
  /// Runs every configuration in worker processes, at most `jobs` at a time, and returns the
  /// results in the order given. With `storePath`, each worker stores its runs in a store of
  /// its own, and the runs are merged into `storePath` in matrix order once all have finished.
  /// - Parameter progress: called on the main actor with the number of configurations
  ///   finished so far, as workers exit.
  /// - Throws: `CheckError` naming the configuration a worker failed on (with its stderr's
  ///   first line), or what merging throws.
  ///   With `local` (a launcher of claiming workers only), this process is one of the `jobs`
  ///   workers: it claims configurations like the others and runs each with `local` (given
  ///   the store to write, if any), so one process fewer starts (about 25 ms on the 2-core
  ///   machine) and this one works while it waits.
  public static func runInWorkers(
    _ configurations: [CheckConfiguration], launcher: CheckWorkerLauncher, jobs: Int,
    storePath: String?, labelPrefix: String?, progress: (Int) -> Void = { _ in },
    local: ((CheckConfiguration, SnapshotStore?) throws -> ConfigurationResult)? = nil
  ) throws -> [ConfigurationResult] {
    let scratch = try ScratchDirectory(kind: "check")
    let workers: [Worker]
    /// The configurations in claiming order, and the claims file, when workers claim.
    var claiming: (order: [Int], claims: String)?
    if let batchArguments = launcher.batchArguments {
      // Longest first, so the last configurations claimed are short ones.
      let order = configurations.indices.sorted { a, b in
        configurations[a].weight != configurations[b].weight
          ? configurations[a].weight > configurations[b].weight : a < b
      }
      let claims = scratch.file("claims")
      _ = FileManager.default.createFile(atPath: claims, contents: nil)
      claiming = (order, claims)
      let count = min(max(jobs, 1), configurations.count) - (local == nil ? 0 : 1)
      workers = (0..<count).map { number in
        let batch = CheckWorkerBatch(
          configurations: order.map { configurations[$0] }, claims: claims,
          store: storePath == nil ? nil : scratch.file("\(number).sqlite"),
          labelPrefix: labelPrefix)
        return Worker(
          number: number, arguments: batchArguments(batch), indices: order, claims: true)
      }
    } else if let arguments = launcher.arguments {
      workers = configurations.indices.map { index in
        Worker(
          number: index,
          arguments: arguments(
            configurations[index], storePath == nil ? nil : scratch.file("\(index).sqlite"),
            labelPrefix),
          indices: [index], claims: false)
      }
    } else {
      throw CheckError("\(launcher.executable): a worker launcher needs arguments")
    }

    let finished = DispatchSemaphore(value: 0)
    var running: [(worker: Worker, process: WorkerProcess)] = []
    var results = [ConfigurationResult?](repeating: nil, count: configurations.count)
    /// The worker whose store holds each configuration's run.
    var ranIn = [Int](repeating: -1, count: configurations.count)
    var next = 0, done = 0
    /// A worker that answered badly.
    var failure: CheckError?
    /// A worker that failed: the configuration it was given (nil: it claimed one), its exit
    /// status and its stderr's first line.
    var crash: (index: Int?, status: Int32, line: String)?

    func launch(_ worker: Worker) throws {
      let process: WorkerProcess
      do {
        process = try WorkerProcess(
          executable: launcher.executable, arguments: worker.arguments,
          standardOutput: scratch.file("\(worker.number).out"),
          standardError: scratch.file("\(worker.number).err"))
      } catch {
        throw CheckError("\(error)")
      }
      // One signal per ended worker, after its ending is known.
      DispatchQueue.global().async {
        process.wait()
        finished.signal()
      }
      running.append((worker, process))
    }

    /// Reads a finished worker's results; returns how many it ran.
    func collect(_ worker: Worker, _ process: WorkerProcess) -> Int {
      let out =
        (try? String(contentsOfFile: scratch.file("\(worker.number).out"), encoding: .utf8)) ?? ""
      var count = 0
      for line in out.split(separator: "\n") where CheckWorkerLauncher.isResult(line) {
        do {
          let position = worker.claims ? try ConfigurationResult.wireIndex(String(line)) : count
          guard let position, worker.indices.indices.contains(position) else {
            throw CheckError("a worker answered with no or a bad index: \(line.prefix(80))")
          }
          let index = worker.indices[position]
          results[index] = try ConfigurationResult(
            wireText: String(line), configuration: configurations[index])
          ranIn[index] = worker.number
          count += 1
        } catch {
          failure = failure ?? (error as? CheckError) ?? CheckError("\(error)")
          return count
        }
      }
      let ending = process.wait()
      guard ending == .exited(0) else {
        let err =
          (try? String(contentsOfFile: scratch.file("\(worker.number).err"), encoding: .utf8))
          ?? ""
        let line = err.split(separator: "\n").first.map(String.init) ?? "no message"
        // A worker that claims failed on a configuration no worker answered for.
        crash = crash ?? (worker.claims ? nil : worker.indices[0], ending.status, line)
        return count
      }
      return count
    }

    if let local, let claiming {
      while failure == nil, crash == nil, running.count < max(jobs, 1), next < workers.count {
        try launch(workers[next])
        next += 1
      }
      // This process's share: its runs go to a store numbered after the workers'.
      let number = workers.count
      let store = try storePath.map { _ in
        try SnapshotStore(path: scratch.file("\(number).sqlite"), mode: .create)
      }
      let claims = try CheckClaims(path: claiming.claims, count: claiming.order.count)
      do {
        while let position = try claims.next() {
          let index = claiming.order[position]
          results[index] = try local(configurations[index], store)
          ranIn[index] = number
          done += 1
          progress(done)
        }
      } catch {
        // The workers finish what they claimed; then this error is the check's.
        for (_, process) in running { process.wait() }
        throw error
      }
    }
    while next < workers.count || !running.isEmpty {
      while failure == nil, crash == nil, running.count < max(jobs, 1), next < workers.count {
        try launch(workers[next])
        next += 1
      }
      if running.isEmpty { break }
      finished.wait()
      // One signal per ended worker, sent once its ending is known: one of them has ended.
      if let position = running.firstIndex(where: { $0.process.ending != nil }) {
        let (worker, process) = running.remove(at: position)
        done += collect(worker, process)
        progress(done)
      }
    }
    let missing = results.firstIndex { $0 == nil }
    if let failure { throw failure }
    if let crash {
      let name = (crash.index ?? missing).map { "'\(configurations[$0].name)'" } ?? "a worker"
      throw CheckError("\(name) failed (worker exit \(crash.status)): \(crash.line)")
    }
    if let missing {
      throw CheckError("'\(configurations[missing].name)': no worker answered for it")
    }
    if let storePath {
      try mergeStores(
        configurations, ranIn: ranIn, stores: { scratch.file("\($0).sqlite") }, into: storePath,
        labelPrefix: labelPrefix)
    }
    return results.map { $0! }
  }

  /// A worker process to start: its arguments and which configurations it may answer for
  /// (by position in its list).
  private struct Worker {
    var number: Int
    var arguments: [String]
    var indices: [Int]
    var claims: Bool
  }

  /// Copies each configuration's run from the store of the worker that ran it into `path`,
  /// in matrix order, so the store is the one a `--jobs 1` run writes.
  private static func mergeStores(
    _ configurations: [CheckConfiguration], ranIn: [Int], stores: (Int) -> String,
    into path: String, labelPrefix: String?
  ) throws {
    let target = try SnapshotStore(path: path, mode: .create)
    var sources = [SnapshotStore?](repeating: nil, count: (ranIn.max() ?? -1) + 1)
    for (index, configuration) in configurations.enumerated() {
      let worker = ranIn[index]
      let source = try sources[worker] ?? SnapshotStore(path: stores(worker), mode: .readOnly)
      sources[worker] = source
      let label = configuration.runLabel(prefix: labelPrefix)
      let run = try source.run(label: label)
      guard run.isFinished else {
        throw CheckError("\(source.path): run '\(label)' did not finish; replay it again")
      }
      try target.copyRun(run, from: source, label: label)
    }
  }
}

// MARK: - Claims

/// The next configuration for a worker, from a claims file the workers share: one byte per
/// claim, appended under an exclusive `flock`, so the file's length before the append is the
/// claimed position. Every position is claimed once, whichever worker asks first.
public final class CheckClaims {
  private let path: String
  private let descriptor: Int32
  private let count: Int

  /// - Parameter count: how many configurations there are to claim.
  /// - Throws: `CheckError` when the file cannot be opened.
  public init(path: String, count: Int) throws {
    self.path = path
    self.count = count
    descriptor = open(path, O_RDWR)
    guard descriptor >= 0 else {
      throw CheckError("\(path): cannot open the claims file (errno \(errno))")
    }
  }

  deinit { close(descriptor) }

  /// The next unclaimed position, or nil when all are claimed.
  /// - Throws: `CheckError` when the file cannot be locked or written.
  public func next() throws -> Int? {
    guard flock(descriptor, LOCK_EX) == 0 else {
      throw CheckError("\(path): cannot lock the claims file (errno \(errno))")
    }
    defer { _ = flock(descriptor, LOCK_UN) }
    let claimed = Int(lseek(descriptor, 0, SEEK_END))
    guard claimed >= 0 else {
      throw CheckError("\(path): cannot read the claims file (errno \(errno))")
    }
    if claimed >= count { return nil }
    var byte: UInt8 = 0x2A
    guard write(descriptor, &byte, 1) == 1 else {
      throw CheckError("\(path): cannot write the claims file (errno \(errno))")
    }
    return claimed
  }
}
