// Running the matrix: one configuration in this process, or many across worker processes.
// Replays share global state (the animation clock, the layout audit), so parallel replays run
// in separate processes, never as threads of one.

import EventLog
import Findings
import Foundation
import Navigator
import Replay
import SessionEvents
import Snapshots

/// A finding of one configuration: unique by rule and views (and source), with how many
/// events raised it and the first.
public struct CheckFinding: Equatable, Sendable {
  public var finding: Finding
  public var count: Int
  public var firstSeq: Int64

  public init(finding: Finding, count: Int, firstSeq: Int64) {
    self.finding = finding
    self.count = count
    self.firstSeq = firstSeq
  }
}

/// What one configuration's replay saw.
public struct ConfigurationResult: Equatable, Sendable {
  public var configuration: CheckConfiguration
  public var events: Int
  public var layoutChanges: Int
  /// In the order first raised.
  public var findings: [CheckFinding]

  public init(
    configuration: CheckConfiguration, events: Int, layoutChanges: Int, findings: [CheckFinding]
  ) {
    self.configuration = configuration
    self.events = events
    self.layoutChanges = layoutChanges
    self.findings = findings
  }

  public var errorCount: Int { findings.filter { $0.finding.severity == .error }.count }
  public var warningCount: Int { findings.count - errorCount }

  /// The finding raised first (the lowest seq; ties: errors, then the order raised).
  public var firstFinding: CheckFinding? {
    findings.enumerated().min { a, b in
      if a.element.firstSeq != b.element.firstSeq { return a.element.firstSeq < b.element.firstSeq }
      if a.element.finding.severity != b.element.finding.severity {
        return a.element.finding.severity > b.element.finding.severity
      }
      return a.offset < b.offset
    }?.element
  }
}

/// Runs configurations.
@MainActor
public enum CheckRunner {
  /// Replays one configuration in this process.
  /// - Parameters:
  ///   - job: the replay of the configuration's subject (the caller knows the registry); its
  ///     log, recording, direction, content size, event transform and variants are set here.
  ///   - store: when given, the snapshots are stored as the run `configuration.runLabel`.
  /// - Throws: what the replay throws (unreadable log, label taken), `CheckError` for an
  ///   unknown device.
  public static func run(
    _ configuration: CheckConfiguration, job: ReplayJob, store: SnapshotStore?,
    labelPrefix: String?
  ) throws -> ConfigurationResult {
    var job = job
    job.logPath = configuration.recording.logPath
    job.recordingID = configuration.recording.id
    job.direction = configuration.direction
    // A configuration without a text size keeps the job's (explore draws one per trip).
    if let contentSize = configuration.contentSize { job.contentSize = contentSize }
    if let device = configuration.device {
      let mapping = try DeviceMapping(recorded: configuration.recording.device, target: device)
      job.transformEvent = { mapping.apply($0) }
      job.extraVariants = ["device=\(device)"]
    }
    let summary = try job.run(store: store, label: configuration.runLabel(prefix: labelPrefix))
    return ConfigurationResult(
      configuration: configuration, events: summary.events, layoutChanges: summary.layoutChanges,
      findings: summary.findings.map {
        CheckFinding(finding: $0.finding, count: $0.count, firstSeq: $0.firstSeq)
      })
  }
}

// MARK: - Devices

/// Maps a recording's screen sizes onto another device: the recorded device's portrait and
/// landscape sizes become the target's, and any other size (split screen, a container
/// slider) is scaled by the same factors, with the target's safe area of that orientation.
@MainActor
final class DeviceMapping {
  let target: DeviceProfile
  private var recorded: (portrait: MapGeometry, landscape: MapGeometry)?

  /// - Throws: `CheckError` for an unknown device name.
  init(recorded: String?, target: String) throws {
    do {
      self.target = try DeviceProfiles.profile(named: target)
      if let recorded, let profile = try? DeviceProfiles.profile(named: recorded) {
        self.recorded = (
          profile.rotated(to: .portrait).geometry, profile.rotated(to: .landscape).geometry
        )
      }
    } catch {
      throw CheckError("--device: \(error)")
    }
  }

  func apply(_ event: SessionEvent) -> SessionEvent {
    guard case .mapResized(let geometry) = event.payload else { return event }
    var mapped = event
    mapped.payload = .mapResized(map(geometry))
    return mapped
  }

  func map(_ geometry: MapGeometry) -> MapGeometry {
    let landscape = geometry.width > geometry.height
    if recorded == nil {  // a custom device: its first size stands for it
      let rotated = MapGeometry(
        width: geometry.height, height: geometry.width, safeTop: geometry.safeTop,
        safeLeading: geometry.safeLeading, safeBottom: geometry.safeBottom,
        safeTrailing: geometry.safeTrailing)
      recorded = landscape ? (rotated, geometry) : (geometry, rotated)
    }
    let from = landscape ? recorded!.landscape : recorded!.portrait
    var to = target.rotated(to: landscape ? .landscape : .portrait).geometry
    if geometry.width != from.width || geometry.height != from.height {
      to.width = (geometry.width * to.width / from.width).rounded()
      to.height = (geometry.height * to.height / from.height).rounded()
    }
    return to
  }
}
