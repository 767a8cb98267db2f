import Foundation
import HeadlessUIKit

/// A view the SDK owns and sizes: turn card, ETA card, trip progress bar, speed widget, logo,
/// viewport, buttons and prompts.
///
/// The SDK computes its size from the `SDKProfile` (held by required width / height
/// constraints of its own, so a delegate's conflicting size constraint is unsatisfiable, as on
/// iOS), gives it built-in layout margins and an internal content view the app must not touch.
/// It comes with `translatesAutoresizingMaskIntoConstraints == false`, ready for the delegate's
/// constraints.
@preconcurrency @MainActor
open class SDKView: UIView {
  /// What the view is, for snapshots and findings: `turnCard`, `etaCard`, `tripProgressBar`,
  /// `speedWidget`, `googleLogo`, `viewport`, `button.compass`, `prompt.incident#3`...
  public let sdkRole: String
  /// The SDK-drawn content, pinned to the layout margins (nil for the invisible viewport).
  let contentView: SDKContentView?
  /// Whether the SDK draws content inside this view (not the viewport or the progress bar).
  @_spi(Replay) public var hasContentView: Bool { contentView != nil }
  /// How the SDK styles the view now, when the built-in layout has something to say (the
  /// speed widget's alert level, the turn card's header colours); snapshots show it as
  /// `state=`. Always nil under a custom layout delegate.
  public internal(set) var displayDetail: String? {
    didSet { if displayDetail != oldValue { UIView.noteVisibleChange() } }
  }

  /// - Parameters:
  ///   - role: the `sdkRole`.
  ///   - margin: the built-in layout margin on every side.
  ///   - hasContent: whether the SDK draws something inside (everything but the viewport).
  init(role: String, margin: CGFloat, hasContent: Bool = true) {
    sdkRole = role
    contentView = hasContent ? SDKContentView() : nil
    super.init(frame: .zero)
    // The layout rules judge an SDK view's frame whatever it paints (the viewport paints
    // nothing and has no subviews).
    framesAreWatched = true
    translatesAutoresizingMaskIntoConstraints = false
    accessibilityIdentifier = role
    setBuiltInMargin(margin)
    guard let contentView else { return }
    SDKInternal.perform {
      addSubview(contentView)
      NSLayoutConstraint.activate([
        contentView.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
        contentView.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
        contentView.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
        contentView.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
      ])
    }
  }

  public required init?(coder: NSCoder) { return nil }

  // MARK: - Internals

  /// The SDK's inside: reading it from app code is reported (rule 3). While the bound
  /// `LayoutContext` has `appCodeRunning` set (a replay applying an event), a read that is
  /// not the SDK's own joins the context's `privateReads`.
  override open var subviews: [UIView] {
    let context = LayoutContext.current
    if context.appCodeRunning && !SDKInternal.isActive
      && !context.privateReads.contains(where: { $0 === self })
    {
      context.privateReads.append(self)
    }
    return super.subviews
  }

  // MARK: - Size

  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity" (the
  // speed widget's size is set again on every speed event).
  @exclusivity(unchecked) private var widthConstraint: NSLayoutConstraint?
  @exclusivity(unchecked) private var heightConstraint: NSLayoutConstraint?
  /// The fixed size the profile gives, before a recorded size replaces it.
  @exclusivity(unchecked) private var profileWidth: CGFloat?
  @exclusivity(unchecked) private var profileHeight: CGFloat?
  /// The built-in margin the profile gives (every side), before a recorded size replaces it.
  @exclusivity(unchecked) private var profileMargin: CGFloat = 0
  /// The sizes `applyFixedSize` last gave the constraints (nil before it ran).
  @exclusivity(unchecked) private var appliedSize: (width: CGFloat?, height: CGFloat?)?

  /// Sets the size the SDK computes, as required width / height constraints of its own (the
  /// SDK's internal constraints); nil leaves an axis to the delegate's constraints. A recorded
  /// size (`recordedSize`) replaces the value on each axis it gives.
  /// Setting the size it already has changes nothing (the speed widget is set on every speed
  /// event) and costs next to nothing.
  func setFixedSize(width: CGFloat?, height: CGFloat?) {
    let unchanged = width == profileWidth && height == profileHeight
    profileWidth = width
    profileHeight = height
    if unchanged && fixedSizeIsApplied { return }
    applyFixedSize()
  }

  /// Sets the built-in layout margin on every side, unless a recorded size gives the margins.
  func setBuiltInMargin(_ margin: CGFloat) {
    if margin == profileMargin, !hasRecordedSize,
      directionalLayoutMargins
        == NSDirectionalEdgeInsets(top: margin, leading: margin, bottom: margin, trailing: margin)
    {
      return
    }
    profileMargin = margin
    applyMargins()
  }

