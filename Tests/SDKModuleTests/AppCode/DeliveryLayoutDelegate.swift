// App code, written as a delivery app writes its layout delegate for the Navigation SDK's
// "Customize the navigation layout" guide, with the imports it has on iOS. It is compiled twice:
// in the SDKModuleTests target, and by `tools/compat-check` in a separate package that depends
// on NavSim by path (Swift 6 language mode), as an app's test target would.
import GoogleNavigation
import UIKit

/// Delivery screen: an order sheet along the bottom, the SDK's cards above it, the SDK's
/// buttons and a support button in a hiding stack on the trailing side, prompts just above the
/// sheet (rounded on all four corners, since content lies below them).
///
/// Not `@MainActor`: the SDK's protocol is not isolated, only its methods are, so this class
/// can be made anywhere and keeps non-UI members of its own (`ordersDelivered`).
final class DeliveryLayoutDelegate: NSObject, NavigationLayoutDelegate {
  /// Spacing values taken once, in a non-isolated context.
  private enum Metrics {
    static let padding = NavigationStyleValues.buttonHorizontalPadding
    static let verticalPadding = NavigationStyleValues.buttonVerticalPadding
    static let sheetHeight: CGFloat = 96
    static let promptDuration: TimeInterval = 0.3
  }

  /// A count the app keeps; readable off the main actor.
  nonisolated(unsafe) var ordersDelivered = 0

  @MainActor private lazy var orderSheet = OrderSheetView()
  @MainActor private lazy var supportButton: UIButton = {
    let button = UIButton(type: .system)
    button.setTitle("Support", for: .normal)
    button.accessibilityIdentifier = "supportButton"
    return button
  }()
  @MainActor private var buttonStack: GMSNavigationHidingStackView?
  @MainActor private var stateConstraints: [NSLayoutConstraint] = []
  @MainActor private var bottomConstraints: [NSLayoutConstraint] = []
  @MainActor private var promptConstraints: [NSLayoutConstraint] = []
  @MainActor private weak var currentPrompt: UIView?
  @MainActor private var fadingPrompts: [UIView] = []
  @MainActor private var guidanceViews: [UIView] = []

  // MARK: - NavigationLayoutDelegate

  func enableNavigationUI(navMap mapView: GMSMapView, newState: NavigationReadyUIState) {
    mapView.addSubview(orderSheet)
    layoutReady(mapView, newState)
  }

  func disableNavigationUI(navMap mapView: GMSMapView, oldState: NavigationReadyUIState) {
    NSLayoutConstraint.deactivate(stateConstraints + bottomConstraints + promptConstraints)
    stateConstraints = []
    bottomConstraints = []
    promptConstraints = []
    currentPrompt?.removeFromSuperview()
    currentPrompt = nil
    fadingPrompts.forEach { $0.removeFromSuperview() }
    fadingPrompts = []
    buttonStack?.removeFromSuperview()
    buttonStack?.arrangedSubviews = []
    buttonStack = nil
    [oldState.googleLogo, oldState.viewport, orderSheet].forEach { $0.removeFromSuperview() }
  }

  func startGuidance(
    navMap mapView: GMSMapView, newState: ActiveGuidanceUIState,
    oldState: NavigationReadyUIState
  ) {
    layoutGuidance(mapView, newState)
  }

  func stopGuidance(
    navMap mapView: GMSMapView, newState: NavigationReadyUIState,
    oldState: ActiveGuidanceUIState
  ) {
    NSLayoutConstraint.deactivate(stateConstraints + bottomConstraints)
    guidanceViews.forEach { $0.removeFromSuperview() }
    guidanceViews = []
    layoutReady(mapView, newState)
  }

