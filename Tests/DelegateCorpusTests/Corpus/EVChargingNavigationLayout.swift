import GoogleNavigation
import UIKit

/// An electric-vehicle app: a range banner (a `UIStackView` of battery and next-charger labels)
/// under the turn card on its margins, or beside it in wide mode; prompts slide in above the ETA
/// card with a spring and all four corners rounded; the speed widget and the logo sit side by
/// side above the ETA card, the logo on the widget's margins so it follows the widget's size.
@MainActor
class EVChargingNavigationLayout: NSObject, NavigationLayoutDelegate {
  private let rangeBanner = UIStackView()
  private let batteryLabel = UILabel()
  private let chargerLabel = UILabel()
  /// Top of whatever covers the bottom of the map (ETA card, prompt, range bar).
  private let bottomUIGuide = UILayoutGuide()
  private let rangeBar = UILabel()

  private var constraints: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var promptBottom: NSLayoutConstraint?
  private var prompt: UIView?
  private var stack: GMSNavigationHidingStackView?
  private var isWide = false

  override init() {
    super.init()
    batteryLabel.font = .monospacedDigitSystemFont(ofSize: 15, weight: .semibold)
    batteryLabel.text = "62% - 148 km"
    chargerLabel.font = .preferredFont(forTextStyle: .footnote)
    chargerLabel.text = "Charge at Ionity A9 in 23 min"
    // The charger line takes the room that is left and gives way first when there is none.
    chargerLabel.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
    chargerLabel.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
    rangeBanner.axis = .horizontal
    rangeBanner.spacing = 12
    rangeBanner.alignment = .center
    rangeBanner.isLayoutMarginsRelativeArrangement = true
    rangeBanner.directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 6, leading: 12, bottom: 6, trailing: 12)
    rangeBanner.addArrangedSubview(batteryLabel)
    rangeBanner.addArrangedSubview(chargerLabel)
    rangeBanner.backgroundColor = UIColor.systemGreen.withAlphaComponent(0.9)
    rangeBanner.layer.cornerRadius = 10
    rangeBanner.translatesAutoresizingMaskIntoConstraints = false
    rangeBanner.accessibilityIdentifier = "rangeBanner"

