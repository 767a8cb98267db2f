// The values of the replay driving interface that have no public SDK type: a prompt the SDK
// shows and an SDK view's recorded size. `Replay` converts the log's payloads into them; the
// model never sees the log's vocabulary.

/// A prompt the SDK shows (an incident, a speed camera, traffic, a better route...): the
/// navigator's prompts are not public API, so a replay hands them to the map as this value.
@_spi(Replay)
public struct NavigationPrompt: Equatable, Sendable {
  /// The recording's id for the prompt: a prompt ready again with the same id is the same
  /// prompt.
  public var promptID: Int
  /// Its kind's name (`incident`, `speedCamera`, `traffic`, `betterRoute`, or one a newer SDK
  /// has): it decides the prompt view's height (`SDKProfile.promptHeights`) and whether
  /// `shouldDisplayPrompts = false` turns it off.
  public var kind: String
  public var text: String

  public init(promptID: Int, kind: String, text: String) {
    self.promptID = promptID
    self.kind = kind
    self.text = text
  }

  /// Whether `shouldDisplayPrompts = false` turns prompts of this kind off (spec section 3):
  /// incidents, traffic and better routes; speed cameras and unknown kinds stay.
  public var isSuppressible: Bool {
    kind == "incident" || kind == "traffic" || kind == "betterRoute"
  }
}

/// An SDK view's size and layout margins, in points, as a recording carries them (or as the
/// model measures them): `view` names it by `SDKView.sdkRole`, or `prompt#ID` for a prompt.
/// A nil width or height is "no intrinsic metric": the app's constraints decide that axis.
@_spi(Replay)
public struct SDKViewSize: Equatable, Sendable {
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

  /// The view name of the prompt with this id.
  public static func promptView(id: Int) -> String { "prompt#\(id)" }

  /// The prompt id when `view` names a prompt (`prompt#3`), else nil.
  public var promptID: Int? { Self.promptID(inName: view) }

  static func promptID(inName name: String) -> Int? {
    guard name.hasPrefix("prompt#") else { return nil }
    return Int(name.dropFirst("prompt#".count))
  }
}
