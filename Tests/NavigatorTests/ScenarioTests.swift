import SessionEvents
import TestSupport
import XCTest

@testable import Navigator

/// Scenario files: every key read, every mistake a one-line error with line and key.
final class ScenarioTests: XCTestCase {
  let example = """
    {
      "name": "commute",
      "description": "to work",
      "route": {"builtin": "city-commute"},
      "seed": 18446744073709551615,
      "rate": 2,
      "createdAt": "2024-05-01T08:00:00Z",
      "device": "iphone-15-pro-max-portrait",
      "layoutDirection": "rtl",
      "units": "imperial",
      "driver": {"profile": "speeder", "variation": 0.1},
      "settings": {"speedometer": true, "speedLimit": true, "alternateRoutes": "one"},
      "pointsOfInterest": [{"kind": "traffic", "text": "Jam", "at": 1200, "announce": 300}],
      "events": [
        {"at": 60, "rotate": "landscape"},
        {"at": 30, "setting": {"prompts": false}},
        {"at": 30, "pan": {"dx": -40, "dy": 10}},
        {"at": 45, "recenter": true},
        {"at": 90, "prompt": {"kind": "betterRoute", "text": "Faster route", "duration": 8}},
        {"at": 100, "speeding": {"factor": 1.4, "duration": 20}},
        {"at": 120, "lighting": "night"}
      ]
    }
    """

  func testEveryKeyIsRead() throws {
    let scenario = try Scenario.parse(Array(example.utf8), path: "/trips/commute.json")
    XCTAssertEqual(scenario.name, "commute")
    XCTAssertEqual(scenario.route, .builtin("city-commute"))
    XCTAssertEqual(scenario.seed, UInt64.max, "seeds are exact 64-bit integers")
    XCTAssertEqual(scenario.rate, 2)
    XCTAssertEqual(scenario.createdAt, "2024-05-01T08:00:00Z")
    XCTAssertEqual(scenario.device.name, "iphone-15-pro-max-portrait")
    XCTAssertEqual(scenario.layoutDirection, "rtl")
    XCTAssertEqual(scenario.units, .imperial)
    XCTAssertEqual(scenario.driver.speedFactor, DriverProfile.speeder.speedFactor)
    XCTAssertEqual(scenario.driver.variation, 0.1)
    XCTAssertEqual(scenario.settings.map(\.name), [.speedometer, .speedLimit, .alternateRoutes])
    XCTAssertEqual(scenario.pointsOfInterest.first?.announce, 300)
    // Events sorted by time, ties in file order.
    XCTAssertEqual(scenario.events.map(\.at), [30, 30, 45, 60, 90, 100, 120])
    XCTAssertEqual(
      scenario.events[0].action, .setting(SettingChange(name: .prompts, value: .bool(false))))
    XCTAssertEqual(scenario.events[1].action, .pan(dx: -40, dy: 10))
    XCTAssertEqual(scenario.events[0].line, 16)
    XCTAssertEqual(scenario.events[0].key, "events[1]")
  }

  func testTheCanonicalTextReadsBackToTheSameScenario() throws {
    var scenario = try Scenario.parse(Array(example.utf8), path: "/trips/commute.json")
    scenario.events.append(
      ScriptedEvent(
        at: 130, action: .resize(width: 500, height: nil, safeArea: SafeArea(top: 1, leading: 2.5)))
    )
    scenario.events.append(ScriptedEvent(at: 140, action: .reroute(detour: 250)))
    scenario.generatedPromptSpacing = nil
    let text = scenario.canonicalJSON
    var again = try Scenario.parse(Array(text.utf8), path: "/trips/commute.json")
    XCTAssertEqual(again.events.map(\.action), scenario.events.map(\.action))
    XCTAssertEqual(again.events.map(\.at), scenario.events.map(\.at))
    again.events = scenario.events
    again.pointsOfInterest = again.pointsOfInterest.map { point in
      var point = point
      point.line = scenario.pointsOfInterest[0].line
      return point
    }
    XCTAssertEqual(again, scenario)
    XCTAssertEqual(again.canonicalJSON, text)
    XCTAssertTrue(text.contains("\n  \"seed\": 18446744073709551615,\n"))
    XCTAssertTrue(text.contains("\n    {\"at\":30,\"setting\":{\"prompts\":false}},\n"))
  }

