import NavSim

/// A delivery app's navigation screen: everything the SDK's layout guide recommends.
///
/// * An order-status bottom sheet (the app's own opaque view) along the bottom; the viewport
///   ends at its top edge, so the camera frames only the open map.
/// * Standard mode: turn card on top, ETA card sitting on the sheet. Wide mode (checked in
///   every callback, so a launch in landscape starts right): both cards at the leading edge,
///   the sheet and the viewport on the trailing side.
/// * The speed widget stacked on the ETA card's `layoutMarginsGuide` (margins don't add up);
///   the buttons above it in a hiding stack that gives way when the widget grows.
/// * The trip progress bar along the viewport's leading side, above the logo.
/// * Prompts above the sheet with all four corners rounded (bottom-edge prompts in wide
///   mode keep the default top corners); the viewport, logo and buttons move above them.
/// * Leading / trailing anchors only: the layout mirrors itself right-to-left.
@MainActor
public final class CompleteLayoutDelegate: NSObject, NavigationLayoutDelegate {
  /// The app's order-status sheet, created when navigation is enabled.
  private var sheet: OrderStatusSheet?
  private var buttonStack: GMSNavigationHidingStackView?
  private var constraints: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var promptShown: UIView?
  /// Prompts animating out; removed at once if navigation ends first.
  private var fadingPrompts: [UIView] = []
  private var guidance: (any ActiveGuidanceUIState)?
  private var ready: (any NavigationReadyUIState)?
  /// The gap between a prompt and the sheet under it; nil: the SDK's button vertical padding.
  private let promptGap: CGFloat?

  /// - Parameter promptGap: the gap between a prompt and the sheet under it, in points
  ///   (default: `NavigationStyleValues.buttonVerticalPadding`). A second "version" of the
  ///   layout to diff differs only here.
  public init(promptGap: CGFloat? = nil) {
    self.promptGap = promptGap
    super.init()
  }

  // MARK: - State callbacks

