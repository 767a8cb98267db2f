// Replaying the canonical recordings through the corpus delegates, in the three configurations
// every delegate must pass: as recorded (portrait phones, the iPad's own rotations), turned by
// 90 degrees (landscape), and forced right to left.
import EventLog
import Findings
import Foundation
import GoogleNavigation
import Lint
import Replay
import SessionEvents
import TestSupport

/// How a recording is replayed.
enum Configuration: String, CaseIterable, CustomStringConvertible, Sendable {
  /// As recorded.
  case portrait
  /// Every map size turned by 90 degrees (a phone held sideways: wide mode on phones).
  case landscape
  /// Forced right-to-left layout direction.
  case rtl

  var description: String { rawValue }
}

/// One distinct finding of a replay, with how many events reported it and the first one.
struct FindingSummary: CustomStringConvertible {
  var finding: Finding
  /// The first event that reported it.
  var seq: Int64
  var count: Int

  var description: String {
    "\(finding.ruleID) [\(finding.views.joined(separator: ", "))] first at event \(seq), "
      + "\(count) events: \(finding.message)"
  }
}

@MainActor
enum CorpusReplay {
  /// The canonical recordings, by name, sorted.
  static let recordingNames: [String] = {
    let directory = Fixtures.repositoryRoot + "/Recordings"
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return files.filter { $0.hasSuffix(".sqlite") }.map { String($0.dropLast(7)) }.sorted()
  }()

  private static var eventCache: [String: [SessionEvent]] = [:]

  /// The events of a canonical recording (read once per process).
  static func events(of recording: String) throws -> [SessionEvent] {
    if let cached = eventCache[recording] { return cached }
    let log = try EventLogFile(
      path: Fixtures.repositoryRoot + "/Recordings/\(recording).sqlite", mode: .readOnly)
    guard let info = try log.recordings().first else { return [] }
    let events = try log.events(recording: info.id).readAll()
    eventCache[recording] = events
    return events
  }

  /// The events of `recording` as `configuration` replays them (sizes turned for landscape).
  static func events(of recording: String, in configuration: Configuration) throws
    -> [SessionEvent]
  {
    let events = try events(of: recording)
    guard configuration == .landscape else { return events }
    return events.map { event in
      guard case .mapResized(let geometry) = event.payload else { return event }
      var turned = event
      turned.payload = .mapResized(rotated(geometry))
      return turned
    }
  }

  /// A map size turned by 90 degrees, the safe area following the device's edges: the notch
  /// side becomes leading and trailing, the home indicator stays at the bottom (21 pt).
  static func rotated(_ g: MapGeometry) -> MapGeometry {
    let portrait = g.height >= g.width
    if portrait {
      let side = max(g.safeTop, g.safeLeading, g.safeTrailing)
      return MapGeometry(
        width: g.height, height: g.width, safeTop: 0, safeLeading: side > 24 ? side : 0,
        safeBottom: g.safeBottom > 0 ? min(g.safeBottom, 21) : 0,
        safeTrailing: side > 24 ? side : 0)
    }
    let top = max(g.safeLeading, g.safeTrailing, g.safeTop)
    return MapGeometry(
      width: g.height, height: g.width, safeTop: top, safeLeading: 0,
      safeBottom: g.safeBottom > 0 ? 34 : 0, safeTrailing: 0)
  }

  /// Replays `events` through a fresh map view with `delegate` and returns the distinct
  /// findings, in the order first found. A `SessionError` counts as an `invalid-event` finding.
  static func findings(
    of delegate: any NavigationLayoutDelegate, events: [SessionEvent],
    direction: String? = nil, profile: SDKProfile = .default
  ) throws -> [FindingSummary] {
    UIAnimationClock.current.reset()
    let mapView = GMSMapView(
      frame: CGRect(x: 0, y: 0, width: 393, height: 852), profile: profile, isCarPlay: false)
    try mapView.setLayoutDelegate(delegate)
    let session = NavigationSession(mapView: mapView, watchers: .layoutRules)
    if let direction { session.forcedLayoutDirection = direction }
    var summaries: [FindingSummary] = []
    var index: [String: Int] = [:]
    func add(_ finding: Finding, at seq: Int64) {
      let key = "\(finding.ruleID)|\(finding.views)|\(finding.message)"
      if let at = index[key] {
        summaries[at].count += 1
      } else {
        index[key] = summaries.count
        summaries.append(FindingSummary(finding: finding, seq: seq, count: 1))
      }
    }
    for event in events {
      do {
        try session.apply(ReplayTick(event))
      } catch {
        add(
          Finding(
            ruleID: Finding.invalidEventRuleID, severity: .error, views: [], message: "\(error)"),
          at: event.seq)
      }
      for finding in session.drainFindings() { add(finding, at: event.seq) }
    }
    return summaries
  }

  /// Replays a canonical recording in a configuration.
  static func findings(
    of delegate: any NavigationLayoutDelegate, recording: String, in configuration: Configuration
  ) throws -> [FindingSummary] {
    try findings(
      of: delegate, events: events(of: recording, in: configuration),
      direction: configuration == .rtl ? "rtl" : nil)
  }
}