  func showPrompt(navMap mapView: GMSMapView, newPrompt: NavigationPromptView) {
    newPrompt.roundedCorners = [
      .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    newPrompt.alpha = 0
    mapView.addSubview(newPrompt)
    currentPrompt = newPrompt
    constrainPrompt(newPrompt, on: mapView)
    pinBottoms(above: newPrompt)
    mapView.layoutIfNeeded()
    UIView.animate(withDuration: Metrics.promptDuration) {
      newPrompt.alpha = 1
      mapView.layoutIfNeeded()
    }
  }

  func hidePrompt(navMap mapView: GMSMapView, oldPrompt: NavigationPromptView) {
    if currentPrompt === oldPrompt {
      currentPrompt = nil
      promptConstraints = []  // they leave with the prompt, once it has faded out
    }
    fadingPrompts.append(oldPrompt)
    if let etaCard { pinBottoms(above: etaCard) }
    UIView.animate(
      withDuration: Metrics.promptDuration, delay: 0, options: [.curveEaseIn]
    ) {
      oldPrompt.alpha = 0
      mapView.layoutIfNeeded()
    } completion: { _ in
      oldPrompt.removeFromSuperview()
      self.fadingPrompts.removeAll { $0 === oldPrompt }
    }
  }

  func changePrompt(
    navMap mapView: GMSMapView, newPrompt: NavigationPromptView,
    oldPrompt: NavigationPromptView
  ) {
    hidePrompt(navMap: mapView, oldPrompt: oldPrompt)
    showPrompt(navMap: mapView, newPrompt: newPrompt)
  }

  func sizeChanged(navMap mapView: GMSMapView, newState: NavigationUIState) {
    if let guidance = newState as? ActiveGuidanceUIState {
      layoutGuidance(mapView, guidance)
      if let currentPrompt { constrainPrompt(currentPrompt, on: mapView) }
    } else if let ready = newState as? NavigationReadyUIState {
      layoutReady(mapView, ready)
    }
  }

  /// Just above the order sheet, full width, or at the leading edge in wide mode (the SDK
  /// sizes prompts for it).
  @MainActor
  private func constrainPrompt(_ prompt: UIView, on mapView: GMSMapView) {
    NSLayoutConstraint.deactivate(promptConstraints)
    let safeArea = mapView.safeAreaLayoutGuide
    promptConstraints = [
      prompt.bottomAnchor.constraint(equalTo: orderSheet.topAnchor),
      prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
    ]
    if !wideMode {
      promptConstraints.append(prompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor))
    }
    NSLayoutConstraint.activate(promptConstraints)
  }

  // MARK: - Layouts

