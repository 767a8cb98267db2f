import EventLog
import Foundation
import NavSim
import NavSimTesting
import Replay
import SessionEvents
import TestSupport
import Testing

/// A screen whose navigator listener shows a lane hint from `navInfo` (the issue's example):
/// the upcoming step's lanes, recommended ones starred, hidden when the step has no lane data.
@MainActor
final class LaneHintScreen: NSObject, GMSNavigatorListener {
  let mapView: GMSMapView
  let laneHint = UILabel()
  /// One line per nav info heard: the current step's number, road, instruction and lanes.
  private(set) var heard: [String] = []

  init(mapView: GMSMapView) {
    self.mapView = mapView
    super.init()
    laneHint.accessibilityIdentifier = "laneHint"
    laneHint.frame = CGRect(x: 16, y: 180, width: 200, height: 24)
    laneHint.isHidden = true
    mapView.addSubview(laneHint)
    mapView.navigator?.add(self)
  }

  static func hint(_ lanes: [GMSNavigationLane]) -> String {
    lanes.map { lane in
      lane.laneDirections.map { "\(Self.name($0.laneShape))\($0.recommended ? "*" : "")" }
        .joined(separator: "+")
    }.joined(separator: "|")
  }

  static func name(_ shape: GMSNavigationLaneShape) -> String {
    switch shape {
    case .unknown: "unknown"
    case .straight: "straight"
    case .slightLeft: "slightLeft"
    case .slightRight: "slightRight"
    case .normalLeft: "normalLeft"
    case .normalRight: "normalRight"
    case .sharpLeft: "sharpLeft"
    case .sharpRight: "sharpRight"
    case .uTurnLeft: "uTurnLeft"
    case .uTurnRight: "uTurnRight"
    }
  }

  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    guard let step = navInfo.currentStep else {
      heard.append("-")
      laneHint.isHidden = true
      return
    }
    let lanes = step.lanes.map(Self.hint) ?? "-"
    heard.append(
      "\(step.stepNumber) \(step.fullRoadName) \(step.fullInstructionText) \(lanes) "
        + "\(navInfo.remainingSteps.count)")
    laneHint.text = step.lanes.map(Self.hint)
    laneHint.isHidden = step.lanes == nil
  }
}

@MainActor
@Suite struct LaneHintScreenTests {
  /// What the recording implies the listener hears, from its own events: for each progress
  /// during guidance, the recorded step after the one the vehicle is on when it lies on the
  /// current leg (its lanes from its `stepDetail`), else the destination from progress.
  static func expected(_ events: [SessionEvent]) -> [String] {
    var steps: [RecordedStep] = []
    var details: [Int: RecordedStepDetail] = [:]
    var lines: [String] = []
    var guiding = false, leg = 0
    for event in events {
      switch event.payload {
      case .routeChanged(.reroute):
        steps = []
        details = [:]
      case .routeStep(let step): steps.append(step)
      case .stepDetail(let detail): details[detail.index] = detail
      case .guidanceStarted: guiding = true
      case .guidanceStopped: guiding = false
      case .routeChanged(.nextLeg): leg += 1
      case .progress(let p) where guiding:
        let next = p.stepIndex + 1
        if next < steps.count, steps[next].leg == leg {
          let lanes = RecordedStepDetail.lanesText(details[next]?.lanes)
          lines.append(
            "\(next) \(steps[next].roadName) \(steps[next].instruction) "
              + "\(lanes.isEmpty ? "-" : lanes.replacingOccurrences(of: ",", with: "+")) "
              + "\(steps.count - next - 1)")
        } else {
          let words = p.maneuver == "arrive" ? "Arrive at \(p.roadName)" : "?"
          lines.append("\(p.stepIndex) \(p.roadName) \(words) - \(max(0, steps.count - next))")
        }
      default: break
      }
    }
    return lines
  }

  /// The `laneHint` line after each event, by seq.
  static func hintLines(_ golden: GoldenText) -> [Int64: String] {
    var lines: [Int64: String] = [:]
    var seq: Int64 = 0
    var current = ""
    for line in golden.text.split(separator: "\n") {
      if line.hasPrefix("event ") {
        if seq > 0 { lines[seq] = current }
        seq = Int64(line.split(separator: " ")[1]) ?? 0
      } else if line.hasPrefix("view laneHint ") {
        current = String(line)
      }
    }
    lines[seq] = current
    return lines
  }

  @Test(arguments: GoldenReplayTests.recordings)
  func theListenerHearsTheRecordedStepsAndShowsTheirLanes(recordingName: String) throws {
    let events = try ScreenReplayTests.events(recordingName)
    var screen: LaneHintScreen?
    let (golden, summary) = try ReplayTesting.replay(
      log: recording(recordingName),
      screen: { mapView in
        let made = LaneHintScreen(mapView: mapView)
        screen = made
        return made
      })
    let heard = try #require(screen).heard
    #expect(summary.findings.isEmpty, "\(summary.findings.map(\.finding.message))")
    #expect(heard == Self.expected(events))
    #expect(heard.count == events.count { $0.kind == .progress })
    // The label shows the lanes exactly while the current step has them.
    let hints = Self.hintLines(golden)
    var shown = 0
    for (event, line) in zip(events.filter { $0.kind == .progress }, heard) {
      let hint = try #require(hints[event.seq])
      let lanes = String(line.split(separator: " ").dropLast().last ?? "")
      if lanes == "-" {
        #expect(hint.contains(" hidden"), "seq \(event.seq): \(hint)")
      } else {
        #expect(hint.contains("text=\(lanes)") && !hint.contains(" hidden"), "seq \(event.seq): \(hint)")
        shown += 1
      }
    }
    // Recordings whose routes have lane data show the hint at some point.
    let hasLanes = events.contains { if case .stepDetail(let d) = $0.payload { d.lanes != nil } else { false } }
    #expect(hasLanes == (shown > 0), "\(recordingName): \(shown) hints shown")
  }

  @Test func anOldRecordingHasNoLaneDataSoTheHintStaysHidden() throws {
    var screen: LaneHintScreen?
    let (golden, _) = try ReplayTesting.replay(
      log: OldRecordingTests.oldRecording("city-commute"),
      screen: { mapView in
        let made = LaneHintScreen(mapView: mapView)
        screen = made
        return made
      })
    let heard = try #require(screen).heard
    #expect(heard.count > 400)
    #expect(heard.allSatisfy { $0.split(separator: " ").dropLast().last == "-" })
    #expect(heard.allSatisfy { $0.hasSuffix(" 0") })  // no remaining steps known
    #expect(Self.hintLines(golden).values.allSatisfy { $0.contains(" hidden") })
  }
}
