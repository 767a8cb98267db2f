import EventLog
import Findings
import Foundation
import Lint
import NavSim
import NavSimTesting
import Replay
import SampleDelegates
import SessionEvents
import Snapshots
import TestSupport
import Testing

/// Screens under replay: the calls a guide-style screen hears for each canonical recording,
/// closed-world divergences, and label texts in snapshots and diffs.
@MainActor
@Suite struct ScreenReplayTests {
  /// The recording's events, in order.
  static func events(_ name: String) throws -> [SessionEvent] {
    let log = try EventLogFile(path: recording(name), mode: .readOnly)
    let id = try #require(try log.recordings().first).id
    let cursor = try log.events(recording: id, kinds: nil, seqRange: nil)
    var events: [SessionEvent] = []
    while let event = try cursor.next() { events.append(event) }
    return events
  }

  /// One waypoint per stop, where the recording arrives ("Stop 1"...).
  static func stops(_ events: [SessionEvent]) -> [GMSNavigationWaypoint] {
    var here: (Double, Double)?
    var stops: [GMSNavigationWaypoint] = []
    for event in events {
      if case .progress(let p) = event.payload { here = (p.latitude, p.longitude) }
      if case .arrived = event.payload, let here {
        stops.append(
          GMSNavigationWaypoint(
            location: CLLocationCoordinate2D(latitude: here.0, longitude: here.1),
            title: "Stop \(stops.count + 1)")!)
      }
    }
    return stops
  }

  /// The calls the recording implies for `GuideStyleNavigationScreen` (thresholds 10 s and
  /// 100 m), derived from the events by the rules the README states.
  static func expectedCalls(_ events: [SessionEvent]) -> [String] {
    var calls = ["terms(true)"]
    var hasRoute = false, answered = false, guiding = false, routeChanged = false
    var time: Double?, distance: Double?, lighting = 0
    var steps: [RecordedStep] = [], leg = 0
    for event in events {
      switch event.payload {
      case .routeChanged(.reroute): steps = []
      case .routeStep(let step): steps.append(step)
      case .routeSet:
        hasRoute = true
        routeChanged = true
        calls.append("routeChanged")
        if !answered { calls.append("route(OK)") }
        answered = true
      case .routeChanged(let reason) where reason == .nextLeg || reason == .cleared:
        if reason == .nextLeg { leg += 1 }
        routeChanged = true
        time = nil
        distance = nil
        calls.append("routeChanged")
      case .guidanceStarted: guiding = true
      case .guidanceStopped: guiding = false
      case .progress(let p) where hasRoute:
        if guiding, routeChanged {
          // The upcoming step as recorded (schema 4) when it lies on this leg, else the
          // destination ahead, numbered as the step the vehicle is on.
          let next = p.stepIndex + 1
          let onLeg = next < steps.count && steps[next].leg == leg
          calls.append("navInfo(\(onLeg ? next : p.stepIndex), \(p.roadName))")
        }
        if guiding { routeChanged = false }
        if time.map({ abs(p.timeRemaining - $0) >= 10 }) ?? true {
          time = p.timeRemaining
          calls.append("time(\(p.timeRemaining))")
        }
        if distance.map({ abs(p.distanceRemaining - $0) >= 100 }) ?? true {
          distance = p.distanceRemaining
          calls.append("distance(\(p.distanceRemaining))")
        }
      case .arrived(let index): calls.append("arrive(Stop \(index + 1))")
      case .lightingChanged(let mode):
        let raw = mode == .night ? 1 : 0
        if raw != lighting { calls.append("lighting(\(raw))") }
        lighting = raw
      default: break
      }
    }
    return calls
  }

  @Test(arguments: GoldenReplayTests.recordings)
  func aGuideStyleScreenHearsTheCallsTheRecordingImplies(recordingName: String) throws {
    let events = try Self.events(recordingName)
    let stops = Self.stops(events)
    var screen: GuideStyleNavigationScreen?
    let (golden, summary) = try ReplayTesting.replay(
      log: recording(recordingName),
      screen: { mapView in
        let made = GuideStyleNavigationScreen(mapView: mapView, destinations: stops)
        screen = made
        return made
      })
    let heard = try #require(screen)
    #expect(heard.calls == Self.expectedCalls(events))
    #expect(heard.calls.count > 20 && heard.calls.contains("arrive(Stop 1)"))
    #expect(heard.locations == events.filter { $0.kind == .progress }.count)
    #expect(summary.findings.isEmpty, "\(summary.findings.map(\.finding.message))")
    // The listener's label text is in the snapshots.
    let lastTime = try #require(heard.calls.last { $0.hasPrefix("time(") })
    let seconds = try #require(Double(lastTime.dropFirst(5).dropLast()))
    #expect(golden.text.contains("view eta parent=map"))
    #expect(golden.text.contains("text=ETA%20\(Int((seconds / 60).rounded()))%20min"))
    #expect(heard.mapView.lightingMode == (events.contains { $0.payload == .lightingChanged(.night) } ? .lowLight : .normal))
  }

