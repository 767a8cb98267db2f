import HeadlessUIKit
import NavigationSDK
import SeededRandom

// The SDK's unpublished sizes, drawn within plausible ranges. NavSim's default profile is one
// guess at sizes the SDK computes itself (docs/sdk-model.md); a layout that only works at
// exactly those sizes breaks on the device whose road name wraps to three lines. A trip draws
// some of them from a stream of its own (so its events stay those drawn without them), and the
// shrinker puts each back to its default when the finding shows without it. The text size the
// user chose (Dynamic Type) is drawn beside them, from a stream of its own, and shrunk toward
// `large`, the default.

/// SDK-profile values a trip draws, applied over the default profile, and the text size it
/// replays at.
public struct ProfileDraw: Equatable, Sendable {
  /// One drawn value: a profile file's key (`etaCardHeight`, `style.headerNominalHeight`,
  /// `promptHeights.traffic`...) and its value.
  public struct Value: Equatable, Sendable {
    public var key: String
    public var value: Double
  }

  /// In key order.
  public var values: [Value]
  /// The text size the trip replays at (`Replayer(contentSize:)`); `large` is the default.
  public var contentSize: UIContentSizeCategory

  public init(values: [Value], contentSize: UIContentSizeCategory = .large) {
    self.values = values
    self.contentSize = contentSize
  }

  /// No SDK-profile value drawn (the text size aside).
  public var isEmpty: Bool { values.isEmpty }
  /// Nothing drawn: the default profile at the default text size.
  public var isDefault: Bool { values.isEmpty && contentSize == .large }

  /// What may be drawn, each key with its values (the default among them) and why.
  /// docs/explore.md lists the same.
  static let ranges: [(key: String, values: [Double])] = [
    // The turn card's height follows its road name: one line (100), two (112, the
    // default), three at the same line height (124); a lane-guidance row or a larger text
    // size adds a line or two more (136, 148).
    ("style.headerNominalHeight", [100, 112, 124, 136, 148]),
    // The ETA card: one row of time, distance and arrival time, at the text sizes between
    // the default and the first larger Dynamic Type step.
    ("etaCardHeight", [64, 72, 80]),
    // One speed gauge, margins included: the sign's size varies with its region's design
    // (a US rectangle, a Vienna-convention circle) and text size.
    ("speedGaugeSize", [60, 64, 68]),
    // Prompt texts: line height and characters a line for the system font's sizes around
    // the default; each kind's one-line height up to 8 pt either way (icon, padding).
    ("promptLineHeight", [18, 20, 22]),
    ("promptCharactersPerLine", [36, 40, 44]),
    ("promptHeights.incident", [96, 104, 112]),
    ("promptHeights.speedCamera", [80, 88, 96]),
    ("promptHeights.traffic", [96, 104, 112]),
    ("promptHeights.betterRoute", [120, 128, 136]),
    // Appended after the keys above, so those draw what they drew before these were added.
    // The wide-mode cards: a text column (24 pt) narrower or wider.
    ("wideCardWidth", [351, 375, 399]),
    // Square buttons from the 44 pt minimum hit target of Apple's Human Interface Guidelines
    // up to 52 pt.
    ("buttonSize", [44, 48, 52]),
    // The logo's artwork at the sizes around NavSim's guess.
    ("logoWidth", [64, 72, 80]),
    ("logoHeight", [28, 32, 36]),
  ]

  /// Text sizes a trip may replay at besides `large`: the slider's six other steps, and the
  /// five Larger Accessibility Sizes (docs/explore.md).
  static let contentSizes = UIContentSizeCategory.allSizes.filter { $0 != .large }

  /// `ranges` with the values of `fitted` profiles (`navsim profile fit` of a device's
  /// recordings) added to each key's, in increasing order; the ranges themselves when none.
  public static func ranges(adding fitted: [SDKProfile]) -> [(key: String, values: [Double])] {
    guard !fitted.isEmpty else { return ranges }
    return ranges.map { range in
      var values = range.values
      for profile in fitted where !values.contains(profile[range.key]) {
        values.append(profile[range.key])
      }
      return (range.key, values.sorted())
    }
  }

