import GoogleNavigation
import UIKit

/// A school-bus route app: a stop list (a vertical `UIStackView` of labels) in a panel on the
/// trailing side in wide mode, folded to the next stop only on narrow screens; the trip
/// progress bar along the leading edge under the turn card; a hiding stack holding the app's
/// "stop reached" button above the SDK's buttons, so on short screens the SDK's go first.
@MainActor
class SchoolBusNavigationLayout: NSObject, NavigationLayoutDelegate {
  private let stopPanel = UIStackView()
  private let stopReached = UIButton(type: .system)
  private var stops: [UILabel] = []
  private var stateConstraints: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var stack: GMSNavigationHidingStackView?
  private var prompt: UIView?
  private var wide = false

  override init() {
    super.init()
    stopPanel.axis = .vertical
    stopPanel.spacing = 4
    stopPanel.isLayoutMarginsRelativeArrangement = true
    stopPanel.layoutMargins = UIEdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
    stopPanel.backgroundColor = .systemBackground
    stopPanel.layer.cornerRadius = 12
    stopPanel.translatesAutoresizingMaskIntoConstraints = false
    stopPanel.accessibilityIdentifier = "stopPanel"
    for name in ["Next: Birchwood Primary (8 pupils)", "Oak Lane", "Mill Street", "Depot"] {
      let label = UILabel()
      label.font = .preferredFont(forTextStyle: .callout)
      label.text = name
      stops.append(label)
      stopPanel.addArrangedSubview(label)
    }
    stopReached.setTitle("Stop reached", for: .normal)
    stopReached.accessibilityIdentifier = "stopReached"
  }

