import GoogleNavigation
import UIKit

/// A parcel courier's navigation screen: an order sheet along the bottom (recipient and a
/// two-line delivery note), the cards above it, prompts sliding in over the map above the sheet
/// with all four corners rounded. Every callback tears the layout down and builds the new
/// state's layout from scratch, sheet included.
@MainActor
class DeliveryNavigationLayout: NSObject, NavigationLayoutDelegate {
  private static let slideDuration: TimeInterval = 0.3

  let orderSheet = UIView()
  private let recipientLabel = UILabel()
  private let noteLabel = UILabel()
  private let callButton = UIButton(type: .system)
  /// The bottom of the open map: above the sheet, the ETA card, or the prompt on screen.
  private let contentBottomGuide = UILayoutGuide()

  private var layoutConstraints: [NSLayoutConstraint] = []
  private var addedViews: [UIView] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var promptSlide: NSLayoutConstraint?
  private var currentPrompt: NavigationPromptView?
  private var isWide = false

  override init() {
    super.init()
    orderSheet.translatesAutoresizingMaskIntoConstraints = false
    orderSheet.backgroundColor = .systemBackground
    orderSheet.layer.cornerRadius = 16
    orderSheet.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    orderSheet.accessibilityIdentifier = "orderSheet"
    orderSheet.directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 12, leading: 16, bottom: 12, trailing: 16)

    recipientLabel.font = .preferredFont(forTextStyle: .headline)
    recipientLabel.text = "Parcel 3 of 12 - Maria Rossi, Via Roma 12"
    noteLabel.font = .preferredFont(forTextStyle: .subheadline)
    noteLabel.numberOfLines = 2
    noteLabel.text =
      "Leave it with the concierge if nobody answers; the door code is 4711 and the lift is on "
      + "the left."
    callButton.setImage(UIImage(systemName: "phone.fill"), for: .normal)
    callButton.accessibilityIdentifier = "callRecipient"