  func testTheDocumentedExampleRuns() throws {
    let readme = try String(
      contentsOfFile: Fixtures.repositoryRoot + "/docs/recording.md", encoding: .utf8)
    let section = try XCTUnwrap(readme.range(of: "## Scenario files"))
    let start = try XCTUnwrap(
      readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
    let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
    let scenario = try Scenario.parse(
      Array(readme[start.upperBound..<end.lowerBound].utf8), path: "docs/recording.md")
    XCTAssertEqual(scenario.events.count, 6)
    let summary = try Trip(scenario: scenario).run { _, _ in }
    XCTAssertEqual(summary.count(of: .routeChanged), 2, "next leg and the re-route")
  }

  func testARouteFileIsFoundNextToTheScenario() throws {
    let scenario = try Scenario.parse(
      Array(#"{"route": {"file": "routes/a.polyline6", "precision": 6}}"#.utf8),
      path: "/trips/s.json")
    XCTAssertEqual(scenario.route, .file(path: "/trips/routes/a.polyline6", precision: 6))
    XCTAssertEqual(scenario.name, "s")
    XCTAssertEqual(scenario.device.name, DeviceProfiles.defaultName)
    XCTAssertEqual(scenario.rate, 1)
  }

  func testMistakesNameLineAndKey() {
    let cases: [(String, String)] = [
      (
        "{\"route\": \"park-loop\",\n \"sped\": 3}",
        "s.json:2: sped: unknown key \"sped\" (known: name, description, route, seed, rate, createdAt, device, layoutDirection, units, driver, settings, pointsOfInterest, generatedPrompts, timing, start, events)"
      ),
      // A key holding a newline is shown on the line, written `\u{A}`.
      (
        "{\"route\": \"park-loop\",\n \"we\\nird\": 3}",
        #"s.json:2: "we\u{A}ird": unknown key "we\u{A}ird" (known: name, description, route, seed, rate, createdAt, device, layoutDirection, units, driver, settings, pointsOfInterest, generatedPrompts, timing, start, events)"#
      ),
      (
        "{\"route\": \"park-loop\", \"settings\": {\"wa\\rp\": true}}",
        #"s.json:1: "settings.wa\u{D}p": unknown setting "wa\u{D}p" (known: speedometer, speedLimit, prompts, recenterButton, compass, myLocationButton, layoutDirection, header, footer, tripProgressBar, reportIncidentButton, trafficLights, stopSigns, destinationMarkers, scrollGestures, zoomGestures, tiltGestures, rotateGestures, alternateRoutes, mapPadding, headerAccessory)"#
      ),
      ("{\"seed\": 1}", "s.json:1: missing key 'route'"),
      (
        "{\"route\": \"nowhere\"}",
        "s.json:1: route: unknown built-in route \"nowhere\" (known: city-commute, highway, park-loop, old-town, rtl-city, long-haul)"
      ),
      (
        "{\"route\": {\"builtin\": \"nowhere\"}}",
        "s.json:1: route.builtin: unknown built-in route \"nowhere\" (known: city-commute, highway, park-loop, old-town, rtl-city, long-haul)"
      ),
      (
        "{\"route\": \"park-loop\", \"rate\": 20}",
        "s.json:1: rate: rate must be more than 0 and at most 10 ticks per second"
      ),
      (
        "{\"route\": \"park-loop\", \"seed\": -1}",
        "s.json:1: seed: expected an integer in 0...18446744073709551615, found -1"
      ),
      (
        "{\"route\": \"park-loop\", \"device\": \"nokia\"}",
        "s.json:1: device: unknown device profile (known: \(DeviceProfiles.all.map(\.name).joined(separator: ", ")))"
      ),
      (
        "{\"route\": \"park-loop\", \"settings\": {\"speedometer\": \"yes\"}}",
        "s.json:1: settings.speedometer: expected true or false, found a string"
      ),
      (
        "{\"route\": \"park-loop\",\n \"events\": [{\"at\": 5, \"setting\": {\"headerAccessory\": -4}}]}",
        "s.json:2: events[0].setting.headerAccessory: -4.0 is out of range 0.0...2000.0"
      ),
      (
        "{\"route\": \"park-loop\", \"settings\": {\"warp\": true}}",
        "s.json:1: settings.warp: unknown setting \"warp\" (known: speedometer, speedLimit, prompts, recenterButton, compass, myLocationButton, layoutDirection, header, footer, tripProgressBar, reportIncidentButton, trafficLights, stopSigns, destinationMarkers, scrollGestures, zoomGestures, tiltGestures, rotateGestures, alternateRoutes, mapPadding, headerAccessory)"
      ),
      (
        "{\"route\": \"park-loop\", \"events\": [\n{\"at\": 5, \"rotat\": \"landscape\"}]}",
        "s.json:2: events[0].rotat: unknown key \"rotat\" (known: at, rotate, device, splitScreen, resize, setting, pan, recenter, reroute, prompt, speeding, pause, lighting, guidance, navigation)"
      ),
      (
        "{\"route\": \"park-loop\", \"events\": [{\"at\": 5}]}",
        "s.json:1: events[0]: an event needs one action (rotate, device, splitScreen, resize, setting, pan, recenter, reroute, prompt, speeding, pause, lighting, guidance, navigation)"
      ),
      (
        "{\"route\": \"park-loop\", \"events\": [{\"at\": 5, \"recenter\": true, \"lighting\": \"day\"}]}",
        "s.json:1: events[0]: an event has one action, found recenter, lighting"
      ),
      (
        "{\"route\": \"park-loop\", \"events\": [{\"rotate\": \"portrait\"}]}",
        "s.json:1: events[0]: missing key 'at'"
      ),
      (
        "{\"route\": \"park-loop\", \"events\": [{\"at\": 1, \"rotate\": \"sideways\"}]}",
        "s.json:1: events[0].rotate: \"sideways\" is not one of portrait, landscape"
      ),
      (
        "{\"route\": \"park-loop\", \"events\": [{\"at\": 1, \"prompt\": {\"kind\": \"ufo\", \"text\": \"\"}}]}",
        "s.json:1: events[0].prompt.kind: unknown prompt kind \"ufo\" (known: incident, speedCamera, traffic, betterRoute)"
      ),
      (
        "{\"route\": \"park-loop\", \"createdAt\": \"today\"}",
        "s.json:1: createdAt: 'today' is not an ISO 8601 date-time"
      ),
      (
        "{\"route\": \"park-loop\",}",
        "s.json:1: malformed JSON at column 23: expected a quoted key"
      ),
    ]
    for (document, expected) in cases {
      XCTAssertThrowsError(try Scenario.parse(Array(document.utf8), path: "s.json"), expected) {
        error in
        XCTAssertEqual("\(error)", expected)
      }
    }
  }
}
