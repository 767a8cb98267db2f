import Findings
import Foundation
import HeadlessUIKit
import NavigationSDK
import Navigator
import NavSimCheck
import OutputPolicy
import Replay
import Report
import SessionEvents
import Snapshots
import TextBytes

// The search: generate trips, replay each through the layout under test with the linter (in
// worker processes as `navsim check` does), keep the first trip of each distinct finding and
// shrink it to a minimal trip that still shows it.

/// A distinct finding and the minimal trip that shows it.
public struct ExploreFinding: Sendable {
  public var finding: Finding
  /// The generated trip that first showed it (0-based).
  public var tripIndex: Int
  public var eventsBefore: Int
  public var eventsAfter: Int
  public var scriptedBefore: Int
  public var scriptedAfter: Int
  /// Candidates replayed while shrinking.
  public var shrinkSteps: Int
  /// The minimal trip: its scenario and the events written (a prefix of its recording).
  public var scenario: Scenario
  /// The SDK-profile values it replays with (none: the search's profile).
  public var profile: ProfileDraw
  /// Where its profile file was written (`NN-RULE.profile.json`), when it has one.
  public var profilePath: String?
  /// The text size it replays at: the drawn one, else the search's (`--content-size`).
  public var contentSize: UIContentSizeCategory = .large
  /// Its first seq in the minimal trip.
  public var firstSeq: Int64
  /// Where the minimal trip was written, when an output directory was given.
  public var logPath: String?

  /// Rule, views and code line: what makes two findings the same. Two identities are the
  /// same when they are the same bytes (`ByteKey`): views whose names differ only in Unicode
  /// normalization ("Café" precomposed or as "e" and a combining accent) are other views, as
  /// UIKit's identifiers and every other NavSim output tell them apart.
  public var identity: String { Self.identity(of: finding) }

  /// The rule, the views without their instance numbers (`prompt.incident#2` is the same
  /// view as `prompt.incident#1` in another trip) and the code line. An instance number is
  /// what NavSim appends: `#` and ASCII digits, found in the bytes; an app's own `row#` or
  /// `row#٣` (an Arabic-Indic three) is a name, kept whole.
  static func identity(of finding: Finding) -> String {
    let views = finding.views.map { view in
      let bytes = view.utf8
      guard let hash = bytes.lastIndex(of: UInt8(ascii: "#")),
        bytes.index(after: hash) != bytes.endIndex,
        bytes[bytes.index(after: hash)...].allSatisfy({ (0x30...0x39).contains($0) })
      else { return view }
      return String(view[..<hash])
    }
    return finding.ruleID + " " + views.joined(separator: ",")
      + (finding.source.map { " @" + $0.description } ?? "")
  }
}

/// What a search found.
public struct ExploreResult: Sendable {
  public var seed: UInt64
  public var subject: String
  public var tripsRun: Int
  public var eventsReplayed: Int
  /// In the order first met (trip index, then the order raised).
  public var findings: [ExploreFinding]

  public var errorCount: Int { findings.filter { $0.finding.severity == .error }.count }
  /// 0 no error finding, 1 error findings.
  public var exitStatus: Int32 { errorCount > 0 ? 1 : 0 }
}

/// Searches for layout findings.
@MainActor
public struct Explorer {
  public var seed: UInt64
  /// Trips to generate and run.
  public var budget: Int
  public var space: TripSpace
  /// The layout under test, its log set per trip.
  public var job: ReplayJob
  public var subject: LayoutSubject
  /// Workers for the search; nil runs every trip in this process.
  public var launcher: ExploreWorkerLauncher?
  public var jobs: Int
  /// Where minimal trips (`.sqlite`, `.json`, `.html`) go; nil writes none.
  public var outputDirectory: String?
  /// Profiles fitted to a device's recordings (`navsim profile fit`): their values join the
  /// ranges trips draw SDK sizes from.
  public var fittedProfiles: [SDKProfile] = []
  /// Whether trips draw their text size; false when the job's is the user's choice
  /// (`--content-size`), which every trip then replays at.
  public var drawsContentSize = true
  /// Stops generating new batches once it returns true (`--time`); nil: the budget decides.
  /// The first batch always runs: a search of no trip would say "no finding" of nothing.
  public var shouldStop: (() -> Bool)?
  /// Progress lines (trips run, findings, shrink steps).
  public var progress: (String) -> Void = { _ in }