  /// Whether the size constraints are what `applyFixedSize` would leave, given the same
  /// profile size: it last applied `appliedSize` (a recorded size's change applies again), and
  /// the constraints still hold those values. Then it has nothing to do.
  private var fixedSizeIsApplied: Bool {
    guard let applied = appliedSize else { return false }
    func holds(_ constraint: NSLayoutConstraint?, _ value: CGFloat?) -> Bool {
      switch (constraint, value) {
      case (nil, nil): true
      case (let constraint?, let value?): constraint.constant == value
      default: false
      }
    }
    return holds(widthConstraint, applied.width) && holds(heightConstraint, applied.height)
  }

  // MARK: - Recorded size

  /// The size and margins a recording carries for this view (the last `viewSize` event for
  /// it): they replace the profile's until the next one. On each axis the recorded value
  /// replaces whatever the profile sets there - a fixed size, or the intrinsic width of a card
  /// in standard mode; an axis the recording leaves nil, and an axis the profile leaves to the
  /// delegate, stay as the profile has them. Nil: the profile decides everything, as without
  /// size events.
  @exclusivity(unchecked) @_spi(Replay) public internal(set) var recordedSize: SDKViewSize? {
    didSet {
      hasRecordedSize = recordedSize != nil
      guard recordedSize != oldValue else { return }
      applyFixedSize()
      applyMargins()
      if oldValue?.width != recordedSize?.width && sdkIntrinsicWidth != nil {
        invalidateIntrinsicContentSize()
      }
    }
  }

  /// Whether `recordedSize` is set: read on every speed event, where reading the size itself
  /// copies it (its name is a string) only to compare it with nil.
  @exclusivity(unchecked) private(set) var hasRecordedSize = false

  private func applyFixedSize() {
    let width = profileWidth.map { recordedSize?.width.map { CGFloat($0) } ?? $0 }
    let height = profileHeight.map { recordedSize?.height.map { CGFloat($0) } ?? $0 }
    appliedSize = (width, height)
    SDKInternal.perform {
      widthConstraint = update(widthConstraint, anchor: widthAnchor, to: width, name: "width")
      heightConstraint = update(heightConstraint, anchor: heightAnchor, to: height, name: "height")
    }
  }

  private func applyMargins() {
    if let recorded = recordedSize {
      directionalLayoutMargins = NSDirectionalEdgeInsets(
        top: CGFloat(recorded.marginTop), leading: CGFloat(recorded.marginLeading),
        bottom: CGFloat(recorded.marginBottom), trailing: CGFloat(recorded.marginTrailing))
    } else {
      let margin = profileMargin
      directionalLayoutMargins = NSDirectionalEdgeInsets(
        top: margin, leading: margin, bottom: margin, trailing: margin)
    }
  }

  /// The size the view measures as a recorder reads it: on each axis the SDK's fixed size,
  /// else its intrinsic width, else nil (no intrinsic metric); and its layout margins.
  @_spi(Replay) public var measuredSize: SDKViewSize {
    let margins = directionalLayoutMargins
    let width = fixedWidth ?? effectiveIntrinsicWidth
    return SDKViewSize(
      view: promptRecordingName ?? sdkRole, width: width.map { Double($0) },
      height: fixedHeight.map { Double($0) }, marginTop: Double(margins.top),
      marginLeading: Double(margins.leading), marginBottom: Double(margins.bottom),
      marginTrailing: Double(margins.trailing))
  }

  /// A prompt's name in size events (by id: its kind is not public); nil for other views.
  var promptRecordingName: String? { nil }

  private func update(
    _ constraint: NSLayoutConstraint?, anchor: NSLayoutDimension, to value: CGFloat?, name: String
  ) -> NSLayoutConstraint? {
    switch (constraint, value) {
    case (nil, nil):
      return nil
    case (let existing?, nil):
      existing.isActive = false
      return nil
    case (nil, let value?):
      let made = anchor.constraint(equalToConstant: value)
      made.identifier = "SDK.\(sdkRole).\(name)"
      made.isActive = true
      return made
    case (let existing?, let value?):
      if existing.constant != value { existing.constant = value }
      return existing
    }
  }

  /// The width the SDK computes for a card or prompt in standard mode, where the delegate's
  /// constraints may stretch or shrink it: the view's intrinsic width (held at the default
  /// hugging and compression-resistance priorities), so a view pinned by one side only is
  /// still fully determined, as on iOS. Nil: no intrinsic width.
  var sdkIntrinsicWidth: CGFloat? {
    didSet { if sdkIntrinsicWidth != oldValue { invalidateIntrinsicContentSize() } }
  }

  /// `sdkIntrinsicWidth`, or the recorded width where the recording gives one.
  private var effectiveIntrinsicWidth: CGFloat? {
    guard let width = sdkIntrinsicWidth else { return nil }
    return recordedSize?.width.map { CGFloat($0) } ?? width
  }

