import EventLog
import Foundation
import Lint
import NavSim
import NavSimRecorder
import Navigator
import Replay
import SessionEvents

// `navsim record --through-recorder`: the trip drives NavSim's own SDK model (map view,
// navigator, road-snapped provider) as a replay would, and a `NavSimRecorder` attached to the
// map view writes the log from what the SDK's public API shows, as it would on a phone.

/// The recorder's clock when NavSim drives the trip: the trip's own time.
@MainActor
private final class VirtualClock {
  var seconds = 0.0
}

/// Records trips through `NavSimRecorder` instead of writing the simulator's events.
@MainActor
public enum ThroughRecorder {
  /// Runs `trip` through the SDK model with a recorder attached; the recorder writes a new
  /// recording called `name` into the log at `path`.
  /// - Parameters:
  ///   - trip: the simulated trip to drive the SDK model with.
  ///   - name: the new recording's name.
  ///   - path: the event log the recorder writes to (created when missing).
  ///   - profile: the SDK model's sizes (what a device's SDK would draw).
  ///   - viewSizes: whether the recorder writes `viewSize` events, as it does on a phone
  ///     (`NavSimRecorder.Options.recordsViewSizes`). Off by default: a recording then holds
  ///     what the simulator's own log holds, as the API shows it.
  ///   - delegate: the app's layout delegate, set on the map view before the recorder starts;
  ///     the recorder wraps it to see the SDK's views. Nil: the built-in layout, which hands
  ///     nobody the views, so no size events are written.
  /// - Returns: the new recording's id and the trip's summary.
  /// - Throws: `NavigatorError` for a trip that cannot run (nothing is written),
  ///   `EventLogError` for the log.
  public static func record(
    _ trip: Trip, name: String, into path: String, profile: SDKProfile = .default,
    viewSizes: Bool = false, delegate: (any NavigationLayoutDelegate)? = nil
  ) throws -> TripRecorder.Result {
    let validated = try trip.run { _, _ in }
    let replayer = try Replayer(delegate: delegate, watchers: .layoutRules, profile: profile)
    let clock = VirtualClock()
    var options = NavSimRecorder.Options()
    options.name = name
    options.deviceProfile = trip.scenario.device.name
    options.createdAt = trip.createdAt
    options.clock = { clock.seconds }
    options.samplesEveryFrame = false
    options.recordsViewSizes = viewSizes
    // Facts that do not depend on the machine, so the recording is repeatable.
    options.deviceFacts = [
      "device.model": "NavSim \(trip.scenario.device.name)",
      "device.screen": "\(Int(replayer.mapView.bounds.width))x\(Int(replayer.mapView.bounds.height))",
      "sdk.version": "NavSim \(NavSimVersion.current)",
    ]
    let recorder = try NavSimRecorder(mapView: replayer.mapView, path: path, options: options)
    recorder.start()
    var seq: Int64 = 0
    // Each event is applied once the next is known, as a replay does: a progress event's tick
    // ends with its speed event, and the fix listeners hear carries that speed.
    var held: SessionEvent?
    let accessory = ScenarioAccessoryView()
    func drive(_ event: SessionEvent, next: SessionEvent?) {
      clock.seconds = Double(event.t) / 1000
      // The scenario's app sets its header accessory through the recorder, as an app must
      // for it to be recorded; the replay then keeps the app's view.
      if case .settingChanged(let change) = event.payload, change.name == .headerAccessory,
        case .number(let height) = change.value
      {
        accessory.set(height: height, through: recorder)
      }
      // The SDK model rejects what the SDK would (the recorder then sees no change).
      try? replayer.session.apply(ReplayTick(event, next: next))
      _ = replayer.session.drainFindings()
      recorder.sample()
    }
    _ = try trip.run { t, payload in
      seq += 1
      let event = SessionEvent(seq: seq, t: t, payload: payload)
      if let held { drive(held, next: event) }
      held = event
    }
    if let held { drive(held, next: nil) }
    try recorder.stop()
    return TripRecorder.Result(recordingID: recorder.recordingID, summary: validated)
  }

  /// `navsim record _recorder-test LOG` (hidden): records marks `1`, `2`, `3`... through a
  /// `NavSimRecorder` until killed. The crash-safety test SIGKILLs it and checks what it left.
  static func endlessMarks(into path: String) throws -> Int32 {
    let mapView = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    var options = NavSimRecorder.Options()
    options.name = "kill test"
    options.createdAt = "test"
    options.batchSize = 64
    options.flushInterval = 0.02
    options.samplesEveryFrame = false
    options.recordsViewSizes = false
    let clock = VirtualClock()
    options.clock = { clock.seconds }
    let recorder = try NavSimRecorder(mapView: mapView, path: path, options: options)
    recorder.start()
    var index = 0
    while true {
      index += 1
      clock.seconds += 0.01
      recorder.mark(String(index))
      recorder.sample()
      if index % 64 == 0 { usleep(1000) }
    }
  }
}

/// The header accessory view of a scenario's app: a banner whose height delegate answers the
/// scenario's `headerAccessory` height, set and resized through the recorder.
@MainActor
private final class ScenarioAccessoryView: UIView, GMSNavigationAccessoryView {
  private var height: CGFloat = 0

  init() {
    super.init(frame: .zero)
    backgroundColor = .secondarySystemBackground
  }

  required init?(coder: NSCoder) { return nil }

  /// Shows the banner at `height` (0 removes it), as an app does: set once, then re-measured.
  func set(height: Double, through recorder: NavSimRecorder) {
    let shown = self.height > 0
    self.height = CGFloat(height)
    if height <= 0 {
      if shown { recorder.setHeaderAccessory(nil) }
    } else if shown {
      recorder.invalidateLayout(forAccessoryView: self)
    } else {
      recorder.setHeaderAccessory(self)
    }
  }

  func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat {
    height
  }
}
