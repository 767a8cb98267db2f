import EventLog
import Foundation
import NavSim
import SessionEvents
import TestSupport
import Testing

@testable import NavSimRecorder

/// The recorder against NavSim's map view: what it reads, what it writes, how it writes.
@MainActor
@Suite struct NavSimRecorderTests {
  /// A clock the test moves by hand, in seconds.
  final class ManualClock {
    var now = 100.0
  }

  private func recorder(
    _ mapView: GMSMapView, _ path: String, clock: ManualClock, batchSize: Int = 256
  ) throws -> NavSimRecorder {
    var options = NavSimRecorder.Options()
    options.name = "test drive"
    options.createdAt = "2026-12-01T12:00:00Z"
    options.deviceProfile = "iphone-15-portrait"
    options.clock = { clock.now }
    options.batchSize = batchSize
    options.samplesEveryFrame = false
    return try NavSimRecorder(mapView: mapView, path: path, options: options)
  }

  private func events(_ path: String) throws -> [SessionEvent] {
    try EventLogFile(path: path, mode: .readOnly).events(recording: 1).readAll()
  }

  @Test func itRecordsWhatChangesOnTheMapViewAtTheTimeItChanges() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    let clock = ManualClock()
    let recorder = try recorder(mapView, path, clock: clock)
    recorder.start()  // t = 0: the size, no settings (all at their defaults)
    clock.now += 1.5
    mapView.shouldDisplaySpeedometer = true
    mapView.isNavigationEnabled = true
    recorder.sample()
    clock.now += 0.25
    recorder.sample()  // nothing changed: nothing written
    mapView.navigator?.isGuidanceActive = true
    recorder.mark("tunnel")
    recorder.sample()
    clock.now += 2
    mapView.frame = CGRect(x: 0, y: 0, width: 852, height: 393)
    mapView.settings.isRecenterButtonEnabled = false
    mapView.isNavigationEnabled = false
    try recorder.stop()

