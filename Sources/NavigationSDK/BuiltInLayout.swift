import Foundation
import HeadlessUIKit

/// The SDK's own layout, used when no custom delegate is set (minimal for now).
///
/// Navigation Ready: logo at the bottom-leading corner of the safe area, compass at the
/// top-trailing corner when `settings.compassButton` is on, viewport over the safe area.
/// Active Guidance: turn card at the top and ETA card at the bottom (when the header / footer
/// settings are on), the viewport between them, the logo above the ETA card, the trip
/// progress bar along the trailing edge when enabled; prompts above the ETA card.
@MainActor
final class BuiltInLayout: NavigationLayoutDelegate {
  private var constraints: [NSLayoutConstraint] = []
  private var added: [UIView] = []

  func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    layoutReady(mapView, newState)
  }

  func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState) {
    clear()
  }

  func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    clear()
    let settings = mapView.settings
    let safe = mapView.safeAreaLayoutGuide
    var top = safe.topAnchor
    var bottom = safe.bottomAnchor
    if settings.isNavigationHeaderEnabled {
      add(newState.turnCard, to: mapView)
      constraints += [
        newState.turnCard.topAnchor.constraint(equalTo: safe.topAnchor),
        newState.turnCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      ]
      if !newState.wideMode {
        constraints.append(
          newState.turnCard.trailingAnchor.constraint(equalTo: safe.trailingAnchor))
      }
      top = newState.turnCard.bottomAnchor
    }
    if settings.isNavigationFooterEnabled {
      add(newState.etaCard, to: mapView)
      constraints += [
        newState.etaCard.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
        newState.etaCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      ]
      if !newState.wideMode {
        constraints.append(newState.etaCard.trailingAnchor.constraint(equalTo: safe.trailingAnchor))
      }
      bottom = newState.etaCard.topAnchor
    }
    if settings.isNavigationTripProgressBarEnabled {
      add(newState.tripProgressBar, to: mapView)
      constraints += [
        newState.tripProgressBar.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        newState.tripProgressBar.topAnchor.constraint(equalTo: top),
        newState.tripProgressBar.bottomAnchor.constraint(equalTo: bottom),
      ]
    }
    placeViewport(newState.viewport, in: mapView, top: top, bottom: bottom)
    placeLogo(newState.googleLogo, in: mapView, above: bottom)
    NSLayoutConstraint.activate(constraints)
  }

  func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    layoutReady(mapView, newState)
  }

  func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {
    placePrompt(newPrompt, in: mapView)
  }

  func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {
    oldPrompt.removeFromSuperview()
  }

  func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {
    oldPrompt.removeFromSuperview()
    placePrompt(newPrompt, in: mapView)
  }

  func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {
    if let guidance = newState as? any ActiveGuidanceUIState {
      startGuidance(navMap: mapView, newState: guidance, oldState: mapView.readyState())
      if let prompt = mapView.currentPromptView { placePrompt(prompt, in: mapView) }
    } else if let ready = newState as? any NavigationReadyUIState {
      layoutReady(mapView, ready)
    }
  }

  // MARK: - Helpers

  private func layoutReady(_ mapView: GMSMapView, _ state: any NavigationReadyUIState) {
    clear()
    let safe = mapView.safeAreaLayoutGuide
    placeViewport(state.viewport, in: mapView, top: safe.topAnchor, bottom: safe.bottomAnchor)
    placeLogo(state.googleLogo, in: mapView, above: safe.bottomAnchor)
    if mapView.settings.compassButton,
      let compass = state.buttons.first(where: { $0.type == .compass })?.view
    {
      add(compass, to: mapView)
      constraints += [
        compass.topAnchor.constraint(equalTo: safe.topAnchor),
        compass.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      ]
    }
    NSLayoutConstraint.activate(constraints)
  }

  private func placeViewport(
    _ viewport: UIView, in mapView: GMSMapView, top: NSLayoutYAxisAnchor,
    bottom: NSLayoutYAxisAnchor
  ) {
    add(viewport, to: mapView)
    constraints += [
      viewport.topAnchor.constraint(equalTo: top),
      viewport.bottomAnchor.constraint(equalTo: bottom),
      viewport.leadingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.leadingAnchor),
      viewport.trailingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.trailingAnchor),
    ]
  }

  private func placeLogo(_ logo: UIView, in mapView: GMSMapView, above bottom: NSLayoutYAxisAnchor)
  {
    add(logo, to: mapView)
    constraints += [
      logo.leadingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.leadingAnchor),
      logo.bottomAnchor.constraint(equalTo: bottom),
    ]
  }

  private func placePrompt(_ prompt: UIView, in mapView: GMSMapView) {
    add(prompt, to: mapView)
    let safe = mapView.safeAreaLayoutGuide
    let prompts =
      [
        prompt.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        prompt.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
      ]
      + (mapView.isWideMode ? [] : [prompt.trailingAnchor.constraint(equalTo: safe.trailingAnchor)])
    NSLayoutConstraint.activate(prompts)
  }

  private func add(_ view: UIView, to mapView: GMSMapView) {
    if view.superview !== mapView { mapView.addSubview(view) }
    if !added.contains(where: { $0 === view }) { added.append(view) }
  }

  private func clear() {
    NSLayoutConstraint.deactivate(constraints)
    constraints.removeAll()
    for view in added { view.removeFromSuperview() }
    added.removeAll()
  }
}
