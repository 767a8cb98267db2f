import Findings
import Foundation
import HeadlessUIKit
@_spi(Replay) import NavigationSDK
import SessionEvents

/// An event the SDK model could not apply: it names the event's seq.
public struct SessionError: Error, Equatable, Sendable, CustomStringConvertible {
  public var seq: Int64
  public var message: String

  public init(seq: Int64, message: String) {
    self.seq = seq
    self.message = message
  }

  public var description: String { "seq \(seq): \(message)" }
}

/// Applies recorded `SessionEvent`s to a map view as the SDK would, and watches the layout
/// delegate for broken rules.
///
/// `apply(_:)` advances the virtual clock (the map's `layoutContext.clock`) to the event's time
/// (running due animation completions), changes the SDK's state, calls the delegate as the
/// lifecycle says, runs the layout pass, then checks the laid-out frames. Findings collect in
/// `findings`: rules about the current layout (overlaps, missing logo...) are reported after
/// every event while they hold; rules about actions (a width constraint on the turn card, a
/// left anchor...) once, at the event during which the delegate acted.
///
/// Rules are only checked while a custom layout delegate is set: the built-in layout is the
/// SDK's own.
@preconcurrency @MainActor
public final class NavigationSession {
  public let mapView: GMSMapView
  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity".
  /// Every finding so far (see `drainFindings()`).
  @exclusivity(unchecked) public private(set) var findings: [Finding] = []
  /// The last event applied (0 before the first).
  @exclusivity(unchecked) public private(set) var lastSeq: Int64 = 0
  /// Its time, milliseconds.
  @exclusivity(unchecked) public private(set) var lastTime: Int64 = 0
  /// `ltr` or `rtl` to force a layout direction whatever the recording's settings say.
  public var forcedLayoutDirection: String? {
    didSet { if let forcedLayoutDirection { try? setLayoutDirection(forcedLayoutDirection) } }
  }
  let watcher: any ReplayWatching

  /// Checks the app's calls against the recording (closed world).
  let control = ReplayControl()

  /// Takes over `mapView`: from now on the recording decides its navigation lifecycle and
  /// trip, and the app's navigator calls are checked against it (`ReplayControl`).
  /// - Parameter watchers: what checks the app's code as events apply (Lint's `.layoutRules`).
  public init(mapView: GMSMapView, watchers: ReplayWatchers) {
    self.mapView = mapView
    watcher = watchers.make(mapView)
    mapView.callbackObserver = watcher
    mapView.replay = control
    mapView.layoutContext.termsAccepted = true  // the recorded device had accepted them
  }

  /// Returns the findings recorded since the last call and forgets them (with the
  /// `replay-divergence` warnings of app calls made since the last event).
  public func drainFindings() -> [Finding] {
    if findings.isEmpty, !control.hasDivergences { return [] }
    defer { findings.removeAll() }
    return findings + control.drain()
  }

  /// Ends the replay after the last event: a route request the recording never answered
  /// becomes a `replay-divergence`, and the findings not drained yet are returned (calls the
  /// app made after the last event carry its seq).
  public func finish() -> [Finding] {
    if let pending = control.pendingRoute {
      control.pendingRoute = nil
      control.diverge(
        pending.call, at: pending.place,
        "the recording never set a route for it: the callback is not called")
    }
    return drainFindings()
  }

  // MARK: - Applying events

  /// Whether the map's layout context is bound by `withContext(_:)` (a replay's loop), so that
  /// `apply` does not bind it again: binding the task-local costs about 900 instructions, and
  /// even reading the binding a few hundred, on every event.
  @exclusivity(unchecked) private(set) var contextBound = false

  /// Runs `work` with the map's layout context bound, as `apply(_:)` does for each event: a
  /// loop of `apply` calls inside it binds the context once, not once an event. (Inside it,
  /// apply this session's events only: another session's `withContext` would bind its own.)
  public func withContext<T>(_ work: () throws -> T) rethrows -> T {
    if contextBound { return try work() }
    return try mapView.layoutContext.run {
      contextBound = true
      defer { contextBound = false }
      return try work()
    }
  }