    let recorded = try events(path).map { "\($0.t) \($0.payload)" }
    #expect(
      recorded == [
        "0 mapResized(SessionEvents.MapGeometry(width: 375.0, height: 667.0, safeTop: 0.0, safeLeading: 0.0, safeBottom: 0.0, safeTrailing: 0.0))",
        "1500 settingChanged(SessionEvents.SettingChange(name: SessionEvents.Setting(rawValue: \"speedometer\"), value: SessionEvents.SettingValue.bool(true)))",
        "1500 navigationEnabled",
        "1750 mark(text: \"tunnel\")",
        "1750 guidanceStarted",
        "3750 mapResized(SessionEvents.MapGeometry(width: 852.0, height: 393.0, safeTop: 0.0, safeLeading: 0.0, safeBottom: 0.0, safeTrailing: 0.0))",
        "3750 settingChanged(SessionEvents.SettingChange(name: SessionEvents.Setting(rawValue: \"recenterButton\"), value: SessionEvents.SettingValue.bool(false)))",
        "3750 guidanceStopped(SessionEvents.GuidanceStopReason.cancelled)",
        "3750 navigationDisabled",
      ])
    let info = try EventLogFile(path: path, mode: .readOnly).recording(1)
    #expect(info.isFinished)
    #expect(info.metadata.name == "test drive" && info.metadata.source == .imported)
    #expect(info.metadata.deviceProfile == "iphone-15-portrait")
    #expect(info.metadata.attributes["device.screen"] == "375x667")
    #expect(info.metadata.attributes["recorder"] == "NavSimRecorder \(NavSimVersion.current)")
    #expect(info.metadata.attributes["os.version"] != nil)
    #expect(info.metadata.attributes["sdk.version"] != nil)
  }

  @Test func theStartingSizeIsRecordedOnlyWhenItDiffersFromAReplaysMapView() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    let recorder = try recorder(mapView, path, clock: ManualClock())
    recorder.start()
    recorder.mark("start")
    try recorder.stop()
    #expect(try events(path).map(\.kind) == [.mark])
  }

  @Test func settingsThatDifferFromTheDefaultsAreRecordedAtTheStart() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    mapView.semanticContentAttribute = .forceRightToLeft
    mapView.settings.compassButton = true
    mapView.padding = UIEdgeInsets(top: 10, left: 0, bottom: 20.5, right: 30)
    let recorder = try recorder(mapView, path, clock: ManualClock())
    recorder.start()
    try recorder.stop()
    let settings = try events(path).compactMap { event -> String? in
      guard case .settingChanged(let change) = event.payload else { return nil }
      return "\(change.name.rawValue)=\(change.value)"
    }
    #expect(
      settings == [
        "layoutDirection=text(\"rtl\")", "compass=bool(true)", "mapPadding=text(\"10,30,20.5,0\")",
      ])
  }

  @Test func aPanAndARecenterAreReadFromTheCameraMode() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    let clock = ManualClock()
    let recorder = try recorder(mapView, path, clock: clock)
    recorder.start()
    mapView.cameraMode = .free
    clock.now += 1
    recorder.sample()
    mapView.cameraMode = .following
    clock.now += 1
    recorder.sample()
    mapView.cameraMode = .overview
    recorder.sample()
    try recorder.stop()
    #expect(
      try events(path).map(\.kind).dropFirst() == [.userPanned, .recentered])
  }

  @Test func aStoppedRecorderWritesNothingMoreAndStopTwiceIsHarmless() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("drive.sqlite")
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    let recorder = try recorder(mapView, path, clock: ManualClock())
    recorder.start()
    try recorder.stop()
    recorder.mark("late")
    mapView.isNavigationEnabled = true
    recorder.sample()
    try recorder.stop()
    #expect(try events(path).map(\.kind) == [.mapResized])
  }

  @Test func aFileThatIsNotALogIsRefusedWithOneLine() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("notes.sqlite")
    try "hello".write(toFile: path, atomically: true, encoding: .utf8)
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    #expect(throws: EventLogError.notSQLite(path: path)) {
      _ = try NavSimRecorder(mapView: mapView, path: path)
    }
  }

  // MARK: - The queue

  @Test func theQueueHoldsBoundedMemoryAndKeepsStateChangesWhenFull() throws {
    let directory = TemporaryDirectory()
    let log = try EventLogFile(path: directory.file("q.sqlite"), mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(name: "q", source: .imported, createdAt: ""), batchSize: 8)
    let queue = RecorderQueue(
      writer: writer, limits: RecorderQueue.Limits(batchSize: 8, flushInterval: 0.01, capacity: 10))
    // Not started: nothing drains, as when the disk stalls.
    let progress = SyntheticEvents.payload(at: 0)
    for index in 0..<100 { queue.enqueue(progress, t: Int64(index)) }
    queue.enqueue(.mark(text: "kept"), t: 100)
    queue.enqueue(.navigationEnabled, t: 101)
    #expect(queue.droppedEvents == 90)
    queue.start()
    try queue.finish()
    let kinds = try EventLogFile(path: directory.file("q.sqlite"), mode: .readOnly)
      .events(recording: writer.recordingID).readAll().map(\.kind)
    #expect(kinds == Array(repeating: .progress, count: 10) + [.mark, .navigationEnabled])
  }

  @Test func theQueueWritesInBatchesWhileRecording() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("q.sqlite")
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(name: "q", source: .imported, createdAt: ""), batchSize: 16)
    let queue = RecorderQueue(
      writer: writer, limits: RecorderQueue.Limits(batchSize: 16, flushInterval: 0.05))
    queue.start()
    for index in 0..<1000 {
      queue.enqueue(SyntheticEvents.payload(at: index), t: SyntheticEvents.t(at: index))
    }
    // The writer thread commits while the recording is still open.
    let reader = try EventLogFile(path: path, mode: .readOnly)
    var committed: Int64 = 0
    for _ in 0..<200 where committed < 1000 {
      Thread.sleep(forTimeInterval: 0.01)
      committed = try reader.recording(writer.recordingID).eventCount
    }
    #expect(committed == 1000)
    #expect(try !reader.recording(writer.recordingID).isFinished)
    try queue.finish()
    let info = try reader.recording(writer.recordingID)
    #expect(info.isFinished && info.eventCount == 1000)
    let stored = try reader.events(recording: writer.recordingID).readAll()
    #expect(stored.map(\.payload) == (0..<1000).map(SyntheticEvents.payload(at:)))
  }
}
