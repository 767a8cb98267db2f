import Foundation
import HeadlessUIKit

// The concrete state objects and buttons the SDK hands to the delegate. Read-only; a new state
// object is made for every callback (with the current `wideMode`), over the same views. They
// live on the main actor; the protocols are not isolated (as in the SDK), hence the
// `@preconcurrency` conformances (a read off the main actor traps instead of racing).

/// A Google-provided button: its type and its view.
@MainActor
final class SDKButton: NSObject, @preconcurrency NavigationUIButton {
  let type: NavigationButtonKnownType
  let buttonView: NavigationButtonView
  var view: UIView { buttonView }

  init(type: NavigationButtonKnownType, profile: SDKProfile) {
    self.type = type
    buttonView = NavigationButtonView(
      role: "button.\(type.name)", margin: CGFloat(profile.controlLayoutMargin))
    buttonView.setFixedSize(
      width: CGFloat(profile.buttonSize), height: CGFloat(profile.buttonSize))
  }
}

/// The Navigation Ready state.
@MainActor
final class ReadyUIState: NSObject, @preconcurrency NavigationReadyUIState {
  let wideMode: Bool
  let googleLogo: UIView
  let viewport: UIView
  let buttons: [any NavigationUIButton]

  init(views: SDKViewSet, wideMode: Bool) {
    self.wideMode = wideMode
    googleLogo = views.googleLogo
    viewport = views.viewport
    buttons = views.readyButtons
  }
}

/// The Active Guidance state.
@MainActor
final class GuidanceUIState: NSObject, @preconcurrency ActiveGuidanceUIState {
  let wideMode: Bool
  let googleLogo: UIView
  let viewport: UIView
  let turnCard: UIView
  let etaCard: UIView
  let tripProgressBar: UIView
  let speedWidget: UIView
  let buttons: [any NavigationUIButton]

  init(views: SDKViewSet, wideMode: Bool) {
    self.wideMode = wideMode
    googleLogo = views.googleLogo
    viewport = views.viewport
    turnCard = views.turnCard
    etaCard = views.etaCard
    tripProgressBar = views.tripProgressBar
    speedWidget = views.speedWidget
    buttons = views.guidanceButtons
  }
}

// MARK: - The views of one map view

/// Every SDK view of one map view, created once and sized from the profile.
@preconcurrency @MainActor
public final class SDKViewSet {
  public let googleLogo: GoogleLogoView
  public let viewport: ViewportView
  public let turnCard: TurnCardView
  public let etaCard: ETACardView
  public let tripProgressBar: TripProgressBarView
  public let speedWidget: SpeedWidgetView
  let compass: SDKButton
  let reporting: SDKButton
  /// Prompt views by id, while the SDK still holds them (shown, or being hidden).
  public private(set) var prompts: [PromptView] = []
  let profile: SDKProfile

  init(profile: SDKProfile) {
    self.profile = profile
    let card = CGFloat(profile.cardLayoutMargin)
    let control = CGFloat(profile.controlLayoutMargin)
    googleLogo = GoogleLogoView(role: "googleLogo", margin: control)
    viewport = ViewportView(role: "viewport", margin: 0, hasContent: false)
    turnCard = TurnCardView(role: "turnCard", margin: card)
    etaCard = ETACardView(role: "etaCard", margin: card)
    tripProgressBar = TripProgressBarView(role: "tripProgressBar", margin: 0)
    speedWidget = SpeedWidgetView(role: "speedWidget", margin: card)
    compass = SDKButton(type: .compass, profile: profile)
    reporting = SDKButton(type: .reporting, profile: profile)
    tripProgressBar.setFixedSize(width: CGFloat(profile.tripProgressBarWidth), height: nil)
    setRecenterForm(false)
    setSpeedWidgetState(.hidden)
    applyWideMode(false, standardWidth: 0)
  }

  var readyButtons: [any NavigationUIButton] { [compass] }
  var guidanceButtons: [any NavigationUIButton] { [compass, reporting] }

  /// Every SDK view of a state: what must be on screen or cleaned up.
  public var allViews: [SDKView] {
    [
      googleLogo, viewport, turnCard, etaCard, tripProgressBar, speedWidget, compass.buttonView,
      reporting.buttonView,
    ] + prompts
  }

  /// The views that exist only in Active Guidance (removed by `stopGuidance`).
  @_spi(Replay) public var guidanceOnlyViews: [SDKView] {
    [turnCard, etaCard, tripProgressBar, speedWidget, reporting.buttonView] + prompts
  }

  /// The SDK's button views, in both states.
  public var buttonViews: [SDKView] { [compass.buttonView, reporting.buttonView] }
  /// The compass button's view (Navigation Ready and Active Guidance).
  public var compassButton: NavigationButtonView { compass.buttonView }
  /// The incident-reporting button's view (Active Guidance).
  public var reportingButton: NavigationButtonView { reporting.buttonView }

  // MARK: - Sizing

  /// Which part of a wide-mode change to make.
  enum WidthChange {
    /// Only drop fixed widths the new mode doesn't have.
    case release
    /// Set every size for the mode.
    case apply
  }

  /// The cards' and prompts' width in standard mode: the map's width inside its safe area.
  private(set) var standardCardWidth: CGFloat = 0

