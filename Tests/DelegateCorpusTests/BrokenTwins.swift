// A broken twin per rule: a corpus delegate with one mistake an app team could make, which
// NavSim must catch. Each twin overrides one callback of a clean corpus delegate, calls it, and
// adds the mistake.
import GoogleNavigation
import UIKit

// MARK: - Views and content

/// Takes the logo off the screen when guidance starts ("the ETA card has it covered").
final class DeliveryDropsLogo: DeliveryNavigationLayout {
  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    newState.googleLogo.removeFromSuperview()
  }
}

/// Hides the viewport during guidance, thinking it is only a frame.
final class FleetHidesViewport: FleetNavigationLayout {
  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    newState.viewport.isHidden = true
  }
}

/// Gives the turn card a height of its own.
final class RideHailingSizesTurnCard: RideHailingNavigationLayout {
  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    newState.turnCard.heightAnchor.constraint(
      equalToConstant: NavigationStyleValues.headerNominalHeight
    ).isActive = true
  }
}

/// Parks the speed widget in a container that never joins the map.
final class EVChargingParksSpeedWidget: EVChargingNavigationLayout {
  let dashboard = UIView()

  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    dashboard.addSubview(newState.speedWidget)
  }
}

/// Looks inside the turn card for its label.
final class TaxiMeterReadsTurnCardInside: TaxiMeterNavigationLayout {
  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    _ = newState.turnCard.subviews.first { $0 is UILabel }
  }
}

// MARK: - Clean-up

/// Adds an arrival banner in guidance and never takes it down.
final class FieldServiceKeepsArrivalBanner: FieldServiceNavigationLayout {
  let banner = UILabel()

  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    banner.text = "On site in 5 min"
    banner.translatesAutoresizingMaskIntoConstraints = false
    navMap.addSubview(banner)
    NSLayoutConstraint.activate([
      banner.centerXAnchor.constraint(equalTo: navMap.centerXAnchor),
      banner.bottomAnchor.constraint(equalTo: newState.etaCard.topAnchor, constant: -80),
    ])
  }
}

/// Adds a layout guide when navigation starts and forgets it when navigation ends.
final class SchoolBusKeepsGuide: SchoolBusNavigationLayout {
  let spare = UILayoutGuide()

  override func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    super.enableNavigationUI(navMap: navMap, newState: newState)
    navMap.addLayoutGuide(spare)
  }
}

// MARK: - Prompts

/// Shows prompts in the middle of the map, over the camera.
final class TaxiMeterCentresPrompts: TaxiMeterNavigationLayout {
  override func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    navMap.addSubview(newPrompt)
    NSLayoutConstraint.activate([
      newPrompt.centerYAnchor.constraint(equalTo: navMap.centerYAnchor),
      newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
    ])
  }

  override func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    oldPrompt.removeFromSuperview()
  }

  override func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    oldPrompt.removeFromSuperview()
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
}

/// Puts prompts at the bottom without moving anything out of their way.
final class SchoolBusPromptsOverControls: SchoolBusNavigationLayout {
  override func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    navMap.addSubview(newPrompt)
    let safeArea = navMap.safeAreaLayoutGuide
    NSLayoutConstraint.activate([
      newPrompt.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      newPrompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      newPrompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
    ])
  }

  override func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    oldPrompt.removeFromSuperview()
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
}

// MARK: - Overlaps and placement

/// Nudges the speed widget down onto the ETA card with a transform.
final class MotorbikeNudgesSpeedWidget: MotorbikeCourierNavigationLayout {
  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    newState.speedWidget.transform = CGAffineTransform(translationX: 0, y: 40)
  }
}

/// Lays a promotion banner over the camera frame.
final class RideHailingPromoOverMap: RideHailingNavigationLayout {
  let promo = UIView()

  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    promo.backgroundColor = .systemBackground
    promo.translatesAutoresizingMaskIntoConstraints = false
    navMap.addSubview(promo)
    NSLayoutConstraint.activate([
      promo.centerXAnchor.constraint(equalTo: navMap.centerXAnchor),
      promo.centerYAnchor.constraint(equalTo: navMap.centerYAnchor),
      promo.widthAnchor.constraint(equalToConstant: 240),
      promo.heightAnchor.constraint(equalToConstant: 120),
    ])
  }
}

/// Slides the turn card towards the middle in landscape.
final class FleetCentresWideCards: FleetNavigationLayout {
  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    newState.turnCard.transform =
      newState.wideMode ? CGAffineTransform(translationX: 160, y: 0) : .identity
  }
}

/// Pins a watermark with left / right anchors.
final class TaxiMeterLeftAnchoredWatermark: TaxiMeterNavigationLayout {
  let watermark = UILabel()

  override func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    super.enableNavigationUI(navMap: navMap, newState: newState)
    watermark.text = "TAXI 42"
    watermark.translatesAutoresizingMaskIntoConstraints = false
    navMap.addSubview(watermark)
    NSLayoutConstraint.activate([
      watermark.leftAnchor.constraint(equalTo: navMap.leftAnchor, constant: 120),
      watermark.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor),
    ])
  }

  override func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    super.disableNavigationUI(navMap: navMap, oldState: oldState)
    watermark.removeFromSuperview()
  }
}

/// Hides the compass itself although the hiding stack manages it.
final class DeliveryHidesCompass: DeliveryNavigationLayout {
  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    newState.buttons.first { $0.type == .compass }?.view.isHidden = true
  }
}

/// Turns the built-in header off as it did before it had a delegate.
final class FleetUsesLegacySettings: FleetNavigationLayout {
  override func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    super.enableNavigationUI(navMap: navMap, newState: newState)
    navMap.settings.isNavigationHeaderEnabled = false
  }
}

