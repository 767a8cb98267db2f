import Foundation
import Lint
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK

/// Rules about the SDK's own views: mandatory logo and viewport, fixed sizes, placement,
/// internals (spec section 4, rules 3, 5, 6, 7).
@MainActor @Suite struct SDKViewRuleTests {
  @Test func aCleanLayoutHasNoFindings() throws {
    var (drive, _, _) = try Drive.clean()
    var findings = try drive.startGuidance()
    findings += try drive.run([
      prompt(1), .promptDismissed(promptID: 1), speed(20, limit: 25),
      setting(.speedometer, true), setting(.speedLimit, true), .userPanned(dx: 40, dy: 0),
      .recentered, .guidanceStopped(.arrived), .navigationDisabled,
    ])
    #expect(findings.isEmpty, "\(findings)")
  }

  // MARK: - missing-logo / missing-viewport

  @Test func missingLogoIsReportedInEveryStateItIsMissing() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onEnable = { _, state in
      layout.ready(state)
      state.googleLogo.removeFromSuperview()
    }
    let findings = try drive.send(.navigationEnabled)
    #expect(findings.ruleIDs == ["missing-logo"])
    #expect(findings[0].views == ["googleLogo"])
    #expect(findings[0].severity == .error)
    #expect(try drive.send(.progress(SessionEvents.Progress.sample)).ruleIDs == ["missing-logo"])
  }

  @Test func aHiddenOrCoveredLogoIsMissingAVisibleOneIsNot() throws {
    var (drive, delegate, layout) = try Drive.clean()
    #expect(try drive.send(.navigationEnabled).isEmpty)
    delegate.onSize = { mapView, state in
      layout.ready(state as! any NavigationReadyUIState)
      state.googleLogo.alpha = 0
    }
    #expect(try drive.send(resized(393, 800)).ruleIDs == ["missing-logo"])
    delegate.onSize = { mapView, state in
      layout.ready(state as! any NavigationReadyUIState)
      state.googleLogo.alpha = 1
      let cover = UIView()
      cover.backgroundColor = .white
      cover.translatesAutoresizingMaskIntoConstraints = false
      mapView.addSubview(cover)
      NSLayoutConstraint.activate([
        cover.bottomAnchor.constraint(equalTo: mapView.bottomAnchor),
        cover.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
        cover.widthAnchor.constraint(equalToConstant: 60),
        cover.heightAnchor.constraint(equalToConstant: 60),
      ])
    }
    let findings = try drive.send(resized(393, 852))
    #expect(findings.with(.missingLogo).first?.views.contains("UIView#1") == true, "\(findings)")
  }

  @Test func aLogoFadedOutLaterIsReportedWhenItHappens() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onEnable = { _, state in
      layout.ready(state)
      // No constraint or hierarchy change: only the alpha, in a completion two seconds later.
      UIView.animate(
        withDuration: 2, animations: {}, completion: { _ in state.googleLogo.alpha = 0 })
    }
    #expect(try drive.send(.navigationEnabled).isEmpty)
    #expect(try drive.send(.progress(SessionEvents.Progress.sample)).isEmpty)
    let later = try drive.send(.progress(SessionEvents.Progress.sample))
    #expect(later.ruleIDs == ["missing-logo"], "\(later)")
  }

  @Test func missingViewportIsReportedAndAnEmptyOneToo() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onEnable = { _, state in
      layout.ready(state)
      state.viewport.removeFromSuperview()
    }
    let first = try drive.send(.navigationEnabled)
    // (The buttons pinned to the viewport lose their position too.)
    #expect(first.with(.missingViewport).map(\.views) == [["viewport"]], "\(first)")
    delegate.onSize = { _, state in
      layout.ready(state as! any NavigationReadyUIState)
      NSLayoutConstraint.activate([state.viewport.heightAnchor.constraint(equalToConstant: 0)])
      layout.bottomConstraints[0].isActive = false
    }
    let findings = try drive.send(resized(393, 800))
    #expect(findings.with(.missingViewport).first?.message.contains("empty frame") == true)
  }

  // MARK: - fixed-size-constraint

  @Test func sizeConstraintsOnFixedSizeViewsAreReported() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onStart = { _, state in
      layout.guidance(state)
      NSLayoutConstraint.activate([
        state.turnCard.heightAnchor.constraint(greaterThanOrEqualToConstant: 50),
        state.speedWidget.widthAnchor.constraint(lessThanOrEqualToConstant: 200),
      ])
    }
    let findings = try drive.startGuidance().with(.fixedSizeConstraint)
    #expect(findings.map(\.views) == [["turnCard"], ["speedWidget"]])
  }

  @Test func sizeConstraintsOnFreeViewsAreFine() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onStart = { mapView, state in
      layout.guidance(state)
      let accessory = UIView()
      accessory.translatesAutoresizingMaskIntoConstraints = false
      mapView.addSubview(accessory)
      NSLayoutConstraint.activate([
        // Matching the turn card's width from another view is not sizing the turn card.
        accessory.widthAnchor.constraint(equalTo: state.turnCard.widthAnchor),
        accessory.heightAnchor.constraint(equalToConstant: 30),
        accessory.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor),
        accessory.leadingAnchor.constraint(equalTo: state.turnCard.leadingAnchor),
        state.viewport.heightAnchor.constraint(greaterThanOrEqualToConstant: 10),
      ])
    }
    #expect(try drive.startGuidance().isEmpty)
  }

  // MARK: - sdk-view-outside-map

  @Test func sdkViewsOutsideTheMapTreeAreReported() throws {
    var (drive, delegate, layout) = try Drive.clean()
    let detached = UIView()
    delegate.onStart = { _, state in
      layout.guidance(state)
      detached.addSubview(state.speedWidget)
    }
    let findings = try drive.startGuidance()
    #expect(findings.with(.sdkViewOutsideMap).map(\.views) == [["speedWidget"]])
  }

  @Test func sdkViewsInAnAppContainerInsideTheMapAreFine() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onStart = { mapView, state in
      layout.guidance(state)
      let container = UIView()
      container.translatesAutoresizingMaskIntoConstraints = false
      mapView.addSubview(container)
      container.addSubview(state.speedWidget)
      NSLayoutConstraint.activate([
        container.trailingAnchor.constraint(
          equalTo: state.etaCard.layoutMarginsGuide.trailingAnchor),
        container.bottomAnchor.constraint(equalTo: state.etaCard.layoutMarginsGuide.topAnchor),
        state.speedWidget.topAnchor.constraint(equalTo: container.topAnchor),
        state.speedWidget.bottomAnchor.constraint(equalTo: container.bottomAnchor),
        state.speedWidget.leadingAnchor.constraint(equalTo: container.leadingAnchor),
        state.speedWidget.trailingAnchor.constraint(equalTo: container.trailingAnchor),
      ])
    }
    let findings = try drive.startGuidance()
    #expect(findings.isEmpty, "\(findings)")
  }

  // MARK: - sdk-internals-touched

  @Test func readingOrChangingAnSDKViewsInsidesIsReported() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onStart = { _, state in
      layout.guidance(state)
      _ = state.turnCard.subviews.first
      state.etaCard.addSubview(UIView())
    }
    let findings = try drive.startGuidance().with(.sdkInternalsTouched)
    #expect(findings.map(\.views).contains(["turnCard"]))
    #expect(
      findings.contains { $0.views.contains("etaCard") && $0.message.contains("added inside") })
  }

  @Test func readingTheMapsOwnSubviewsIsFine() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onStart = { mapView, state in
      layout.guidance(state)
      _ = mapView.subviews.count
      _ = state.turnCard.superview
      _ = state.turnCard.layoutMarginsGuide.layoutFrame
    }
    #expect(try drive.startGuidance().isEmpty)
  }
}

extension SessionEvents.Progress {
  static let sample = SessionEvents.Progress(
    distanceTravelled: 100, distanceRemaining: 900, timeRemaining: 120, stepIndex: 1,
    distanceToNextManeuver: 50, maneuver: "turn-left", roadName: "Main St", latitude: 0,
    longitude: 0, course: 90, delay: .noData)
}