  /// Resizes the cards and prompts for standard or wide mode: a fixed width in wide mode; in
  /// standard mode an intrinsic width of `standardWidth` (the map's safe-area width), which
  /// the delegate's constraints may override (the docs' "full width").
  func applyWideMode(_ wide: Bool, standardWidth: CGFloat, step change: WidthChange = .apply) {
    standardCardWidth = max(0, standardWidth)
    if change == .release && wide { return }
    let cardWidth: CGFloat? = wide ? CGFloat(profile.wideCardWidth) : nil
    turnCard.setFixedSize(width: cardWidth, height: CGFloat(profile.style.headerNominalHeight))
    etaCard.setFixedSize(width: cardWidth, height: CGFloat(profile.etaCardHeight))
    for prompt in prompts {
      prompt.setFixedSize(
        width: cardWidth,
        height: CGFloat(profile.promptHeight(kind: prompt.kind, text: prompt.text)))
    }
    for view in [turnCard, etaCard] + prompts as [SDKView] {
      view.sdkIntrinsicWidth = wide ? nil : standardCardWidth
    }
  }

  /// The cards' width in wide mode: the turn card's fixed width (the profile's, or what a
  /// recording's size event gave it).
  var wideCardWidth: CGFloat {
    turnCard.fixedWidth ?? CGFloat(profile.wideCardWidth)
  }

  /// Turns the logo into the re-center button (larger) or back.
  func setRecenterForm(_ recenter: Bool) {
    googleLogo.isRecenterButton = recenter
    googleLogo.setFixedSize(
      width: CGFloat(recenter ? profile.recenterLogoWidth : profile.logoWidth),
      height: CGFloat(recenter ? profile.recenterLogoHeight : profile.logoHeight))
  }

  /// What the speed widget shows by the navigator's speed report (before a recorded size
  /// corrects it).
  @exclusivity(unchecked) private var reportedSpeedWidgetState: SpeedWidgetState = .hidden

  /// Resizes the speed widget for what it shows. Where a recording carries the widget's size,
  /// that size also says what it shows (`SpeedWidgetState.implied(bySize:reported:)`): a phone's
  /// recorder cannot read the posted limit, but sees the widget grow to two gauges.
  func setSpeedWidgetState(_ state: SpeedWidgetState) {
    reportedSpeedWidgetState = state
    speedWidget.displayState =
      speedWidget.hasRecordedSize
      ? speedWidget.recordedSize.map { SpeedWidgetState.implied(bySize: $0, reported: state) }
        ?? state
      : state
    let gauge = CGFloat(profile.speedGaugeSize)
    // Showing nothing, the widget has nothing to inset either: a view stacked on its
    // `layoutMarginsGuide` then sits where the widget is, not a margin past it.
    let margin = state == .hidden ? 0 : CGFloat(profile.cardLayoutMargin)
    speedWidget.setBuiltInMargin(margin)
    switch state {
    case .hidden: speedWidget.setFixedSize(width: 0, height: 0)
    case .speedOnly, .limitOnly: speedWidget.setFixedSize(width: gauge, height: gauge)
    case .both:
      speedWidget.setFixedSize(
        width: gauge, height: 2 * gauge + CGFloat(profile.speedGaugeSpacing))
    }
  }

  // MARK: - Prompts

  /// The view for a prompt, made on first use and sized for the current mode.
  func promptView(for prompt: NavigationPrompt, wide: Bool) -> PromptView {
    if let view = prompts.first(where: { $0.promptID == prompt.promptID }) { return view }
    let view = PromptView(
      promptID: prompt.promptID, kind: prompt.kind, text: prompt.text,
      margin: CGFloat(profile.cardLayoutMargin))
    view.setFixedSize(
      width: wide ? CGFloat(profile.wideCardWidth) : nil,
      height: CGFloat(profile.promptHeight(kind: prompt.kind, text: prompt.text)))
    view.sdkIntrinsicWidth = wide ? nil : standardCardWidth
    view.recordedSize = recordedSizes[SDKViewSize.promptView(id: prompt.promptID)]
    prompts.append(view)
    return view
  }

  // MARK: - Recorded sizes

  /// The last `viewSize` of every view a recording named, by name, including prompts not made
  /// yet and views this model does not have (kept, unused).
  private var recordedSizes: [String: SDKViewSize] = [:]

  /// A recording's `viewSize` event: the named view takes the recorded size and margins until
  /// the next event for it (a prompt not shown yet takes it when it is made).
  /// - Returns: false when the model has no view of that name (yet): the size is kept for a
  ///   prompt shown later, and otherwise has no effect.
  @discardableResult
  @_spi(Replay) public func applyRecordedSize(_ size: SDKViewSize) -> Bool {
    recordedSizes[size.view] = size
    guard let view = view(named: size.view) else { return false }
    view.recordedSize = size
    if view === speedWidget { setSpeedWidgetState(reportedSpeedWidgetState) }
    return true
  }

  /// The SDK view a size event names: its `sdkRole`, or `prompt#ID` for a prompt.
  public func view(named name: String) -> SDKView? {
    if let id = SDKViewSize.promptID(inName: name) {
      return prompts.first { $0.promptID == id }
    }
    return allViews.first { $0.sdkRole == name }
  }

  /// Forgets prompt views the app no longer shows (out of the tree, not the current one).
  func releasePrompts(keeping current: Int?) {
    prompts.removeAll { $0.promptID != current && $0.superview == nil }
  }
}

extension SpeedWidgetState {
  /// What a speed widget of a recorded size shows: nothing at 0 x 0, both gauges when taller
  /// than wide; one gauge otherwise - the reported one, or the limit sign when the report shows
  /// none (the speed is known to the recorder, the posted limit is not).
  @_spi(Replay) public static func implied(bySize size: SDKViewSize, reported: SpeedWidgetState)
    -> SpeedWidgetState
  {
    guard let width = size.width, let height = size.height, width > 0, height > 0 else {
      return size.width == 0 || size.height == 0 ? .hidden : reported
    }
    if height > width { return .both }
    switch reported {
    case .speedOnly, .limitOnly: return reported
    case .hidden, .both: return .limitOnly
    }
  }
}