  public init(
    seed: UInt64, budget: Int, space: TripSpace = TripSpace(), job: ReplayJob,
    subject: LayoutSubject, launcher: ExploreWorkerLauncher? = nil, jobs: Int = 1,
    outputDirectory: String? = nil
  ) {
    self.seed = seed
    self.budget = budget
    self.space = space
    self.job = job
    self.subject = subject
    self.launcher = launcher
    self.jobs = jobs
    self.outputDirectory = outputDirectory
  }

  /// Runs the search.
  /// - Throws: `CheckError` for a worker that failed, `NavigatorError` / `EventLogError` for
  ///   a trip that cannot be generated or written (a NavSim bug), file errors for the output.
  public func run() throws -> ExploreResult {
    // The output directory is checked (made) and locked before the search, not after it: one
    // explore at a time writes into it. One this search made and wrote nothing into (no
    // finding) is removed again; a directory that was there stays, empty or not.
    let made = outputDirectory.map { !FileManager.default.fileExists(atPath: $0) } ?? false
    let lock = try outputDirectory.map { try OutputFile.lockDirectory($0) }
    defer {
      lock?.release()
      if made, let outputDirectory { _ = rmdir(outputDirectory) }  // fails unless empty
    }
    let scratch = try ScratchDirectory(kind: "explore")
    let duration = RouteDurations().duration
    var firstTrips:
      [(identity: ByteKey, finding: CheckFinding, trip: Int, scenario: Scenario, draw: ProfileDraw)]
      = []
    var seen: Set<ByteKey> = []
    var tripsRun = 0, events = 0
    let parallel = launcher != nil && jobs > 1
    // Each worker takes a run of consecutive trips (a process per trip costs more than a
    // trip); a round gives every worker one, so `--time` is checked every few seconds.
    let round = parallel ? jobs * Self.tripsPerWorker : Self.tripsPerWorker
    var next = 0
    while next < budget, next == 0 || !(shouldStop?() ?? false) {
      let indices = next..<min(next + round, budget)
      next = indices.upperBound
      let results: [TripOutcome]
      if let launcher, parallel, indices.count > 1 {
        results = try TripBatch.runInWorkers(
          indices, jobs: jobs, launcher: launcher, seed: seed, subject: subject)
      } else {
        results = try runTrips(indices, scratch: scratch)
      }
      for (offset, result) in results.enumerated() {
        tripsRun += 1
        events += result.events
        let index = indices.lowerBound + offset
        for finding in result.findings {
          let identity = ByteKey(ExploreFinding.identity(of: finding.finding))
          if seen.insert(identity).inserted {
            // The trip as recorded (with the events the Navigator refused dropped), again:
            // generation depends only on the seed and the index.
            let scenario = try TripGenerator.trip(
              seed: seed, index: index, space: space, duration: duration
            ).scenario
            firstTrips.append((identity, finding, index, scenario, profileDraw(index)))
          }
        }
      }
      progress("explored \(tripsRun)/\(budget) trips, \(firstTrips.count) distinct findings")
    }

    var findings: [ExploreFinding] = []
    let cache = ShrinkCache()
    for (number, first) in firstTrips.enumerated() {
      var found = try shrink(
        first.scenario, draw: first.draw, identity: first.identity, scratch: scratch, cache: cache)
      found.tripIndex = first.trip
      progress(
        "shrunk finding \(number + 1)/\(firstTrips.count) (\(first.finding.finding.ruleID)): "
          + "\(found.eventsBefore) -> \(found.eventsAfter) events in \(found.shrinkSteps) steps")
      if let outputDirectory {
        try write(&found, number: number + 1, to: outputDirectory)
      }
      findings.append(found)
    }
    return ExploreResult(
      seed: seed, subject: subject.description, tripsRun: tripsRun, eventsReplayed: events,
      findings: findings)
  }

  // MARK: - Shrinking

  /// Replays a log in this process and returns the findings (nil for a log that cannot be
  /// replayed).
  private func findings(
    ofLog path: String, draw: ProfileDraw
  ) -> [(finding: Finding, firstSeq: Int64)]? {
    var job = job(drawing: draw, name: "shrink")
    job.logPath = path
    job.recordingID = nil
    guard let summary = try? job.run() else { return nil }
    return summary.findings.map { ($0.finding, $0.firstSeq) }
  }

