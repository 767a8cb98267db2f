import GoogleNavigation
import UIKit

/// A ride-hailing driver app: a rider panel (name, rating and car in a `UIStackView`) and an
/// emergency button in the top corner opposite the turn card, lined up with the card's content
/// through `headerTopPadding`. In wide mode the cards sit at the leading edge and the camera
/// frames the rest; on phones in portrait the rider panel hangs under the turn card, aligned to
/// its margins. Layout direction comes from the system: leading and trailing only.
@MainActor
class RideHailingNavigationLayout: NSObject, NavigationLayoutDelegate {
  private let riderPanel = UIStackView()
  private let riderName = UILabel()
  private let riderDetails = UIStackView()
  private let emergencyButton = UIButton(type: .custom)
  private let mapBottomGuide = UILayoutGuide()

  private var stateConstraints: [NSLayoutConstraint] = []
  private var buttonStack: GMSNavigationHidingStackView?
  private var promptConstraints: [NSLayoutConstraint] = []
  private var isWide = false

  override init() {
    super.init()
    riderName.font = .preferredFont(forTextStyle: .headline)
    riderName.text = "Anna K."
    let rating = UILabel()
    rating.font = .preferredFont(forTextStyle: .footnote)
    rating.text = "4.9"
    let car = UILabel()
    car.font = .preferredFont(forTextStyle: .footnote)
    car.text = "Pickup at Gate 3"
    riderDetails.axis = .horizontal
    riderDetails.spacing = 8
    riderDetails.addArrangedSubview(rating)
    riderDetails.addArrangedSubview(car)
    riderPanel.axis = .vertical
    riderPanel.spacing = 2
    riderPanel.alignment = .leading
    riderPanel.isLayoutMarginsRelativeArrangement = true
    riderPanel.directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 8, leading: 12, bottom: 8, trailing: 12)
    riderPanel.addArrangedSubview(riderName)
    riderPanel.addArrangedSubview(riderDetails)
    riderPanel.backgroundColor = .secondarySystemBackground
    riderPanel.layer.cornerRadius = 12
    riderPanel.translatesAutoresizingMaskIntoConstraints = false
    riderPanel.accessibilityIdentifier = "riderPanel"