    for view in [recipientLabel, noteLabel] as [UIView] {
      view.translatesAutoresizingMaskIntoConstraints = false
      orderSheet.addSubview(view)
    }
    let margins = orderSheet.layoutMarginsGuide
    NSLayoutConstraint.activate([
      recipientLabel.topAnchor.constraint(equalTo: margins.topAnchor),
      recipientLabel.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
      recipientLabel.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
      noteLabel.topAnchor.constraint(equalTo: recipientLabel.bottomAnchor, constant: 4),
      noteLabel.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
      noteLabel.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
      noteLabel.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
    ])
  }

  // MARK: - Navigation Ready

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addLayoutGuide(contentBottomGuide)
    buildReadyLayout(navMap, newState)
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    tearDown()
    currentPrompt?.removeFromSuperview()
    currentPrompt = nil
    navMap.removeLayoutGuide(contentBottomGuide)
  }

  // MARK: - Active Guidance

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    tearDown()
    buildGuidanceLayout(navMap, newState)
  }

  func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    tearDown()
    buildReadyLayout(navMap, newState)
  }

  func sizeChanged(navMap: GMSMapView, newState: NavigationUIState) {
    tearDown()
    if let guidance = newState as? ActiveGuidanceUIState {
      buildGuidanceLayout(navMap, guidance)
      if let prompt = currentPrompt { pin(prompt, in: navMap, offscreen: false) }
    } else if let ready = newState as? NavigationReadyUIState {
      buildReadyLayout(navMap, ready)
    }
  }

  // MARK: - Prompts

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    currentPrompt = newPrompt
    newPrompt.roundedCorners = [
      .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    navMap.addSubview(newPrompt)
    pin(newPrompt, in: navMap, offscreen: true)
    navMap.layoutIfNeeded()
    UIView.animate(withDuration: Self.slideDuration) {
      self.promptSlide?.constant = 0
      navMap.layoutIfNeeded()
    }
  }

  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    if currentPrompt === oldPrompt { currentPrompt = nil }
    slideOut(oldPrompt, in: navMap)
  }

  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    slideOut(oldPrompt, in: navMap)
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }

  private func pin(_ prompt: UIView, in navMap: GMSMapView, offscreen: Bool) {
    NSLayoutConstraint.deactivate(promptConstraints)
    let safeArea = navMap.safeAreaLayoutGuide
    let slide = prompt.bottomAnchor.constraint(
      equalTo: orderSheet.topAnchor, constant: offscreen ? prompt.bounds.height : -8)
    promptSlide = slide
    promptConstraints = [
      slide,
      prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: 8),
      contentBottomGuide.bottomAnchor.constraint(
        lessThanOrEqualTo: prompt.layoutMarginsGuide.topAnchor),
    ]
    if !isWide {
      promptConstraints.append(
        prompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -8))
    }
    NSLayoutConstraint.activate(promptConstraints)
  }

  private func slideOut(_ prompt: UIView, in navMap: GMSMapView) {
    let slide = promptConstraints.first { $0.firstItem === prompt }
    promptConstraints.removeAll()  // they leave with the prompt
    UIView.animate(withDuration: Self.slideDuration) {
      slide?.constant = prompt.bounds.height + 200
      prompt.alpha = 0
      navMap.layoutIfNeeded()
    } completion: { _ in
      prompt.removeFromSuperview()
      prompt.alpha = 1
    }
  }

  // MARK: - Layouts

  private func buildReadyLayout(_ navMap: GMSMapView, _ state: NavigationReadyUIState) {
    isWide = state.wideMode
    let safeArea = navMap.safeAreaLayoutGuide
    let buttons = makeButtonStack(state.buttons)
    add([state.viewport, orderSheet, state.googleLogo, buttons], to: navMap)
    layoutConstraints = sheetConstraints(navMap) + [
      contentBottomGuide.heightAnchor.constraint(equalToConstant: 0),
      contentBottomGuide.bottomAnchor.constraint(equalTo: orderSheet.topAnchor),
      state.viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
      state.viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      state.viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      state.viewport.bottomAnchor.constraint(equalTo: contentBottomGuide.topAnchor),
      buttons.topAnchor.constraint(
        equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
    ] + bottomCornerConstraints(navMap, state.googleLogo, buttons)
    NSLayoutConstraint.activate(layoutConstraints)
  }

  private func buildGuidanceLayout(_ navMap: GMSMapView, _ state: ActiveGuidanceUIState) {
    isWide = state.wideMode
    let safeArea = navMap.safeAreaLayoutGuide
    let buttons = makeButtonStack(state.buttons)
    add(
      [state.viewport, orderSheet, state.etaCard, state.turnCard, state.speedWidget,
       state.googleLogo, buttons],
      to: navMap)
    let etaMargins = state.etaCard.layoutMarginsGuide
    let etaTop = contentBottomGuide.bottomAnchor.constraint(equalTo: etaMargins.topAnchor)
    etaTop.priority = .defaultLow
    layoutConstraints = sheetConstraints(navMap) + [
      state.turnCard.topAnchor.constraint(equalTo: safeArea.topAnchor),
      state.turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      state.etaCard.bottomAnchor.constraint(equalTo: orderSheet.topAnchor),
      state.etaCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      contentBottomGuide.heightAnchor.constraint(equalToConstant: 0),
      contentBottomGuide.bottomAnchor.constraint(lessThanOrEqualTo: etaMargins.topAnchor),
      etaTop,
      state.speedWidget.bottomAnchor.constraint(equalTo: contentBottomGuide.topAnchor),
      state.viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      state.viewport.bottomAnchor.constraint(equalTo: contentBottomGuide.topAnchor),
      buttons.topAnchor.constraint(
        equalTo: state.turnCard.layoutMarginsGuide.bottomAnchor,
        constant: NavigationStyleValues.buttonVerticalPadding),
      buttons.bottomAnchor.constraint(lessThanOrEqualTo: state.speedWidget.topAnchor),
    ] + bottomCornerConstraints(navMap, state.googleLogo, buttons)
    if state.wideMode {
      // Cards at the leading edge, the camera beside them.
      layoutConstraints += [
        state.viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
        state.viewport.leadingAnchor.constraint(equalTo: state.turnCard.trailingAnchor),
        // Beside the ETA card, clear of the turn card on short screens.
        state.speedWidget.leadingAnchor.constraint(equalTo: etaMargins.trailingAnchor),
      ]
    } else {
      layoutConstraints += [
        state.turnCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        state.etaCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        state.viewport.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor),
        state.viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        state.speedWidget.trailingAnchor.constraint(equalTo: etaMargins.trailingAnchor),
      ]
    }
    NSLayoutConstraint.activate(layoutConstraints)
  }

  private func sheetConstraints(_ navMap: GMSMapView) -> [NSLayoutConstraint] {
    [
      orderSheet.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
      orderSheet.trailingAnchor.constraint(equalTo: navMap.trailingAnchor),
      orderSheet.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
    ]
  }

  /// The logo in the bottom-leading corner, the buttons above the bottom-trailing one.
  private func bottomCornerConstraints(
    _ navMap: GMSMapView, _ logo: UIView, _ buttons: UIView
  ) -> [NSLayoutConstraint] {
    let safeArea = navMap.safeAreaLayoutGuide
    let padding = NavigationStyleValues.buttonHorizontalPadding
    let gap = NavigationStyleValues.buttonVerticalPadding
    return [
      logo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: padding),
      logo.bottomAnchor.constraint(equalTo: contentBottomGuide.topAnchor, constant: -gap),
      buttons.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -padding),
      buttons.bottomAnchor.constraint(
        lessThanOrEqualTo: contentBottomGuide.topAnchor, constant: -gap),
    ]
  }

  private func makeButtonStack(_ sdkButtons: [NavigationUIButton]) -> UIView {
    let stack = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)
    stack.accessibilityIdentifier = "buttons"
    stack.arrangedSubviews = [callButton] + sdkButtons.map { $0.view }
    return stack
  }

  private func add(_ views: [UIView], to navMap: GMSMapView) {
    for view in views {
      navMap.addSubview(view)
      addedViews.append(view)
    }
  }

  /// Removes every view of the current layout and its constraints (the prompt stays).
  private func tearDown() {
    NSLayoutConstraint.deactivate(layoutConstraints)
    layoutConstraints = []
    for view in addedViews { view.removeFromSuperview() }
    addedViews = []
  }
}
