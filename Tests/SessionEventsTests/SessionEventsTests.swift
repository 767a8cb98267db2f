import JSON
import SessionEvents
import XCTest

/// One payload of every kind (kept here: this target does not depend on TestSupport).
private let samples: [EventPayload] = [
  .navigationEnabled, .navigationDisabled, .guidanceStarted, .recentered,
  .routeSet(RouteInfo(
    routeID: "r", totalDistance: 10.5, totalDuration: 60, legs: 1, steps: 3, alternateRoutes: 0)),
  .routeChanged(.alternateChosen), .guidanceStopped(.cancelled), .arrived(waypointIndex: 2),
  .progress(Progress(
    distanceTravelled: 1, distanceRemaining: 2.5, timeRemaining: 3, stepIndex: 4,
    distanceToNextManeuver: 5, maneuver: "roundabout", roadName: "A \"B\"\t\\ Ç 🚗",
    latitude: -33.8688, longitude: 151.2093, course: 359.99, delay: .heavy)),
  .speed(SpeedReport(speed: nil, speedLimit: nil, severity: .unknown, speedingPercentage: -1)),
  .speed(SpeedReport(speed: 30, speedLimit: 27.8, severity: .minor, speedingPercentage: 7.9)),
  .promptReady(Prompt(promptID: 3, kind: .traffic, text: "Heavy traffic\u{1}")),
  .promptDismissed(promptID: 3),
  .mapResized(MapGeometry(width: 852, height: 393, safeTop: 0, safeLeading: 59, safeBottom: 21,
                          safeTrailing: 59)),
  .settingChanged(SettingChange(name: .prompts, value: .bool(false))),
  .settingChanged(SettingChange(name: .tripProgressBar, value: .bool(true))),
  .settingChanged(SettingChange(name: Setting(rawValue: "speedMultiplier"), value: .number(2))),
  .settingChanged(SettingChange(name: .alternateRoutes, value: .text("one"))),
  .camera(CameraState(mode: .overview, bearing: 0, tilt: 0, zoom: 12.25)),
  .userPanned(dx: 1e-7, dy: -1e21), .lightingChanged(.day), .mark(text: "tunnel \"A\"\n"),
  .waypoint(RecordedWaypoint(index: 0, title: "Café \"Z\"", latitude: -33.8688, longitude: 151.2093)),
  .waypoint(RecordedWaypoint(index: 1, title: "", placeID: "ChIJ\t1", latitude: nil, longitude: nil)),
  .routeStatus(status: "travelModeUnsupported"),
  .routeLeg(RecordedRouteLeg(
    index: 1, latitude: 53.4875, longitude: -2.2901, drivingSide: .left,
    path: [PathPoint(latitude: 53.48, longitude: -2.29), PathPoint(latitude: 53.4875, longitude: -2.2901)])),
  .routeLeg(RecordedRouteLeg(index: 0, latitude: 0, longitude: 0, drivingSide: .none, path: [])),
  .routeStep(RecordedStep(
    index: 5, leg: 1, maneuver: "roundabout-left", roadName: "Crescent \"A6\"",
    instruction: "Enter the roundabout and take the 1st exit onto Crescent.",
    distanceFromPrevStep: 120.5, timeFromPrevStep: 14, roundaboutTurnNumber: 1)),
  .stepDetail(RecordedStepDetail(
    index: 5, exitNumber: "12A",
    lanes: [
      RecordedLane([RecordedLaneDirection(.normalLeft)]),
      RecordedLane([RecordedLaneDirection(.straight, recommended: true),
                    RecordedLaneDirection(.slightRight, recommended: true)]),
    ])),
  .stepDetail(RecordedStepDetail(index: 6)),
  .viewSize(RecordedViewSize(
    view: "prompt#3", width: 361.5, height: 124, marginTop: 8, marginLeading: 12, marginBottom: 0,
    marginTrailing: 4)),
  .viewSize(RecordedViewSize(view: "turnCard", width: nil, height: 112, margin: 8)),
]

final class SessionEventsTests: XCTestCase {
  // MARK: - Vocabulary

  func testSamplesCoverEveryKind() {
    XCTAssertEqual(Set(samples.map(\.kind)), Set(EventKind.allCases))
  }

