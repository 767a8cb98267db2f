import Foundation
import NavSim
import NavSimTesting
import Replay
import SessionEvents
import TestSupport
import Testing

/// The courier screen (`CourierTripScreen.swift`, session first, as the plugins write it)
/// replayed through every canonical recording: the calls it hears, their order and arguments,
/// the texts it writes in the snapshots, and a clean closed-world replay (no divergence).
@MainActor
@Suite struct CourierScreenReplayTests {
  /// The calls the recording implies for `CourierTripViewController` (time threshold 30 s,
  /// distance updates off, speed alerts set), derived from the events by the rules the
  /// README states for listeners.
  static func expectedCalls(_ events: [SessionEvent]) -> [String] {
    var calls = ["terms(true)"]
    var legs = 0, leg = 0, answered = false, guiding = false, hasRoute = false
    var shownStep: Int?
    var time: Double?
    var lighting = 0, severity = -2
    var prompt: Int?
    var steps: [RecordedStep] = []
    func stop(_ index: Int) -> String { "Stop \(index + 1)" }
    for event in events {
      switch event.payload {
      case .routeChanged(.reroute): steps = []
      case .routeStep(let step): steps.append(step)
      case .routeSet(let route):
        hasRoute = true
        legs = max(1, route.legs)
        calls.append("routeChanged(\(legs) legs, next \(stop(leg)))")
        shownStep = nil
        if !answered { calls.append("route(OK)") }
        answered = true
      case .routeChanged(.nextLeg):
        leg += 1
        time = nil
        calls.append("routeChanged(\(legs) legs, next \(leg < legs ? stop(leg) : "-"))")
        shownStep = nil
      case .guidanceStarted: guiding = true
      case .guidanceStopped: guiding = false
      case .progress(let p) where hasRoute:
        // The upcoming step as recorded when it lies on this leg, else the destination
        // ahead, numbered as the step the vehicle is on (as for the guide-style screen).
        let next = p.stepIndex + 1
        let number = next < steps.count && steps[next].leg == leg ? next : p.stepIndex
        if guiding, shownStep != number {
          shownStep = number
          calls.append("step(\(number), \(p.roadName))")
        }
        if time.map({ abs(p.timeRemaining - $0) >= 30 }) ?? true {
          time = p.timeRemaining
          calls.append("time(\(Int(p.timeRemaining)))")
        }
      case .speed(let report):
        let raw = [SpeedAlertSeverity.unknown: -2, .notSpeeding: -1, .minor: 0, .major: 1][report.severity]!
        if raw != severity { calls.append("speedAlert(\(raw))") }
        severity = raw
      case .arrived(let index):
        calls.append("arrive(\(stop(index)))")
        if index + 1 < legs { calls.append("continue(\(stop(index + 1)))") }
      case .lightingChanged(let mode):
        let raw = mode == .night ? 1 : 0
        if raw != lighting { calls.append("lighting(\(raw))") }
        lighting = raw
      case .promptReady(let shown):
        if prompt != nil { calls.append("promptGone") }
        calls.append("prompt")
        prompt = shown.promptID
      case .promptDismissed(let id) where id == prompt:
        calls.append("promptGone")
        prompt = nil
      default: break
      }
    }
    return calls + ["teardown"]  // the replay dismisses the screen after the last event
  }

