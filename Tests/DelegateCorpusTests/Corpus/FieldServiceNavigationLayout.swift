import GoogleNavigation
import UIKit

/// A field-service technician's app: the turn card and the next job's summary share a header
/// container of the app's own (SDK views may live in a custom container in the map view); the
/// ETA card and the SDK's buttons sit at the bottom, the buttons in a plain `UIStackView` row
/// beside the logo. In wide mode the header container is the leading column's top and the job
/// summary moves under the turn card inside it.
@MainActor
class FieldServiceNavigationLayout: NSObject, NavigationLayoutDelegate {
  private let header = UIView()
  private let jobSummary = UILabel()
  private let buttonRow = UIStackView()
  private var constraints: [NSLayoutConstraint] = []
  private var headerConstraints: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var prompt: UIView?
  private var etaCard: UIView?
  private var wide = false

  override init() {
    super.init()
    header.translatesAutoresizingMaskIntoConstraints = false
    header.accessibilityIdentifier = "header"
    jobSummary.numberOfLines = 0
    jobSummary.font = .preferredFont(forTextStyle: .subheadline)
    jobSummary.text = "Next: boiler service, Rue du Lac 4, 10:30-11:15. Bring the 22 mm valve."
    jobSummary.backgroundColor = .secondarySystemBackground
    jobSummary.translatesAutoresizingMaskIntoConstraints = false
    jobSummary.accessibilityIdentifier = "jobSummary"
    buttonRow.axis = .horizontal
    buttonRow.spacing = 8
    buttonRow.alignment = .bottom
    buttonRow.translatesAutoresizingMaskIntoConstraints = false
    buttonRow.accessibilityIdentifier = "buttonRow"
  }

  // MARK: - Callbacks

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    build(navMap, newState)
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    NSLayoutConstraint.deactivate(constraints + promptConstraints)
    constraints = []
    promptConstraints = []
    for view in [oldState.viewport, oldState.googleLogo, buttonRow] { view.removeFromSuperview() }
    for view in buttonRow.arrangedSubviews { view.removeFromSuperview() }
    prompt?.removeFromSuperview()
    prompt = nil
    navMap.removeLayoutGuide(controlsFloor)
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    build(navMap, newState)
  }

  func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    // A prompt shown when guidance stops is still fading out: its constraints go with the
    // guidance (`navsim explore` found the floor held on it conflicting with the ready
    // state's floor).
    NSLayoutConstraint.deactivate(headerConstraints + promptConstraints)
    headerConstraints = []
    promptConstraints = []
    for view in [oldState.turnCard, oldState.etaCard, jobSummary, header] {
      view.removeFromSuperview()
    }
    for view in buttonRow.arrangedSubviews { view.removeFromSuperview() }
    etaCard = nil
    build(navMap, newState)
  }

  func sizeChanged(navMap: GMSMapView, newState: NavigationUIState) {
    build(navMap, newState)
  }

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    prompt = newPrompt
    newPrompt.roundedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    newPrompt.alpha = 0
    navMap.addSubview(newPrompt)
    placePrompt(navMap)
    UIView.animate(withDuration: 0.2) {
      newPrompt.alpha = 1
      navMap.layoutIfNeeded()
    }
  }

  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    if prompt === oldPrompt { prompt = nil }
    UIView.animate(withDuration: 0.2) {
      oldPrompt.alpha = 0
    } completion: { _ in
      oldPrompt.removeFromSuperview()
      oldPrompt.alpha = 1
      // The controls come back down over the ETA card.
      self.placePrompt(navMap)
    }
  }

  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }

  // MARK: - Layout

  private let controlsFloor = UILayoutGuide()

  /// Puts the prompt at the bottom and the controls' floor on it (or on the ETA card).
  private func placePrompt(_ navMap: GMSMapView) {
    NSLayoutConstraint.deactivate(promptConstraints)
    promptConstraints = []
    guard let etaCard else { return }
    let safeArea = navMap.safeAreaLayoutGuide
    guard let prompt, prompt.superview === navMap else {
      promptConstraints = [
        controlsFloor.bottomAnchor.constraint(equalTo: etaCard.layoutMarginsGuide.topAnchor)
      ]
      NSLayoutConstraint.activate(promptConstraints)
      return
    }
    promptConstraints = [
      prompt.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      controlsFloor.bottomAnchor.constraint(equalTo: prompt.layoutMarginsGuide.topAnchor),
    ]
    if !wide {
      promptConstraints.append(prompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor))
    }
    NSLayoutConstraint.activate(promptConstraints)
  }

  private func build(_ navMap: GMSMapView, _ state: NavigationUIState) {
    wide = state.wideMode
    NSLayoutConstraint.deactivate(constraints + headerConstraints)
    headerConstraints = []
    let safeArea = navMap.safeAreaLayoutGuide
    let viewport = state.viewport
    let logo = state.googleLogo
    if controlsFloor.owningView !== navMap { navMap.addLayoutGuide(controlsFloor) }
    for view in [viewport, logo, buttonRow] where view.superview !== navMap {
      navMap.addSubview(view)
    }
    let sdkButtons = (state as? ActiveGuidanceUIState)?.buttons
      ?? (state as? NavigationReadyUIState)?.buttons ?? []
    for view in buttonRow.arrangedSubviews where !sdkButtons.contains(where: { $0.view === view }) {
      view.removeFromSuperview()
    }
    for button in sdkButtons where button.view.superview !== buttonRow {
      buttonRow.addArrangedSubview(button.view)
    }
    let padding = NavigationStyleValues.buttonHorizontalPadding
    let gap = NavigationStyleValues.buttonVerticalPadding
    constraints = [
      controlsFloor.heightAnchor.constraint(equalToConstant: 0),
      logo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: padding),
      logo.bottomAnchor.constraint(equalTo: controlsFloor.topAnchor, constant: -gap),
      buttonRow.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
      buttonRow.bottomAnchor.constraint(equalTo: controlsFloor.topAnchor, constant: -gap),
      viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      viewport.bottomAnchor.constraint(equalTo: controlsFloor.topAnchor),
    ]
    guard let guidance = state as? ActiveGuidanceUIState else {
      constraints += [
        controlsFloor.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
        viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
        viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      ]
      NSLayoutConstraint.activate(constraints)
      return
    }
    let turnCard = guidance.turnCard
    etaCard = guidance.etaCard
    if header.superview !== navMap { navMap.addSubview(header) }
    for view in [turnCard, jobSummary] where view.superview !== header { header.addSubview(view) }
    if guidance.etaCard.superview !== navMap { navMap.addSubview(guidance.etaCard) }
    constraints += [
      header.topAnchor.constraint(equalTo: safeArea.topAnchor),
      header.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      turnCard.topAnchor.constraint(equalTo: header.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: header.leadingAnchor),
      turnCard.trailingAnchor.constraint(equalTo: header.trailingAnchor),
      jobSummary.topAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.bottomAnchor, constant: gap),
      jobSummary.leadingAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.leadingAnchor),
      jobSummary.trailingAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.trailingAnchor),
      jobSummary.bottomAnchor.constraint(equalTo: header.bottomAnchor),
      guidance.etaCard.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      guidance.etaCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
    ]
    if guidance.wideMode {
      constraints += [
        viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
        viewport.leadingAnchor.constraint(equalTo: header.trailingAnchor),
      ]
    } else {
      constraints += [
        header.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        guidance.etaCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        viewport.topAnchor.constraint(equalTo: header.bottomAnchor),
        viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      ]
    }
    NSLayoutConstraint.activate(constraints)
    placePrompt(navMap)
  }
}
