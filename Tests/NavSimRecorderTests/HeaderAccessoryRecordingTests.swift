import EventLog
import Foundation
import NavSim
import Replay
import SessionEvents
import TestSupport
import Testing

import Lint
@testable import NavSimRecorder

/// The header accessory view: the SDK's API sets it but has no getter, so the app sets it
/// through the recorder, which records the height the view answers as a `headerAccessory`
/// setting; the recorded trip replays with a stand-in of that height.
@MainActor
@Suite struct HeaderAccessoryRecordingTests {
  final class Clock { var now = 50.0 }

  /// An app's banner whose height delegate answers `height`, counting the questions.
  final class Banner: UIView, GMSNavigationAccessoryView {
    var height: CGFloat = 48
    var asked = 0
    func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat {
      asked += 1
      return height
    }
  }

  @Test func theAccessoryTheAppSetsThroughTheRecorderIsRecordedAndReplays() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    let clock = Clock()
    var options = NavSimRecorder.Options()
    options.createdAt = "test"
    options.clock = { clock.now }
    options.samplesEveryFrame = false
    options.recordsViewSizes = false
    let recorder = try NavSimRecorder(mapView: mapView, path: path, options: options)
    recorder.start()
    mapView.isNavigationEnabled = true
    mapView.navigator?.isGuidanceActive = true
    recorder.sample()
    let banner = Banner()
    clock.now += 1
    recorder.setHeaderAccessory(banner)  // t = 1 s: 48
    #expect(mapView.headerAccessoryView === banner)
    let asked = banner.asked
    clock.now += 1
    recorder.sample()
    recorder.sample()
    #expect(banner.asked == asked, "asked again with nothing changed")
    clock.now += 1
    banner.height = 72
    recorder.invalidateLayout(forAccessoryView: banner)  // t = 3 s: 72
    clock.now += 1
    mapView.frame = CGRect(x: 0, y: 0, width: 852, height: 393)
    recorder.sample()  // asked again for the new size; the same answer writes nothing
    #expect(banner.asked > asked + 1)
    clock.now += 1
    recorder.setHeaderAccessory(nil)  // t = 5 s: removed
    #expect(mapView.headerAccessoryView == nil)
    try recorder.stop()

    let events = try EventLogFile(path: path, mode: .readOnly).events(recording: 1).readAll()
    let accessory = events.compactMap { event -> String? in
      guard case .settingChanged(let change) = event.payload, change.name == .headerAccessory,
        case .number(let height) = change.value
      else { return nil }
      return "\(event.t) \(Int(height))"
    }
    #expect(accessory == ["1000 48", "3000 72", "5000 0"])

    // The replay shows a stand-in answering the recorded height, then none.
    let replayer = try Replayer(delegate: nil, watchers: .layoutRules)
    var heights: [Int] = []
    for event in events {
      _ = replayer.apply(ReplayTick(event))
      if case .settingChanged(let change) = event.payload, change.name == .headerAccessory {
        let view = replayer.mapView.headerAccessoryView
        heights.append(
          view.map {
            Int($0.heightForAccessoryViewConstrained(to: .zero, on: replayer.mapView))
          } ?? 0)
      }
    }
    #expect(heights == [48, 72, 0])
  }

  @Test func anAccessorySetOnTheMapViewItselfIsNotSeen() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    var options = NavSimRecorder.Options()
    options.createdAt = "test"
    options.clock = { 0 }
    options.samplesEveryFrame = false
    let recorder = try NavSimRecorder(mapView: mapView, path: path, options: options)
    recorder.start()
    mapView.setHeaderAccessory(Banner())
    recorder.sample()
    try recorder.stop()
    let events = try EventLogFile(path: path, mode: .readOnly).events(recording: 1).readAll()
    #expect(!events.contains {
      guard case .settingChanged(let change) = $0.payload else { return false }
      return change.name == .headerAccessory
    })
  }
}