  @Test func teardownIsAcceptedAfterTheTripAndADivergenceDuringIt() throws {
    let events = try Self.events("pan-reroute")
    func replay(upTo last: Int) throws -> (GuideStyleNavigationScreen, [Finding]) {
      let replayer = try Replayer(
        delegate: nil, watchers: .layoutRules,
        screen: { GuideStyleNavigationScreen(mapView: $0, destinations: Self.stops(events)) })
      var findings: [Finding] = []
      for event in events.prefix(last) { findings += replayer.apply(ReplayTick(event)).findings }
      #expect(findings.isEmpty)
      let screen = try #require(replayer.screen as? GuideStyleNavigationScreen)
      screen.tearDown()
      return (screen, replayer.session.drainFindings())
    }
    let (finished, afterTrip) = try replay(upTo: events.count)
    #expect(afterTrip.isEmpty)  // after the last arrival nothing contradicts the recording
    #expect(finished.mapView.navigator?.remove(finished) == false)
    let (_, midTrip) = try replay(upTo: 400)
    #expect(midTrip.map(\.message) == [
      "clearDestinations() after seq 400: the recording keeps its route: nothing is cleared",
      "isGuidanceActive = false after seq 400: the recording keeps guiding: guidance stays on",
    ])
  }

  @Test func aMapBuiltFromOptionsHasItsFrameAndCamera() {
    let built = GuideStyleNavigationScreen.makeMapView()
    #expect(built.bounds.size == CGSize(width: 393, height: 852))
    #expect(built.camera.target.latitude == 47.37 && built.camera.zoom == 14)
  }

  @Test func wrongDestinationsAreDivergencesNamingTheCallAndTheSeq() throws {
    func divergences(_ log: String) throws -> [(finding: Finding, count: Int, firstSeq: Int64)] {
      let (_, summary) = try ReplayTesting.replay(
        log: log,
        screen: { mapView in
          let school = GMSNavigationWaypoint(
            location: CLLocationCoordinate2D(latitude: 47.3576, longitude: 8.5483), title: "School")!
          return GuideStyleNavigationScreen(mapView: mapView, destinations: [school])
        })
      return summary.findings.filter { $0.finding.ruleID == "replay-divergence" }
    }
    // The recording names its two destinations (schema 3 waypoints).
    let named = try divergences(recording("city-commute"))
    #expect(named.map(\.finding.message) == [
      "setDestinations(_:callback:) before the first event: asked for 1 destination(s); the recording "
        + "named 2 in the route the recording set at seq 21: the app's destinations are ignored "
        + "and its callback is not called",
    ])
    #expect(named.first?.firstSeq == 21)
    #expect(named.first?.finding.severity == .warning)
    // The previous release's recording only has the route's legs to go by.
    let old = try divergences(OldRecordingTests.oldRecording("city-commute"))
    #expect(old.map(\.finding.message) == [
      "setDestinations(_:callback:) before the first event: asked for 1 destination(s); the route the "
        + "recording set at seq 5 has 2 leg(s): the app's destinations are ignored and its "
        + "callback is not called",
    ])
    #expect(old.first?.firstSeq == 5)
  }

  @Test func theDiffNamesTheLabelWhoseTextChanged() throws {
    func run(_ makeScreen: @escaping @MainActor (GMSMapView) -> AnyObject) throws -> [LayoutSnapshot] {
      var snapshots: [LayoutSnapshot] = []
      let job = ReplayJob(
        logPath: recording("city-commute"), screenName: "s", makeScreen: makeScreen,
        watchers: .layoutRules)
      _ = try job.run { snapshot, _ in snapshots.append(snapshot) }
      return snapshots
    }
    let good = try run { DeliveryMapScreen(mapView: $0) }
    let wrong = try run { WrongETAScreen(mapView: $0) }
    let lines = zip(good, wrong).flatMap { a, b in
      compareSnapshots(a, b, labels: ("good", "wrong")).viewChanges.map(\.textLine)
    }
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { $0.hasPrefix("orderETA text \"Arriving in ") || $0.hasPrefix("orderETA resized") })
    #expect(lines.contains("orderETA text \"Arriving in 4 min\" -> \"Arriving in 3 min\""))
  }

  @Test func screenTextsSurviveTheSnapshotStoreAndItsDiff() throws {
    let directory = TemporaryDirectory()
    let store = try SnapshotStore(path: directory.file("screens.sqlite"), mode: .create)
    let good = ReplayJob(
      logPath: recording("city-commute"), screenName: "delivery",
      makeScreen: { DeliveryMapScreen(mapView: $0) }, watchers: .layoutRules)
    let wrong = ReplayJob(
      logPath: recording("city-commute"), screenName: "wrong",
      makeScreen: { WrongETAScreen(mapView: $0) }, watchers: .layoutRules)
    var replayed: [Int64: LayoutState] = [:]
    _ = try good.run(store: store, label: "good") { snapshot, _ in replayed[snapshot.seq] = snapshot.layout }
    _ = try wrong.run(store: store, label: "wrong")
    let run = try store.run(label: "good")
    #expect(run.metadata.delegate == "screen:delivery")
    let stored = try #require(try store.snapshot(of: run, seq: 23))  // the first progress
    #expect(stored.layout == replayed[23])
    #expect(stored.layout.nodes.first { $0.id == "orderETA" }?.text == "Arriving in 4 min")
    let diff = try store.diff(labelA: "good", labelB: "wrong")
    #expect(diff.text().contains("orderETA text \"Arriving in 4 min\" -> \"Arriving in 3 min\""))
  }

  @Test func delegateReplaysRecordNoTexts() throws {
    let (golden, _) = try ReplayTesting.replay(
      log: recording("rtl-city"), delegate: { CompleteLayoutDelegate() })
    #expect(golden.text.contains("view UILabel#1"))
    #expect(!golden.text.contains(" text="))
  }
}

/// The delivery screen with a bug: a second listener rounds the ETA down.
final class WrongETAScreen: NSObject, GMSNavigatorListener {
  let screen: DeliveryMapScreen

  init(mapView: GMSMapView) {
    screen = DeliveryMapScreen(mapView: mapView)
    super.init()
    mapView.navigator?.add(self)  // after the screen's own listener: its text wins
  }

  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    guard time >= 30 else { return }
    screen.orderSheet.etaLabel.text = "Arriving in \(max(1, Int(time / 60))) min"
  }
}