  override open var intrinsicContentSize: CGSize {
    CGSize(
      width: effectiveIntrinsicWidth ?? UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }

  /// The width the SDK gives the view, nil when the delegate's constraints decide.
  public var fixedWidth: CGFloat? { widthConstraint?.constant }
  /// The height the SDK gives the view, nil when the delegate's constraints decide.
  public var fixedHeight: CGFloat? { heightConstraint?.constant }

  /// Whether the documentation forbids custom width and height constraints on this view
  /// (turn card, ETA card, prompts, logo, speed widget).
  open var forbidsSizeConstraints: Bool { false }

  /// The visible part of the view in its own coordinates: bounds inset by the layout margins.
  public var visibleContentBounds: CGRect {
    let insets = layoutMargins
    return CGRect(
      x: insets.left, y: insets.top,
      width: max(0, bounds.width - insets.left - insets.right),
      height: max(0, bounds.height - insets.top - insets.bottom))
  }
}

/// The SDK-drawn inside of an SDK view. Delegates must not touch it (rule 3).
@MainActor
final class SDKContentView: UIView {
  init() {
    super.init(frame: .zero)
    translatesAutoresizingMaskIntoConstraints = false
  }

  required init?(coder: NSCoder) { return nil }
}

// MARK: - The views

/// The turn card (header): the map's safe-area width in standard mode (an intrinsic width the
/// delegate's constraints may override), `wideCardWidth` in wide mode; height
/// `style.headerNominalHeight`.
@preconcurrency @MainActor
public final class TurnCardView: SDKView {
  override public var forbidsSizeConstraints: Bool { true }
}

/// The ETA card (footer): sized as the turn card, `etaCardHeight` tall.
@preconcurrency @MainActor
public final class ETACardView: SDKView {
  override public var forbidsSizeConstraints: Bool { true }
}

/// The vertical trip progress bar: 12 pt wide; its height is the delegate's. Resets when the
/// route changes.
@preconcurrency @MainActor
public final class TripProgressBarView: SDKView {
  /// Fraction of the route done, 0...1.
  @exclusivity(unchecked) public internal(set) var progress: Double = 0
  /// How many times the route changed under it (each change resets it).
  public internal(set) var resetCount = 0

  /// The route changed: the bar starts over.
  @_spi(Replay) public func reset() {
    progress = 0
    resetCount += 1
  }

  /// The trip moved on: `fraction` of the route is done.
  @_spi(Replay) public func show(progress fraction: Double) { progress = fraction }
}

/// What the speed widget shows; each state has its own size.
public enum SpeedWidgetState: String, CaseIterable, Sendable {
  /// Nothing: the widget is 0 x 0.
  case hidden
  case speedOnly
  case limitOnly
  /// Speed limit and current speed, two gauges stacked vertically.
  case both
}

/// The floating speedometer / speed-limit sign. Resizes at run time without notice.
@preconcurrency @MainActor
public final class SpeedWidgetView: SDKView {
  @exclusivity(unchecked) public internal(set) var displayState: SpeedWidgetState = .hidden
  override public var forbidsSizeConstraints: Bool { true }
}

/// The Google logo, which turns into the larger re-center button after the user pans.
@preconcurrency @MainActor
public final class GoogleLogoView: SDKView {
  /// Whether it currently shows as the re-center button.
  public internal(set) var isRecenterButton = false
  override public var forbidsSizeConstraints: Bool { true }
}

/// The invisible camera frame: the vehicle is centred and the route drawn inside it.
@preconcurrency @MainActor
public final class ViewportView: SDKView {}

/// A Google-provided button's view (compass, incident reporting...).
@preconcurrency @MainActor
public final class NavigationButtonView: SDKView {}

/// A prompt (incident, speed camera, traffic, better route...): sized by kind and text.
@preconcurrency @MainActor
public final class PromptView: SDKView, NavigationRoundedCornerView {
  public let promptID: Int
  public let kind: String
  public let text: String
  /// Which corners are rounded. Default: the top two; all four when placed above content.
  public var roundedCorners: CACornerMask {
    get { layer.maskedCorners }
    set { layer.maskedCorners = newValue }
  }
  override public var forbidsSizeConstraints: Bool { true }
  override var promptRecordingName: String? { SDKViewSize.promptView(id: promptID) }

  init(promptID: Int, kind: String, text: String, margin: CGFloat) {
    self.promptID = promptID
    self.kind = kind
    self.text = text
    super.init(role: "prompt.\(kind)#\(promptID)", margin: margin)
    layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    layer.cornerRadius = CGFloat(SDKProfile.active.style.defaultCornerRadius)
  }

  public required init?(coder: NSCoder) { return nil }
}
