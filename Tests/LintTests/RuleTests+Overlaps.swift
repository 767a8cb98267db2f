import Foundation
import Lint
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK

/// Overlap rules, on laid-out frames (spec sections 3 and 5).
@MainActor @Suite struct OverlapRuleTests {
  // MARK: - Prompts

  @Test func aPromptOverTheViewportLogoAndButtonsIsReported() throws {
    var (drive, delegate, _) = try Drive.clean()
    delegate.onShow = { mapView, prompt in
      // Over the ETA card, as prompts should be, but nothing moves out of its way.
      mapView.addSubview(prompt)
      NSLayoutConstraint.activate([
        prompt.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
        prompt.trailingAnchor.constraint(equalTo: mapView.trailingAnchor),
        prompt.bottomAnchor.constraint(equalTo: mapView.bottomAnchor),
      ])
    }
    try drive.startGuidance()
    let findings = try drive.send(prompt(1, .betterRoute, "A faster route is available"))
    #expect(findings.ruleIDs == ["prompt-covers-logo", "prompt-covers-viewport"], "\(findings)")
    #expect(findings.with(.promptCoversViewport)[0].views == ["prompt.betterRoute#1", "viewport"])
    // While it stays, every event reports it.
    #expect(try drive.send(.progress(SessionEvents.Progress.sample)).count == 2)
  }

  @Test func aPromptThatPushesTheViewportLogoAndButtonsUpIsFine() throws {
    var (drive, _, _) = try Drive.clean()
    try drive.startGuidance()
    let findings = try drive.run([
      prompt(1), prompt(2, .betterRoute, String(repeating: "Faster route ", count: 8)),
      .promptDismissed(promptID: 2),
    ])
    #expect(findings.isEmpty, "\(findings)")
  }

  @Test func aPromptOverAButtonIsReported() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onShow = { mapView, prompt in
      layout.show(prompt)
      // Buttons pinned to the bottom, where the prompt appears.
      NSLayoutConstraint.deactivate(layout.bottomConstraints)
      NSLayoutConstraint.deactivate(
        layout.stack!.constraintsInvolving(mapView).filter {
          $0.firstItem === layout.stack && $0.firstAttribute == .top
        })
      layout.bottomConstraints = [
        layout.viewport!.bottomAnchor.constraint(equalTo: prompt.layoutMarginsGuide.topAnchor),
        layout.logo!.bottomAnchor.constraint(
          equalTo: prompt.layoutMarginsGuide.topAnchor, constant: -12),
        layout.stack!.bottomAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.bottomAnchor),
      ]
      NSLayoutConstraint.activate(layout.bottomConstraints)
    }
    try drive.startGuidance()
    let findings = try drive.send(prompt(1))
    #expect(
      findings.with(.promptCoversButton).map(\.views).contains([
        "button.reporting", "prompt.incident#1",
      ]), "\(findings)")
  }

  // MARK: - SDK views over each other

  @Test func aSpeedWidgetDroppedOnTheETACardOverlapsIt() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onStart = { mapView, state in
      layout.guidance(state)
      NSLayoutConstraint.deactivate(state.speedWidget.constraintsInvolving(mapView))
      NSLayoutConstraint.activate([
        state.speedWidget.centerXAnchor.constraint(equalTo: state.etaCard.centerXAnchor),
        state.speedWidget.centerYAnchor.constraint(equalTo: state.etaCard.centerYAnchor),
      ])
    }
    try drive.run([.navigationEnabled, setting(.speedometer, true), speed(10, limit: nil)])
    let findings = try drive.send(.guidanceStarted)
    #expect(
      findings.with(.sdkViewsOverlap).map(\.views) == [["etaCard", "speedWidget"]], "\(findings)")
  }

  @Test func aSpeedWidgetOnTheETACardsMarginsGuideDoesNotOverlapInAnyOfItsStates() throws {
    var (drive, _, _) = try Drive.clean()
    try drive.run([.navigationEnabled, setting(.speedometer, true), setting(.speedLimit, true)])
    var findings = try drive.send(.guidanceStarted)
    for report in [
      speed(10, limit: nil), speed(nil, limit: 13), speed(15, limit: 13), speed(nil, limit: nil),
    ] {
      findings += try drive.send(report)
    }
    #expect(findings.isEmpty, "\(findings)")
  }

  // MARK: - Opaque app views over the viewport

  @Test func anOpaqueSheetOverTheViewportIsAWarning() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onEnable = { mapView, state in
      layout.ready(state)
      mapView.addSubview(Self.box(in: mapView, side: 200, color: .white))
    }
    let findings = try drive.send(.navigationEnabled)
    #expect(findings.ruleIDs == ["opaque-view-over-viewport"], "\(findings)")
    #expect(findings[0].severity == .warning)
    #expect(findings[0].views == ["UIView#1", "viewport"])
  }

  @Test func smallButtonsAndClearViewsMaySitOverTheViewport() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onEnable = { mapView, state in
      layout.ready(state)
      mapView.addSubview(Self.box(in: mapView, side: 44, color: .white))
      mapView.addSubview(Self.box(in: mapView, side: 300, color: nil))
      mapView.addSubview(Self.box(in: mapView, side: 300, color: UIColor(white: 1, alpha: 0)))
    }
    let findings = try drive.send(.navigationEnabled)
    #expect(findings.isEmpty, "\(findings)")
  }

  static func box(in mapView: UIView, side: CGFloat, color: UIColor?) -> UIView {
    let view = UIView(frame: CGRect(x: 100, y: 300, width: side, height: side))
    view.backgroundColor = color
    return view
  }

  // MARK: - Wide mode

  @Test func aCardAwayFromTheLeadingEdgeInWideModeIsReported() throws {
    var (drive, delegate, layout) = try Drive.clean(width: 1024, height: 768)
    delegate.onStart = { mapView, state in
      layout.guidance(state)
      NSLayoutConstraint.deactivate(
        state.turnCard.constraintsInvolving(mapView).filter {
          $0.firstAttribute == .leading
        })
      state.turnCard.trailingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.trailingAnchor)
        .isActive = true
    }
    let findings = try drive.startGuidance()
    #expect(findings.ruleIDs == ["wide-card-not-leading"], "\(findings)")
    #expect(findings[0].views == ["turnCard"])
  }

  @Test func leadingCardsInWideModeAreFineInBothDirections() throws {
    var (drive, _, _) = try Drive.clean(width: 1024, height: 768)
    var findings = try drive.startGuidance()
    #expect(drive.frame(drive.mapView.sdkViews.turnCard).width == 375)
    findings += try drive.send(
      .settingChanged(SettingChange(name: .layoutDirection, value: .text("rtl"))))
    #expect(drive.frame(drive.mapView.sdkViews.turnCard).maxX == 1024)
    #expect(findings.isEmpty, "\(findings)")
  }
}

extension UIView {
  /// The active constraints between this view and others of `root`'s tree.
  func constraintsInvolving(_ root: UIView) -> [NSLayoutConstraint] {
    var all: [NSLayoutConstraint] = []
    func visit(_ view: UIView) {
      all += view.constraints
      if !(view is SDKView) { view.subviews.forEach(visit) }
    }
    visit(root)
    // Not the SDK's own size constraints (they have no second item).
    return all.filter { ($0.firstItem === self || $0.secondItem === self) && $0.secondItem != nil }
  }
}