  /// Applies one event: clock, SDK state, delegate callbacks, layout pass, rules.
  ///
  /// The tick's speed completes a progress event's fix: the road-snapped location listeners
  /// get (and nav info's time to the next step) carry that tick's speed; without it they carry
  /// the last speed applied. Its sizes are applied before the layout pass (`ReplayTick`).
  ///
  /// The map's `layoutContext` (its clock, the watcher as its auditor, the profile whose style
  /// values app code reads, the SDK's services state) is bound while the event applies, so
  /// another replay in the same process, advanced between this one's events, does not disturb
  /// it.
  ///
  /// - Throws: `SessionError` (with the event's seq) for an event the SDK's lifecycle rejects
  ///   (guidance started before navigation was enabled, a prompt dismissed that was never
  ///   shown...), a seq or time going backwards, or a malformed setting. The rejected event
  ///   changes no SDK state; the clock and the layout still advance.
  public func apply(_ tick: ReplayTick) throws {
    guard tick.event.seq > lastSeq else {
      throw SessionError(
        seq: tick.event.seq, message: "seq \(tick.event.seq) does not follow \(lastSeq)")
    }
    guard contextBound else { return try withContext { try apply(tick) } }
    let context = mapView.layoutContext
    // The rules hear the layout activity of events only, not the app's set-up between them
    // (a screen made before the first event, dismissed after the last).
    let previous = context.exchangeAudit(watcher)
    defer { _ = context.exchangeAudit(previous) }
    let event = tick.event
    watcher.begin()
    // Calls made between events (a screen setting itself up before the first) are reported
    // with this event; their messages say where they were made.
    control.started = true
    if control.hasDivergences { findings += control.drain() }
    control.seq = event.seq
    control.inEvent = true
    defer { control.inEvent = false }
    var failure: SessionError?
    if event.t < lastTime {
      failure = SessionError(
        seq: event.seq, message: "time \(event.t) ms is before the previous event's \(lastTime) ms")
    } else {
      context.advanceClock(to: Double(event.t) / 1000)
      watcher.recheckDeferredLeftovers()
      let shownPrompt = mapView.shownPromptID
      defer { mapView.replayNavigator.promptChanged(from: shownPrompt, to: mapView.shownPromptID) }
      do {
        try applyPayload(event.payload, t: event.t, tickSpeed: tick.speed)
      } catch let error as LifecycleError {
        failure = SessionError(seq: event.seq, message: error.message)
      } catch let error as SessionError {
        failure = error
      }
      lastTime = event.t
    }
    lastSeq = event.seq
    for size in tick.sizes { mapView.sdkViews.applyRecordedSize(SDKViewSize(size)) }
    mapView.updateBuiltInLayout()
    if context.forcesFullPass {
      mapView.forceFullLayoutPass()
    } else {
      mapView.layoutIfNeeded()
    }
    // Most events find nothing: appending empty arrays still costs an allocation each.
    let found = watcher.finish(mapView)
    if !found.isEmpty { findings += found }
    if control.hasDivergences { findings += control.drain() }
    if let failure { throw failure }
  }

  private func applyPayload(_ payload: EventPayload, t: Int64, tickSpeed: SpeedReport?) throws {
    let navigator = mapView.replayNavigator
    switch payload {
    case .navigationEnabled:
      try mapView.transition { lifecycle throws(LifecycleError) in try lifecycle.enableNavigation()
      }
    case .navigationDisabled:
      try mapView.transition { lifecycle throws(LifecycleError) in try lifecycle.disableNavigation()
      }
    case .guidanceStarted:
      try mapView.transition { lifecycle throws(LifecycleError) in try lifecycle.startGuidance() }
      navigator.recordedGuidanceStarted()
    case .guidanceStopped(let reason):
      try mapView.transition { lifecycle throws(LifecycleError) in try lifecycle.stopGuidance() }
      navigator.recordedGuidanceStopped(reason, replay: control)
    case .promptReady(let prompt):
      try mapView.transition { lifecycle throws(LifecycleError) in try lifecycle.promptReady(NavigationPrompt(prompt))
      }
    case .promptDismissed(let id):
      try mapView.transition { lifecycle throws(LifecycleError) in
        try lifecycle.promptDismissed(id: id)
      }
    case .routeSet(let route):
      mapView.sdkViews.tripProgressBar.reset()
      mapView.routeWasSet(alternateRoutes: route.alternateRoutes)
      navigator.recordedRouteSet(route, replay: control)
    case .routeChanged(let reason):
      mapView.sdkViews.tripProgressBar.reset()
      navigator.recordedRouteChanged(reason)
    case .progress(let progress):
      let total = progress.distanceTravelled + progress.distanceRemaining
      mapView.sdkViews.tripProgressBar.show(
        progress: total > 0 ? progress.distanceTravelled / total : 0)
      navigator.recordedProgress(
        progress, t: t, tickSpeed: tickSpeed,
        guiding: mapView.navigationState == .activeGuidance)
    case .arrived(let index):
      // guidance stops with its own `guidanceStopped` event
      navigator.recordedArrival(waypointIndex: index, replay: control)
    case .speed(let report):
      mapView.speedChanged(
        SpeedReading(
          speed: report.speed, speedLimit: report.speedLimit,
          severity: GMSNavigationSpeedAlertSeverity(report.severity)))
      navigator.recordedSpeed(report)
    case .mapResized(let geometry):
      try mapView.resize(
        to: GMSMapView.Geometry(
          width: geometry.width, height: geometry.height, safeTop: geometry.safeTop,
          safeLeading: geometry.safeLeading, safeBottom: geometry.safeBottom,
          safeTrailing: geometry.safeTrailing))
    case .settingChanged(let change):
      try apply(change)
    case .camera(let camera):
      mapView.setCamera(
        mode: GMSNavigationCameraMode(camera.mode), bearing: camera.bearing, tilt: camera.tilt,
        zoom: camera.zoom)
    case .userPanned:
      mapView.userPanned()
    case .recentered:
      mapView.recentered()
    case .lightingChanged(let mode):
      mapView.lightingMode = GMSNavigationLightingMode(mode)
      navigator.recordedLighting(GMSNavigationLightingMode(mode))
    case .mark:
      break  // a tester's bookmark: nothing the SDK sees
    case .waypoint(let waypoint):
      navigator.recordedWaypoint(waypoint, replay: control)
    case .routeStatus(let status):
      navigator.recordedRouteStatus(status, replay: control)
    case .routeLeg(let leg):
      navigator.recordedRouteLeg(leg, replay: control)
    case .routeStep(let step):
      navigator.recordedRouteStep(step, replay: control)
    case .stepDetail(let detail):
      navigator.recordedStepDetail(detail, replay: control)
    case .viewSize(let size):
      mapView.sdkViews.applyRecordedSize(SDKViewSize(size))
    }
  }

