import NavSim

/// The smallest complete layout, written as an app developer would.
///
/// Turn card along the top, ETA card along the bottom, the SDK's buttons in a hiding stack on
/// the trailing side between them, the logo in the bottom-leading corner and the viewport
/// filling the space between the cards. Prompts slide in from the bottom, over the ETA card;
/// the viewport, logo and buttons move above them. Made for portrait; in wide mode the cards
/// keep their own width at the leading edge (the SDK requires it) and nothing else changes.
@MainActor
public final class BasicLayoutDelegate: NSObject, NavigationLayoutDelegate {
  /// Constraints of the current state's layout.
  private var layoutConstraints: [NSLayoutConstraint] = []
  /// The bottom edges that must stay clear of the ETA card or of the prompt on screen.
  private var bottomConstraints: [NSLayoutConstraint] = []
  /// The prompt's own constraints.
  private var promptConstraints: [NSLayoutConstraint] = []
  private var buttonStack: GMSNavigationHidingStackView?
  private var promptShown: UIView?
  /// The last state's `wideMode`: prompt callbacks get no state object to read it from.
  private var isWide = false

  // MARK: - Navigation Ready

  public func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    layOutReady(mapView, newState)
  }

  public func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState)
  {
    tearDown()
    oldState.googleLogo.removeFromSuperview()
    oldState.viewport.removeFromSuperview()
    promptShown?.removeFromSuperview()
    promptShown = nil
  }

  // MARK: - Active Guidance

  public func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    layOutGuidance(mapView, newState)
  }

  public func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    tearDown()
    oldState.turnCard.removeFromSuperview()
    oldState.etaCard.removeFromSuperview()
    layOutReady(mapView, newState)
  }

  public func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {
    if let guidance = newState as? any ActiveGuidanceUIState {
      layOutGuidance(mapView, guidance)
      if let prompt = promptShown { place(prompt: prompt, in: mapView, wide: guidance.wideMode) }
    } else if let ready = newState as? any NavigationReadyUIState {
      layOutReady(mapView, ready)
    }
  }

  // MARK: - Prompts

  public func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {
    mapView.addSubview(newPrompt)
    place(prompt: newPrompt, in: mapView, wide: isWide)
    promptShown = newPrompt
    mapView.layoutIfNeeded()
    newPrompt.transform = CGAffineTransform(translationX: 0, y: newPrompt.bounds.height)
    UIView.animate(withDuration: 0.3) {
      newPrompt.transform = .identity
    }
  }

  public func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {
    promptShown = nil
    promptConstraints.removeAll()  // they leave with the prompt at the end of its animation
    if let etaCard = currentETACard { pinBottoms(to: etaCard.layoutMarginsGuide.topAnchor) }
    slideOut(oldPrompt)
  }

  public func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {
    slideOut(oldPrompt)
    showPrompt(navMap: mapView, newPrompt: newPrompt)
  }

  // MARK: - Layouts

  private var logo: UIView?
  private var viewport: UIView?
  private var currentETACard: UIView?

  private func layOutReady(_ mapView: GMSMapView, _ state: any NavigationReadyUIState) {
    isWide = state.wideMode
    tearDown()
    let safeArea = mapView.safeAreaLayoutGuide
    addLogoViewportAndButtons(mapView, state.googleLogo, state.viewport, state.buttons)
    layoutConstraints += [
      state.viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
      state.viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      state.viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      buttonStack!.topAnchor.constraint(
        equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
    ]
    NSLayoutConstraint.activate(layoutConstraints)
    pinBottoms(to: safeArea.bottomAnchor)
  }

  private func layOutGuidance(_ mapView: GMSMapView, _ state: any ActiveGuidanceUIState) {
    isWide = state.wideMode
    tearDown()
    let safeArea = mapView.safeAreaLayoutGuide
    for card in [state.turnCard, state.etaCard] where card.superview !== mapView {
      mapView.addSubview(card)
    }
    currentETACard = state.etaCard
    addLogoViewportAndButtons(mapView, state.googleLogo, state.viewport, state.buttons)
    layoutConstraints += [
      state.turnCard.topAnchor.constraint(equalTo: safeArea.topAnchor),
      state.turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      state.etaCard.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      state.etaCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      state.viewport.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor),
      state.viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      state.viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      buttonStack!.topAnchor.constraint(
        equalTo: state.turnCard.layoutMarginsGuide.bottomAnchor,
        constant: NavigationStyleValues.buttonVerticalPadding),
    ]
    if !state.wideMode {
      layoutConstraints += [
        state.turnCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        state.etaCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      ]
    }
    NSLayoutConstraint.activate(layoutConstraints)
    pinBottoms(to: state.etaCard.layoutMarginsGuide.topAnchor)
  }

  private func addLogoViewportAndButtons(
    _ mapView: GMSMapView, _ logo: UIView, _ viewport: UIView, _ buttons: [any NavigationUIButton]
  ) {
    self.logo = logo
    self.viewport = viewport
    for view in [viewport, logo] where view.superview !== mapView { mapView.addSubview(view) }
    let stack = GMSNavigationHidingStackView(position: .top, alignment: .trailing)
    stack.accessibilityIdentifier = "buttonStack"
    for button in buttons { stack.addArrangedSubview(button.view) }
    mapView.addSubview(stack)
    buttonStack = stack
    let safeArea = mapView.safeAreaLayoutGuide
    layoutConstraints += [
      logo.leadingAnchor.constraint(
        equalTo: safeArea.leadingAnchor, constant: NavigationStyleValues.buttonHorizontalPadding),
      stack.trailingAnchor.constraint(
        equalTo: safeArea.trailingAnchor, constant: -NavigationStyleValues.buttonHorizontalPadding),
    ]
  }

  /// Keeps the viewport, the logo and the buttons above `anchor` (the ETA card or a prompt).
  private func pinBottoms(to anchor: NSLayoutYAxisAnchor) {
    NSLayoutConstraint.deactivate(bottomConstraints)
    guard let logo, let viewport, let buttonStack else { return }
    let padding = NavigationStyleValues.buttonVerticalPadding
    bottomConstraints = [
      viewport.bottomAnchor.constraint(equalTo: anchor),
      logo.bottomAnchor.constraint(equalTo: anchor, constant: -padding),
      buttonStack.bottomAnchor.constraint(lessThanOrEqualTo: logo.topAnchor, constant: -padding),
    ]
    NSLayoutConstraint.activate(bottomConstraints)
  }

  private func place(prompt: UIView, in mapView: GMSMapView, wide: Bool) {
    let safeArea = mapView.safeAreaLayoutGuide
    NSLayoutConstraint.deactivate(promptConstraints)
    promptConstraints = [
      prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      prompt.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
    ]
    if !wide {
      promptConstraints.append(prompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor))
    }
    NSLayoutConstraint.activate(promptConstraints)
    pinBottoms(to: prompt.layoutMarginsGuide.topAnchor)
  }

  private func slideOut(_ prompt: UIView) {
    promptConstraints.removeAll { $0.firstItem === prompt }
    UIView.animate(
      withDuration: 0.25,
      animations: {
        prompt.alpha = 0
        prompt.transform = CGAffineTransform(translationX: 0, y: prompt.bounds.height)
      },
      completion: { _ in
        prompt.removeFromSuperview()
        prompt.alpha = 1
        prompt.transform = .identity
      })
  }

  /// Removes this delegate's constraints and button stack (SDK views stay where they are).
  private func tearDown() {
    NSLayoutConstraint.deactivate(layoutConstraints + bottomConstraints)
    layoutConstraints.removeAll()
    bottomConstraints.removeAll()
    buttonStack?.removeFromSuperview()
    buttonStack = nil
    currentETACard = nil
  }
}
