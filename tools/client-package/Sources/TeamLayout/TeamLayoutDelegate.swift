// A team's own layout delegate, as an app writes it from the SDK's layout guide (its imports
// included): the turn card under the safe area's top, the ETA card above its bottom, the
// viewport between them, the logo and the buttons above the ETA card, and prompts in place of
// the ETA card's top edge. `tools/check-client-package.sh` changes the card inset (one line)
// to check that the golden tests then fail readably.
import GoogleNavigation
import UIKit

@MainActor
public final class TeamLayoutDelegate: NSObject, NavigationLayoutDelegate {
  private static let cardInset: CGFloat = 0
  private var constraints: [NSLayoutConstraint] = []
  private var bottomConstraints: [NSLayoutConstraint] = []
  private var logo: UIView?
  private var viewport: UIView?
  private var etaCard: UIView?

  public override init() {}

  public func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    layOut(mapView, newState, cards: nil)
  }

  public func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    layOut(mapView, newState, cards: (newState.turnCard, newState.etaCard))
  }

  public func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    layOut(mapView, newState, cards: nil)
  }

  public func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {
    if let guidance = newState as? any ActiveGuidanceUIState {
      layOut(mapView, guidance, cards: (guidance.turnCard, guidance.etaCard))
    } else {
      layOut(mapView, newState, cards: nil)
    }
  }

  public func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {
    mapView.addSubview(newPrompt)
    NSLayoutConstraint.activate([
      newPrompt.leadingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.leadingAnchor),
      newPrompt.trailingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.trailingAnchor),
      newPrompt.bottomAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.bottomAnchor),
    ])
    pinBottoms(to: newPrompt.topAnchor)
  }

  public func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {
    oldPrompt.removeFromSuperview()
    pinBottoms(to: etaCard?.topAnchor ?? mapView.safeAreaLayoutGuide.bottomAnchor)
  }

  public func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {
    oldPrompt.removeFromSuperview()
    showPrompt(navMap: mapView, newPrompt: newPrompt)
  }

  private func layOut(
    _ mapView: GMSMapView, _ state: any NavigationUIState, cards: (turn: UIView, eta: UIView)?
  ) {
    NSLayoutConstraint.deactivate(constraints + bottomConstraints)
    constraints = []
    bottomConstraints = []
    let safeArea = mapView.safeAreaLayoutGuide
    for view in [state.viewport, state.googleLogo] where view.superview !== mapView {
      mapView.addSubview(view)
    }
    logo = state.googleLogo
    viewport = state.viewport
    etaCard = cards?.eta
    var top = safeArea.topAnchor
    if let cards {
      for card in [cards.turn, cards.eta] where card.superview !== mapView {
        mapView.addSubview(card)
      }
      constraints += [
        cards.turn.topAnchor.constraint(equalTo: safeArea.topAnchor, constant: Self.cardInset),
        cards.turn.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        cards.turn.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        cards.eta.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
        cards.eta.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        cards.eta.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      ]
      top = cards.turn.bottomAnchor
    }
    constraints += [
      state.viewport.topAnchor.constraint(equalTo: top),
      state.viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      state.viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      state.googleLogo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: 16),
    ]
    NSLayoutConstraint.activate(constraints)
    pinBottoms(to: cards?.eta.topAnchor ?? safeArea.bottomAnchor)
  }

  /// Keeps the viewport and the logo above `anchor`: the ETA card, a prompt or the safe area.
  private func pinBottoms(to anchor: NSLayoutYAxisAnchor) {
    NSLayoutConstraint.deactivate(bottomConstraints)
    guard let logo, let viewport else { return }
    bottomConstraints = [
      viewport.bottomAnchor.constraint(equalTo: anchor),
      logo.bottomAnchor.constraint(equalTo: anchor, constant: -8),
    ]
    NSLayoutConstraint.activate(bottomConstraints)
  }
}