  // MARK: - Settings

  /// Maps a recorded setting onto the map view, settings or navigator. Unknown setting names
  /// (from newer recordings) are ignored.
  private func apply(_ change: SettingChange) throws {
    mapView.isApplyingRecordedSetting = true
    defer { mapView.isApplyingRecordedSetting = false }
    let name = change.name
    func bool() throws -> Bool {
      guard case .bool(let value) = change.value else { throw wrongType("a bool") }
      return value
    }
    func text() throws -> String {
      guard case .text(let value) = change.value else { throw wrongType("text") }
      return value
    }
    func number() throws -> Double {
      guard case .number(let value) = change.value else { throw wrongType("a number") }
      return value
    }
    func wrongType(_ expected: String) -> SessionError {
      SessionError(seq: control.seq, message: "setting '\(name.rawValue)' expects \(expected)")
    }
    switch name {
    case .speedometer: mapView.shouldDisplaySpeedometer = try bool()
    case .speedLimit: mapView.shouldDisplaySpeedLimit = try bool()
    case .prompts: mapView.sessionNavigator.shouldDisplayPrompts = try bool()
    case .recenterButton: mapView.settings.isRecenterButtonEnabled = try bool()
    case .compass: mapView.settings.compassButton = try bool()
    case .myLocationButton: mapView.settings.myLocationButton = try bool()
    case .header: mapView.settings.isNavigationHeaderEnabled = try bool()
    case .footer: mapView.settings.isNavigationFooterEnabled = try bool()
    case .tripProgressBar: mapView.settings.isNavigationTripProgressBarEnabled = try bool()
    case .reportIncidentButton:
      mapView.settings.isNavigationReportIncidentButtonEnabled = try bool()
    case .trafficLights: mapView.settings.showsTrafficLights = try bool()
    case .stopSigns: mapView.settings.showsStopSigns = try bool()
    case .destinationMarkers: mapView.settings.showsDestinationMarkers = try bool()
    case .scrollGestures: mapView.settings.scrollGestures = try bool()
    case .zoomGestures: mapView.settings.zoomGestures = try bool()
    case .tiltGestures: mapView.settings.tiltGestures = try bool()
    case .rotateGestures: mapView.settings.rotateGestures = try bool()
    case .layoutDirection:
      let value = try text()
      guard forcedLayoutDirection == nil else { return }
      try setLayoutDirection(value)
    case .alternateRoutes:
      let value = try text()
      guard let strategy = GMSNavigationAlternateRoutesStrategy(recorded: value) else {
        throw SessionError(
          seq: control.seq, message: "setting 'alternateRoutes': '\(value)' is not all, one or none"
        )
      }
      mapView.sessionNavigator.alternateRoutesStrategy = strategy
    case .mapPadding:
      let value = try text()
      let parts = value.split(separator: ",").map {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      guard parts.count == 4, let top = parts[0], let leading = parts[1], let bottom = parts[2],
        let trailing = parts[3]
      else {
        throw SessionError(
          seq: control.seq,
          message: "setting 'mapPadding': '\(value)' is not top,leading,bottom,trailing")
      }
      let rtl = mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft
      mapView.padding = UIEdgeInsets(
        top: top, left: rtl ? trailing : leading, bottom: bottom, right: rtl ? leading : trailing)
    case .headerAccessory:
      let height = try number()
      guard height.isFinite, height >= 0 else {
        throw SessionError(
          seq: control.seq, message: "setting 'headerAccessory': \(height) is not a height")
      }
      mapView.setRecordedHeaderAccessory(height: height)
    default:
      break
    }
  }

  private func setLayoutDirection(_ value: String) throws {
    switch value {
    case "ltr": mapView.setLayoutDirection(rightToLeft: false)
    case "rtl": mapView.setLayoutDirection(rightToLeft: true)
    default:
      throw SessionError(
        seq: control.seq, message: "setting 'layoutDirection': '\(value)' is not ltr or rtl")
    }
  }
}