  /// Nothing drawn for 2 trips in 3; for the third, each key is drawn from `ranges` (a default
  /// drawn is left out).
  static func draw(
    seed: UInt64, index: Int, ranges: [(key: String, values: [Double])] = ranges
  ) -> ProfileDraw {
    var random = SeededGenerator(
      seed: (seed &+ 0x7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9 &+ UInt64(index))
    let contentSize = drawContentSize(seed: seed, index: index)
    guard random.unit() < 1.0 / 3 else { return ProfileDraw(values: [], contentSize: contentSize) }
    var values: [Value] = []
    for range in ranges {
      let value = range.values[TripGenerator.pick(range.values.count, &random)]
      if value != SDKProfile.default[range.key] { values.append(Value(key: range.key, value: value)) }
    }
    return ProfileDraw(values: values, contentSize: contentSize)
  }

  /// `large` for 2 trips in 3; for the third, one of the six other sizes of the Text Size
  /// slider (2 in 3) or of the five accessibility sizes (1 in 3).
  static func drawContentSize(seed: UInt64, index: Int) -> UIContentSizeCategory {
    var random = SeededGenerator(
      seed: (seed &+ 0x1656_67B1) &* 0x94D0_49BB_1331_11EB &+ UInt64(index))
    guard random.unit() < 1.0 / 3 else { return .large }
    let standard = contentSizes.filter { !$0.isAccessibilityCategory }
    let accessibility = contentSizes.filter(\.isAccessibilityCategory)
    let pool = random.unit() < 2.0 / 3 ? standard : accessibility
    return pool[TripGenerator.pick(pool.count, &random)]
  }

  /// The values of `drawn`'s range a shrinker tries instead of it, between the default and
  /// it, nearest the default first (the default itself is tried by dropping the value).
  func plainerValues(of drawn: Value) -> [Double] {
    let home = SDKProfile.default[drawn.key]
    let values = Self.ranges.first { $0.key == drawn.key }?.values ?? []
    return values.filter { value in
      value != home && value != drawn.value && (value - home) * (drawn.value - value) > 0
    }.sorted { abs($0 - home) < abs($1 - home) }
  }

  /// The sizes a shrinker tries instead of `contentSize`, toward `large`: `large` first, then
  /// the sizes between, nearest `large` first.
  var plainerContentSizes: [UIContentSizeCategory] {
    let order = UIContentSizeCategory.allSizes
    guard let here = order.firstIndex(of: contentSize), let home = order.firstIndex(of: .large),
      here != home
    else { return [] }
    return here > home ? Array(order[home..<here]) : Array(order[(here + 1)...home].reversed())
  }

  /// The default profile with the drawn values, named `name`.
  public func profile(named name: String) -> SDKProfile {
    var profile = SDKProfile.default
    if !values.isEmpty { profile.name = name }
    for drawn in values { profile[drawn.key] = drawn.value }
    return profile
  }

  /// A profile file (`--profile FILE`) holding the name and the drawn keys.
  public func json(name: String) -> String {
    var top = ["  \"name\": \"\(name)\""]
    var style: [String] = [], prompts: [String] = []
    for drawn in values.sorted(by: { $0.key < $1.key }) {
      let number = drawn.value == drawn.value.rounded() ? String(Int(drawn.value)) : "\(drawn.value)"
      if drawn.key.hasPrefix("style.") {
        style.append("    \"\(drawn.key.dropFirst("style.".count))\": \(number)")
      } else if drawn.key.hasPrefix("promptHeights.") {
        prompts.append("    \"\(drawn.key.dropFirst("promptHeights.".count))\": \(number)")
      } else {
        top.append("  \"\(drawn.key)\": \(number)")
      }
    }
    if !prompts.isEmpty { top.append("  \"promptHeights\": {\n" + prompts.joined(separator: ",\n") + "\n  }") }
    if !style.isEmpty { top.append("  \"style\": {\n" + style.joined(separator: ",\n") + "\n  }") }
    return "{\n" + top.sorted().joined(separator: ",\n") + "\n}\n"
  }

  /// The drawn values in one line (`etaCardHeight=80 style.headerNominalHeight=124`), for the
  /// shrinker's cache and the table.
  var key: String {
    (values.map { "\($0.key)=\($0.value)" }
      + (contentSize == .large ? [] : ["contentSize=" + contentSize.name])).joined(separator: " ")
  }
}

extension SDKProfile {
  /// The values `ProfileDraw` draws, by profile file key.
  fileprivate subscript(key: String) -> Double {
    get {
      switch key {
      case "style.headerNominalHeight": style.headerNominalHeight
      case "etaCardHeight": etaCardHeight
      case "speedGaugeSize": speedGaugeSize
      case "promptLineHeight": promptLineHeight
      case "promptCharactersPerLine": Double(promptCharactersPerLine)
      case "wideCardWidth": wideCardWidth
      case "buttonSize": buttonSize
      case "logoWidth": logoWidth
      case "logoHeight": logoHeight
      default:
        promptHeights[String(key.dropFirst("promptHeights.".count))] ?? promptDefaultHeight
      }
    }
    set {
      switch key {
      case "style.headerNominalHeight": style.headerNominalHeight = newValue
      case "etaCardHeight": etaCardHeight = newValue
      case "speedGaugeSize": speedGaugeSize = newValue
      case "promptLineHeight": promptLineHeight = newValue
      case "promptCharactersPerLine": promptCharactersPerLine = Int(newValue)
      case "wideCardWidth": wideCardWidth = newValue
      case "buttonSize": buttonSize = newValue
      case "logoWidth": logoWidth = newValue
      case "logoHeight": logoHeight = newValue
      default: promptHeights[String(key.dropFirst("promptHeights.".count))] = newValue
      }
    }
  }
}