  /// Replays `name` through a courier screen whose stops are where the recording arrives.
  static func replay(_ name: String) throws
    -> (screen: CourierTripViewController, golden: GoldenText, summary: ReplayJob.Summary, events: [SessionEvent])
  {
    let events = try ScreenReplayTests.events(name)
    let stops = ScreenReplayTests.stops(events)
    var screen: CourierTripViewController?
    let (golden, summary) = try ReplayTesting.replay(
      log: recording(name),
      screen: { mapView in
        let made = CourierTripViewController(stops: stops, makeMap: { mapView })
        screen = made
        return made
      })
    return (try #require(screen), golden, summary, events)
  }

  @Test(arguments: GoldenReplayTests.recordings)
  func theCourierScreenHearsTheCallsTheRecordingImplies(recordingName: String) throws {
    let (screen, golden, summary, events) = try Self.replay(recordingName)
    #expect(screen.heard == Self.expectedCalls(events))
    #expect(summary.findings.isEmpty, "\(summary.findings.map(\.finding.message))")
    // The started session's provider heard every fix; remaining distance stayed off.
    #expect(screen.locationsHeard == events.filter { $0.kind == .progress }.count)
    #expect(screen.fastestSpeed > 5)
    #expect(screen.drivenPoints > 2)
    #expect(!screen.heard.contains { $0.hasPrefix("distance(") })
    #expect(screen.heard.filter { $0.hasPrefix("arrive(") }.count == events.filter { $0.kind == .arrived }.count)
    // Lighting was copied into the map view; the teardown left nothing registered.
    let night = events.contains { $0.payload == .lightingChanged(.night) }
    #expect(screen.mapView.lightingMode == (night ? .lowLight : .normal))
    #expect(screen.mapView.navigator?.remove(screen) == false)
    #expect(screen.mapView.roadSnappedLocationProvider?.remove(screen) == false)
    // What the listener wrote is in the snapshots.
    let lines = golden.text.split(separator: "\n")
    let lastTime = try #require(screen.heard.last { $0.hasPrefix("time(") })
    let seconds = try #require(Double(lastTime.dropFirst(5).dropLast()))
    let minutes = max(1, Int((seconds / 60).rounded()))
    #expect(lines.contains { $0.hasPrefix("view eta ") && $0.contains(" text=\(minutes)%20min%20to%20Stop%20") })
    #expect(lines.contains { $0.hasPrefix("view nextStep ") && $0.hasSuffix("text=All%20deliveries%20done") })
    #expect(lines.contains { $0.hasPrefix("view endTrip ") && $0.hasSuffix("text=Close") })
    #expect(lines.contains { $0.hasPrefix("view endTrip ") && $0.contains(" hidden") && $0.hasSuffix("text=End%20trip") })
    if screen.heard.contains("prompt") {
      #expect(lines.contains { $0.hasPrefix("view tripCard ") && $0.contains(" hidden") })
    }
  }

  @Test func locationPermissionIsTheAppsNotAManagers() {
    // The plugins ask on one manager and check a fresh one before starting a session.
    CLLocationManager().requestWhenInUseAuthorization()
    let status = CLLocationManager().authorizationStatus
    #expect(status == .authorizedWhenInUse || status == .authorizedAlways)
  }

  @Test func speedingShowsOnTheCardWithThePercentage() throws {
    let (screen, golden, _, events) = try Self.replay("highway-cameras")
    let speeding = events.compactMap { event -> SpeedReport? in
      if case .speed(let report) = event.payload, report.severity == .major { return report }
      return nil
    }
    let first = try #require(speeding.first)
    #expect(screen.heard.contains("speedAlert(1)"))
    let text = "Slow%20down:%20\(Int(first.speedingPercentage.rounded()))%25%20over%20the%20limit"
    #expect(golden.text.split(separator: "\n").contains {
      $0.hasPrefix("view speeding ") && !$0.contains(" hidden") && $0.hasSuffix("text=" + text)
    })
  }

  @Test func aScreenThatStopsGuidingAtArrivalLaterIsADivergence() throws {
    // The plugins turn stop-at-arrival off; every canonical recording stops guidance there.
    let events = try ScreenReplayTests.events("rtl-city")
    let stops = ScreenReplayTests.stops(events)
    let (_, summary) = try ReplayTesting.replay(
      log: recording("rtl-city"),
      screen: { mapView in
        let screen = CourierTripViewController(stops: stops, makeMap: { mapView })
        screen.loadViewIfNeeded()
        mapView.navigator?.stopGuidanceAtArrival = false
        return screen
      })
    let messages = summary.findings.filter { $0.finding.ruleID == "replay-divergence" }
    #expect(messages.count == 1)
    #expect(messages.first?.finding.message.hasPrefix("stopGuidanceAtArrival = false ") == true)
  }
}
