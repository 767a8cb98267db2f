import SessionEvents

// Reading a scenario's `events`: each is `{"at": seconds, "<action>": value}`.

extension Scenario {
  static func scriptedEvent(_ node: JSONNode) throws -> ScriptedEvent {
    try node.expectKeys(["at"] + actionKeys)
    let at = try node.required("at").double(in: 0...1_000_000)
    let actions = try node.members().filter { $0.key != "at" }
    guard actions.count == 1, let (key, value) = actions.first else {
      throw node.error(
        actions.isEmpty
          ? "an event needs one action (\(actionKeys.joined(separator: ", ")))"
          : "an event has one action, found \(actions.map(\.key).joined(separator: ", "))")
    }
    return ScriptedEvent(
      at: at, action: try action(key, value), line: node.value.line, key: node.path)
  }

  private static func action(_ key: String, _ node: JSONNode) throws -> ScriptedEvent.Action {
    switch key {
    case "rotate":
      return .rotate(try choice(node, Orientation.self))
    case "device":
      return .device(try profile(try node.string(), at: node))
    case "splitScreen":
      return .splitScreen(try splitFraction(node))
    case "resize":
      try node.expectKeys(["width", "height", "safeArea"])
      let safe = try node.member("safeArea").map { area -> SafeArea in
        try area.expectKeys(["top", "leading", "bottom", "trailing"])
        func inset(_ key: String) throws -> Double {
          try area.member(key)?.double(in: 0...500) ?? 0
        }
        return SafeArea(
          top: try inset("top"), leading: try inset("leading"), bottom: try inset("bottom"),
          trailing: try inset("trailing"))
      }
      let width = try node.member("width")?.double(in: 100...5000)
      let height = try node.member("height")?.double(in: 100...5000)
      guard width != nil || height != nil || safe != nil else {
        throw node.error("resize needs 'width', 'height' or 'safeArea'")
      }
      return .resize(width: width, height: height, safeArea: safe)
    case "setting":
      let members = try node.members()
      guard members.count == 1, let member = members.first else {
        throw node.error("'setting' takes one setting, e.g. {\"speedometer\": false}")
      }
      return .setting(try Setting.scenarioChange(name: member.key, node: member.node))
    case "pan":
      try node.expectKeys(["dx", "dy"])
      return .pan(
        dx: try node.member("dx")?.double(in: -10_000...10_000) ?? 0,
        dy: try node.member("dy")?.double(in: -10_000...10_000) ?? 0)
    case "recenter":
      guard try node.bool() else { throw node.error("'recenter' takes true") }
      return .recenter
    case "reroute":
      if node.value.boolValue == true { return .reroute(detour: 400) }
      try node.expectKeys(["detour"])
      return .reroute(detour: try node.required("detour").double(in: 20...50_000))
    case "prompt":
      try node.expectKeys(["kind", "text", "duration"])
      return .prompt(
        kind: try promptKind(try node.required("kind")), text: try node.required("text").string(),
        duration: try node.member("duration")?.double(in: 0.1...3600) ?? 10)
    case "speeding":
      try node.expectKeys(["factor", "duration"])
      return .speeding(
        factor: try node.required("factor").double(in: 1...3),
        duration: try node.required("duration").double(in: 0.1...36_000))
    case "pause":
      try node.expectKeys(["duration"])
      return .pause(duration: try node.required("duration").double(in: 0.1...36_000))
    case "guidance":
      return .guidance(try choice(node, GuidanceChange.self))
    case "navigation":
      return .navigation(try choice(node, NavigationChange.self))
    default:  // "lighting"; the keys were checked above
      return .lighting(try choice(node, LightingMode.self))
    }
  }

  /// `"1/3"`, `"1/2"`, `"2/3"`, `"full"`, or a number in 0.2...1.
  private static func splitFraction(_ node: JSONNode) throws -> Double {
    if let text = node.value.stringValue {
      switch text {
      case "1/3": return 1.0 / 3
      case "1/2": return 0.5
      case "2/3": return 2.0 / 3
      case "full": return 1
      default: throw node.error("'\(text)' is not one of 1/3, 1/2, 2/3, full (or a fraction)")
      }
    }
    return try node.double(in: 0.2...1)
  }
}
