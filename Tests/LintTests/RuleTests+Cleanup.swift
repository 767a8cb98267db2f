@testable import Lint
import Foundation
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK
@testable import Replay

/// Clean-up on state exit (spec section 4, rule 9).
@MainActor @Suite struct CleanupRuleTests {
  @Test func aTurnCardLeftBehindByStopGuidanceIsReported() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onStop = { _, ready, guidance in
      guidance.etaCard.removeFromSuperview()
      guidance.speedWidget.removeFromSuperview()
      guidance.tripProgressBar.removeFromSuperview()
      layout.ready(ready)
    }
    try drive.startGuidance()
    let findings = try drive.send(.guidanceStopped(.arrived))
    #expect(findings.with(.leftoverAfterStopGuidance).map(\.views) == [["turnCard"]], "\(findings)")
  }

  @Test func appViewsAddedDuringGuidanceMustGoToo() throws {
    var (drive, delegate, layout) = try Drive.clean()
    let banner = UIView(frame: CGRect(x: 0, y: 200, width: 40, height: 40))
    banner.accessibilityIdentifier = "laneBanner"
    delegate.onStart = { mapView, state in
      layout.guidance(state)
      mapView.addSubview(banner)
    }
    try drive.startGuidance()
    let findings = try drive.send(.guidanceStopped(.cancelled))
    #expect(findings.with(.leftoverAfterStopGuidance).map(\.views) == [["laneBanner"]])
  }

  @Test func aCompleteStopGuidanceLeavesNothing() throws {
    var (drive, _, _) = try Drive.clean()
    try drive.startGuidance()
    #expect(try drive.run([prompt(1), .guidanceStopped(.arrived)]).isEmpty)
    #expect(drive.mapView.sdkViews.turnCard.superview == nil)
  }

  @Test func viewsGuidesAndConstraintsLeftByDisableAreReported() throws {
    var (drive, delegate, layout) = try Drive.clean()
    let guide = UILayoutGuide()
    guide.identifier = "sheetGuide"
    delegate.onEnable = { mapView, state in
      layout.ready(state)
      mapView.addLayoutGuide(guide)
      NSLayoutConstraint.activate([
        guide.topAnchor.constraint(equalTo: mapView.topAnchor),
        guide.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
        guide.widthAnchor.constraint(equalToConstant: 10),
        guide.heightAnchor.constraint(equalToConstant: 10),
      ])
    }
    delegate.onDisable = { _, state in state.viewport.removeFromSuperview() }
    try drive.send(.navigationEnabled)
    let findings = try drive.send(.navigationDisabled).with(.leftoverAfterDisable)
    let views = findings.map(\.views)
    #expect(views.contains(["googleLogo"]))
    #expect(views.contains(["sheetGuide"]))
    #expect(views.contains(["GMSNavigationHidingStackView#1"]))
    #expect(!views.contains(["viewport"]))
  }

  @Test func aConstraintOnTheAppsOwnViewLeftActiveIsReported() throws {
    var (drive, delegate, layout) = try Drive.clean()
    let sheet = UIView()
    sheet.accessibilityIdentifier = "sheet"
    sheet.translatesAutoresizingMaskIntoConstraints = false
    let app = drive.mapView
    app.addSubview(sheet)  // the app's own view, there before navigation
    NSLayoutConstraint.activate([
      sheet.leadingAnchor.constraint(equalTo: app.leadingAnchor),
      sheet.trailingAnchor.constraint(equalTo: app.trailingAnchor),
      sheet.bottomAnchor.constraint(equalTo: app.bottomAnchor),
    ])
    delegate.onEnable = { _, state in
      layout.ready(state)
      sheet.heightAnchor.constraint(equalToConstant: 80).isActive = true
    }
    try drive.send(.navigationEnabled)
    let findings = try drive.send(.navigationDisabled)
    #expect(findings.with(.leftoverAfterDisable).map(\.views) == [["sheet"]], "\(findings)")
    #expect(findings[0].message.contains("constraint still active"))
  }

  @Test func promptsRemovedInTheirAnimationCompletionAreNotLeftovers() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onHide = { mapView, prompt in
      UIView.animate(
        withDuration: 0.5, animations: { prompt.alpha = 0 },
        completion: { _ in prompt.removeFromSuperview() })
      layout.pinBottoms(to: mapView.sdkViews.etaCard.layoutMarginsGuide.topAnchor)
    }
    try drive.startGuidance()
    var findings = try drive.run([prompt(1), .navigationDisabled])
    findings += try drive.send(.progress(SessionEvents.Progress.sample), afterMilliseconds: 1000)
    #expect(findings.isEmpty, "\(findings)")
    #expect(drive.mapView.subviews.isEmpty)
  }

  @Test func promptsNeverRemovedAreReportedOnceTheirAnimationEnds() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onHide = { mapView, prompt in
      UIView.animate(withDuration: 0.5) { prompt.alpha = 0 }
      layout.pinBottoms(to: mapView.sdkViews.etaCard.layoutMarginsGuide.topAnchor)
    }
    try drive.startGuidance()
    let atDisable = try drive.run([prompt(1), .navigationDisabled])
    #expect(atDisable.with(.leftoverAfterStopGuidance).isEmpty)
    let later = try drive.send(.progress(SessionEvents.Progress.sample), afterMilliseconds: 1000)
    #expect(
      later.with(.leftoverAfterStopGuidance).map(\.views) == [["prompt.incident#1"]], "\(later)")
    #expect(later.with(.leftoverAfterDisable).map(\.views) == [["prompt.incident#1"]])
  }
}

/// A long guidance session: what the rule watcher keeps of it stays bounded.
@MainActor @Suite struct LongGuidanceCleanupTests {
  @Test func manyPromptsLaterALeftoverIsStillReportedAndOnlyIt() throws {
    var (drive, delegate, layout) = try Drive.clean()
    let banner = UIView(frame: CGRect(x: 0, y: 200, width: 40, height: 40))
    banner.accessibilityIdentifier = "laneBanner"
    delegate.onStart = { mapView, state in
      layout.guidance(state)
      mapView.addSubview(banner)
    }
    // Each prompt brings a badge of the app's, which goes with the prompt.
    var badge: UIView?
    delegate.onShow = { mapView, prompt in
      layout.show(prompt)
      let view = UIView(frame: CGRect(x: 0, y: 300, width: 10, height: 10))
      view.accessibilityIdentifier = "badge"
      mapView.addSubview(view)
      badge = view
    }
    delegate.onHide = { _, prompt in
      prompt.removeFromSuperview()
      badge?.removeFromSuperview()
    }
    try drive.startGuidance()
    for id in 1...150 {
      _ = try drive.run([prompt(id), .promptDismissed(promptID: id)])
    }
    #expect((drive.session.watcher as! RuleWatcher).guidanceViews.count < 200)
    let findings = try drive.send(.guidanceStopped(.cancelled))
    #expect(findings.with(.leftoverAfterStopGuidance).map(\.views) == [["laneBanner"]], "\(findings)")
  }
}