    emergencyButton.setImage(UIImage(systemName: "sos"), for: .normal)
    emergencyButton.backgroundColor = .systemRed
    emergencyButton.layer.cornerRadius = 22
    emergencyButton.translatesAutoresizingMaskIntoConstraints = false
    emergencyButton.accessibilityIdentifier = "emergency"
    NSLayoutConstraint.activate([
      emergencyButton.widthAnchor.constraint(equalToConstant: 44),
      emergencyButton.heightAnchor.constraint(equalToConstant: 44),
    ])
  }

  // MARK: - Callbacks

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addLayoutGuide(mapBottomGuide)
    layOut(navMap, newState)
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    NSLayoutConstraint.deactivate(stateConstraints + promptConstraints)
    stateConstraints = []
    promptConstraints = []
    for view in [oldState.viewport, oldState.googleLogo, riderPanel, emergencyButton] {
      view.removeFromSuperview()
    }
    buttonStack?.removeFromSuperview()
    buttonStack = nil
    navMap.removeLayoutGuide(mapBottomGuide)
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    layOut(navMap, newState)
  }

  func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    for view in [
      oldState.turnCard, oldState.etaCard, oldState.speedWidget, oldState.tripProgressBar,
    ] {
      view.removeFromSuperview()
    }
    layOut(navMap, newState)
  }

  func sizeChanged(navMap: GMSMapView, newState: NavigationUIState) {
    layOut(navMap, newState)
  }

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    newPrompt.roundedCorners = [
      .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    newPrompt.alpha = 0
    navMap.addSubview(newPrompt)
    place(newPrompt, in: navMap)
    UIView.animate(withDuration: 0.25) { newPrompt.alpha = 1 }
  }

  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    if currentPrompt === oldPrompt { currentPrompt = nil }
    NSLayoutConstraint.deactivate(promptConstraints)
    promptConstraints = []
    // Keep it where it is while it fades.
    let frame = oldPrompt.frame
    NSLayoutConstraint.activate([
      oldPrompt.topAnchor.constraint(equalTo: navMap.topAnchor, constant: frame.minY),
      oldPrompt.leadingAnchor.constraint(
        equalTo: navMap.leadingAnchor,
        constant: navMap.effectiveUserInterfaceLayoutDirection == .rightToLeft
          ? navMap.bounds.width - frame.maxX : frame.minX),
    ])
    UIView.animate(withDuration: 0.25) {
      oldPrompt.alpha = 0
    } completion: { _ in
      oldPrompt.removeFromSuperview()
    }
  }

  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }

  // MARK: - Layout

  private var currentPrompt: UIView?

  private func place(_ prompt: UIView, in navMap: GMSMapView) {
    currentPrompt = prompt
    NSLayoutConstraint.deactivate(promptConstraints)
    let safeArea = navMap.safeAreaLayoutGuide
    promptConstraints = [
      prompt.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor, constant: -8),
      prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: 8),
      mapBottomGuide.bottomAnchor.constraint(lessThanOrEqualTo: prompt.layoutMarginsGuide.topAnchor),
    ]
    if !isWide {
      promptConstraints.append(
        prompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -8))
    }
    NSLayoutConstraint.activate(promptConstraints)
  }

  private func layOut(_ navMap: GMSMapView, _ state: NavigationUIState) {
    isWide = state.wideMode
    NSLayoutConstraint.deactivate(stateConstraints)
    buttonStack?.removeFromSuperview()
    let safeArea = navMap.safeAreaLayoutGuide
    let guidance = state as? ActiveGuidanceUIState
    let logo = state.googleLogo
    let viewport = state.viewport
    let stack = GMSNavigationHidingStackView(position: .top, alignment: .trailing)
    stack.arrangedSubviews = (guidance?.buttons ?? (state as? NavigationReadyUIState)?.buttons ?? [])
      .map { $0.view }
    buttonStack = stack
    for view in [viewport, logo, riderPanel, emergencyButton] where view.superview !== navMap {
      navMap.addSubview(view)
    }
    navMap.addSubview(stack)

    let padding = NavigationStyleValues.buttonHorizontalPadding
    let gap = NavigationStyleValues.buttonVerticalPadding
    let low = mapBottomGuide.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor)
    low.priority = .defaultLow
    var constraints = [
      mapBottomGuide.heightAnchor.constraint(equalToConstant: 0),
      mapBottomGuide.bottomAnchor.constraint(lessThanOrEqualTo: safeArea.bottomAnchor),
      low,
      mapBottomGuide.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      mapBottomGuide.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      viewport.bottomAnchor.constraint(equalTo: mapBottomGuide.topAnchor),
      logo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: padding),
      logo.bottomAnchor.constraint(equalTo: mapBottomGuide.topAnchor, constant: -gap),
      emergencyButton.trailingAnchor.constraint(
        equalTo: safeArea.trailingAnchor, constant: -padding),
      stack.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
      stack.topAnchor.constraint(equalTo: emergencyButton.bottomAnchor, constant: gap),
      stack.bottomAnchor.constraint(lessThanOrEqualTo: mapBottomGuide.topAnchor, constant: -gap),
    ]

    if let guidance {
      let turnCard = guidance.turnCard
      let etaCard = guidance.etaCard
      let speedWidget = guidance.speedWidget
      for view in [etaCard, turnCard, speedWidget] where view.superview !== navMap {
        navMap.addSubview(view)
      }
      navMap.bringSubviewToFront(stack)
      constraints += [
        turnCard.topAnchor.constraint(equalTo: safeArea.topAnchor),
        turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        etaCard.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
        etaCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        mapBottomGuide.bottomAnchor.constraint(
          lessThanOrEqualTo: etaCard.layoutMarginsGuide.topAnchor),
        speedWidget.bottomAnchor.constraint(equalTo: mapBottomGuide.topAnchor),
        stack.bottomAnchor.constraint(lessThanOrEqualTo: speedWidget.topAnchor),
      ]
      if guidance.wideMode {
        constraints += [
          // Top corner opposite the turn card, level with its content.
          emergencyButton.topAnchor.constraint(
            equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
          riderPanel.topAnchor.constraint(
            equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
          riderPanel.trailingAnchor.constraint(
            equalTo: emergencyButton.leadingAnchor, constant: -gap),
          viewport.topAnchor.constraint(equalTo: riderPanel.bottomAnchor, constant: gap),
          viewport.leadingAnchor.constraint(equalTo: turnCard.trailingAnchor),
          speedWidget.leadingAnchor.constraint(equalTo: etaCard.layoutMarginsGuide.trailingAnchor),
        ]
      } else {
        constraints += [
          turnCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          etaCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          riderPanel.topAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.bottomAnchor),
          riderPanel.leadingAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.leadingAnchor),
          riderPanel.trailingAnchor.constraint(
            lessThanOrEqualTo: turnCard.layoutMarginsGuide.trailingAnchor),
          emergencyButton.topAnchor.constraint(equalTo: riderPanel.bottomAnchor, constant: gap),
          viewport.topAnchor.constraint(equalTo: riderPanel.bottomAnchor),
          viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
          speedWidget.trailingAnchor.constraint(equalTo: etaCard.layoutMarginsGuide.trailingAnchor),
        ]
      }
    } else {
      constraints += [
        emergencyButton.topAnchor.constraint(
          equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
        riderPanel.topAnchor.constraint(
          equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
        riderPanel.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: padding),
        riderPanel.trailingAnchor.constraint(
          lessThanOrEqualTo: emergencyButton.leadingAnchor, constant: -gap),
        viewport.topAnchor.constraint(equalTo: riderPanel.bottomAnchor, constant: gap),
        viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      ]
    }
    stateConstraints = constraints
    NSLayoutConstraint.activate(stateConstraints)
    if let prompt = currentPrompt, prompt.superview === navMap, guidance != nil {
      place(prompt, in: navMap)
    }
  }
}