  func testKindCodesAreStable() {
    // Stored in every log: renumbering would misread old recordings.
    XCTAssertEqual(
      EventKind.allCases.map { "\($0.code):\($0.rawValue)" },
      [
        "1:navigationEnabled", "2:navigationDisabled", "3:routeSet", "4:routeChanged",
        "5:guidanceStarted", "6:guidanceStopped", "7:arrived", "8:progress", "9:speed",
        "10:promptReady", "11:promptDismissed", "12:mapResized", "13:settingChanged",
        "14:camera", "15:userPanned", "16:recentered", "17:lightingChanged",
        "18:mark", "19:waypoint", "20:routeStatus", "21:routeLeg", "22:routeStep", "23:stepDetail",
        "24:viewSize",
      ])
    for kind in EventKind.allCases { XCTAssertEqual(EventKind(code: kind.code), kind) }
  }

  // MARK: - Storage form

  func testEveryPayloadRoundTripsThroughItsStoredForm() throws {
    for payload in samples {
      XCTAssertEqual(try EventPayload(kind: payload.kind, stored: payload.stored), payload)
    }
  }

  func testStoredFormUsesExactlyTheSlotsOfTheTable() {
    for payload in samples {
      let stored = payload.stored
      var tableSlots = Set<StoredSlot>()
      for field in payload.kind.storedFields {
        switch field.type {
        case .settingValue(let typeSlot, let numberSlot, let textSlot):
          tableSlots.formUnion([typeSlot, numberSlot, textSlot])
        default: tableSlots.insert(field.slot)
        }
      }
      for slot in StoredSlot.allCases {
        let used = slot.isNumeric ? stored.number(slot) != nil : stored.text(slot) != nil
        if used {
          XCTAssertTrue(tableSlots.contains(slot), "\(payload.kind) uses \(slot) off the table")
        }
      }
      for field in payload.kind.storedFields where field.type == .integer {
        guard case .integer? = stored.number(field.slot) else {
          return XCTFail("\(payload.kind).\(field.name) must be stored as an integer")
        }
      }
    }
  }

  func testNoTwoFieldsShareASlot() {
    for kind in EventKind.allCases {
      let slots = kind.storedFields.map(\.slot)
      XCTAssertEqual(Set(slots).count, slots.count, "\(kind)")
      XCTAssertEqual(Set(kind.storedFields.map(\.name)).count, slots.count, "\(kind)")
    }
  }

  func testMissingStoredFieldIsNamed() {
    var stored = samples[8].stored  // progress
    stored.n6 = nil
    XCTAssertThrowsError(try EventPayload(kind: .progress, stored: stored)) { error in
      XCTAssertEqual("\(error)", "progress.latitude: missing")
    }
    XCTAssertThrowsError(
      try EventPayload(kind: .lightingChanged, stored: StoredPayload(s1: "dusk"))
    ) { error in
      XCTAssertEqual("\(error)", "lightingChanged.mode: unknown value \"dusk\" (known: day, night)")
    }
  }

