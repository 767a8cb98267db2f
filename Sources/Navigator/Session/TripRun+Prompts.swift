import SessionEvents

// Prompts: shown as the vehicle nears a point of interest, dismissed once it has passed it.
// One prompt is on screen at a time: a prompt that becomes ready while another is shown
// replaces it (replay calls `changePrompt`), and the replaced one gets no dismissal of its own;
// every `promptDismissed` names the prompt on screen.

extension TripRun {
  /// Dismisses the shown prompt once passed (or expired), then shows the prompts whose points
  /// of interest the vehicle has come near.
  mutating func updatePrompts(at now: Int64) throws {
    if let shown = shownPrompt {
      let passed = shown.clearDistance.map { distance >= $0 } ?? false
      let expired = shown.clearTime.map { now >= $0 } ?? false
      if passed || expired {
        try emit(now, .promptDismissed(promptID: shown.id))
        shownPrompt = nil
      }
    }
    let points = route.pointsOfInterest
    while nextPoint < points.count
      && distance >= points[nextPoint].distance - points[nextPoint].announceDistance
    {
      let point = points[nextPoint]
      nextPoint += 1
      guard distance < point.distance + point.clearDistance else { continue }  // already behind
      guard promptsEnabled || !point.kind.isSilencedByPromptsSetting else { continue }
      try showPrompt(
        kind: point.kind, text: point.text, at: now,
        clearDistance: point.distance + point.clearDistance)
    }
  }

  /// Shows a prompt, replacing the one on screen.
  mutating func showPrompt(
    kind: PromptKind, text: String, at now: Int64, clearDistance: Double? = nil,
    clearTime: Int64? = nil
  ) throws {
    let id = nextPromptID
    nextPromptID += 1
    try emit(now, .promptReady(Prompt(promptID: id, kind: kind, text: text)))
    shownPrompt = ShownPrompt(
      id: id, kind: kind, clearDistance: clearDistance, clearTime: clearTime)
  }

  /// After `navigator.shouldDisplayPrompts = false`: the silenced kinds go away at once.
  mutating func dismissSilencedPrompt(at now: Int64) throws {
    guard let shown = shownPrompt, shown.kind.isSilencedByPromptsSetting else { return }
    try emit(now, .promptDismissed(promptID: shown.id))
    shownPrompt = nil
  }

  /// Carries the prompt state over to a re-routed route whose distances are `map`ped.
  mutating func remapPrompts(from old: Route, map: (Double) -> Double?) {
    let kept = old.pointsOfInterest.enumerated().filter { map($0.element.distance) != nil }
    nextPoint = kept.filter { $0.offset < nextPoint }.count
    if var shown = shownPrompt, let clear = shown.clearDistance {
      shown.clearDistance = map(clear) ?? distance  // its point was on the part left behind
      shownPrompt = shown
    }
  }
}
