// This file is written exactly as an iOS app targeting the Google Navigation SDK writes its
// layout delegate. The only change made for NavSim is the import: the original reads
//
//     import GoogleNavigation
//     import UIKit
//
// It must compile and behave with nothing else changed (issue 4, "Done when").

import NavSim

/// Layout for the ride screen: header and footer cards, a rider card under the footer, floating
/// buttons, and prompts that slide up from the bottom. (No speed widget: in landscape the
/// footer and rider card leave no room for it, which NavSim reports as an overlap.)
@MainActor
class RideNavigationLayout: NSObject, NavigationLayoutDelegate {

  // MARK: Properties

  private let riderCard: UIView = {
    let view = UIView()
    view.translatesAutoresizingMaskIntoConstraints = false
    view.backgroundColor = .systemBackground
    view.layer.cornerRadius = NavigationStyleValues.defaultCornerRadius
    view.accessibilityIdentifier = "riderCard"
    return view
  }()

  private let riderName: UILabel = {
    let label = UILabel()
    label.translatesAutoresizingMaskIntoConstraints = false
    label.font = .systemFont(ofSize: 15)
    label.text = "Picking up Alex"
    return label
  }()

  private var stateConstraints: [NSLayoutConstraint] = []
  private var bottomConstraints: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var obstacles: [NSLayoutYAxisAnchor] = []
  private weak var currentPrompt: UIView?
  private var buttonsStack: GMSNavigationHidingStackView?
  private weak var viewport: UIView?
  private weak var logo: UIView?
  private var wideMode = false

  // MARK: GMSNavigationLayoutDelegate

  func enableNavigationUI(navMap mapView: GMSMapView, newState: NavigationReadyUIState) {
    riderCard.addSubview(riderName)
    NSLayoutConstraint.activate([
      riderName.leadingAnchor.constraint(equalTo: riderCard.layoutMarginsGuide.leadingAnchor),
      riderName.trailingAnchor.constraint(equalTo: riderCard.layoutMarginsGuide.trailingAnchor),
      riderName.centerYAnchor.constraint(equalTo: riderCard.centerYAnchor),
    ])
    mapView.addSubview(riderCard)
    layoutNavigationReady(on: mapView, state: newState)
  }

  func disableNavigationUI(navMap mapView: GMSMapView, oldState: NavigationReadyUIState) {
    NSLayoutConstraint.deactivate(stateConstraints)
    stateConstraints = []
    oldState.googleLogo.removeFromSuperview()
    oldState.viewport.removeFromSuperview()
    buttonsStack?.removeFromSuperview()
    buttonsStack = nil
    riderCard.removeFromSuperview()
  }

  func startGuidance(
    navMap mapView: GMSMapView, newState: ActiveGuidanceUIState,
    oldState: NavigationReadyUIState
  ) {
    NSLayoutConstraint.deactivate(stateConstraints)
    stateConstraints = []
    layoutActiveGuidance(on: mapView, state: newState)
  }

  func stopGuidance(
    navMap mapView: GMSMapView, newState: NavigationReadyUIState,
    oldState: ActiveGuidanceUIState
  ) {
    NSLayoutConstraint.deactivate(stateConstraints)
    stateConstraints = []
    oldState.turnCard.removeFromSuperview()
    oldState.etaCard.removeFromSuperview()
    for subview in mapView.subviews where subview is NavigationPromptView {
      subview.removeFromSuperview()  // prompts still animating out
    }
    layoutNavigationReady(on: mapView, state: newState)
  }