/// Keeps the logo above the ETA card's edge instead of its margins.
final class EVChargingLogoOnCardEdge: EVChargingNavigationLayout {
  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    newState.googleLogo.bottomAnchor.constraint(
      lessThanOrEqualTo: newState.etaCard.topAnchor
    ).isActive = true
  }
}

// MARK: - Auto Layout

/// Pins the turn card across the whole width in every mode, ignoring `wideMode`.
final class RideHailingIgnoresWideMode: RideHailingNavigationLayout {
  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    newState.turnCard.trailingAnchor.constraint(
      equalTo: navMap.safeAreaLayoutGuide.trailingAnchor
    ).isActive = true
  }
}

/// A badge whose `layoutSubviews` grows it on every pass.
final class GrowingBadge: UIView {
  lazy var width = widthAnchor.constraint(equalToConstant: 20)

  override func layoutSubviews() {
    super.layoutSubviews()
    width.constant += 1
  }
}

/// Adds a badge that keeps invalidating layout.
final class MotorbikeGrowingBadge: MotorbikeCourierNavigationLayout {
  let badge = GrowingBadge()

  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    badge.translatesAutoresizingMaskIntoConstraints = false
    navMap.addSubview(badge)
    NSLayoutConstraint.activate([
      badge.width, badge.heightAnchor.constraint(equalToConstant: 20),
      badge.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor),
      badge.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
    ])
  }

  override func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    badge.removeFromSuperview()
    super.stopGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }
}

/// Adds a label pinned only by its top.
final class TaxiMeterLooseLabel: TaxiMeterNavigationLayout {
  let note = UILabel()

  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    note.text = "Airport fare"
    note.translatesAutoresizingMaskIntoConstraints = false
    navMap.addSubview(note)
    note.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor).isActive = true
  }

  override func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    note.removeFromSuperview()
    super.stopGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }
}

/// Pins an order badge over the turn card's manoeuvre and dims the ETA card under a scrim,
/// both added after the cards (so painted above them).
final class DeliveryBadgesOverCards: DeliveryNavigationLayout {
  let badge = UIView()
  let scrim = UIView()

  override func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    badge.backgroundColor = .systemBackground
    scrim.backgroundColor = UIColor.black.withAlphaComponent(0.3)
    for view in [badge, scrim] {
      view.translatesAutoresizingMaskIntoConstraints = false
      navMap.addSubview(view)
    }
    NSLayoutConstraint.activate([
      badge.centerYAnchor.constraint(equalTo: newState.turnCard.centerYAnchor),
      badge.trailingAnchor.constraint(equalTo: newState.turnCard.trailingAnchor, constant: -24),
      badge.widthAnchor.constraint(equalToConstant: 80),
      badge.heightAnchor.constraint(equalToConstant: 40),
      scrim.leadingAnchor.constraint(equalTo: newState.etaCard.leadingAnchor),
      scrim.trailingAnchor.constraint(equalTo: newState.etaCard.trailingAnchor),
      scrim.topAnchor.constraint(equalTo: newState.etaCard.topAnchor),
      scrim.bottomAnchor.constraint(equalTo: newState.etaCard.bottomAnchor),
    ])
  }

  override func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    badge.removeFromSuperview()
    scrim.removeFromSuperview()
    super.stopGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }
}

// MARK: - The table

@MainActor
enum BrokenTwins {
  /// Every twin: the rule it breaks, how to make it, and the configuration that shows it.
  static let all: [(rule: String, make: @MainActor () -> any NavigationLayoutDelegate,
                    configuration: Configuration)] = [
    ("missing-logo", { DeliveryDropsLogo() }, .portrait),
    ("missing-viewport", { FleetHidesViewport() }, .portrait),
    ("fixed-size-constraint", { RideHailingSizesTurnCard() }, .portrait),
    ("sdk-view-outside-map", { EVChargingParksSpeedWidget() }, .portrait),
    ("sdk-internals-touched", { TaxiMeterReadsTurnCardInside() }, .portrait),
    ("leftover-after-stop-guidance", { FieldServiceKeepsArrivalBanner() }, .portrait),
    ("leftover-after-disable", { SchoolBusKeepsGuide() }, .portrait),
    ("prompt-covers-viewport", { TaxiMeterCentresPrompts() }, .portrait),
    ("prompt-covers-logo", { SchoolBusPromptsOverControls() }, .portrait),
    ("prompt-covers-button", { SchoolBusPromptsOverControls() }, .portrait),
    ("sdk-views-overlap", { MotorbikeNudgesSpeedWidget() }, .portrait),
    ("opaque-view-over-viewport", { RideHailingPromoOverMap() }, .portrait),
    ("wide-card-not-leading", { FleetCentresWideCards() }, .landscape),
    ("left-right-anchor", { TaxiMeterLeftAnchoredWatermark() }, .rtl),
    ("hiding-stack-hidden-set", { DeliveryHidesCompass() }, .portrait),
    ("legacy-api-with-delegate", { FleetUsesLegacySettings() }, .portrait),
    ("margins-add-up", { EVChargingLogoOnCardEdge() }, .portrait),
    ("unsatisfiable-constraints", { RideHailingIgnoresWideMode() }, .landscape),
    ("layout-misuse", { MotorbikeGrowingBadge() }, .portrait),
    ("ambiguous-layout", { TaxiMeterLooseLabel() }, .portrait),
    ("app-view-covers-sdk-view", { DeliveryBadgesOverCards() }, .portrait),
    ("translucent-view-over-sdk-view", { DeliveryBadgesOverCards() }, .portrait),
  ]
}
