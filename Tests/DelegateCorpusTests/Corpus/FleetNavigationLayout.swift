import GoogleNavigation
import UIKit

/// A truck fleet's driver screen: the trip progress bar along the trailing edge between the
/// cards, the speed widget stacked on the ETA card's margins and the logo stacked on the speed
/// widget's margins (as the SDK's guide advises, so built-in margins don't add up), and a
/// hiding stack that holds the SDK's buttons under the fleet's own "report a delay" button.
/// Constraints for each state are made once per callback and kept in one array per state.
@MainActor
class FleetNavigationLayout: NSObject, NavigationLayoutDelegate {
  private let delayButton = UIButton(type: .system)
  private let buttonStack = GMSNavigationHidingStackView(position: .top, alignment: .trailing)
  private var readyConstraints: [NSLayoutConstraint] = []
  private var guidanceConstraints: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var shownPrompt: UIView?
  private var guidanceWide = false
  private var lastGuidanceState: ActiveGuidanceUIState?

  override init() {
    super.init()
    delayButton.setImage(UIImage(systemName: "clock.badge.exclamationmark"), for: .normal)
    delayButton.backgroundColor = .systemBackground
    delayButton.layer.cornerRadius = 24
    delayButton.accessibilityIdentifier = "reportDelay"
    delayButton.translatesAutoresizingMaskIntoConstraints = false
    NSLayoutConstraint.activate([
      delayButton.widthAnchor.constraint(equalToConstant: 48),
      delayButton.heightAnchor.constraint(equalToConstant: 48),
    ])
    buttonStack.accessibilityIdentifier = "fleetButtons"
  }