  func testGuidanceKindsReadAndRefuseTheirTexts() throws {
    let detail = try XCTUnwrap(samples.first { $0.kind == .stepDetail })
    XCTAssertEqual(detail.stored.s2, "normalLeft|straight*,slightRight*")
    XCTAssertEqual(detail.stored.s1, "12A")
    XCTAssertEqual(EventPayload.stepDetail(RecordedStepDetail(index: 6)).stored.s2, "")
    XCTAssertThrowsError(
      try EventPayload(kind: .stepDetail, stored: StoredPayload(n1: .integer(1), s1: "", s2: "straight|left"))
    ) { error in
      XCTAssertEqual(
        "\(error)",
        "stepDetail.lanes: lane 2: unknown direction \"left\" (known: unknown, straight, slightLeft, "
          + "slightRight, normalLeft, normalRight, sharpLeft, sharpRight, uTurnLeft, uTurnRight, "
          + "'*' after one marks it recommended)")
    }
    XCTAssertThrowsError(
      try EventPayload(kind: .stepDetail, stored: StoredPayload(n1: .integer(1), s1: "", s2: "straight||straight"))
    ) { error in XCTAssertTrue("\(error)".hasPrefix("stepDetail.lanes: lane 2: unknown direction \"\"")) }
    var leg = try XCTUnwrap(samples.first { $0.kind == .routeLeg }).stored
    XCTAssertEqual(
      try EncodedPolyline.decode(XCTUnwrap(leg.s2)),
      [PathPoint(latitude: 53.48, longitude: -2.29), PathPoint(latitude: 53.4875, longitude: -2.2901)])
    leg.s2 = "_p~iF~ps|U_ulL"
    XCTAssertThrowsError(try EventPayload(kind: .routeLeg, stored: leg)) { error in
      XCTAssertEqual(
        "\(error)", "routeLeg.path: not an encoded polyline (character 14: a latitude without its longitude)")
    }
    XCTAssertEqual(
      RecordedStep.instruction(maneuver: "turn-slight-right", road: "Seestrasse"),
      "Turn slight right onto Seestrasse")
    XCTAssertEqual(RecordedStep.instruction(maneuver: "arrive", road: ""), "Arrive")
  }

  func testNonFiniteValuesAreFound() {
    XCTAssertNil(samples[8].nonFiniteField)
    XCTAssertEqual(EventPayload.userPanned(dx: 0, dy: .nan).nonFiniteField, "dy")
    XCTAssertEqual(
      EventPayload.settingChanged(SettingChange(name: .compass, value: .number(.infinity)))
        .nonFiniteField, "value")
  }

  // MARK: - JSON