  func showPrompt(navMap mapView: GMSMapView, newPrompt: NavigationPromptView) {
    mapView.addSubview(newPrompt)
    newPrompt.roundedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    currentPrompt = newPrompt
    placePrompt(newPrompt, on: mapView)
    mapView.layoutIfNeeded()
    newPrompt.transform = CGAffineTransform(translationX: 0, y: newPrompt.frame.height)
    UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut]) {
      newPrompt.transform = .identity
    }
  }

  private func placePrompt(_ prompt: UIView, on mapView: GMSMapView) {
    NSLayoutConstraint.deactivate(promptConstraints)
    promptConstraints = [
      prompt.leadingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.leadingAnchor),
      prompt.bottomAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.bottomAnchor),
    ]
    if !wideMode {
      promptConstraints.append(
        prompt.trailingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.trailingAnchor))
    }
    NSLayoutConstraint.activate(promptConstraints)
    keepBottomElements(above: [prompt.layoutMarginsGuide.topAnchor] + obstacles)
  }

  func hidePrompt(navMap mapView: GMSMapView, oldPrompt: NavigationPromptView) {
    currentPrompt = nil
    promptConstraints = []
    keepBottomElements(above: obstacles)
    UIView.animate(
      withDuration: 0.3, delay: 0, options: [.curveEaseIn],
      animations: {
        oldPrompt.transform = CGAffineTransform(translationX: 0, y: oldPrompt.frame.height)
        oldPrompt.alpha = 0
      },
      completion: { _ in
        oldPrompt.removeFromSuperview()
      })
  }

  func changePrompt(
    navMap mapView: GMSMapView, newPrompt: NavigationPromptView,
    oldPrompt: NavigationPromptView
  ) {
    promptConstraints = []
    UIView.animate(withDuration: 0.2, animations: { oldPrompt.alpha = 0 }) { _ in
      oldPrompt.removeFromSuperview()
    }
    showPrompt(navMap: mapView, newPrompt: newPrompt)
  }

  func sizeChanged(navMap mapView: GMSMapView, newState: NavigationUIState) {
    NSLayoutConstraint.deactivate(stateConstraints)
    stateConstraints = []
    if let guidance = newState as? ActiveGuidanceUIState {
      layoutActiveGuidance(on: mapView, state: guidance)
      if let prompt = currentPrompt { placePrompt(prompt, on: mapView) }
    } else if let ready = newState as? NavigationReadyUIState {
      layoutNavigationReady(on: mapView, state: ready)
    }
  }

  // MARK: Layouts

  private weak var etaCard: UIView?

  private func layoutNavigationReady(on mapView: GMSMapView, state: NavigationReadyUIState) {
    let safeArea = mapView.safeAreaLayoutGuide
    wideMode = state.wideMode
    addCommonViews(
      on: mapView, logo: state.googleLogo, viewport: state.viewport, buttons: state.buttons)
    stateConstraints += [
      riderCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: 8),
      riderCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -8),
      riderCard.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor, constant: -8),
      riderCard.heightAnchor.constraint(equalToConstant: 64),
      state.viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
    ]
    NSLayoutConstraint.activate(stateConstraints)
    obstacles = [riderCard.topAnchor]
    keepBottomElements(above: obstacles)
  }

  private func layoutActiveGuidance(on mapView: GMSMapView, state: ActiveGuidanceUIState) {
    let safeArea = mapView.safeAreaLayoutGuide
    mapView.addSubview(state.turnCard)
    mapView.addSubview(state.etaCard)
    etaCard = state.etaCard
    wideMode = state.wideMode
    addCommonViews(
      on: mapView, logo: state.googleLogo, viewport: state.viewport, buttons: state.buttons)
    stateConstraints += [
      state.turnCard.topAnchor.constraint(equalTo: safeArea.topAnchor),
      state.turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      riderCard.leadingAnchor.constraint(equalTo: state.etaCard.layoutMarginsGuide.leadingAnchor),
      riderCard.trailingAnchor.constraint(equalTo: state.etaCard.layoutMarginsGuide.trailingAnchor),
      riderCard.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor, constant: -8),
      riderCard.heightAnchor.constraint(equalToConstant: 64),
      state.etaCard.bottomAnchor.constraint(equalTo: riderCard.topAnchor),
      state.etaCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      state.viewport.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor),
    ]
    if !state.wideMode {
      stateConstraints += [
        state.turnCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        state.etaCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      ]
    }
    NSLayoutConstraint.activate(stateConstraints)
    obstacles = [state.etaCard.layoutMarginsGuide.topAnchor]
    keepBottomElements(above: obstacles)
  }

  private func addCommonViews(
    on mapView: GMSMapView, logo: UIView, viewport: UIView, buttons: [NavigationUIButton]
  ) {
    self.viewport = viewport
    self.logo = logo
    if viewport.superview == nil { mapView.insertSubview(viewport, at: 0) }
    if logo.superview == nil { mapView.addSubview(logo) }
    buttonsStack?.removeFromSuperview()
    let stack = GMSNavigationHidingStackView(position: .top, alignment: .trailing)
    for button in buttons where button.type == .compass || button.type == .reporting {
      stack.addArrangedSubview(button.view)
    }
    mapView.addSubview(stack)
    buttonsStack = stack
    let safeArea = mapView.safeAreaLayoutGuide
    stateConstraints += [
      viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      logo.leadingAnchor.constraint(
        equalTo: safeArea.leadingAnchor, constant: NavigationStyleValues.buttonHorizontalPadding),
      stack.trailingAnchor.constraint(
        equalTo: safeArea.trailingAnchor, constant: -NavigationStyleValues.buttonHorizontalPadding),
      stack.topAnchor.constraint(
        equalTo: viewport.topAnchor, constant: NavigationStyleValues.headerTopPadding),
      stack.bottomAnchor.constraint(
        lessThanOrEqualTo: logo.topAnchor, constant: -NavigationStyleValues.buttonVerticalPadding),
    ]
  }

  /// Keeps the viewport and the logo above every anchor in `anchors`, as low as they allow.
  private func keepBottomElements(above anchors: [NSLayoutYAxisAnchor]) {
    NSLayoutConstraint.deactivate(bottomConstraints)
    bottomConstraints = []
    guard let viewport = viewport, let logo = logo else { return }
    let padding = NavigationStyleValues.buttonVerticalPadding
    for anchor in anchors {
      bottomConstraints.append(viewport.bottomAnchor.constraint(lessThanOrEqualTo: anchor))
      bottomConstraints.append(
        logo.bottomAnchor.constraint(lessThanOrEqualTo: anchor, constant: -padding))
    }
    let pullViewport = viewport.bottomAnchor.constraint(equalTo: anchors[0])
    pullViewport.priority = .defaultHigh
    let pullLogo = logo.bottomAnchor.constraint(equalTo: viewport.bottomAnchor, constant: -padding)
    pullLogo.priority = .defaultHigh
    bottomConstraints += [pullViewport, pullLogo]
    NSLayoutConstraint.activate(bottomConstraints)
  }
}
