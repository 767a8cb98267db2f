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
    translatesAutoresizingMaskIntoConstraints = false
    accessibilityIdentifier = role
    layoutMargins = UIEdgeInsets(top: margin, left: margin, bottom: margin, right: margin)
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

  /// Set while app code may run (a session applying an event): reads of an SDK view's
  /// `subviews` are then reported as `sdk-internals-touched`.
  static var delegateCodeRunning = false
  /// SDK views whose `subviews` app code read, not yet reported.
  static var internalReads: [SDKView] = []

  /// The SDK's inside: reading it from app code is reported (rule 3).
  override open var subviews: [UIView] {
    if Self.delegateCodeRunning && !SDKInternal.isActive
      && !Self.internalReads.contains(where: { $0 === self })
    {
      Self.internalReads.append(self)
    }
    return super.subviews
  }

  // MARK: - Size

  private var widthConstraint: NSLayoutConstraint?
  private var heightConstraint: NSLayoutConstraint?

  /// Sets the size the SDK computes, as required width / height constraints of its own (the
  /// SDK's internal constraints); nil leaves an axis to the delegate's constraints.
  func setFixedSize(width: CGFloat?, height: CGFloat?) {
    SDKInternal.perform {
      widthConstraint = update(widthConstraint, anchor: widthAnchor, to: width, name: "width")
      heightConstraint = update(heightConstraint, anchor: heightAnchor, to: height, name: "height")
    }
  }

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

  override open var intrinsicContentSize: CGSize {
    CGSize(width: sdkIntrinsicWidth ?? UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
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
  public internal(set) var progress: Double = 0
  /// How many times the route changed under it (each change resets it).
  public internal(set) var resetCount = 0

  /// The route changed: the bar starts over.
  func reset() {
    progress = 0
    resetCount += 1
  }
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
  public internal(set) var displayState: SpeedWidgetState = .hidden
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
