import Foundation
import Lint
import NavSim
import ReplayTestSupport
import SessionEvents
import Testing

@_spi(Replay) @testable import NavigationSDK

/// Rules about the constraints and settings a delegate uses (rules 2, 8, 10, 11) and Auto
/// Layout's own complaints.
@MainActor @Suite struct ConstraintRuleTests {
  @Test func leftAndRightAnchorsAreReportedLeadingAndTrailingAreNot() throws {
    var (drive, delegate, layout) = try Drive.clean()
    let badge = UIView()
    badge.translatesAutoresizingMaskIntoConstraints = false
    badge.accessibilityIdentifier = "badge"
    delegate.onEnable = { mapView, state in
      layout.ready(state)
      mapView.addSubview(badge)
      NSLayoutConstraint.activate([
        badge.leftAnchor.constraint(equalTo: mapView.leftAnchor, constant: 20),
        badge.leadingAnchor.constraint(equalTo: mapView.leadingAnchor, constant: 20),
        badge.topAnchor.constraint(equalTo: mapView.topAnchor, constant: 100),
        badge.widthAnchor.constraint(equalToConstant: 30),
        badge.heightAnchor.constraint(equalToConstant: 30),
      ])
    }
    let findings = try drive.send(.navigationEnabled)
    #expect(findings.ruleIDs == ["left-right-anchor"], "\(findings)")
    #expect(findings.with(.leftRightAnchor).map(\.views) == [["badge"]])
  }

  @Test func isHiddenOnAHidingStacksViewIsReportedTheStacksOwnHidingIsNot() throws {
    var (drive, delegate, layout) = try Drive.clean(width: 393, height: 300)
    delegate.onEnable = { _, state in
      layout.ready(state)
      state.buttons[0].view.isHidden = true
    }
    let findings = try drive.send(.navigationEnabled)
    #expect(
      findings.with(.hidingStackHiddenSet).first?.views.contains("button.compass") == true,
      "\(findings)")

    // A cramped active-guidance layout: the stack hides the reporting button by itself.
    var (cramped, _, _) = try Drive.clean(width: 393, height: 330)
    let guidance = try cramped.startGuidance()
    #expect(guidance.isEmpty, "\(guidance)")
    #expect(cramped.mapView.sdkViews.reporting.buttonView.isHidden)
  }

  @Test func legacySettingsFromTheDelegateAreReportedRecordedOnesAreNot() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onEnable = { mapView, state in
      layout.ready(state)
      mapView.settings.isNavigationHeaderEnabled = false
      _ = mapView.navigationFooterLayoutGuide
      mapView.paddingAdjustmentBehavior = .never
    }
    let findings = try drive.send(.navigationEnabled)
    #expect(
      findings.with(.legacyAPIWithDelegate).map(\.message) == [
        "settings.isNavigationHeaderEnabled has no effect while a layout delegate is set",
        "navigationFooterLayoutGuide has no effect while a layout delegate is set",
        "paddingAdjustmentBehavior has no effect while a layout delegate is set",
      ])
    #expect(try drive.send(setting(.header, true)).isEmpty)
    var builtIn = try Drive(nil)
    builtIn.mapView.settings.isNavigationTripProgressBarEnabled = true
    #expect(try builtIn.startGuidance().isEmpty)
  }

  @Test func stackingSDKViewsEdgeToEdgeAddsTheirMarginsUp() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onStart = { mapView, state in
      layout.guidance(state)
      NSLayoutConstraint.deactivate(
        state.speedWidget.constraintsInvolving(mapView).filter {
          $0.firstAttribute == .bottom
        })
      state.speedWidget.bottomAnchor.constraint(equalTo: state.etaCard.topAnchor).isActive = true
    }
    let findings = try drive.startGuidance()
    #expect(findings.ruleIDs == ["margins-add-up"], "\(findings)")
    #expect(findings[0].severity == .warning)
    #expect(findings[0].views == ["etaCard", "speedWidget"])
  }

  @Test func conflictingConstraintsAreReportedWithTheViewsInvolved() throws {
    var (drive, delegate, layout) = try Drive.clean(width: 1024, height: 768)
    delegate.onStart = { mapView, state in
      layout.guidance(state)
      // Ignores wide mode: the SDK fixes the card's width, the delegate stretches it.
      state.etaCard.trailingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.trailingAnchor)
        .isActive = true
    }
    let findings = try drive.startGuidance().with(.unsatisfiableConstraints)
    #expect(findings.count == 1, "\(findings)")
    #expect(findings.first?.views.contains("etaCard") == true)
    #expect(findings.first?.message.contains("ETACardView") == true)
  }

  @Test func aConstraintToAViewOutsideTheTreeIsAMisuse() throws {
    var (drive, delegate, layout) = try Drive.clean()
    delegate.onEnable = { mapView, state in
      layout.ready(state)
      let stray = UIView()
      stray.topAnchor.constraint(equalTo: mapView.topAnchor).isActive = true
    }
    #expect(try drive.send(.navigationEnabled).ruleIDs == ["layout-misuse"])
  }

  @Test func anUnderconstrainedAppViewIsAmbiguous() throws {
    var (drive, delegate, layout) = try Drive.clean()
    let label = UIView()
    label.accessibilityIdentifier = "eta"
    label.translatesAutoresizingMaskIntoConstraints = false
    delegate.onEnable = { mapView, state in
      layout.ready(state)
      mapView.addSubview(label)
      label.leadingAnchor.constraint(equalTo: mapView.leadingAnchor).isActive = true
    }
    let findings = try drive.send(.navigationEnabled)
    #expect(findings.ruleIDs == ["ambiguous-layout"], "\(findings)")
    #expect(findings.allSatisfy { $0.severity == .warning && $0.views == ["eta"] })
  }
}