  /// Why `line` is not an event, or "no error".
  private func problem(_ line: String) -> String {
    do {
      _ = try SessionEvent(json: JSONValue(parsing: line))
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  func testEveryEventRoundTripsThroughJSON() throws {
    for (index, payload) in samples.enumerated() {
      let event = SessionEvent(seq: Int64(index + 1), t: Int64(index) * 1000, payload: payload)
      let line = event.jsonLine
      XCTAssertFalse(line.contains("\n"), line)
      XCTAssertEqual(try SessionEvent(json: JSONValue(parsing: line)), event, line)
    }
  }

  func testJSONIsReadableAndInTableOrder() {
    let event = SessionEvent(seq: 3, t: 1500, payload: samples[10])
    XCTAssertEqual(
      event.jsonLine,
      #"{"seq":3,"t":1500,"kind":"speed","payload":{"speed":30.0,"speedLimit":27.8,"#
        + #""severity":"minor","speedingPercentage":7.9}}"#)
    XCTAssertEqual(
      samples[8].jsonText,
      #"{"distanceTravelled":1.0,"distanceRemaining":2.5,"timeRemaining":3.0,"stepIndex":4,"#
        + #""distanceToNextManeuver":5.0,"maneuver":"roundabout","#
        + #""roadName":"A \"B\"\t\\ Ç 🚗","latitude":-33.8688,"longitude":151.2093,"#
        + #""course":359.99,"delay":"heavy"}"#)
    XCTAssertEqual(samples[9].jsonText, #"{"speed":null,"speedLimit":null,"#
      + #""severity":"unknown","speedingPercentage":-1.0}"#)
    XCTAssertEqual(samples[14].jsonText, #"{"name":"prompts","value":false}"#)
    XCTAssertEqual(EventPayload.recentered.jsonText, "{}")
  }

  func testBadJSONEventsNameTheProblem() {
    XCTAssertEqual(problem(#"{"seq":1,"t":0,"kind":"teleported","payload":{}}"#),
                   "unknown event kind \"teleported\"")
    XCTAssertEqual(problem(#"{"seq":1,"t":0,"kind":"arrived","payload":{}}"#),
                   "arrived payload is missing 'waypointIndex'")
    XCTAssertEqual(problem(#"{"seq":1,"t":0,"kind":"arrived","payload":{"waypointIndex":"x"}}"#),
                   "'arrived.waypointIndex' must be an integer, found a string")
    XCTAssertEqual(
      problem(#"{"seq":1,"t":0,"kind":"arrived","payload":{"waypointIndex":1,"extra":2}}"#),
      "unknown arrived field \"extra\"")
    XCTAssertEqual(problem(#"{"seq":1.5,"t":0,"kind":"recentered"}"#),
                   "'seq' must be an integer, found a number")
    XCTAssertEqual(problem(#"{"t":0,"kind":"recentered"}"#), "missing key 'seq'")
    XCTAssertEqual(problem(#"{"seq":1,"t":0,"kind":"recentered","when":1}"#),
                   "unknown key \"when\"")
    XCTAssertEqual(problem(#"{"seq":1,"t":0,"kind":"camera","payload":{"mode":"x","#
                           + #""bearing":0,"tilt":0,"zoom":1}}"#),
                   "camera.mode: unknown value \"x\" (known: following, free, overview)")
    XCTAssertEqual(problem(#"[1]"#), "expected an event object, found an array")
  }

  func testMessagesShowAGivenTextOnOneLineWithItsBytes() throws {
    // A newline, a combining accent and a precomposed letter: each written `\u{…}`.
    XCTAssertEqual(problem(#"{"seq":1,"t":0,"kind":"recentered","wh\nen":1}"#),
                   #"unknown key "wh\u{A}en""#)
    XCTAssertEqual(problem(#"{"seq":1,"t":0,"kind":"tele\nport","payload":{}}"#),
                   #"unknown event kind "tele\u{A}port""#)
    XCTAssertEqual(
      problem(#"{"seq":1,"t":0,"kind":"arrived","payload":{"waypointIndex":1,"e\u0301x":2}}"#),
      #"unknown arrived field "e\u{301}x""#)
    XCTAssertEqual(problem(#"{"seq":1,"t":0,"kind":"camera","payload":{"mode":"fr\u00e9e\n","#
                           + #""bearing":0,"tilt":0,"zoom":1}}"#),
                   #"camera.mode: unknown value "fr\u{E9}e\u{A}" (known: following, free, overview)"#)
    var setting = EventPayload.settingChanged(SettingChange(name: .prompts, value: .bool(false)))
      .stored
    setting.s2 = "bo\nol"
    XCTAssertThrowsError(try EventPayload(kind: .settingChanged, stored: setting)) { error in
      XCTAssertEqual(
        "\(error)", #"settingChanged.value: unknown value type "bo\u{A}ol" (bool, number, text)"#)
    }
    let lanes = StoredPayload(n1: .integer(1), s1: "", s2: "straight|le\nft")
    XCTAssertThrowsError(try EventPayload(kind: .stepDetail, stored: lanes)) { error in
      XCTAssertTrue(
        "\(error)".hasPrefix(#"stepDetail.lanes: lane 2: unknown direction "le\u{A}ft" (known: "#),
        "\(error)")
    }
    var leg = try XCTUnwrap(samples.first { $0.kind == .routeLeg }).stored
    for (path, shown) in [("_p~iF\n", #""\u{A}""#), ("_p~iF\u{E9}", #""\u{E9}""#)] {
      leg.s2 = path
      XCTAssertThrowsError(try EventPayload(kind: .routeLeg, stored: leg)) { error in
        XCTAssertEqual(
          "\(error)",
          "routeLeg.path: not an encoded polyline (character 5: character \(shown) is not part "
            + "of an encoded polyline)")
      }
    }
  }

  // MARK: - JSON syntax

  func testParserReadsEscapesUnicodeAndNumbers() throws {
    let value = try JSONValue(
      parsing: #" {"a": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude97", "b": [1, -2.5e3, true, null]} "#)
    XCTAssertEqual(value["a"], .string("x\"\\/\u{8}\u{c}\n\r\té🚗"))
    XCTAssertEqual(value["b"], .array([.number("1"), .number("-2.5e3"), .bool(true), .null]))
  }

  func testParserReportsTheColumnOfTheFirstProblem() {
    let cases: [(String, Int, String)] = [
      (#"{"a":1,}"#, 8, "expected a quoted key"),
      (#"{"a" 1}"#, 6, "expected ':' after key \"a\""),
      (#"[01]"#, 4, "leading zero in a number"),
      (#""abc"#, 5, "unterminated string"),
      (#"{"a":tru}"#, 6, "expected 'true'"),
      (#"{} x"#, 4, "unexpected text after the value"),
      (#""\ud800""#, 8, "unpaired surrogate in \u{5c}u escape"),
      ("", 1, "unexpected end of text"),
    ]
    for (text, column, message) in cases {
      XCTAssertThrowsError(try JSONValue(parsing: text), text) { error in
        XCTAssertEqual(error as? JSONSyntaxError, JSONSyntaxError(column: column, message: message),
                       text)
      }
    }
  }

  func testDocumentValuesKnowTheirLines() throws {
    let text = "\u{FEFF}{\n  \"route\": \"city\",\n  \"events\": [\n    {\"at\": 30},\n    7\n  ],\n"
      + "  \"route\": \"park\"\n}\n"
    let document = try JSONDocumentValue(parsing: Array(text.utf8))
    XCTAssertEqual(document.line, 1)
    XCTAssertEqual(document["route"]?.stringValue, "park", "the last of a repeated key")
    XCTAssertEqual(document["route"]?.line, 7)
    let events = try XCTUnwrap(document["events"]?.arrayValues)
    XCTAssertEqual(events.map(\.line), [4, 5])
    XCTAssertEqual(events[0]["at"]?.doubleValue, 30)
  }

  func testDocumentErrorsNameLineAndColumnAsRecordsDo() {
    let text = "{\n  \"a\": 1,\n  \"b\": [1, 2,]\n}"
    XCTAssertThrowsError(try JSONDocumentValue(parsing: Array(text.utf8))) { error in
      XCTAssertEqual(
        error as? JSONSyntaxError,
        JSONSyntaxError(line: 3, column: 14, message: "unexpected character ']'"))
    }
    XCTAssertThrowsError(try JSONValue(parsing: "{\"b\": [1, 2,]}")) { error in
      XCTAssertEqual(
        error as? JSONSyntaxError, JSONSyntaxError(column: 13, message: "unexpected character ']'"))
    }
  }

  func testWriterEscapesControlCharacters() {
    var writer = JSONWriter()
    writer.string("a\u{1}b\"")
    XCTAssertEqual(writer.output, #""a\u0001b\"""#)
  }
}

/// The `viewSize` kind (schema 5): which view, its size, its margins.
final class ViewSizeEventTests: XCTestCase {
  func testAPromptIsNamedByItsIDOnly() {
    XCTAssertEqual(RecordedViewSize.promptView(id: 12), "prompt#12")
    XCTAssertEqual(RecordedViewSize(view: "prompt#12", width: nil, height: 90).promptID, 12)
    XCTAssertNil(RecordedViewSize(view: "speedWidget", width: 64, height: 64).promptID)
    XCTAssertNil(RecordedViewSize(view: "prompt#x", width: 64, height: 64).promptID)
  }

  func testNoIntrinsicMetricIsStoredAsNullAndReadBack() throws {
    let payload = EventPayload.viewSize(
      RecordedViewSize(view: "etaCard", width: nil, height: 72, margin: 8))
    XCTAssertNil(payload.stored.n1)
    XCTAssertEqual(try EventPayload(kind: .viewSize, stored: payload.stored), payload)
  }

  func testAnEmptyViewNameOrANegativeSizeIsRefusedByName() {
    var stored = EventPayload.viewSize(
      RecordedViewSize(view: "turnCard", width: 300, height: 112, margin: 8)
    ).stored
    stored.s1 = ""
    XCTAssertThrowsError(try EventPayload(kind: .viewSize, stored: stored)) { error in
      XCTAssertEqual("\(error)", "viewSize.view: empty (an SDK view's name, e.g. turnCard)")
    }
    stored.s1 = "turnCard"
    stored.n2 = .real(-1)
    XCTAssertThrowsError(try EventPayload(kind: .viewSize, stored: stored)) { error in
      XCTAssertEqual("\(error)", "viewSize.height: -1.0 is negative")
    }
    stored.n2 = .real(112)
    stored.n4 = nil
    XCTAssertThrowsError(try EventPayload(kind: .viewSize, stored: stored)) { error in
      XCTAssertEqual("\(error)", "viewSize.marginLeading: missing")
    }
  }
}
