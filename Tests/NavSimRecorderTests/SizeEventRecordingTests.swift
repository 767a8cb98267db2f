import EventLog
import Foundation
import NavSim
import Replay
import SessionEvents
import TestSupport
import Testing

import Lint
@testable import NavSimRecorder

/// The recorder's `viewSize` events: written by `sample()` when an SDK view of the current
/// state changes size or margins, at the time of the change; nothing when nothing changed. (That they follow
/// the change's own events, and replay with it, `SizeEventParityTests` shows.)
@MainActor
@Suite struct SizeEventRecordingTests {
  final class Clock {
    var now = 0.0
  }

  /// Drives the SDK model (a layout delegate, `profile`) with `payloads` under a recorder that
  /// writes sizes; returns what it wrote after the starting settings.
  private func record(_ payloads: [(t: Int64, payload: EventPayload)], profile: SDKProfile = .default)
    throws -> [SessionEvent]
  {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(
      frame: CGRect(x: 0, y: 0, width: 393, height: 852), profile: profile, isCarPlay: false)
    // The app's delegate, which the recorder wraps to see the SDK's views.
    try mapView.setLayoutDelegate(PlacesNothing())
    let session = NavigationSession(mapView: mapView, watchers: .layoutRules)
    let clock = Clock()
    var options = NavSimRecorder.Options()
    options.createdAt = "test"
    options.clock = { clock.now }
    options.samplesEveryFrame = false
    let recorder = try NavSimRecorder(mapView: mapView, path: path, options: options)
    recorder.start()
    for (index, item) in payloads.enumerated() {
      clock.now = Double(item.t) / 1000
      try session.apply(
        ReplayTick(SessionEvent(seq: Int64(index + 1), t: item.t, payload: item.payload)))
      recorder.sample()
      recorder.sample()  // nothing changed since: nothing more written
    }
    try recorder.stop()
    return try EventLogFile(path: path, mode: .readOnly).events(recording: 1).readAll()
      .filter { $0.kind != .settingChanged }
  }

  @Test func aViewsSizeIsWrittenAtTheTimeOfTheChangeThatResizedItAndOnlyThen() throws {
    let speed = SpeedReport(speed: 12, speedLimit: 14, severity: .notSpeeding, speedingPercentage: 0)
    let events = try record([
      (0, .navigationEnabled), (0, .guidanceStarted),
      (1000, .settingChanged(SettingChange(name: .speedometer, value: .bool(true)))),
      (1000, .settingChanged(SettingChange(name: .speedLimit, value: .bool(true)))),
      (2000, .speed(speed)), (3000, .speed(speed)),
    ])
    let widget = events.compactMap { event -> (Int64, RecordedViewSize)? in
      guard case .viewSize(let size) = event.payload, size.view == "speedWidget" else { return nil }
      return (event.t, size)
    }
    #expect(widget.map(\.0) == [0, 2000])
    #expect(widget.last?.1 == RecordedViewSize(view: "speedWidget", width: 64, height: 132, margin: 8))
    // The cards, the logo and the reporting button were measured once each.
    let names = events.compactMap { event -> String? in
      if case .viewSize(let size) = event.payload { size.view } else { nil }
    }
    #expect(names.filter { $0 == "turnCard" }.count == 1)
    #expect(names.filter { $0 == "googleLogo" }.count == 1)
    #expect(names.contains("button.reporting"))
  }

  /// The SDK's prompt 4 is the recorder's first prompt: its size event names it by the id the
  /// recorder wrote for it (`prompt#1`), the kind not being public.
  @Test func aPromptIsMeasuredUnderTheRecordersIDWithTheProfilesHeight() throws {
    var profile = SDKProfile.default
    profile.promptHeights["traffic"] = 96
    let events = try record(
      [
        (0, .navigationEnabled), (0, .guidanceStarted),
        (500, .promptReady(Prompt(promptID: 4, kind: .traffic, text: "Slow traffic"))),
      ], profile: profile)
    let prompt = events.compactMap { event -> RecordedViewSize? in
      if case .viewSize(let size) = event.payload, size.promptID != nil { size } else { nil }
    }
    #expect(prompt == [RecordedViewSize(view: "prompt#1", width: 393, height: 96, margin: 8)])
    let ready = events.compactMap { event -> Int? in
      if case .promptReady(let prompt) = event.payload { prompt.promptID } else { nil }
    }
    #expect(ready == [1])
  }
}
