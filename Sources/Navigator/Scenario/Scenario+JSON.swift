import Foundation
import SessionEvents
import TextBytes

// Reading a scenario file. Every key is checked: an unknown key, a value of the wrong type or
// out of range is a one-line error naming the file, line and key path.

extension Scenario {
  /// The top-level keys of a scenario file.
  static let keys = [
    "name", "description", "route", "seed", "rate", "createdAt", "device", "layoutDirection",
    "units", "driver", "settings", "pointsOfInterest", "generatedPrompts", "timing", "start", "events",
  ]

  /// The keys that name an event's action (one per event, besides `at`).
  static let actionKeys = [
    "rotate", "device", "splitScreen", "resize", "setting", "pan", "recenter", "reroute", "prompt",
    "speeding", "pause", "lighting", "guidance", "navigation",
  ]

  /// Loads and validates the scenario file at `path`.
  /// - Throws: `NavigatorError` naming the file, line and key of the first problem.
  public static func load(path: String) throws -> Scenario {
    try parse(RouteFile.readBytes(path), path: path)
  }

  /// Parses and validates a scenario document; relative route paths are resolved against the
  /// directory of `path`.
  /// - Throws: `NavigatorError` naming `path`, line and key of the first problem.
  public static func parse(_ bytes: [UInt8], path: String) throws -> Scenario {
    let root = try JSONNode.parse(bytes, source: path)
    try root.expectKeys(keys)
    let defaultName = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    var scenario = try Scenario(
      name: try root.member("name")?.string() ?? defaultName,
      route: try routeSource(try root.required("route"), relativeTo: path))
    scenario.sourcePath = path
    scenario.description = try root.member("description")?.string()
    if let seed = root.member("seed") { scenario.seed = try seed.uint64() }
    if let rate = root.member("rate") {
      scenario.rate = try rate.double()
      guard scenario.rate > 0 && scenario.rate <= 10 else {
        throw rate.error("rate must be more than 0 and at most 10 ticks per second")
      }
    }
    if let createdAt = root.member("createdAt") {
      let text = try createdAt.string()
      guard Timestamp.epochSeconds(text) != nil else {
        throw createdAt.error("'\(text)' is not an ISO 8601 date-time")
      }
      scenario.createdAt = text
    }
    if let device = root.member("device") { scenario.device = try deviceSetup(device) }
    if let direction = root.member("layoutDirection") {
      let change = try Setting.scenarioChange(
        name: Setting.layoutDirection.rawValue, node: direction)
      if case .text(let text) = change.value { scenario.layoutDirection = text }
    }
    if let units = root.member("units") { scenario.units = try choice(units, SpeedUnits.self) }
    if let driver = root.member("driver") { scenario.driver = try driverProfile(driver) }
    if let settings = root.member("settings") {
      scenario.settings = try settings.members().map {
        try Setting.scenarioChange(name: $0.key, node: $0.node)
      }
    }
    if let points = root.member("pointsOfInterest") {
      scenario.pointsOfInterest = try points.elements().map(scenarioPoint)
    }
    if let generated = root.member("generatedPrompts") {
      if generated.value.boolValue == false {
        scenario.generatedPromptSpacing = nil
      } else {
        try generated.expectKeys(["spacing"])
        scenario.generatedPromptSpacing = try generated.required("spacing").double(
          in: 200...1_000_000)
      }
    }
    if let timing = root.member("timing") { scenario.timing = try choice(timing, TrackTiming.self) }
    if let start = root.member("start") { scenario.start = try start.double(in: 0...100_000_000) }
    if let events = root.member("events") {
      let parsed = try events.elements().enumerated().map {
        ($0.offset, try scriptedEvent($0.element))
      }
      scenario.events = parsed.sorted { ($0.1.at, $0.0) < ($1.1.at, $1.0) }.map(\.1)
    }
    return scenario
  }

  // MARK: - Parts

