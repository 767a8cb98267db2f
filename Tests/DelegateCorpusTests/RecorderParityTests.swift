// The SDK docs' own sample as the app on the phone: a NavSimRecorder wrapping it records each
// canonical trip from the SDK's public API (size events included), and that log replays
// through the sample to the frames of the canonical log itself.
import EventLog
import Foundation
import GoogleNavigation
import Lint
import NavSimRecorder
import Replay
import SessionEvents
import TestSupport
import Testing

@MainActor @Suite struct RecorderParityTests {
  final class Clock {
    var now = 0.0
  }

  /// Drives the SDK model through the canonical recording's events, as a replay does, with
  /// the published sample as the app's layout delegate and a recorder on the map view writing
  /// the log at `path`.
  static func recordThroughTheSample(_ name: String, into path: String) throws {
    let events = try CorpusReplay.events(of: name)
    UIAnimationClock.current.reset()
    let mapView = GMSMapView(
      frame: CGRect(x: 0, y: 0, width: 393, height: 852), profile: .default, isCarPlay: false)
    try mapView.setLayoutDelegate(BasicLayoutDelegate())
    let session = NavigationSession(mapView: mapView, watchers: .layoutRules)
    let clock = Clock()
    var options = NavSimRecorder.Options()
    options.createdAt = "test"
    options.clock = { clock.now }
    options.samplesEveryFrame = false
    let recorder = try NavSimRecorder(mapView: mapView, path: path, options: options)
    recorder.start()
    #expect(recorder.isObservingSDKViews)
    for (index, event) in events.enumerated() {
      clock.now = Double(event.t) / 1000
      // The SDK model rejects what the SDK would; the recorder then sees no change.
      try? session.apply(
        ReplayTick(event, next: index + 1 < events.count ? events[index + 1] : nil))
      _ = session.drainFindings()
      recorder.sample()
    }
    try recorder.stop()
  }

  /// The distinct layouts and findings a replay through the published sample goes through from
  /// `navigationEnabled` on, prompts named by id only (their kind is not public); size events'
  /// own snapshots left out (their sizes were applied with the change before them).
  static func frames(_ path: String) throws -> [String] {
    let job = ReplayJob(
      logPath: path, delegateName: "published-basic", makeDelegate: { BasicLayoutDelegate() },
      watchers: .layoutRules)
    var frames: [String] = []
    var started = false
    _ = try job.run(onSnapshot: { snapshot, _ in
      if snapshot.event == EventKind.navigationEnabled.rawValue { started = true }
      guard started, snapshot.event != EventKind.viewSize.rawValue else { return }
      let text = snapshot.text
      let body = String(text[(text.firstIndex(of: "\n") ?? text.endIndex)...])
      let frame = body.replacing(/prompt\.[A-Za-z0-9_-]+#/, with: "prompt#")
      if frames.last != frame { frames.append(frame) }
    })
    return frames
  }

  /// The five canonical trips.
  nonisolated static let names = [
    "city-commute", "highway-cameras", "pan-reroute", "rotations-wide", "rtl-city",
  ]

  @Test(arguments: names)
  func theSamplesRecordingReplaysThroughItToTheCanonicalFrames(name: String) throws {
    let directory = TemporaryDirectory()
    let recorded = directory.file("\(name)-recorder.sqlite")
    try Self.recordThroughTheSample(name, into: recorded)
    let kinds = try EventLogFile(path: recorded, mode: .readOnly).events(recording: 1).readAll()
      .map(\.kind)
    #expect(kinds.contains(.viewSize))
    let want = try Self.frames(Fixtures.repositoryRoot + "/Recordings/\(name).sqlite")
    let got = try Self.frames(recorded)
    #expect(want.count > 10)
    let first = (0..<min(want.count, got.count)).first { want[$0] != got[$0] }
    // (compared as a count and a first difference, not as two lists of whole layouts)
    #expect(
      first == nil && want.count == got.count,
      "\(name): \(want.count) vs \(got.count) frames, first differing: \(first.map(String.init) ?? "none")")
  }
}
