import JSON
import SessionEvents

// The canonical text of a scenario: every value explicit, one top-level key and one event per
// line. It is stored with each recording, so a recording says exactly how it was made, and
// reading it back gives the same scenario.

extension Scenario {
  /// The scenario as JSON that `Scenario.parse` reads back to an equal scenario.
  public var canonicalJSON: String {
    var members: [JSONMember] = [JSONMember("name", .string(name))]
    if let description { members.append(JSONMember("description", .string(description))) }
    switch route {
    case .builtin(let name):
      members.append(JSONMember("route", .object([JSONMember("builtin", .string(name))])))
    case .file(let path, let precision):
      var route = [JSONMember("file", .string(path))]
      if let precision { route.append(JSONMember("precision", number(Double(precision)))) }
      members.append(JSONMember("route", .object(route)))
    }
    members.append(JSONMember("seed", .number(String(seed))))
    members.append(JSONMember("rate", number(rate)))
    if let createdAt { members.append(JSONMember("createdAt", .string(createdAt))) }
    switch device {
    case .profile(let profile): members.append(JSONMember("device", .string(profile.name)))
    case .custom(let geometry):
      members.append(
        JSONMember(
          "device",
          .object([
            JSONMember("width", number(geometry.width)),
            JSONMember("height", number(geometry.height)),
            JSONMember(
              "safeArea",
              safeArea(
                SafeArea(
                  top: geometry.safeTop, leading: geometry.safeLeading, bottom: geometry.safeBottom,
                  trailing: geometry.safeTrailing))),
          ])))
    }
    members.append(JSONMember("layoutDirection", .string(layoutDirection)))
    members.append(JSONMember("units", .string(units.rawValue)))
    members.append(
      JSONMember(
        "driver",
        .object([
          JSONMember("profile", .string(driver.name)),
          JSONMember("speedFactor", number(driver.speedFactor)),
          JSONMember("variation", number(driver.variation)),
          JSONMember("acceleration", number(driver.acceleration)),
          JSONMember("deceleration", number(driver.deceleration)),
          JSONMember("cruiseSpeed", number(driver.cruiseSpeed * 3.6)),
        ])))
    members.append(
      JSONMember(
        "settings", .object(settings.map { JSONMember($0.name.rawValue, settingValue($0.value)) })))
    members.append(
      JSONMember(
        "pointsOfInterest",
        .array(
          pointsOfInterest.map { point in
            var fields = [
              JSONMember("kind", .string(point.kind.rawValue)),
              JSONMember("text", .string(point.text)),
              JSONMember("at", number(point.at)),
            ]
            if let announce = point.announce {
              fields.append(JSONMember("announce", number(announce)))
            }
            if let clear = point.clear { fields.append(JSONMember("clear", number(clear))) }
            return .object(fields)
          })))
    members.append(
      JSONMember(
        "generatedPrompts",
        generatedPromptSpacing.map { .object([JSONMember("spacing", number($0))]) } ?? .bool(false))
    )
    members.append(JSONMember("timing", .string(timing.rawValue)))
    if start > 0 { members.append(JSONMember("start", number(start))) }
    members.append(JSONMember("events", .array(events.map(event))))
    return pretty(members)
  }

  // MARK: - Parts

  private func event(_ event: ScriptedEvent) -> JSONValue {
    let action: JSONMember
    switch event.action {
    case .rotate(let orientation): action = JSONMember("rotate", .string(orientation.rawValue))
    case .device(let profile): action = JSONMember("device", .string(profile.name))
    case .splitScreen(let fraction): action = JSONMember("splitScreen", number(fraction))
    case .resize(let width, let height, let area):
      var fields: [JSONMember] = []
      if let width { fields.append(JSONMember("width", number(width))) }
      if let height { fields.append(JSONMember("height", number(height))) }
      if let area { fields.append(JSONMember("safeArea", safeArea(area))) }
      action = JSONMember("resize", .object(fields))
    case .setting(let change):
      action = JSONMember(
        "setting", .object([JSONMember(change.name.rawValue, settingValue(change.value))]))
    case .pan(let dx, let dy):
      action = JSONMember(
        "pan", .object([JSONMember("dx", number(dx)), JSONMember("dy", number(dy))]))
    case .recenter: action = JSONMember("recenter", .bool(true))
    case .reroute(let detour):
      action = JSONMember("reroute", .object([JSONMember("detour", number(detour))]))
    case .prompt(let kind, let text, let duration):
      action = JSONMember(
        "prompt",
        .object([
          JSONMember("kind", .string(kind.rawValue)), JSONMember("text", .string(text)),
          JSONMember("duration", number(duration)),
        ]))
    case .speeding(let factor, let duration):
      action = JSONMember(
        "speeding",
        .object([JSONMember("factor", number(factor)), JSONMember("duration", number(duration))]))
    case .pause(let duration):
      action = JSONMember("pause", .object([JSONMember("duration", number(duration))]))
    case .lighting(let mode): action = JSONMember("lighting", .string(mode.rawValue))
    case .guidance(let change): action = JSONMember("guidance", .string(change.rawValue))
    case .navigation(let change): action = JSONMember("navigation", .string(change.rawValue))
    }
    return .object([JSONMember("at", number(event.at)), action])
  }

  private func safeArea(_ area: SafeArea) -> JSONValue {
    .object([
      JSONMember("top", number(area.top)), JSONMember("leading", number(area.leading)),
      JSONMember("bottom", number(area.bottom)), JSONMember("trailing", number(area.trailing)),
    ])
  }

  private func settingValue(_ value: SettingValue) -> JSONValue {
    switch value {
    case .bool(let flag): .bool(flag)
    case .number(let number): self.number(number)
    case .text(let text): .string(text)
    }
  }

  /// Integral values without a fraction (`2`, not `2.0`); others in Swift's shortest form that
  /// reads back to the same double.
  private func number(_ value: Double) -> JSONValue {
    if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
    return .number(value.description)
  }

  /// One top-level member per line, one array element per line.
  private func pretty(_ members: [JSONMember]) -> String {
    var lines = ["{"]
    for (index, member) in members.enumerated() {
      let comma = index < members.count - 1 ? "," : ""
      var writer = JSONWriter()
      writer.key(member.key)
      if case .array(let elements) = member.value, !elements.isEmpty {
        lines.append("  " + writer.output + " [")
        for (offset, element) in elements.enumerated() {
          var item = JSONWriter()
          item.value(element)
          lines.append("    " + item.output + (offset < elements.count - 1 ? "," : ""))
        }
        lines.append("  ]" + comma)
      } else {
        writer.raw(" ")
        writer.value(member.value)
        lines.append("  " + writer.output + comma)
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