  private static func routeSource(_ node: JSONNode, relativeTo path: String) throws -> RouteSource {
    func builtin(_ node: JSONNode) throws -> RouteSource {
      let name = try node.string()
      guard BuiltinRoutes.all.contains(where: { $0.name == name }) else {
        throw node.error(
          "unknown built-in route \(name.visiblyQuoted) (known: \(BuiltinRoutes.all.map(\.name).joined(separator: ", ")))"
        )
      }
      return .builtin(name)
    }
    if node.value.stringValue != nil { return try builtin(node) }
    try node.expectKeys(["builtin", "file", "precision"])
    if let name = node.member("builtin") {
      guard node.member("file") == nil else {
        throw node.error("give either 'builtin' or 'file', not both")
      }
      return try builtin(name)
    }
    let file = try node.required("file").string()
    let precision = try node.member("precision")?.int(in: 5...6)
    let directory = (path as NSString).deletingLastPathComponent
    let resolved =
      file.hasPrefix("/") || directory.isEmpty
      ? file : (directory as NSString).appendingPathComponent(file)
    return .file(path: resolved, precision: precision)
  }

  private static func deviceSetup(_ node: JSONNode) throws -> DeviceSetup {
    if let name = node.value.stringValue { return .profile(try profile(name, at: node)) }
    try node.expectKeys(["width", "height", "safeArea"])
    let safe = try node.member("safeArea").map(safeArea) ?? SafeArea()
    return .custom(
      MapGeometry(
        width: try node.required("width").double(in: 100...5000),
        height: try node.required("height").double(in: 100...5000), safeTop: safe.top,
        safeLeading: safe.leading, safeBottom: safe.bottom, safeTrailing: safe.trailing))
  }

  static func profile(_ name: String, at node: JSONNode) throws -> DeviceProfile {
    do {
      return try DeviceProfiles.profile(named: name)
    } catch let error as NavigatorError {
      throw node.error(error.message)
    }
  }

  private static func safeArea(_ node: JSONNode) throws -> SafeArea {
    try node.expectKeys(["top", "leading", "bottom", "trailing"])
    func inset(_ key: String) throws -> Double { try node.member(key)?.double(in: 0...500) ?? 0 }
    return SafeArea(
      top: try inset("top"), leading: try inset("leading"), bottom: try inset("bottom"),
      trailing: try inset("trailing"))
  }

  private static func driverProfile(_ node: JSONNode) throws -> DriverProfile {
    func named(_ name: String, _ at: JSONNode) throws -> DriverProfile {
      guard let profile = DriverProfile.all.first(where: { $0.name == name }) else {
        throw at.error(
          "unknown driver profile \(name.visiblyQuoted) (known: \(DriverProfile.all.map(\.name).joined(separator: ", ")))"
        )
      }
      return profile
    }
    if let name = node.value.stringValue { return try named(name, node) }
    try node.expectKeys([
      "profile", "speedFactor", "variation", "acceleration", "deceleration", "cruiseSpeed",
    ])
    var driver = try node.member("profile").map { try named(try $0.string(), $0) } ?? .normal
    if let value = node.member("speedFactor") { driver.speedFactor = try value.double(in: 0.3...2) }
    if let value = node.member("variation") { driver.variation = try value.double(in: 0...0.3) }
    if let value = node.member("acceleration") {
      driver.acceleration = try value.double(in: 0.3...6)
    }
    if let value = node.member("deceleration") {
      driver.deceleration = try value.double(in: 0.5...6)
    }
    if let value = node.member("cruiseSpeed") {
      driver.cruiseSpeed = try value.double(in: 5...250) / 3.6
    }
    return driver
  }

  private static func scenarioPoint(_ node: JSONNode) throws -> ScenarioPoint {
    try node.expectKeys(["kind", "text", "at", "announce", "clear"])
    return ScenarioPoint(
      kind: try promptKind(try node.required("kind")), text: try node.required("text").string(),
      at: try node.required("at").double(in: 0...10_000_000),
      announce: try node.member("announce")?.double(in: 0...10_000),
      clear: try node.member("clear")?.double(in: 0...10_000), line: node.value.line, key: node.path
    )
  }

  static func promptKind(_ node: JSONNode) throws -> PromptKind {
    let text = try node.string()
    guard let kind = PromptKind.navigatorKinds.first(where: { $0.rawValue == text }) else {
      throw node.error(
        "unknown prompt kind \(text.visiblyQuoted) (known: \(PromptKind.navigatorKinds.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    return kind
  }

  static func choice<T: RawRepresentable & CaseIterable>(_ node: JSONNode, _ type: T.Type) throws
    -> T
  where T.RawValue == String {
    let text = try node.string()
    guard let value = T(rawValue: text) else {
      throw node.error(
        "\(text.visiblyQuoted) is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return value
  }
}
