import GoogleNavigation
import UIKit

/// A taxi app with a fare meter. Built like the SDK guide's sample: one set of views and
/// constraints per state, made in the state's callback, activated and deactivated as a whole.
/// The meter sits in the top corner opposite the turn card, level with the card's content
/// (`headerTopPadding`); a caption rides on the speed widget's margins, so it moves with the
/// widget through its four states; prompts come up from the bottom over the ETA card.
@MainActor
class TaxiMeterNavigationLayout: NSObject, NavigationLayoutDelegate {
  /// The views and constraints of one state.
  @MainActor
  private final class StateLayout {
    var views: [UIView] = []
    var constraints: [NSLayoutConstraint] = []
    let buttons = GMSNavigationHidingStackView(position: .top, alignment: .trailing)

    func activate(in navMap: GMSMapView) {
      for view in views { navMap.addSubview(view) }
      navMap.addSubview(buttons)
      NSLayoutConstraint.activate(constraints)
    }

    func deactivate() {
      NSLayoutConstraint.deactivate(constraints)
      buttons.removeFromSuperview()
      for view in views { view.removeFromSuperview() }
    }
  }

  private let meter = UILabel()
  private let speedCaption = UILabel()
  private var ready: StateLayout?
  private var guidance: StateLayout?
  private var promptConstraints: [NSLayoutConstraint] = []
  private var prompt: UIView?
  private var wide = false

  override init() {
    super.init()
    meter.font = .monospacedDigitSystemFont(ofSize: 22, weight: .bold)
    meter.text = "CHF 24.60"
    meter.textAlignment = .center
    meter.backgroundColor = .black
    meter.textColor = .yellow
    meter.layer.cornerRadius = 8
    meter.accessibilityIdentifier = "fareMeter"
    speedCaption.font = .preferredFont(forTextStyle: .caption2)
    speedCaption.text = "km/h"
    speedCaption.accessibilityIdentifier = "speedCaption"
    for view in [meter, speedCaption] { view.translatesAutoresizingMaskIntoConstraints = false }
  }