  // MARK: - Navigation Ready

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    showReady(navMap, newState)
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    NSLayoutConstraint.deactivate(readyConstraints)
    readyConstraints = []
    oldState.googleLogo.removeFromSuperview()
    oldState.viewport.removeFromSuperview()
    buttonStack.removeFromSuperview()
    buttonStack.arrangedSubviews = []
    shownPrompt?.removeFromSuperview()
    shownPrompt = nil
  }

  private func showReady(_ navMap: GMSMapView, _ state: NavigationReadyUIState) {
    NSLayoutConstraint.deactivate(readyConstraints)
    let safeArea = navMap.safeAreaLayoutGuide
    let logo = state.googleLogo
    let viewport = state.viewport
    navMap.addSubview(viewport)
    navMap.addSubview(logo)
    buttonStack.arrangedSubviews = [delayButton] + state.buttons.map { $0.view }
    navMap.addSubview(buttonStack)
    readyConstraints = [
      viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
      viewport.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      logo.leadingAnchor.constraint(
        equalTo: safeArea.leadingAnchor, constant: NavigationStyleValues.buttonHorizontalPadding),
      logo.bottomAnchor.constraint(
        equalTo: safeArea.bottomAnchor, constant: -NavigationStyleValues.buttonVerticalPadding),
      buttonStack.topAnchor.constraint(
        equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
      buttonStack.trailingAnchor.constraint(
        equalTo: safeArea.trailingAnchor, constant: -NavigationStyleValues.buttonHorizontalPadding),
      buttonStack.bottomAnchor.constraint(lessThanOrEqualTo: logo.topAnchor),
    ]
    NSLayoutConstraint.activate(readyConstraints)
  }

  // MARK: - Active Guidance

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    NSLayoutConstraint.deactivate(readyConstraints)
    readyConstraints = []
    showGuidance(navMap, newState)
  }

  func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    NSLayoutConstraint.deactivate(guidanceConstraints)
    guidanceConstraints = []
    lastGuidanceState = nil
    for view in [oldState.turnCard, oldState.etaCard, oldState.speedWidget, oldState.tripProgressBar] {
      view.removeFromSuperview()
    }
    showReady(navMap, newState)
  }

  func sizeChanged(navMap: GMSMapView, newState: NavigationUIState) {
    if let guidance = newState as? ActiveGuidanceUIState {
      showGuidance(navMap, guidance)
      if let prompt = shownPrompt { pinPrompt(prompt, navMap) }
    } else if let ready = newState as? NavigationReadyUIState {
      showReady(navMap, ready)
    }
  }

  private func showGuidance(_ navMap: GMSMapView, _ state: ActiveGuidanceUIState) {
    NSLayoutConstraint.deactivate(guidanceConstraints)
    lastGuidanceState = state
    guidanceWide = state.wideMode
    let safeArea = navMap.safeAreaLayoutGuide
    let turnCard = state.turnCard
    let etaCard = state.etaCard
    let speedWidget = state.speedWidget
    let bar = state.tripProgressBar
    let logo = state.googleLogo
    let viewport = state.viewport
    for view in [viewport, bar, turnCard, etaCard, speedWidget, logo] {
      if view.superview !== navMap { navMap.addSubview(view) }
    }
    buttonStack.arrangedSubviews = [delayButton] + state.buttons.map { $0.view }
    navMap.addSubview(buttonStack)

    let padding = NavigationStyleValues.buttonHorizontalPadding
    let bottomEdge = shownPrompt?.layoutMarginsGuide.topAnchor ?? etaCard.layoutMarginsGuide.topAnchor
    var constraints = [
      turnCard.topAnchor.constraint(equalTo: safeArea.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      etaCard.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      etaCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      // Stacked on each other's margins: the gap is one margin, not two.
      logo.bottomAnchor.constraint(equalTo: speedWidget.layoutMarginsGuide.topAnchor),
      logo.leadingAnchor.constraint(equalTo: speedWidget.layoutMarginsGuide.leadingAnchor),
      // The progress bar along the trailing edge, between the cards.
      bar.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      bar.topAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.bottomAnchor, constant: 8),
      bar.bottomAnchor.constraint(equalTo: bottomEdge, constant: -8),
      buttonStack.trailingAnchor.constraint(equalTo: bar.leadingAnchor, constant: -padding),
      buttonStack.topAnchor.constraint(
        equalTo: turnCard.layoutMarginsGuide.bottomAnchor,
        constant: NavigationStyleValues.buttonVerticalPadding),
      buttonStack.bottomAnchor.constraint(lessThanOrEqualTo: bottomEdge, constant: -8),
      viewport.trailingAnchor.constraint(equalTo: bar.leadingAnchor),
      viewport.bottomAnchor.constraint(equalTo: bottomEdge),
    ]
    if state.wideMode {
      // Speed and logo at the bottom of the camera's side, clear of prompts over the cards.
      constraints += [
        viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
        viewport.leadingAnchor.constraint(equalTo: turnCard.trailingAnchor),
        speedWidget.bottomAnchor.constraint(equalTo: etaCard.layoutMarginsGuide.bottomAnchor),
        speedWidget.leadingAnchor.constraint(equalTo: etaCard.layoutMarginsGuide.trailingAnchor),
      ]
    } else {
      constraints += [
        speedWidget.bottomAnchor.constraint(equalTo: bottomEdge),
        speedWidget.leadingAnchor.constraint(equalTo: etaCard.layoutMarginsGuide.leadingAnchor),
        turnCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        etaCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor),
        viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      ]
    }
    guidanceConstraints = constraints
    NSLayoutConstraint.activate(guidanceConstraints)
  }

  // MARK: - Prompts

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    navMap.addSubview(newPrompt)
    shownPrompt = newPrompt
    pinPrompt(newPrompt, navMap)
    relayOutGuidance(navMap)
    newPrompt.transform = CGAffineTransform(translationX: 0, y: 60)
    UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut]) {
      newPrompt.transform = .identity
    }
  }

  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    shownPrompt = nil
    promptConstraints = []
    relayOutGuidance(navMap)
    UIView.animate(withDuration: 0.2) {
      oldPrompt.alpha = 0
    } completion: { _ in
      oldPrompt.removeFromSuperview()
      oldPrompt.alpha = 1
    }
  }

  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }

  private func pinPrompt(_ prompt: UIView, _ navMap: GMSMapView) {
    NSLayoutConstraint.deactivate(promptConstraints)
    let safeArea = navMap.safeAreaLayoutGuide
    promptConstraints = [
      prompt.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
    ]
    if !guidanceWide {
      promptConstraints.append(prompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor))
    }
    NSLayoutConstraint.activate(promptConstraints)
  }

  /// The guidance layout again, with the bottom edge on the prompt or the ETA card.
  private func relayOutGuidance(_ navMap: GMSMapView) {
    if let state = lastGuidanceState { showGuidance(navMap, state) }
  }
}
