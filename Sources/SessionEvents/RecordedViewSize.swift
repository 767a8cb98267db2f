// The `viewSize` payload: an SDK view's measured size, as a device recording carries it.

/// An SDK view's intrinsic size and layout margins, in points, as the SDK gave them.
///
/// `view` names the view as NavSim's snapshots do (`SDKView.sdkRole`), except that a prompt is
/// named by its id only (`prompt#3`): a prompt's kind is not in the SDK's public API.
/// A nil width or height is `UIView.noIntrinsicMetric`: the SDK leaves that axis to the app's
/// constraints (a card's width in standard mode).
public struct RecordedViewSize: Equatable, Sendable {
  public var view: String
  public var width: Double?
  public var height: Double?
  /// Layout margins; leading and trailing follow the layout direction.
  public var marginTop: Double
  public var marginLeading: Double
  public var marginBottom: Double
  public var marginTrailing: Double

  public init(
    view: String, width: Double?, height: Double?, marginTop: Double = 0,
    marginLeading: Double = 0, marginBottom: Double = 0, marginTrailing: Double = 0
  ) {
    self.view = view
    self.width = width
    self.height = height
    self.marginTop = marginTop
    self.marginLeading = marginLeading
    self.marginBottom = marginBottom
    self.marginTrailing = marginTrailing
  }

  /// The same margin on every side.
  public init(view: String, width: Double?, height: Double?, margin: Double) {
    self.init(
      view: view, width: width, height: height, marginTop: margin, marginLeading: margin,
      marginBottom: margin, marginTrailing: margin)
  }

  /// The view name of the prompt with this id.
  public static func promptView(id: Int) -> String { "prompt#\(id)" }

  /// The prompt id when `view` names a prompt (`prompt#3`), else nil.
  public var promptID: Int? {
    guard view.hasPrefix("prompt#") else { return nil }
    return Int(view.dropFirst("prompt#".count))
  }
}
