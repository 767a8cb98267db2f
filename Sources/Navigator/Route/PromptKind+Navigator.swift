import SessionEvents

// How the navigator raises each kind of prompt.
extension PromptKind {
  /// The kinds a point of interest or a scripted prompt may have.
  public static let navigatorKinds: [PromptKind] = [
    .incident, .speedCamera, .traffic, .betterRoute,
  ]

  /// Default distance before the point at which the prompt appears, in metres.
  public var defaultAnnounceDistance: Double {
    switch self {
    case .speedCamera: 400
    case .traffic: 800
    case .betterRoute: 500
    default: 600
    }
  }

  /// Default distance after the point at which the prompt goes away, in metres.
  public var defaultClearDistance: Double {
    switch self {
    case .speedCamera: 30
    case .traffic: 300
    default: 50
    }
  }

  /// Whether `navigator.shouldDisplayPrompts = false` turns this kind off (spec section 3:
  /// traffic, better-route and incident prompts; speed cameras stay).
  public var isSilencedByPromptsSetting: Bool { self != .speedCamera }
}