  @MainActor
  private func layoutReady(_ mapView: GMSMapView, _ state: NavigationReadyUIState) {
    NSLayoutConstraint.deactivate(stateConstraints + bottomConstraints)
    remember(state, etaCard: nil)
    let safeArea = mapView.safeAreaLayoutGuide
    let stack = stack(on: mapView, buttons: state.buttons)
    let logo = state.googleLogo
    let viewport = state.viewport
    for view in [viewport, logo] where view.superview !== mapView { mapView.addSubview(view) }
    stateConstraints = sheetConstraints(mapView) + [
      viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
      viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      logo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: Metrics.padding),
      stack.trailingAnchor.constraint(
        equalTo: safeArea.trailingAnchor, constant: -Metrics.padding),
      stack.topAnchor.constraint(
        equalTo: safeArea.topAnchor, constant: NavigationStyleValues.headerTopPadding),
    ]
    NSLayoutConstraint.activate(stateConstraints)
    pinBottoms(above: orderSheet)
  }

  @MainActor
  private func layoutGuidance(_ mapView: GMSMapView, _ state: ActiveGuidanceUIState) {
    NSLayoutConstraint.deactivate(stateConstraints + bottomConstraints)
    remember(state, etaCard: state.etaCard)
    let wide = state.wideMode
    let safeArea = mapView.safeAreaLayoutGuide
    let stack = stack(on: mapView, buttons: state.buttons)
    let (turnCard, etaCard, speedWidget) = (state.turnCard, state.etaCard, state.speedWidget)
    let (logo, viewport) = (state.googleLogo, state.viewport)
    guidanceViews = [turnCard, etaCard, speedWidget]
    for view in guidanceViews + [viewport, logo] where view.superview !== mapView {
      mapView.addSubview(view)
    }
    var constraints = sheetConstraints(mapView) + [
      turnCard.topAnchor.constraint(equalTo: safeArea.topAnchor),
      turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      etaCard.bottomAnchor.constraint(equalTo: orderSheet.topAnchor),
      etaCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      viewport.topAnchor.constraint(equalTo: turnCard.bottomAnchor),
      viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      logo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: Metrics.padding),
      stack.trailingAnchor.constraint(
        equalTo: safeArea.trailingAnchor, constant: -Metrics.padding),
      stack.topAnchor.constraint(equalTo: turnCard.bottomAnchor, constant: Metrics.verticalPadding),
    ]
    // SDK views carry their own margins: stack them on each other's margins guide.
    if wide {
      // Short and wide: the speed widget goes beside the (narrow) turn card.
      constraints += [
        speedWidget.leadingAnchor.constraint(equalTo: turnCard.layoutMarginsGuide.trailingAnchor),
        speedWidget.topAnchor.constraint(equalTo: turnCard.topAnchor),
      ]
    } else {
      constraints += [
        turnCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        etaCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
        speedWidget.leadingAnchor.constraint(
          equalTo: safeArea.leadingAnchor,
          constant: NavigationStyleValues.elementHorizontalPadding),
        speedWidget.bottomAnchor.constraint(equalTo: logo.layoutMarginsGuide.topAnchor),
      ]
    }
    stateConstraints = constraints
    NSLayoutConstraint.activate(stateConstraints)
    pinBottoms(above: currentPrompt ?? etaCard)
  }

  /// The hiding stack holding the SDK's buttons, then the app's support button.
  @MainActor
  private func stack(on mapView: GMSMapView, buttons: [NavigationUIButton]) -> UIView {
    let stack = buttonStack ?? GMSNavigationHidingStackView(position: .top, alignment: .trailing)
    buttonStack = stack
    let compassFirst = buttons.sorted { first, _ in first.type == .compass }
    stack.arrangedSubviews = compassFirst.map(\.view) + [supportButton]
    if stack.superview !== mapView { mapView.addSubview(stack) }
    return stack
  }

  @MainActor
  private func sheetConstraints(_ mapView: GMSMapView) -> [NSLayoutConstraint] {
    let sheetHeight = orderSheet.heightAnchor.constraint(equalToConstant: Metrics.sheetHeight)
    sheetHeight.priority = .required
    return [
      orderSheet.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
      orderSheet.trailingAnchor.constraint(equalTo: mapView.trailingAnchor),
      orderSheet.bottomAnchor.constraint(equalTo: mapView.bottomAnchor),
      sheetHeight,
      supportButton.widthAnchor.constraint(equalToConstant: 44),
      supportButton.heightAnchor.constraint(equalToConstant: 44),
    ]
  }

  /// Keeps the viewport, the logo and the button stack above `view` (the order sheet, or the
  /// SDK's ETA card or prompt, whose margins guide the logo stands on).
  @MainActor
  private func pinBottoms(above view: UIView) {
    NSLayoutConstraint.deactivate(bottomConstraints)
    guard let stack = buttonStack, let logo, let viewport else { return }
    let logoBottom =
      view === orderSheet
      ? logo.bottomAnchor.constraint(equalTo: view.topAnchor, constant: -Metrics.verticalPadding)
      : logo.bottomAnchor.constraint(equalTo: view.layoutMarginsGuide.topAnchor)
    bottomConstraints = [
      viewport.bottomAnchor.constraint(equalTo: view.topAnchor),
      logoBottom,
      stack.bottomAnchor.constraint(equalTo: view.topAnchor, constant: -Metrics.verticalPadding),
    ]
    NSLayoutConstraint.activate(bottomConstraints)
  }

  // MARK: - The current state's views (prompt callbacks get no state object)

  @MainActor private weak var logo: UIView?
  @MainActor private weak var viewport: UIView?
  @MainActor private weak var etaCard: UIView?
  @MainActor private var wideMode = false

  @MainActor
  private func remember(_ state: NavigationUIState, etaCard: UIView?) {
    logo = state.googleLogo
    viewport = state.viewport
    wideMode = state.wideMode
    self.etaCard = etaCard
  }
}

/// The order sheet: recipient and address in a vertical `UIStackView` on the margins.
final class OrderSheetView: UIView {
  private let recipient = UILabel()
  private let address = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    translatesAutoresizingMaskIntoConstraints = false
    backgroundColor = .systemBackground
    layer.cornerRadius = NavigationStyleValues.defaultCornerRadius
    layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    accessibilityIdentifier = "orderSheet"
    recipient.text = "Deliver to Sam"
    recipient.font = .systemFont(ofSize: 17, weight: .semibold)
    address.text = "12 Market Street"
    address.font = .preferredFont(forTextStyle: .subheadline)
    address.textColor = .secondaryLabel
    let stack = UIStackView(arrangedSubviews: [recipient, address])
    stack.axis = .vertical
    stack.distribution = .fillEqually
    stack.spacing = 4
    stack.translatesAutoresizingMaskIntoConstraints = false
    addSubview(stack)
    NSLayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
      stack.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
      stack.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
    ])
  }

  required init?(coder: NSCoder) { nil }
}