  // MARK: - States

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    ready = makeReady(navMap, newState)
    ready?.activate(in: navMap)
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    ready?.deactivate()
    ready = nil
    prompt?.removeFromSuperview()
    prompt = nil
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    ready?.deactivate()
    guidance = makeGuidance(navMap, newState)
    guidance?.activate(in: navMap)
  }

  func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    guidance?.deactivate()
    guidance = nil
    lastGuidance = nil
    ready = makeReady(navMap, newState)
    ready?.activate(in: navMap)
  }

  func sizeChanged(navMap: GMSMapView, newState: NavigationUIState) {
    if let state = newState as? ActiveGuidanceUIState {
      guidance?.deactivate()
      guidance = makeGuidance(navMap, state)
      guidance?.activate(in: navMap)
      if let prompt { pin(prompt, navMap) }
    } else if let state = newState as? NavigationReadyUIState {
      ready?.deactivate()
      ready = makeReady(navMap, state)
      ready?.activate(in: navMap)
    }
  }

  private func makeReady(_ navMap: GMSMapView, _ state: NavigationReadyUIState) -> StateLayout {
    wide = state.wideMode
    let layout = StateLayout()
    let safeArea = navMap.safeAreaLayoutGuide
    let logo = state.googleLogo
    let viewport = state.viewport
    layout.views = [viewport, logo, meter]
    layout.buttons.arrangedSubviews = state.buttons.map { $0.view }
    let padding = NavigationStyleValues.buttonHorizontalPadding
    layout.constraints = [
      viewport.topAnchor.constraint(equalTo: meter.bottomAnchor, constant: 8),
      viewport.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      logo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: padding),
      logo.bottomAnchor.constraint(
        equalTo: safeArea.bottomAnchor, constant: -NavigationStyleValues.buttonVerticalPadding),
      meter.topAnchor.constraint(
        equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
      meter.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
      layout.buttons.topAnchor.constraint(equalTo: meter.bottomAnchor, constant: 8),
      layout.buttons.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
      layout.buttons.bottomAnchor.constraint(lessThanOrEqualTo: logo.topAnchor),
    ]
    return layout
  }

  private func makeGuidance(_ navMap: GMSMapView, _ state: ActiveGuidanceUIState) -> StateLayout {
    wide = state.wideMode
    lastGuidance = state
    let layout = StateLayout()
    let safeArea = navMap.safeAreaLayoutGuide
    let turnCard = state.turnCard
    let etaCard = state.etaCard
    let speedWidget = state.speedWidget
    let logo = state.googleLogo
    let viewport = state.viewport
    layout.views = [viewport, turnCard, etaCard, speedWidget, speedCaption, logo, meter]
    layout.buttons.arrangedSubviews = state.buttons.map { $0.view }
    let padding = NavigationStyleValues.buttonHorizontalPadding
    let gap = NavigationStyleValues.buttonVerticalPadding
    // The lowest edge the map's controls may reach: the ETA card, or a prompt over it.
    let floor = prompt?.layoutMarginsGuide.topAnchor ?? etaCard.layoutMarginsGuide.topAnchor
    layout.constraints = [
      turnCard.topAnchor.constraint(equalTo: safeArea.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      etaCard.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      etaCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      speedWidget.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding + 8),
      speedWidget.bottomAnchor.constraint(equalTo: floor),
      speedCaption.centerXAnchor.constraint(equalTo: speedWidget.centerXAnchor),
      speedCaption.bottomAnchor.constraint(equalTo: speedWidget.layoutMarginsGuide.topAnchor),
      logo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: padding),
      logo.bottomAnchor.constraint(equalTo: floor, constant: -gap),
      layout.buttons.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
      layout.buttons.bottomAnchor.constraint(lessThanOrEqualTo: speedCaption.topAnchor, constant: -gap),
      viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      viewport.bottomAnchor.constraint(equalTo: floor),
    ]
    if state.wideMode {
      layout.constraints += [
        meter.topAnchor.constraint(
          equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
        meter.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
        layout.buttons.topAnchor.constraint(equalTo: meter.bottomAnchor, constant: gap),
        viewport.topAnchor.constraint(equalTo: meter.bottomAnchor, constant: gap),
        viewport.leadingAnchor.constraint(equalTo: turnCard.trailingAnchor),
      ]
    } else {
      layout.constraints += [
        turnCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        etaCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        meter.topAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.bottomAnchor, constant: gap),
        meter.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
        layout.buttons.topAnchor.constraint(equalTo: meter.bottomAnchor, constant: gap),
        // The meter is opaque: the camera frame starts below it.
        viewport.topAnchor.constraint(equalTo: meter.bottomAnchor, constant: gap),
        viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      ]
    }
    return layout
  }

  // MARK: - Prompts

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    prompt = newPrompt
    navMap.addSubview(newPrompt)
    pin(newPrompt, navMap)
    rebuildGuidance(navMap)
    navMap.layoutIfNeeded()
    newPrompt.transform = CGAffineTransform(translationX: 0, y: newPrompt.bounds.height)
    UIView.animate(withDuration: 0.35) {
      newPrompt.transform = .identity
    }
  }

  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    if prompt === oldPrompt { prompt = nil }
    promptConstraints = []
    rebuildGuidance(navMap)
    UIView.animate(withDuration: 0.35) {
      oldPrompt.transform = CGAffineTransform(translationX: 0, y: oldPrompt.bounds.height)
    } completion: { _ in
      oldPrompt.removeFromSuperview()
      oldPrompt.transform = .identity
    }
  }

  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }

  private func pin(_ prompt: UIView, _ navMap: GMSMapView) {
    NSLayoutConstraint.deactivate(promptConstraints)
    let safeArea = navMap.safeAreaLayoutGuide
    promptConstraints = [
      prompt.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
    ]
    if !wide {
      promptConstraints.append(prompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor))
    }
    NSLayoutConstraint.activate(promptConstraints)
  }

  /// The guidance layout again, standing on the prompt or on the ETA card.
  private func rebuildGuidance(_ navMap: GMSMapView) {
    guard let old = guidance, let state = lastGuidance else { return }
    old.deactivate()
    guidance = makeGuidance(navMap, state)
    guidance?.activate(in: navMap)
  }

  private var lastGuidance: ActiveGuidanceUIState?
}
