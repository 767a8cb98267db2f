import GoogleNavigation
import UIKit

/// A motorbike courier's handlebar screen: big gloves, so prompts drop down under the turn card
/// (all four corners rounded, as content is above and below them) rather than at the bottom;
/// the SDK's buttons stand on the speed widget at the bottom-trailing corner, so they move
/// with it through its four states; the logo sits bottom-leading on the ETA card's margins.
@MainActor
class MotorbikeCourierNavigationLayout: NSObject, NavigationLayoutDelegate {
  private var constraints: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var stack: GMSNavigationHidingStackView?
  private var turnCard: UIView?
  private var prompt: UIView?
  /// The top of the open map: under the turn card, or under a prompt.
  private let ceiling = UILayoutGuide()
  private var wide = false

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addLayoutGuide(ceiling)
    place(navMap, newState)
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    NSLayoutConstraint.deactivate(constraints)
    constraints = []
    stack?.removeFromSuperview()
    stack = nil
    oldState.viewport.removeFromSuperview()
    oldState.googleLogo.removeFromSuperview()
    prompt?.removeFromSuperview()
    prompt = nil
    navMap.removeLayoutGuide(ceiling)
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    place(navMap, newState)
  }

  func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    for view in [oldState.turnCard, oldState.etaCard, oldState.speedWidget] {
      view.removeFromSuperview()
    }
    turnCard = nil
    place(navMap, newState)
  }

  func sizeChanged(navMap: GMSMapView, newState: NavigationUIState) {
    place(navMap, newState)
  }

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    prompt = newPrompt
    newPrompt.roundedCorners = [
      .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    navMap.addSubview(newPrompt)
    pinPrompt(navMap)
    navMap.layoutIfNeeded()
    newPrompt.alpha = 0
    UIView.animate(withDuration: 0.25) {
      newPrompt.alpha = 1
      navMap.layoutIfNeeded()
    }
  }

  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    if prompt === oldPrompt { prompt = nil }
    pinPrompt(navMap)
    UIView.animate(withDuration: 0.25) {
      oldPrompt.alpha = 0
      navMap.layoutIfNeeded()
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

  /// The prompt under the turn card and the map's ceiling under it, or the ceiling on the
  /// turn card when no prompt shows.
  private func pinPrompt(_ navMap: GMSMapView) {
    NSLayoutConstraint.deactivate(promptConstraints)
    promptConstraints = []
    guard let turnCard else { return }
    guard let prompt, prompt.superview === navMap else {
      promptConstraints = [ceiling.topAnchor.constraint(equalTo: turnCard.bottomAnchor)]
      NSLayoutConstraint.activate(promptConstraints)
      return
    }
    let safeArea = navMap.safeAreaLayoutGuide
    promptConstraints = [
      prompt.topAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.bottomAnchor),
      prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      ceiling.topAnchor.constraint(equalTo: prompt.bottomAnchor),
    ]
    if !wide {
      promptConstraints.append(prompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor))
    }
    NSLayoutConstraint.activate(promptConstraints)
  }

  private func place(_ navMap: GMSMapView, _ state: NavigationUIState) {
    wide = state.wideMode
    NSLayoutConstraint.deactivate(constraints)
    stack?.removeFromSuperview()
    let safeArea = navMap.safeAreaLayoutGuide
    let viewport = state.viewport
    let logo = state.googleLogo
    let guidance = state as? ActiveGuidanceUIState
    let buttons = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)
    buttons.arrangedSubviews = (guidance?.buttons ?? (state as? NavigationReadyUIState)?.buttons
      ?? []).map { $0.view }
    stack = buttons
    for view in [viewport, logo] where view.superview !== navMap { navMap.addSubview(view) }
    navMap.addSubview(buttons)
    let padding = NavigationStyleValues.buttonHorizontalPadding
    var made = [
      ceiling.heightAnchor.constraint(equalToConstant: 0),
      logo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: padding),
      buttons.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
      buttons.topAnchor.constraint(greaterThanOrEqualTo: ceiling.bottomAnchor, constant: 8),
      viewport.topAnchor.constraint(equalTo: ceiling.bottomAnchor),
      viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
    ]
    if let guidance {
      let card = guidance.turnCard
      let eta = guidance.etaCard
      let speed = guidance.speedWidget
      turnCard = card
      for view in [eta, card, speed] where view.superview !== navMap { navMap.addSubview(view) }
      made += [
        card.topAnchor.constraint(equalTo: safeArea.topAnchor),
        card.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        eta.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
        eta.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        logo.bottomAnchor.constraint(equalTo: eta.layoutMarginsGuide.topAnchor),
        speed.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding + 8),
        buttons.bottomAnchor.constraint(equalTo: speed.layoutMarginsGuide.topAnchor),
        viewport.bottomAnchor.constraint(equalTo: eta.layoutMarginsGuide.topAnchor),
      ]
      if guidance.wideMode {
        made += [
          speed.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
          viewport.leadingAnchor.constraint(equalTo: card.trailingAnchor),
        ]
      } else {
        made += [
          card.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          eta.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          speed.bottomAnchor.constraint(equalTo: eta.layoutMarginsGuide.topAnchor),
          viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        ]
      }
    } else {
      made += [
        ceiling.topAnchor.constraint(equalTo: safeArea.topAnchor),
        logo.bottomAnchor.constraint(
          equalTo: safeArea.bottomAnchor, constant: -NavigationStyleValues.buttonVerticalPadding),
        buttons.bottomAnchor.constraint(equalTo: logo.topAnchor),
        viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        viewport.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      ]
    }
    constraints = made
    NSLayoutConstraint.activate(constraints)
    if guidance != nil { pinPrompt(navMap) }
  }
}
