import SessionEvents
import TextBytes

// The settings a scenario may change, with the type of value each takes.

extension Setting {
  /// What values a setting takes.
  enum ValueKind: Equatable {
    case bool
    /// One of these texts.
    case choice([String])
    /// `top,leading,bottom,trailing` in points.
    case padding
    /// A height in points, 0 up to `maximumHeight`.
    case height
  }

  /// The tallest header accessory a scenario may set: taller than any map's height.
  static let maximumHeight = 2000.0

  /// Every setting a scenario may set, in `SessionEvents` order, with its value kind.
  static let scenarioSettings: [(setting: Setting, kind: ValueKind)] = [
    (.speedometer, .bool), (.speedLimit, .bool), (.prompts, .bool), (.recenterButton, .bool),
    (.compass, .bool), (.myLocationButton, .bool), (.layoutDirection, .choice(["ltr", "rtl"])),
    (.header, .bool), (.footer, .bool), (.tripProgressBar, .bool), (.reportIncidentButton, .bool),
    (.trafficLights, .bool), (.stopSigns, .bool), (.destinationMarkers, .bool),
    (.scrollGestures, .bool), (.zoomGestures, .bool), (.tiltGestures, .bool),
    (.rotateGestures, .bool), (.alternateRoutes, .choice(["all", "one", "none"])),
    (.mapPadding, .padding), (.headerAccessory, .height),
  ]

  /// Reads a setting's value from a scenario.
  /// - Throws: `NavigatorError` at `node` for an unknown setting or a value of the wrong type.
  static func scenarioChange(name: String, node: JSONNode) throws -> SettingChange {
    guard let entry = scenarioSettings.first(where: { $0.setting.rawValue == name }) else {
      throw node.error(
        "unknown setting \(name.visiblyQuoted) (known: \(scenarioSettings.map(\.setting.rawValue).joined(separator: ", ")))"
      )
    }
    switch entry.kind {
    case .bool:
      return SettingChange(name: entry.setting, value: .bool(try node.bool()))
    case .choice(let choices):
      let text = try node.string()
      guard choices.contains(text) else {
        throw node.error("\(text.visiblyQuoted) is not one of \(choices.joined(separator: ", "))")
      }
      return SettingChange(name: entry.setting, value: .text(text))
    case .padding:
      let text = try node.string()
      let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: " ")) }
      guard parts.count == 4, parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 }) else {
        throw node.error("\(text.visiblyQuoted) is not 'top,leading,bottom,trailing' in points")
      }
      return SettingChange(name: entry.setting, value: .text(text))
    case .height:
      let height = try node.double(in: 0...maximumHeight)
      return SettingChange(name: entry.setting, value: .number(height))
    }
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    var result = self
    while let first = result.first, set.contains(first) { result.removeFirst() }
    while let last = result.last, set.contains(last) { result.removeLast() }
    return result
  }
}
