import Foundation
import NavSim
import SessionEvents

/// Fits `SDKProfile` keys to the sizes device recordings carry (`viewSize` events).
///
/// Each size event is read in the context of the recording so far (the map's safe-area width,
/// the shown prompts' kinds and texts, whether the logo is in its re-center form) and becomes
/// observations of profile keys: the turn card's height is `style.headerNominalHeight`, a
/// one-line prompt's height is `promptHeights.<kind>`, the speed widget's width is
/// `speedGaugeSize`... A key takes its most frequent observed value (ties: the smaller one);
/// keys no event determines stay the base profile's guesses and are listed as such.
///
/// What cannot be fitted: style paddings, corner radius, the wide-mode threshold, the rule
/// tolerances, `promptCharactersPerLine` (prompt lines are counted with the base profile's) and
/// `hidingStackSpacing` - no SDK view's size carries them.
public struct SDKProfileFit: Equatable, Sendable {
  /// One fitted key.
  public struct FittedKey: Equatable, Sendable {
    /// The key as a profile file spells it: `etaCardHeight`, `style.headerNominalHeight`,
    /// `promptHeights.incident`.
    public var key: String
    public var value: Double
    /// What it was fitted from (`turnCard height`, `prompt height, one line of incident`...).
    public var source: String
    /// Size events that gave a value for it.
    public var observations: Int
    /// Of those, how many gave another value than `value`.
    public var disagreeing: Int
  }

  /// The fitted keys, sorted by key.
  public private(set) var keys: [FittedKey] = []
  /// The base profile with the fitted keys applied.
  public private(set) var profile: SDKProfile
  /// Size events read.
  public private(set) var sizeEvents = 0

  /// Fits the keys the size events of `recordings` determine over `base`.
  /// - Parameters:
  ///   - recordings: each recording's events in seq order.
  ///   - base: the profile whose other keys are kept (and whose characters per prompt line
  ///     count prompt lines).
  ///   - name: the fitted profile's name.
  /// - Complexity: O(n log n) in the number of events.
  public init(recordings: [[SessionEvent]], base: SDKProfile = .default, name: String = "fitted") {
    profile = base
    profile.name = name
    var observations: [String: (source: String, values: [Double])] = [:]
    var lineObservations: [(kind: String, lines: Int, height: Double)] = []
    func observe(_ key: String, _ value: Double, _ source: String) {
      observations[key, default: (source, [])].values.append(value)
    }
    for events in recordings {
      var reader = RecordingContext()
      for event in events {
        reader.note(event.payload)
        guard case .viewSize(let size) = event.payload else { continue }
        sizeEvents += 1
        for observation in reader.observations(of: size, base: base) {
          if observation.key == Self.lineKey {
            lineObservations.append(
              (observation.promptKind, observation.lines, observation.value))
          } else {
            observe(observation.key, observation.value, observation.description)
          }
        }
      }
    }
    // Extra prompt lines, over the one-line height fitted (or guessed) for the prompt's kind.
    for (kind, lines, height) in lineObservations {
      let oneLine =
        Self.mode(observations["promptHeights.\(kind)"]?.values ?? [])
        ?? base.promptHeights[kind] ?? base.promptDefaultHeight
      observe(
        "promptLineHeight", (height - oneLine) / Double(lines - 1),
        "prompt height beyond one line, per extra line")
    }
    for key in observations.keys.sorted() {
      let (source, values) = observations[key]!
      guard let value = Self.mode(values) else { continue }
      keys.append(
        FittedKey(
          key: key, value: value, source: source, observations: values.count,
          disagreeing: values.filter { $0 != value }.count))
      Self.set(key, to: value, in: &profile)
    }
  }

  /// The profile keys no size event determined: they stay guesses. Sorted.
  public var guesses: [String] {
    let fitted = Set(keys.map(\.key))
    let promptKinds = profile.promptHeights.keys.map { "promptHeights.\($0)" }
    return (SDKProfile.fileKeys + promptKinds).filter { !fitted.contains($0) }.sorted()
  }

  // MARK: - Output

  /// A profile file holding the name and the fitted keys only (the rest keep their defaults
  /// when loaded), keys sorted, numbers in their shortest exact form.
  public var profileJSON: String {
    var top: [(String, String)] = [("name", Self.quoted(profile.name))]
    var style: [(String, String)] = []
    var prompts: [(String, String)] = []
    for fitted in keys {
      let value = Self.number(fitted.value)
      if fitted.key.hasPrefix("style.") {
        style.append((String(fitted.key.dropFirst("style.".count)), value))
      } else if fitted.key.hasPrefix("promptHeights.") {
        prompts.append((String(fitted.key.dropFirst("promptHeights.".count)), value))
      } else {
        top.append((fitted.key, value))
      }
    }
    func object(_ members: [(String, String)], indent: String) -> String {
      let lines = members.sorted { $0.0 < $1.0 }.map { "\(indent)  \(Self.quoted($0.0)): \($0.1)" }
      return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
    }
    if !style.isEmpty { top.append(("style", object(style, indent: "  "))) }
    if !prompts.isEmpty { top.append(("promptHeights", object(prompts, indent: "  "))) }
    return object(top, indent: "") + "\n"
  }