  /// The finding identities of a candidate trip (none for a trip the Navigator refuses),
  /// remembered by the candidate's canonical scenario: the findings of one trip shrink
  /// through many of the same candidates. Both by bytes: a candidate that shows a finding
  /// only in another normalization does not show it.
  private func identities(
    of candidate: Scenario, draw: ProfileDraw, path: String, cache: ShrinkCache
  ) -> Set<ByteKey> {
    let key = ByteKey(candidate.canonicalJSON + "\n" + draw.key)
    if let known = cache.identities[key] { return known }
    var found: Set<ByteKey> = []
    if let trip = try? RecordedTrip(scenario: candidate), (try? trip.write(to: path)) != nil {
      found = Set(
        (findings(ofLog: path, draw: draw) ?? []).map {
          ByteKey(ExploreFinding.identity(of: $0.finding))
        })
    }
    cache.identities[key] = found
    return found
  }

  private func shrink(
    _ scenario: Scenario, draw: ProfileDraw, identity: ByteKey, scratch: ScratchDirectory,
    cache: ShrinkCache
  ) throws
    -> ExploreFinding
  {
    let original = try RecordedTrip(scenario: scenario)
    let path = scratch.file("shrink.sqlite")
    var shrinker = Shrinker { candidate, draw in
      TripGenerator.resizesArePlausible(candidate)
        && identities(of: candidate, draw: draw, path: path, cache: cache).contains(identity)
    }
    let (minimal, minimalDraw) = shrinker.shrink(scenario, draw: draw)
    let trip = try RecordedTrip(scenario: minimal)
    try trip.write(to: path)
    guard let full = findings(ofLog: path, draw: minimalDraw)?.first(where: {
      ByteKey(ExploreFinding.identity(of: $0.finding)) == identity
    }) else {
      throw CheckError(
        "\(scenario.name): the finding \(identity.text) did not replay from its trip")
    }
    // The trip up to the event that raised it: a prefix is a valid (interrupted) log, and
    // replay is deterministic, so the finding shows there too unless it is raised only at the
    // end of a replay; then the whole trip is kept.
    var limit = trip.events.count
    var shown = full
    if full.firstSeq < Int64(limit) {
      try trip.write(to: path, limit: Int(full.firstSeq))
      if let cut = findings(ofLog: path, draw: minimalDraw)?.first(where: {
        ByteKey(ExploreFinding.identity(of: $0.finding)) == identity
      }) {
        limit = Int(full.firstSeq)
        shown = cut
      }
    }
    return ExploreFinding(
      finding: shown.finding, tripIndex: 0, eventsBefore: original.events.count,
      eventsAfter: limit, scriptedBefore: scenario.events.count,
      scriptedAfter: minimal.events.count, shrinkSteps: shrinker.steps + 1, scenario: minimal,
      profile: minimalDraw, profilePath: nil,
      contentSize: minimalDraw.contentSize == .large
        ? job.contentSize ?? .large : minimalDraw.contentSize,
      firstSeq: shown.firstSeq, logPath: nil)
  }

  // MARK: - Output

  /// Writes the minimal trip, its scenario and its HTML report, each file replaced whole.
  private func write(_ found: inout ExploreFinding, number: Int, to directory: String) throws {
    let base = directory + "/" + String(format: "%02d", number) + "-" + found.finding.ruleID
    var scenario = found.scenario
    scenario.name = "explore-\(seed)-\(found.tripIndex)-\(found.finding.ruleID)"
    found.scenario = scenario
    let trip = try RecordedTrip(scenario: scenario)
    try trip.publish(to: base + ".sqlite", limit: found.eventsAfter)
    try OutputFile.write(scenario.canonicalJSON + "\n", to: base + ".json")
    if !found.profile.isEmpty {
      try OutputFile.write(found.profile.json(name: scenario.name), to: base + ".profile.json")
      found.profilePath = base + ".profile.json"
    }
    try writeReport(
      of: base + ".sqlite", draw: found.profile, name: scenario.name, to: base + ".html")
    found.logPath = base + ".sqlite"
  }

  /// Replays the log into a scratch store (a temporary file with no name, gone on return)
  /// and writes its HTML report.
  private func writeReport(
    of log: String, draw: ProfileDraw, name: String, to html: String
  ) throws {
    let store = try SnapshotStore(temporaryFor: html)
    var job = job(drawing: draw, name: name)
    job.logPath = log
    job.recordingID = nil
    _ = try job.run(store: store, label: "explore")
    let run = try store.run(label: "explore")
    let frames = try store.frames(of: run)
    let page = HTMLReport.replayPage(
      run: run, frames: frames, layouts: try store.layouts(for: frames))
    try OutputFile.write(page, to: html)
  }

}

/// Candidate trips replayed while shrinking, by canonical scenario (its bytes: a scenario's
/// texts, a place's name or ID, are the recording's, normalization and all): their finding
/// identities.
final class ShrinkCache {
  var identities: [ByteKey: Set<ByteKey>] = [:]
}

