import NavSim

/// A delegate that breaks the SDK's layout rules on purpose, for tests and demos.
///
/// Each mistake is one a real app could make:
/// * never adds the viewport (`missing-viewport`);
/// * hides the compass that a hiding stack manages (`hiding-stack-hidden-set`);
/// * gives the turn card a height (`fixed-size-constraint`) and pins the ETA card with left /
///   right anchors (`left-right-anchor`), ignoring wide mode (unsatisfiable there);
/// * restyles the turn card by walking its subviews (`sdk-internals-touched`);
/// * still uses a legacy setting (`legacy-api-with-delegate`);
/// * drops the speed widget onto the ETA card (`sdk-views-overlap`);
/// * shows prompts at the bottom without moving the logo (`prompt-covers-logo`);
/// * leaves the turn card behind in `stopGuidance` (`leftover-after-stop-guidance`) and
///   everything behind in `disableNavigationUI` (`leftover-after-disable`).
@MainActor
public final class BrokenLayoutDelegate: NSObject, NavigationLayoutDelegate {
  private var stack: GMSNavigationHidingStackView?

  public func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    let logo = newState.googleLogo
    mapView.addSubview(logo)
    NSLayoutConstraint.activate([
      logo.leadingAnchor.constraint(
        equalTo: mapView.safeAreaLayoutGuide.leadingAnchor, constant: 16),
      logo.bottomAnchor.constraint(
        equalTo: mapView.safeAreaLayoutGuide.bottomAnchor, constant: -16),
    ])
    let stack = GMSNavigationHidingStackView(position: .top, alignment: .trailing)
    for button in newState.buttons { stack.addArrangedSubview(button.view) }
    mapView.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.topAnchor, constant: 16),
      stack.trailingAnchor.constraint(
        equalTo: mapView.safeAreaLayoutGuide.trailingAnchor, constant: -16),
    ])
    self.stack = stack
    // "The compass is distracting": hide it behind the stack's back.
    newState.buttons.first { $0.type == .compass }?.view.isHidden = true
  }

  public func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    mapView.settings.isNavigationFooterEnabled = true
    let turnCard = newState.turnCard
    let etaCard = newState.etaCard
    mapView.addSubview(turnCard)
    mapView.addSubview(etaCard)
    mapView.addSubview(newState.speedWidget)
    NSLayoutConstraint.activate([
      turnCard.topAnchor.constraint(equalTo: mapView.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
      turnCard.trailingAnchor.constraint(equalTo: mapView.trailingAnchor),
      turnCard.heightAnchor.constraint(equalToConstant: 90),
      etaCard.leftAnchor.constraint(equalTo: mapView.leftAnchor),
      etaCard.rightAnchor.constraint(equalTo: mapView.rightAnchor),
      etaCard.bottomAnchor.constraint(equalTo: mapView.bottomAnchor),
      newState.speedWidget.centerXAnchor.constraint(equalTo: etaCard.centerXAnchor),
      newState.speedWidget.centerYAnchor.constraint(equalTo: etaCard.centerYAnchor),
    ])
    for subview in turnCard.subviews { subview.layer.cornerRadius = 0 }
  }

  public func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    oldState.etaCard.removeFromSuperview()
    oldState.speedWidget.removeFromSuperview()
  }

  public func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {
    mapView.addSubview(newPrompt)
    NSLayoutConstraint.activate([
      newPrompt.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
      newPrompt.trailingAnchor.constraint(equalTo: mapView.trailingAnchor),
      newPrompt.bottomAnchor.constraint(equalTo: mapView.bottomAnchor),
    ])
  }

  public func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {
    oldPrompt.removeFromSuperview()
  }

  public func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {
    oldPrompt.removeFromSuperview()
    showPrompt(navMap: mapView, newPrompt: newPrompt)
  }
}
