import SessionEvents

// Scripted events: device changes, settings, pans and re-centres, re-routes, forced prompts,
// speeding episodes, pauses and lighting, each emitted at its own time.

extension TripRun {
  /// Applies the scripted events due at or before `now`, each at its own time.
  mutating func applyScript(upTo now: Int64) throws {
    let events = trip.scenario.events
    while nextScripted < events.count && events[nextScripted].milliseconds <= now {
      let event = events[nextScripted]
      nextScripted += 1
      try apply(event, at: max(event.milliseconds, lastTime))
    }
  }

  private mutating func apply(_ event: ScriptedEvent, at time: Int64) throws {
    switch event.action {
    case .rotate(let orientation):
      try changeDevice(event, at: time) { try $0.rotate(to: orientation) }
    case .device(let profile):
      try changeDevice(event, at: time) { $0.switchTo(profile) }
    case .splitScreen(let fraction):
      try changeDevice(event, at: time) { try $0.split(fraction) }
    case .resize(let width, let height, let safeArea):
      try changeDevice(event, at: time) {
        $0.resize(width: width, height: height, safeArea: safeArea)
      }
    case .setting(let change):
      try applySetting(change, at: time)
    case .pan(let dx, let dy):
      try emit(time, .userPanned(dx: dx, dy: dy))
      isPanned = true
    case .recenter:
      guard isPanned else {
        throw scriptError(
          event, "re-centre without a pan before it: the map is already following the vehicle")
      }
      try emit(time, .recentered)
      isPanned = false
    case .reroute(let detour):
      guard isGuiding else {
        throw scriptError(event, "re-route while guidance is off: the navigator re-routes only while guiding")
      }
      try reroute(event, detour: detour, at: time)
    case .prompt(let kind, let text, let duration):
      // The SDK shows prompts during guidance only.
      guard isGuiding, promptsEnabled || !kind.isSilencedByPromptsSetting else { return }
      try showPrompt(
        kind: kind, text: text, at: time, clearTime: time + Int64((duration * 1000).rounded()))
    case .speeding(let factor, let duration):
      speedingFactor = factor
      speedingUntil = time + Int64((duration * 1000).rounded())
    case .pause(let duration):
      pausedUntil = time + Int64((duration * 1000).rounded())
    case .lighting(let mode):
      try emit(time, .lightingChanged(mode))
    case .guidance(.stop):
      try stopGuidance(at: time)
    case .guidance(.start):
      // As `isGuidanceActive = true` does: nothing without navigation or while guiding.
      guard isNavigationEnabled, !isGuiding else { return }
      try emit(time, .guidanceStarted)
      isGuiding = true
    case .navigation(.disable):
      guard isNavigationEnabled else { return }
      try stopGuidance(at: time)
      try emit(time, .navigationDisabled)
      isNavigationEnabled = false
    case .navigation(.enable):
      guard !isNavigationEnabled else { return }
      try emit(time, .navigationEnabled)
      isNavigationEnabled = true
      // The app sets the trip's destinations again; the navigator skips those reached.
      try emitRoute(at: time, namingDestinations: true)
      for _ in 0..<currentLeg { try emit(time, .routeChanged(.nextLeg)) }
      try emit(time, .guidanceStarted)
      isGuiding = true
    }
  }

  /// Guidance stops: a prompt on screen goes first (as at arrival).
  private mutating func stopGuidance(at time: Int64) throws {
    guard isGuiding else { return }
    if let shown = shownPrompt {
      try emit(time, .promptDismissed(promptID: shown.id))
      shownPrompt = nil
    }
    try emit(time, .guidanceStopped(.cancelled))
    isGuiding = false
  }

  /// Applies a device change and reports the new map size when it changed.
  private mutating func changeDevice(
    _ event: ScriptedEvent, at time: Int64, _ change: (inout DeviceState) throws -> Void
  ) throws {
    let before = device.geometry
    do {
      try change(&device)
    } catch let error as DeviceStateError {
      throw scriptError(event, error.message)
    }
    if device.geometry != before { try emit(time, .mapResized(device.geometry)) }
  }

  /// Emits a setting change and applies what the navigator itself does about it.
  mutating func applySetting(_ change: SettingChange, at time: Int64) throws {
    try emit(time, .settingChanged(change))
    if change.name == .prompts, case .bool(let enabled) = change.value {
      promptsEnabled = enabled
      if !enabled { try dismissSilencedPrompt(at: time) }
    }
  }

  private mutating func reroute(_ event: ScriptedEvent, detour: Double, at time: Int64) throws {
    guard case .simulated(var drive) = vehicle else { return }  // refused by Trip.init
    reroutes += 1
    let old = route
    let result: (route: Route, map: @Sendable (Double) -> Double?)
    do {
      result = try old.rerouted(at: distance, detour: detour, sequence: reroutes)
    } catch let error as NavigatorError {
      throw scriptError(event, error.message)
    }
    route = result.route
    drive.replaceRoute(route)
    vehicle = .simulated(drive)
    cursor = Route.Cursor()
    cursor.seek(distance, on: route)
    remapPrompts(from: old, map: result.map)
    try emit(time, .routeChanged(.reroute))
    try emitRoute(at: time, namingDestinations: false)
  }
}