  // MARK: - Callbacks

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    layOut(navMap, newState)
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    NSLayoutConstraint.deactivate(stateConstraints)
    stateConstraints = []
    stack?.removeFromSuperview()
    stack = nil
    for view in [oldState.viewport, oldState.googleLogo, stopPanel] { view.removeFromSuperview() }
    prompt?.removeFromSuperview()
    prompt = nil
    navMap.removeLayoutGuide(floorGuide)
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    layOut(navMap, newState)
  }

  func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    for view in [oldState.turnCard, oldState.etaCard, oldState.tripProgressBar, oldState.speedWidget] {
      view.removeFromSuperview()
    }
    layOut(navMap, newState)
  }

  func sizeChanged(navMap: GMSMapView, newState: NavigationUIState) {
    layOut(navMap, newState)
    if let prompt, newState is ActiveGuidanceUIState { pin(prompt, navMap) }
  }

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    prompt = newPrompt
    newPrompt.roundedCorners = [
      .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    navMap.addSubview(newPrompt)
    pin(newPrompt, navMap)
  }

  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    if prompt === oldPrompt { prompt = nil }
    UIView.animate(withDuration: 0.3, animations: { oldPrompt.alpha = 0 }) { _ in
      oldPrompt.removeFromSuperview()
      oldPrompt.alpha = 1
    }
  }

  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    oldPrompt.removeFromSuperview()
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }

  // MARK: - Layout

  private let floorGuide = UILayoutGuide()

  private func pin(_ prompt: UIView, _ navMap: GMSMapView) {
    NSLayoutConstraint.deactivate(promptConstraints)
    let safeArea = navMap.safeAreaLayoutGuide
    promptConstraints = [
      prompt.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor, constant: -8),
      prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: 8),
      floorGuide.bottomAnchor.constraint(lessThanOrEqualTo: prompt.layoutMarginsGuide.topAnchor),
    ]
    if !wide {
      promptConstraints.append(
        prompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -8))
    }
    NSLayoutConstraint.activate(promptConstraints)
  }

  private func layOut(_ navMap: GMSMapView, _ state: NavigationUIState) {
    wide = state.wideMode
    NSLayoutConstraint.deactivate(stateConstraints)
    stack?.removeFromSuperview()
    let safeArea = navMap.safeAreaLayoutGuide
    let viewport = state.viewport
    let logo = state.googleLogo
    let guidance = state as? ActiveGuidanceUIState
    let sdkButtons = guidance?.buttons ?? (state as? NavigationReadyUIState)?.buttons ?? []
    let buttons = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)
    buttons.arrangedSubviews = [stopReached] + sdkButtons.map { $0.view }
    stack = buttons
    if floorGuide.owningView !== navMap { navMap.addLayoutGuide(floorGuide) }
    for view in [viewport, logo, stopPanel] where view.superview !== navMap {
      navMap.addSubview(view)
    }
    navMap.addSubview(buttons)
    // Narrow screens show the next stop only.
    for (index, label) in stops.enumerated() where index > 0 { label.isHidden = !state.wideMode }

    let padding = NavigationStyleValues.buttonHorizontalPadding
    let gap = NavigationStyleValues.buttonVerticalPadding
    let settle = floorGuide.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor)
    settle.priority = .defaultLow
    var constraints = [
      floorGuide.heightAnchor.constraint(equalToConstant: 0),
      floorGuide.bottomAnchor.constraint(lessThanOrEqualTo: safeArea.bottomAnchor),
      settle,
      logo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: padding),
      logo.bottomAnchor.constraint(equalTo: floorGuide.topAnchor, constant: -gap),
      buttons.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
      buttons.bottomAnchor.constraint(equalTo: floorGuide.topAnchor, constant: -gap),
      viewport.bottomAnchor.constraint(equalTo: floorGuide.topAnchor),
    ]
    if let guidance {
      let turnCard = guidance.turnCard
      let etaCard = guidance.etaCard
      let bar = guidance.tripProgressBar
      let speedWidget = guidance.speedWidget
      for view in [bar, etaCard, turnCard, speedWidget] where view.superview !== navMap {
        navMap.addSubview(view)
      }
      constraints += [
        turnCard.topAnchor.constraint(equalTo: safeArea.topAnchor),
        turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        etaCard.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
        etaCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        floorGuide.bottomAnchor.constraint(lessThanOrEqualTo: etaCard.layoutMarginsGuide.topAnchor),
        bar.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        bar.topAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.bottomAnchor, constant: gap),
        bar.bottomAnchor.constraint(equalTo: logo.topAnchor, constant: -gap),
        speedWidget.trailingAnchor.constraint(
          equalTo: buttons.leadingAnchor, constant: -NavigationStyleValues.elementHorizontalPadding),
        speedWidget.bottomAnchor.constraint(equalTo: floorGuide.topAnchor),
        buttons.topAnchor.constraint(
          greaterThanOrEqualTo: turnCard.layoutMarginsGuide.bottomAnchor, constant: gap),
      ]
      if guidance.wideMode {
        constraints += [
          stopPanel.topAnchor.constraint(
            equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
          stopPanel.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
          stopPanel.leadingAnchor.constraint(
            greaterThanOrEqualTo: turnCard.trailingAnchor, constant: gap),
          // The camera frames what is beside the cards and below the stop list.
          viewport.topAnchor.constraint(equalTo: stopPanel.bottomAnchor, constant: gap),
          viewport.leadingAnchor.constraint(equalTo: turnCard.trailingAnchor),
          viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          buttons.topAnchor.constraint(
            greaterThanOrEqualTo: stopPanel.bottomAnchor, constant: gap),
        ]
      } else {
        constraints += [
          turnCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          etaCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          stopPanel.topAnchor.constraint(equalTo: turnCard.bottomAnchor),
          stopPanel.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
          stopPanel.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          viewport.topAnchor.constraint(equalTo: stopPanel.bottomAnchor),
          viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
          viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          buttons.topAnchor.constraint(
            greaterThanOrEqualTo: stopPanel.bottomAnchor, constant: gap),
        ]
      }
    } else {
      constraints += [
        stopPanel.topAnchor.constraint(
          equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
        stopPanel.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: padding),
        stopPanel.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
        viewport.topAnchor.constraint(equalTo: stopPanel.bottomAnchor, constant: gap),
        viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        buttons.topAnchor.constraint(greaterThanOrEqualTo: stopPanel.bottomAnchor, constant: gap),
      ]
    }
    stateConstraints = constraints
    NSLayoutConstraint.activate(stateConstraints)
  }
}