    rangeBar.text = "Range 148 km - 3 chargers on your route"
    rangeBar.textAlignment = .center
    rangeBar.backgroundColor = .secondarySystemBackground
    rangeBar.translatesAutoresizingMaskIntoConstraints = false
    rangeBar.accessibilityIdentifier = "rangeBar"
  }

  // MARK: - Callbacks

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addLayoutGuide(bottomUIGuide)
    apply(navMap, newState)
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    clear()
    oldState.googleLogo.removeFromSuperview()
    oldState.viewport.removeFromSuperview()
    rangeBar.removeFromSuperview()
    prompt?.removeFromSuperview()
    prompt = nil
    navMap.removeLayoutGuide(bottomUIGuide)
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    rangeBar.removeFromSuperview()
    apply(navMap, newState)
  }

  func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    clear()
    for view in [
      oldState.turnCard, oldState.etaCard, oldState.speedWidget, rangeBanner,
    ] {
      view.removeFromSuperview()
    }
    apply(navMap, newState)
  }

  func sizeChanged(navMap: GMSMapView, newState: NavigationUIState) {
    apply(navMap, newState)
  }

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    prompt = newPrompt
    newPrompt.roundedCorners = [
      .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    navMap.insertSubview(newPrompt, belowSubview: rangeBanner)
    placePrompt(navMap, hidden: true)
    navMap.layoutIfNeeded()
    UIView.animate(
      withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0.5
    ) {
      self.promptBottom?.constant = -NavigationStyleValues.elementHorizontalPadding
      navMap.layoutIfNeeded()
    }
  }

  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    if prompt === oldPrompt { prompt = nil }
    // It fades where it is; the map content no longer makes room for it.
    NSLayoutConstraint.deactivate(promptConstraints.filter { $0.firstItem === bottomUIGuide })
    promptConstraints = []
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

  // MARK: - Layout

  private func placePrompt(_ navMap: GMSMapView, hidden: Bool) {
    guard let prompt, let etaCard = currentETACard else { return }
    NSLayoutConstraint.deactivate(promptConstraints)
    let safeArea = navMap.safeAreaLayoutGuide
    let bottom = prompt.bottomAnchor.constraint(
      equalTo: etaCard.layoutMarginsGuide.topAnchor,
      constant: hidden ? 40 : -NavigationStyleValues.elementHorizontalPadding)
    promptBottom = bottom
    promptConstraints = [
      bottom,
      prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      bottomUIGuide.topAnchor.constraint(lessThanOrEqualTo: prompt.layoutMarginsGuide.topAnchor),
    ]
    if !isWide {
      promptConstraints.append(prompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor))
    }
    NSLayoutConstraint.activate(promptConstraints)
  }

  private var currentETACard: UIView?

  private func clear() {
    NSLayoutConstraint.deactivate(constraints)
    constraints = []
    stack?.removeFromSuperview()
    stack = nil
    currentETACard = nil
  }

  private func apply(_ navMap: GMSMapView, _ state: NavigationUIState) {
    clear()
    isWide = state.wideMode
    let safeArea = navMap.safeAreaLayoutGuide
    let logo = state.googleLogo
    let viewport = state.viewport
    let buttons = GMSNavigationHidingStackView(position: .top, alignment: .trailing)
    let guidance = state as? ActiveGuidanceUIState
    buttons.arrangedSubviews = (guidance?.buttons ?? (state as? NavigationReadyUIState)?.buttons
      ?? []).map { $0.view }
    stack = buttons
    for view in [viewport, logo] where view.superview == nil { navMap.addSubview(view) }
    let padding = NavigationStyleValues.buttonHorizontalPadding
    let gap = NavigationStyleValues.buttonVerticalPadding
    let pull = bottomUIGuide.topAnchor.constraint(equalTo: safeArea.bottomAnchor)
    pull.priority = .defaultLow
    constraints = [
      bottomUIGuide.heightAnchor.constraint(equalToConstant: 0),
      pull,
      viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      viewport.bottomAnchor.constraint(equalTo: bottomUIGuide.topAnchor),
      buttons.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
      buttons.bottomAnchor.constraint(lessThanOrEqualTo: bottomUIGuide.topAnchor, constant: -gap),
    ]

    guard let guidance else {
      navMap.addSubview(rangeBar)
      navMap.addSubview(buttons)
      constraints += [
        rangeBar.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
        rangeBar.trailingAnchor.constraint(equalTo: navMap.trailingAnchor),
        rangeBar.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
        rangeBar.topAnchor.constraint(equalTo: safeArea.bottomAnchor, constant: -44),
        bottomUIGuide.topAnchor.constraint(lessThanOrEqualTo: rangeBar.topAnchor),
        viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
        viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        logo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: padding),
        logo.bottomAnchor.constraint(equalTo: bottomUIGuide.topAnchor, constant: -gap),
        buttons.topAnchor.constraint(
          equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
      ]
      NSLayoutConstraint.activate(constraints)
      return
    }

    let turnCard = guidance.turnCard
    let etaCard = guidance.etaCard
    let speedWidget = guidance.speedWidget
    currentETACard = etaCard
    for view in [etaCard, turnCard, speedWidget, rangeBanner] where view.superview !== navMap {
      navMap.addSubview(view)
    }
    navMap.addSubview(buttons)
    let cardMargins = etaCard.layoutMarginsGuide
    constraints += [
      turnCard.topAnchor.constraint(equalTo: safeArea.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      etaCard.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      etaCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      bottomUIGuide.topAnchor.constraint(lessThanOrEqualTo: cardMargins.topAnchor),
      logo.leadingAnchor.constraint(equalTo: speedWidget.layoutMarginsGuide.trailingAnchor),
      logo.bottomAnchor.constraint(equalTo: speedWidget.bottomAnchor),
    ]
    if guidance.wideMode {
      constraints += [
        // On the camera's side of the ETA card: prompts cover the cards' column.
        speedWidget.bottomAnchor.constraint(equalTo: cardMargins.bottomAnchor),
        speedWidget.leadingAnchor.constraint(equalTo: cardMargins.trailingAnchor),
        rangeBanner.topAnchor.constraint(
          equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
        rangeBanner.leadingAnchor.constraint(equalTo: turnCard.trailingAnchor, constant: gap),
        rangeBanner.trailingAnchor.constraint(
          lessThanOrEqualTo: safeArea.trailingAnchor, constant: -padding),
        buttons.topAnchor.constraint(equalTo: rangeBanner.bottomAnchor, constant: gap),
        viewport.topAnchor.constraint(equalTo: rangeBanner.bottomAnchor, constant: gap),
        viewport.leadingAnchor.constraint(equalTo: turnCard.trailingAnchor),
      ]
    } else {
      constraints += [
        speedWidget.bottomAnchor.constraint(equalTo: bottomUIGuide.topAnchor, constant: -gap),
        speedWidget.leadingAnchor.constraint(equalTo: cardMargins.leadingAnchor),
        turnCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        etaCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        rangeBanner.topAnchor.constraint(equalTo: turnCard.bottomAnchor),
        rangeBanner.leadingAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.leadingAnchor),
        rangeBanner.trailingAnchor.constraint(
          equalTo: turnCard.layoutMarginsGuide.trailingAnchor),
        buttons.topAnchor.constraint(equalTo: rangeBanner.bottomAnchor, constant: gap),
        viewport.topAnchor.constraint(equalTo: rangeBanner.bottomAnchor),
        viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      ]
    }
    NSLayoutConstraint.activate(constraints)
    if prompt != nil { placePrompt(navMap, hidden: false) }
  }
}