  /// A Markdown table: each key, its value, what it was fitted from (with the number of
  /// observations and disagreements), then every key that stays a guess.
  public var table: String {
    var lines = [
      "| key | value | fitted from |", "|---|---|---|",
    ]
    for fitted in keys {
      var from = "\(fitted.source) (\(fitted.observations) size event"
      from += fitted.observations == 1 ? ")" : "s)"
      if fitted.disagreeing > 0 { from += ", \(fitted.disagreeing) disagreeing" }
      lines.append("| `\(fitted.key)` | \(Self.number(fitted.value)) | \(from) |")
    }
    for key in guesses {
      // A recorder cannot name a prompt's kind (not in the SDK's public API): its prompts are
      // `unknown`, which sizes no kind.
      let why = key.hasPrefix("promptHeights.")
        ? "guess: no size event of a prompt of this kind (a recorder cannot see prompt kinds)"
        : "guess: no size event determines it"
      lines.append("| `\(key)` | \(Self.number(Self.value(of: key, in: profile))) | \(why) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Helpers

  /// The pseudo-key of a multi-line prompt's height, resolved once one-line heights are known.
  fileprivate static let lineKey = "#promptLines"

  /// The most frequent value; the smaller one on a tie. Nil for no values.
  static func mode(_ values: [Double]) -> Double? {
    let sorted = values.sorted()
    var best: (value: Double, count: Int)?
    var index = 0
    while index < sorted.count {
      var end = index
      while end < sorted.count && sorted[end] == sorted[index] { end += 1 }
      if best == nil || end - index > best!.count { best = (sorted[index], end - index) }
      index = end
    }
    return best?.value
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
  }

  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  static func set(_ key: String, to value: Double, in profile: inout SDKProfile) {
    if key.hasPrefix("promptHeights.") {
      profile.promptHeights[String(key.dropFirst("promptHeights.".count))] = value
    } else if let path = SDKProfile.fittableKeys[key] {
      profile[keyPath: path] = value
    }
  }

  /// The value of a profile file key (`style.headerNominalHeight`, `promptHeights.incident`)
  /// in `profile`; 0 for a key it does not have.
  public static func value(of key: String, in profile: SDKProfile) -> Double {
    if key.hasPrefix("promptHeights.") {
      return profile.promptHeights[String(key.dropFirst("promptHeights.".count))] ?? 0
    }
    if let path = SDKProfile.fittableKeys[key] { return profile[keyPath: path] }
    if let path = SDKProfile.otherKeys[key] { return profile[keyPath: path] }
    if key == "promptCharactersPerLine" { return Double(profile.promptCharactersPerLine) }
    return 0
  }
}

// MARK: - Keys

extension SDKProfile {
  /// The keys a size event can determine.
  static var fittableKeys: [String: WritableKeyPath<SDKProfile, Double>] {
    [
    "style.headerNominalHeight": \.style.headerNominalHeight,
    "wideCardWidth": \.wideCardWidth,
    "etaCardHeight": \.etaCardHeight,
    "cardLayoutMargin": \.cardLayoutMargin,
    "controlLayoutMargin": \.controlLayoutMargin,
    "tripProgressBarWidth": \.tripProgressBarWidth,
    "speedGaugeSize": \.speedGaugeSize,
    "speedGaugeSpacing": \.speedGaugeSpacing,
    "logoWidth": \.logoWidth,
    "logoHeight": \.logoHeight,
    "recenterLogoWidth": \.recenterLogoWidth,
    "recenterLogoHeight": \.recenterLogoHeight,
    "buttonSize": \.buttonSize,
    "promptLineHeight": \.promptLineHeight,
  ]
  }

  /// The numeric keys of a profile file no size event determines.
  static var otherKeys: [String: WritableKeyPath<SDKProfile, Double>] {
    [
    "wideModeMinimumWidth": \.wideModeMinimumWidth,
    "promptDefaultHeight": \.promptDefaultHeight,
    "hidingStackSpacing": \.hidingStackSpacing,
    "smallOverlaySide": \.smallOverlaySide,
    "leadingEdgeTolerance": \.leadingEdgeTolerance,
    "overlapTolerance": \.overlapTolerance,
    "style.buttonHorizontalPadding": \.style.buttonHorizontalPadding,
    "style.buttonVerticalPadding": \.style.buttonVerticalPadding,
    "style.defaultCornerRadius": \.style.defaultCornerRadius,
    "style.elementHorizontalPadding": \.style.elementHorizontalPadding,
    "style.headerFooterHorizontalPadding": \.style.headerFooterHorizontalPadding,
    "style.headerTopPadding": \.style.headerTopPadding,
  ]
  }

  /// Every numeric key of a profile file but the prompt heights.
  static var fileKeys: [String] {
    Array(fittableKeys.keys) + Array(otherKeys.keys) + ["promptCharactersPerLine"]
  }
}

// MARK: - Reading one recording

/// What a size event means depends on the recording so far.
private struct RecordingContext {
  struct Observation {
    var key: String
    var value: Double
    var description: String
    /// For `SDKProfileFit.lineKey`: the prompt's kind and its lines of text.
    var promptKind = ""
    var lines = 1
  }

  var safeWidth: Double?
  var prompts: [Int: Prompt] = [:]
  var recenterButtonEnabled = false
  var navigationEnabled = false
  var panned = false

  mutating func note(_ payload: EventPayload) {
    switch payload {
    case .mapResized(let geometry):
      safeWidth = geometry.width - geometry.safeLeading - geometry.safeTrailing
    case .promptReady(let prompt): prompts[prompt.promptID] = prompt
    case .navigationEnabled: navigationEnabled = true
    case .navigationDisabled: navigationEnabled = false
    case .settingChanged(let change) where change.name == .recenterButton:
      if case .bool(let on) = change.value { recenterButtonEnabled = on }
    case .userPanned: if recenterButtonEnabled && navigationEnabled { panned = true }
    case .recentered: panned = false
    default: break
    }
  }

  func observations(of size: RecordedViewSize, base: SDKProfile) -> [Observation] {
    var found: [Observation] = []
    func add(_ key: String, _ value: Double?, _ description: String) {
      if let value { found.append(Observation(key: key, value: value, description: description)) }
    }
    let uniformMargin: Double? =
      [size.marginLeading, size.marginBottom, size.marginTrailing].allSatisfy {
        $0 == size.marginTop
      } ? size.marginTop : nil
    /// A card's width is the profile's only in wide mode: where it is not the map's width.
    func wideWidth() -> Double? {
      guard let width = size.width, let safeWidth, width != safeWidth else { return nil }
      return width
    }
    let view = size.view
    if view == "turnCard" || view == "etaCard" {
      add(view == "turnCard" ? "style.headerNominalHeight" : "etaCardHeight", size.height,
        "\(view) height")
      add("wideCardWidth", wideWidth(), "card and prompt width in wide mode")
      add("cardLayoutMargin", uniformMargin, "card, prompt and speed widget margins")
    } else if let id = size.promptID {
      add("wideCardWidth", wideWidth(), "card and prompt width in wide mode")
      add("cardLayoutMargin", uniformMargin, "card, prompt and speed widget margins")
      // A recorder cannot read a prompt's kind (it writes `unknown`): its height then fits no
      // kind's key.
      guard let prompt = prompts[id], prompt.kind.rawValue != "unknown", let height = size.height
      else { return found }
      let kind = prompt.kind.rawValue
      let perLine = max(1, base.promptCharactersPerLine)
      let lines = max(1, (prompt.text.count + perLine - 1) / perLine)
      if lines == 1 {
        add("promptHeights.\(kind)", height, "prompt height, one line")
      } else {
        found.append(
          Observation(
            key: SDKProfileFit.lineKey, value: height, description: "", promptKind: kind,
            lines: lines))
      }
    } else if view == "speedWidget" {
      guard let width = size.width, let height = size.height, width > 0, height > 0 else {
        return found  // hidden: nothing to measure
      }
      add("speedGaugeSize", width, "speed widget width")
      if height > width {
        add("speedGaugeSpacing", height - 2 * width, "speed widget height with both gauges")
      }
      add("cardLayoutMargin", uniformMargin, "card, prompt and speed widget margins")
    } else if view == "googleLogo" {
      let prefix = panned ? "recenterLogo" : "logo"
      let form = panned ? "logo as re-center button" : "logo"
      add("\(prefix)Width", size.width, "\(form) width")
      add("\(prefix)Height", size.height, "\(form) height")
      add("controlLayoutMargin", uniformMargin, "logo and button margins")
    } else if view.hasPrefix("button.") {
      add("buttonSize", size.width, "button width")
      add("controlLayoutMargin", uniformMargin, "logo and button margins")
    } else if view == "tripProgressBar" {
      add("tripProgressBarWidth", size.width, "trip progress bar width")
    }
    return found
  }
}