  public func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    let sheet = OrderStatusSheet(status: "Order #4821 · pick up at 12:40")
    mapView.addSubview(sheet)
    self.sheet = sheet
    ready = newState
    layOut(mapView)
  }

  public func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState)
  {
    NSLayoutConstraint.deactivate(constraints + promptConstraints)
    constraints.removeAll()
    promptConstraints.removeAll()
    for view in [sheet, buttonStack, promptShown, oldState.googleLogo, oldState.viewport]
      + fadingPrompts
    {
      view?.removeFromSuperview()
    }
    fadingPrompts.removeAll()
    sheet = nil
    buttonStack = nil
    promptShown = nil
    ready = nil
  }

  public func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    guidance = newState
    layOut(mapView)
  }

  public func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    NSLayoutConstraint.deactivate(constraints)
    constraints.removeAll()
    for view in [
      oldState.turnCard, oldState.etaCard, oldState.speedWidget, oldState.tripProgressBar,
    ]
      + fadingPrompts
    {
      view.removeFromSuperview()
    }
    fadingPrompts.removeAll()
    guidance = nil
    ready = newState
    layOut(mapView)
  }

  public func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {
    if let state = newState as? any ActiveGuidanceUIState { guidance = state }
    if let state = newState as? any NavigationReadyUIState { ready = state }
    layOut(mapView)
  }

  // MARK: - Prompts

  public func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {
    promptShown = newPrompt
    layOut(mapView)
    newPrompt.alpha = 0
    UIView.animate(withDuration: 0.3) { newPrompt.alpha = 1 }
  }

  public func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {
    fadeOut(oldPrompt)  // keeps its constraints until it is removed
    promptShown = nil
    layOut(mapView)
  }

  public func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {
    fadeOut(oldPrompt)
    showPrompt(navMap: mapView, newPrompt: newPrompt)
  }

  private func fadeOut(_ prompt: UIView) {
    promptConstraints.removeAll { $0.firstItem === prompt }
    fadingPrompts.append(prompt)
    UIView.animate(
      withDuration: 0.25, animations: { prompt.alpha = 0 },
      completion: { [weak self] _ in
        prompt.removeFromSuperview()
        self?.fadingPrompts.removeAll { $0 === prompt }
      })
  }

  // MARK: - Layout

  /// Rebuilds every constraint for the current state, size and prompt.
  private func layOut(_ mapView: GMSMapView) {
    NSLayoutConstraint.deactivate(constraints + promptConstraints)
    constraints.removeAll()
    promptConstraints.removeAll()
    guard let sheet, let base: any NavigationUIState = guidance ?? ready else { return }
    let wide = base.wideMode
    let safeArea = mapView.safeAreaLayoutGuide
    let buttons = guidance?.buttons ?? ready?.buttons ?? []
    let logo = base.googleLogo
    let viewport = base.viewport
    for view in [viewport, logo] where view.superview !== mapView { mapView.addSubview(view) }
    let stack = remakeButtonStack(in: mapView, buttons: buttons)
    mapView.bringSubviewToFront(sheet)

    // The sheet: full width at the bottom, or the trailing side in wide mode.
    constraints += [
      sheet.bottomAnchor.constraint(equalTo: mapView.bottomAnchor),
      sheet.topAnchor.constraint(
        equalTo: safeArea.bottomAnchor, constant: -OrderStatusSheet.height),
      sheet.trailingAnchor.constraint(equalTo: mapView.trailingAnchor),
    ]

    // Cards and the column they define.
    var viewportTop = safeArea.topAnchor
    var bottomObstacle = sheet.topAnchor
    var cardsColumnTrailing: NSLayoutXAxisAnchor?
    if let guidance {
      let turnCard = guidance.turnCard
      let etaCard = guidance.etaCard
      for view in [turnCard, etaCard, guidance.speedWidget, guidance.tripProgressBar]
      where view.superview !== mapView {
        mapView.insertSubview(view, belowSubview: sheet)
      }
      constraints += [
        turnCard.topAnchor.constraint(equalTo: safeArea.topAnchor),
        turnCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        etaCard.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
        guidance.speedWidget.bottomAnchor.constraint(equalTo: etaCard.layoutMarginsGuide.topAnchor),
        guidance.speedWidget.trailingAnchor.constraint(
          equalTo: etaCard.layoutMarginsGuide.trailingAnchor),
      ]
      if wide {
        constraints.append(etaCard.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor))
        cardsColumnTrailing = turnCard.trailingAnchor
      } else {
        constraints += [
          turnCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          etaCard.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          etaCard.bottomAnchor.constraint(equalTo: sheet.topAnchor),
        ]
        viewportTop = turnCard.bottomAnchor
        bottomObstacle = etaCard.layoutMarginsGuide.topAnchor
      }
    }
    if let column = cardsColumnTrailing {
      constraints += [
        sheet.leadingAnchor.constraint(
          equalTo: column, constant: NavigationStyleValues.elementHorizontalPadding),
        viewport.leadingAnchor.constraint(equalTo: column),
      ]
    } else {
      constraints += [
        sheet.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
        viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      ]
    }

    // A prompt: above the sheet with four rounded corners, or at the bottom of the cards'
    // column in wide mode.
    if let prompt = promptShown, let guidance {
      if prompt.superview !== mapView { mapView.addSubview(prompt) }
      if wide {
        (prompt as? any NavigationRoundedCornerView)?.roundedCorners = [
          .layerMinXMinYCorner, .layerMaxXMinYCorner,
        ]
        promptConstraints += [
          prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
          prompt.bottomAnchor.constraint(equalTo: guidance.etaCard.bottomAnchor),
        ]
      } else {
        (prompt as? any NavigationRoundedCornerView)?.roundedCorners = [
          .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
        ]
        promptConstraints += [
          prompt.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
          prompt.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
          prompt.bottomAnchor.constraint(
            equalTo: sheet.topAnchor,
            constant: -(promptGap ?? NavigationStyleValues.buttonVerticalPadding)),
        ]
        bottomObstacle = prompt.layoutMarginsGuide.topAnchor
      }
    }

    // Viewport, logo, buttons and progress bar, clear of whatever is at the bottom.
    let padding = NavigationStyleValues.buttonVerticalPadding
    constraints += [
      viewport.topAnchor.constraint(equalTo: viewportTop),
      viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      viewport.bottomAnchor.constraint(equalTo: bottomObstacle),
      logo.leadingAnchor.constraint(
        equalTo: viewport.leadingAnchor, constant: NavigationStyleValues.buttonHorizontalPadding),
      logo.bottomAnchor.constraint(equalTo: bottomObstacle, constant: -padding),
      stack.trailingAnchor.constraint(
        equalTo: safeArea.trailingAnchor, constant: -NavigationStyleValues.buttonHorizontalPadding),
      stack.topAnchor.constraint(equalTo: viewportTop, constant: padding),
      stack.bottomAnchor.constraint(lessThanOrEqualTo: bottomObstacle, constant: -padding),
    ]
    if let guidance {
      let bar = guidance.tripProgressBar
      constraints += [
        stack.bottomAnchor.constraint(
          lessThanOrEqualTo: guidance.speedWidget.layoutMarginsGuide.topAnchor, constant: -padding),
        bar.leadingAnchor.constraint(equalTo: viewport.leadingAnchor, constant: 2),
        bar.topAnchor.constraint(equalTo: viewport.topAnchor, constant: padding),
        bar.bottomAnchor.constraint(equalTo: logo.topAnchor, constant: -padding),
      ]
    }
    NSLayoutConstraint.activate(constraints + promptConstraints)
  }

  private func remakeButtonStack(
    in mapView: GMSMapView, buttons: [any NavigationUIButton]
  ) -> GMSNavigationHidingStackView {
    buttonStack?.removeFromSuperview()
    let stack = GMSNavigationHidingStackView(position: .top, alignment: .trailing)
    stack.accessibilityIdentifier = "buttons"
    // Compass first, then reporting, then whatever newer SDKs add; never by index.
    let order: [NavigationButtonKnownType] = [.compass, .reporting]
    let sorted = buttons.sorted { a, b in
      (order.firstIndex(of: a.type) ?? order.count) < (order.firstIndex(of: b.type) ?? order.count)
    }
    for button in sorted { stack.addArrangedSubview(button.view) }
    mapView.addSubview(stack)
    buttonStack = stack
    return stack
  }
}

/// The app's order-status sheet: an opaque panel with one line of text.
final class OrderStatusSheet: UIView {
  static let height: CGFloat = 96
  let label = UILabel()

  init(status: String) {
    super.init(frame: .zero)
    accessibilityIdentifier = "orderStatusSheet"
    translatesAutoresizingMaskIntoConstraints = false
    backgroundColor = .white
    layer.cornerRadius = NavigationStyleValues.defaultCornerRadius
    layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    label.translatesAutoresizingMaskIntoConstraints = false
    label.text = status
    label.numberOfLines = 2
    addSubview(label)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
      label.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
      label.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
    ])
  }

  required init?(coder: NSCoder) { return nil }
}
