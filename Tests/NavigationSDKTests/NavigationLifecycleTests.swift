import Testing

@_spi(Replay) @testable import NavigationSDK

@Suite struct NavigationLifecycleTests {
  let incident = NavigationPrompt(promptID: 1, kind: "incident", text: "Crash ahead")
  let camera = NavigationPrompt(promptID: 2, kind: "speedCamera", text: "Speed camera")

  func guiding() throws -> NavigationLifecycle {
    var lifecycle = NavigationLifecycle()
    _ = try lifecycle.enableNavigation()
    _ = try lifecycle.startGuidance()
    return lifecycle
  }

  @Test func enableStartStopDisableCallInOrder() throws {
    var lifecycle = NavigationLifecycle()
    #expect(try lifecycle.enableNavigation() == [.enableNavigationUI])
    #expect(lifecycle.state == .navigationReady)
    #expect(try lifecycle.startGuidance() == [.startGuidance])
    #expect(lifecycle.state == .activeGuidance)
    #expect(try lifecycle.stopGuidance() == [.stopGuidance])
    #expect(try lifecycle.disableNavigation() == [.disableNavigationUI])
    #expect(lifecycle.state == .nonNavigation)
  }

  @Test func disablingDuringGuidanceStopsGuidanceAndHidesThePromptFirst() throws {
    var lifecycle = try guiding()
    _ = try lifecycle.promptReady(incident)
    #expect(
      try lifecycle.disableNavigation() == [
        .hidePrompt(incident), .stopGuidance, .disableNavigationUI,
      ])
    #expect(lifecycle.shownPrompt == nil)
  }

  @Test func invalidSequencesThrow() throws {
    var lifecycle = NavigationLifecycle()
    #expect(throws: LifecycleError.self) { try lifecycle.startGuidance() }
    #expect(throws: LifecycleError.self) { try lifecycle.disableNavigation() }
    #expect(throws: LifecycleError.self) { try lifecycle.stopGuidance() }
    #expect(throws: LifecycleError.self) { try lifecycle.promptReady(incident) }
    _ = try lifecycle.enableNavigation()
    #expect(throws: LifecycleError.self) { try lifecycle.enableNavigation() }
    #expect(throws: LifecycleError.self) { try lifecycle.promptReady(incident) }
    _ = try lifecycle.startGuidance()
    #expect(throws: LifecycleError.self) { try lifecycle.startGuidance() }
    #expect(throws: LifecycleError.self) { try lifecycle.promptDismissed(id: 9) }
    _ = try lifecycle.promptReady(incident)
    #expect(throws: LifecycleError.self) { try lifecycle.promptReady(incident) }
    #expect(lifecycle.state == .activeGuidance)
  }

  @Test func promptsShowChangeAndHide() throws {
    var lifecycle = try guiding()
    #expect(try lifecycle.promptReady(incident) == [.showPrompt(incident)])
    #expect(try lifecycle.promptReady(camera) == [.changePrompt(new: camera, old: incident)])
    #expect(try lifecycle.promptDismissed(id: 1) == [])  // already replaced
    #expect(try lifecycle.promptDismissed(id: 2) == [.hidePrompt(camera)])
    #expect(try lifecycle.promptDismissed(id: 2) == [])
  }

  @Test func disabledPromptsSuppressAllButSpeedCameras() throws {
    var lifecycle = try guiding()
    #expect(lifecycle.setPromptsEnabled(false) == [])
    #expect(try lifecycle.promptReady(incident) == [])
    #expect(try lifecycle.promptDismissed(id: 1) == [])
    #expect(try lifecycle.promptReady(camera) == [.showPrompt(camera)])
  }

  @Test func turningPromptsOffHidesASuppressiblePrompt() throws {
    var lifecycle = try guiding()
    _ = try lifecycle.promptReady(incident)
    #expect(lifecycle.setPromptsEnabled(false) == [.hidePrompt(incident)])
    #expect(lifecycle.setPromptsEnabled(true) == [])
  }

  @Test func sizeChangesCallBackOnlyWhileNavigationIsEnabled() throws {
    var lifecycle = NavigationLifecycle()
    #expect(lifecycle.sizeChanged() == [])
    _ = try lifecycle.enableNavigation()
    #expect(lifecycle.sizeChanged() == [.sizeChanged])
  }
}
