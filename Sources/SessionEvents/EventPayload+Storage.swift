// The mapping between payloads and their storage slots (format version 1; see
// StoredPayload.swift for the rules that keep it stable).

import TextBytes

// MARK: - The slot table

extension EventKind {
  /// The fields of this kind's payload, in JSON order, and the slot each is stored in.
  ///
  /// This table is the documentation of the storage format: the SQL view and JSON are built
  /// from it, and tests check that `EventPayload.stored` follows it. Append-only.
  /// - Complexity: O(1) (a cached table).
  @inline(__always)
  public var storedFields: [StoredField] { Self.fieldTable[code] }

  /// `fields` of every kind, indexed by code.
  private static let fieldTable: [[StoredField]] = {
    var table = [[StoredField]](repeating: [], count: (allCases.map(\.code).max() ?? 0) + 1)
    for kind in allCases { table[kind.code] = kind.fields }
    return table
  }()

  private var fields: [StoredField] {
    switch self {
    case .navigationEnabled, .navigationDisabled, .guidanceStarted, .recentered: []
    case .routeSet:
      [
        StoredField("routeID", .s1, .text), StoredField("totalDistance", .n1, .real),
        StoredField("totalDuration", .n2, .real), StoredField("legs", .n3, .integer),
        StoredField("steps", .n4, .integer), StoredField("alternateRoutes", .n5, .integer),
      ]
    case .routeChanged, .guidanceStopped: [StoredField("reason", .s1, .text)]
    case .arrived: [StoredField("waypointIndex", .n1, .integer)]
    case .progress:
      [
        StoredField("distanceTravelled", .n1, .real),
        StoredField("distanceRemaining", .n2, .real),
        StoredField("timeRemaining", .n3, .real), StoredField("stepIndex", .n4, .integer),
        StoredField("distanceToNextManeuver", .n5, .real),
        StoredField("maneuver", .s1, .text), StoredField("roadName", .s2, .text),
        StoredField("latitude", .n6, .real), StoredField("longitude", .n7, .real),
        StoredField("course", .n8, .real), StoredField("delay", .s3, .text),
      ]
    case .speed:
      [
        StoredField("speed", .n1, .optionalReal), StoredField("speedLimit", .n2, .optionalReal),
        StoredField("severity", .s1, .text), StoredField("speedingPercentage", .n3, .real),
      ]
    case .promptReady:
      [
        StoredField("promptID", .n1, .integer), StoredField("kind", .s1, .text),
        StoredField("text", .s2, .text),
      ]
    case .promptDismissed: [StoredField("promptID", .n1, .integer)]
    case .mapResized:
      [
        StoredField("width", .n1, .real), StoredField("height", .n2, .real),
        StoredField("safeTop", .n3, .real), StoredField("safeLeading", .n4, .real),
        StoredField("safeBottom", .n5, .real), StoredField("safeTrailing", .n6, .real),
      ]
    case .settingChanged:
      [
        StoredField("name", .s1, .text),
        StoredField("value", .s2, .settingValue(typeSlot: .s2, numberSlot: .n1, textSlot: .s3)),
      ]
    case .camera:
      [
        StoredField("mode", .s1, .text), StoredField("bearing", .n1, .real),
        StoredField("tilt", .n2, .real), StoredField("zoom", .n3, .real),
      ]
    case .userPanned: [StoredField("dx", .n1, .real), StoredField("dy", .n2, .real)]
    case .lightingChanged: [StoredField("mode", .s1, .text)]
    case .mark: [StoredField("text", .s1, .text)]
    case .waypoint:
      [
        StoredField("index", .n1, .integer), StoredField("title", .s1, .text),
        StoredField("placeID", .s2, .text), StoredField("latitude", .n2, .optionalReal),
        StoredField("longitude", .n3, .optionalReal),
      ]
    case .routeStatus: [StoredField("status", .s1, .text)]
    case .routeLeg:
      [
        StoredField("index", .n1, .integer), StoredField("latitude", .n2, .real),
        StoredField("longitude", .n3, .real), StoredField("drivingSide", .s1, .text),
        StoredField("path", .s2, .text),
      ]
    case .routeStep:
      [
        StoredField("index", .n1, .integer), StoredField("leg", .n2, .integer),
        StoredField("maneuver", .s1, .text), StoredField("roadName", .s2, .text),
        StoredField("instruction", .s3, .text),
        StoredField("distanceFromPrevStep", .n3, .real),
        StoredField("timeFromPrevStep", .n4, .real),
        StoredField("roundaboutTurnNumber", .n5, .integer),
      ]
    case .stepDetail:
      [
        StoredField("index", .n1, .integer), StoredField("exitNumber", .s1, .text),
        StoredField("lanes", .s2, .text),
      ]
    case .viewSize:
      [
        StoredField("view", .s1, .text), StoredField("width", .n1, .optionalReal),
        StoredField("height", .n2, .optionalReal), StoredField("marginTop", .n3, .real),
        StoredField("marginLeading", .n4, .real), StoredField("marginBottom", .n5, .real),
        StoredField("marginTrailing", .n6, .real),
      ]
    }
  }
}

// MARK: - Encoding

extension EventPayload {
  /// The payload in its storage form. Hand-written per kind: no reflection, no allocation
  /// beyond the payload's own strings.
  /// - Complexity: O(1).
  public var stored: StoredPayload {
    switch self {
    case .navigationEnabled, .navigationDisabled, .guidanceStarted, .recentered:
      return StoredPayload()
    case .routeSet(let route):
      return StoredPayload(
        n1: .real(route.totalDistance), n2: .real(route.totalDuration),
        n3: .integer(Int64(route.legs)), n4: .integer(Int64(route.steps)),
        n5: .integer(Int64(route.alternateRoutes)), s1: route.routeID)
    case .routeChanged(let reason):
      return StoredPayload(s1: reason.rawValue)
    case .guidanceStopped(let reason):
      return StoredPayload(s1: reason.rawValue)
    case .arrived(let waypointIndex):
      return StoredPayload(n1: .integer(Int64(waypointIndex)))
    case .progress(let progress):
      return StoredPayload(
        n1: .real(progress.distanceTravelled), n2: .real(progress.distanceRemaining),
        n3: .real(progress.timeRemaining), n4: .integer(Int64(progress.stepIndex)),
        n5: .real(progress.distanceToNextManeuver), n6: .real(progress.latitude),
        n7: .real(progress.longitude), n8: .real(progress.course), s1: progress.maneuver,
        s2: progress.roadName, s3: progress.delay.rawValue)
    case .speed(let report):
      return StoredPayload(
        n1: report.speed.map(StoredNumber.real), n2: report.speedLimit.map(StoredNumber.real),
        n3: .real(report.speedingPercentage), s1: report.severity.rawValue)
    case .promptReady(let prompt):
      return StoredPayload(
        n1: .integer(Int64(prompt.promptID)), s1: prompt.kind.rawValue, s2: prompt.text)
    case .promptDismissed(let promptID):
      return StoredPayload(n1: .integer(Int64(promptID)))
    case .mapResized(let geometry):
      return StoredPayload(
        n1: .real(geometry.width), n2: .real(geometry.height), n3: .real(geometry.safeTop),
        n4: .real(geometry.safeLeading), n5: .real(geometry.safeBottom),
        n6: .real(geometry.safeTrailing))
    case .settingChanged(let change):
      switch change.value {
      case .bool(let flag):
        return StoredPayload(n1: .integer(flag ? 1 : 0), s1: change.name.rawValue, s2: "bool")
      case .number(let number):
        return StoredPayload(n1: .real(number), s1: change.name.rawValue, s2: "number")
      case .text(let text):
        return StoredPayload(s1: change.name.rawValue, s2: "text", s3: text)
      }
    case .camera(let camera):
      return StoredPayload(
        n1: .real(camera.bearing), n2: .real(camera.tilt), n3: .real(camera.zoom),
        s1: camera.mode.rawValue)
    case .userPanned(let dx, let dy):
      return StoredPayload(n1: .real(dx), n2: .real(dy))
    case .lightingChanged(let mode):
      return StoredPayload(s1: mode.rawValue)
    case .mark(let text):
      return StoredPayload(s1: text)
    case .waypoint(let waypoint):
      return StoredPayload(
        n1: .integer(Int64(waypoint.index)), n2: waypoint.latitude.map(StoredNumber.real),
        n3: waypoint.longitude.map(StoredNumber.real), s1: waypoint.title, s2: waypoint.placeID)
    case .routeStatus(let status):
      return StoredPayload(s1: status)
    case .routeLeg(let leg):
      return StoredPayload(
        n1: .integer(Int64(leg.index)), n2: .real(leg.latitude), n3: .real(leg.longitude),
        s1: leg.drivingSide.rawValue, s2: leg.encodedPath)
    case .routeStep(let step):
      return StoredPayload(
        n1: .integer(Int64(step.index)), n2: .integer(Int64(step.leg)),
        n3: .real(step.distanceFromPrevStep), n4: .real(step.timeFromPrevStep),
        n5: .integer(Int64(step.roundaboutTurnNumber)), s1: step.maneuver, s2: step.roadName,
        s3: step.instruction)
    case .stepDetail(let detail):
      return StoredPayload(
        n1: .integer(Int64(detail.index)), s1: detail.exitNumber ?? "",
        s2: RecordedStepDetail.lanesText(detail.lanes))
    case .viewSize(let size):
      return StoredPayload(
        n1: size.width.map(StoredNumber.real), n2: size.height.map(StoredNumber.real),
        n3: .real(size.marginTop), n4: .real(size.marginLeading), n5: .real(size.marginBottom),
        n6: .real(size.marginTrailing), s1: size.view)
    }
  }

  /// The name of the first field holding NaN or an infinity, if any. Such values have no JSON
  /// form and SQLite stores NaN as NULL, so logs refuse them.
  public var nonFiniteField: String? { stored.nonFiniteField(of: kind) }
}

extension StoredPayload {
  /// The name of the first field of `kind` whose slot holds NaN or an infinity, if any.
  /// - Complexity: O(1); the field table is consulted only when a value is not finite.
  @inline(__always)
  public func nonFiniteField(of kind: EventKind) -> String? {
    guard let slot = firstNonFiniteSlot else { return nil }
    return kind.storedFields.first { field in
      if case .settingValue(_, let numberSlot, _) = field.type { return numberSlot == slot }
      return field.slot == slot
    }?.name ?? slot.rawValue
  }

  private var firstNonFiniteSlot: StoredSlot? {
    func bad(_ number: StoredNumber?) -> Bool {
      if case .real(let value)? = number { return !value.isFinite }
      return false
    }
    if bad(n1) { return .n1 }
    if bad(n2) { return .n2 }
    if bad(n3) { return .n3 }
    if bad(n4) { return .n4 }
    if bad(n5) { return .n5 }
    if bad(n6) { return .n6 }
    if bad(n7) { return .n7 }
    if bad(n8) { return .n8 }
    return nil
  }
}

// MARK: - Decoding

extension EventPayload {
  /// Rebuilds a payload of `kind` from its storage form.
  /// - Throws: `PayloadDecodingError` naming the field that is missing or malformed.
  /// - Complexity: O(1).
  public init(kind: EventKind, stored: borrowing StoredPayload) throws(PayloadDecodingError) {
    let slots = SlotReader(kind: kind)
    switch kind {
    case .navigationEnabled: self = .navigationEnabled
    case .navigationDisabled: self = .navigationDisabled
    case .guidanceStarted: self = .guidanceStarted
    case .recentered: self = .recentered
    case .routeSet:
      self = .routeSet(
        RouteInfo(
          routeID: try slots.text(stored.s1, "routeID"),
          totalDistance: try slots.real(stored.n1, "totalDistance"),
          totalDuration: try slots.real(stored.n2, "totalDuration"),
          legs: try slots.integer(stored.n3, "legs"), steps: try slots.integer(stored.n4, "steps"),
          alternateRoutes: try slots.integer(stored.n5, "alternateRoutes")))
    case .routeChanged:
      self = .routeChanged(try slots.enumeration(stored.s1, "reason"))
    case .guidanceStopped:
      self = .guidanceStopped(try slots.enumeration(stored.s1, "reason"))
    case .arrived:
      self = .arrived(waypointIndex: try slots.integer(stored.n1, "waypointIndex"))
    case .progress:
      self = .progress(
        Progress(
          distanceTravelled: try slots.real(stored.n1, "distanceTravelled"),
          distanceRemaining: try slots.real(stored.n2, "distanceRemaining"),
          timeRemaining: try slots.real(stored.n3, "timeRemaining"),
          stepIndex: try slots.integer(stored.n4, "stepIndex"),
          distanceToNextManeuver: try slots.real(stored.n5, "distanceToNextManeuver"),
          maneuver: try slots.text(stored.s1, "maneuver"),
          roadName: try slots.text(stored.s2, "roadName"),
          latitude: try slots.real(stored.n6, "latitude"),
          longitude: try slots.real(stored.n7, "longitude"),
          course: try slots.real(stored.n8, "course"),
          delay: try slots.frequent(stored.s3, "delay", DelayCategory.byName)))
    case .speed:
      self = .speed(
        SpeedReport(
          speed: stored.n1?.doubleValue, speedLimit: stored.n2?.doubleValue,
          severity: try slots.frequent(stored.s1, "severity", SpeedAlertSeverity.byName),
          speedingPercentage: try slots.real(stored.n3, "speedingPercentage")))
    case .promptReady:
      self = .promptReady(
        Prompt(
          promptID: try slots.integer(stored.n1, "promptID"),
          kind: PromptKind(rawValue: try slots.text(stored.s1, "kind")),
          text: try slots.text(stored.s2, "text")))
    case .promptDismissed:
      self = .promptDismissed(promptID: try slots.integer(stored.n1, "promptID"))
    case .mapResized:
      self = .mapResized(
        MapGeometry(
          width: try slots.real(stored.n1, "width"), height: try slots.real(stored.n2, "height"),
          safeTop: try slots.real(stored.n3, "safeTop"),
          safeLeading: try slots.real(stored.n4, "safeLeading"),
          safeBottom: try slots.real(stored.n5, "safeBottom"),
          safeTrailing: try slots.real(stored.n6, "safeTrailing")))
    case .settingChanged:
      let name = Setting(rawValue: try slots.text(stored.s1, "name"))
      let value: SettingValue
      switch try slots.text(stored.s2, "value") {
      case "bool":
        switch try slots.integer(stored.n1, "value") {
        case 0: value = .bool(false)
        case 1: value = .bool(true)
        case let other: throw slots.error("value", "bool stored as \(other), expected 0 or 1")
        }
      case "number": value = .number(try slots.real(stored.n1, "value"))
      case "text": value = .text(try slots.text(stored.s3, "value"))
      case let other:
        throw slots.error("value", "unknown value type \(other.visiblyQuoted) (bool, number, text)")
      }
      self = .settingChanged(SettingChange(name: name, value: value))
    case .camera:
      self = .camera(
        CameraState(
          mode: try slots.enumeration(stored.s1, "mode"),
          bearing: try slots.real(stored.n1, "bearing"), tilt: try slots.real(stored.n2, "tilt"),
          zoom: try slots.real(stored.n3, "zoom")))
    case .userPanned:
      self = .userPanned(dx: try slots.real(stored.n1, "dx"), dy: try slots.real(stored.n2, "dy"))
    case .lightingChanged:
      self = .lightingChanged(try slots.enumeration(stored.s1, "mode"))
    case .mark:
      self = .mark(text: try slots.text(stored.s1, "text"))
    case .waypoint:
      self = .waypoint(
        RecordedWaypoint(
          index: try slots.integer(stored.n1, "index"), title: try slots.text(stored.s1, "title"),
          placeID: try slots.text(stored.s2, "placeID"), latitude: stored.n2?.doubleValue,
          longitude: stored.n3?.doubleValue))
    case .routeStatus:
      self = .routeStatus(status: try slots.text(stored.s1, "status"))
    case .routeLeg:
      let path = try slots.text(stored.s2, "path")
      do {
        _ = try EncodedPolyline.decode(path)
      } catch {
        throw slots.error(
          "path", "not an encoded polyline (character \(error.offset): \(error.message))")
      }
      self = .routeLeg(
        RecordedRouteLeg(
          index: try slots.integer(stored.n1, "index"),
          latitude: try slots.real(stored.n2, "latitude"),
          longitude: try slots.real(stored.n3, "longitude"),
          drivingSide: try slots.enumeration(stored.s1, "drivingSide"), encodedPath: path))
    case .routeStep:
      self = .routeStep(
        RecordedStep(
          index: try slots.integer(stored.n1, "index"), leg: try slots.integer(stored.n2, "leg"),
          maneuver: try slots.text(stored.s1, "maneuver"),
          roadName: try slots.text(stored.s2, "roadName"),
          instruction: try slots.text(stored.s3, "instruction"),
          distanceFromPrevStep: try slots.real(stored.n3, "distanceFromPrevStep"),
          timeFromPrevStep: try slots.real(stored.n4, "timeFromPrevStep"),
          roundaboutTurnNumber: try slots.integer(stored.n5, "roundaboutTurnNumber")))
    case .stepDetail:
      let exitNumber = try slots.text(stored.s1, "exitNumber")
      let lanes: [RecordedLane]?
      switch RecordedStepDetail.lanes(fromText: try slots.text(stored.s2, "lanes")) {
      case .success(let value): lanes = value
      case .failure(let error): throw slots.error("lanes", error.message)
      }
      self = .stepDetail(
        RecordedStepDetail(
          index: try slots.integer(stored.n1, "index"),
          exitNumber: exitNumber.isEmpty ? nil : exitNumber, lanes: lanes))
    case .viewSize:
      let view = try slots.text(stored.s1, "view")
      if view.isEmpty { throw slots.error("view", "empty (an SDK view's name, e.g. turnCard)") }
      let width = stored.n1?.doubleValue
      let height = stored.n2?.doubleValue
      for (name, value) in [("width", width), ("height", height)] {
        if let value, value < 0 { throw slots.error(name, "\(value) is negative") }
      }
      self = .viewSize(
        RecordedViewSize(
          view: view, width: width, height: height,
          marginTop: try slots.real(stored.n3, "marginTop"),
          marginLeading: try slots.real(stored.n4, "marginLeading"),
          marginBottom: try slots.real(stored.n5, "marginBottom"),
          marginTrailing: try slots.real(stored.n6, "marginTrailing")))
    }
  }
}

/// Reads required slots, throwing an error that names the field.
private struct SlotReader {
  let kind: EventKind

  func error(_ field: String, _ problem: String) -> PayloadDecodingError {
    PayloadDecodingError(kind: kind, field: field, problem: problem)
  }

  @inline(__always)
  func real(_ number: StoredNumber?, _ field: String) throws(PayloadDecodingError) -> Double {
    guard let number else { throw error(field, "missing") }
    return number.doubleValue
  }

  @inline(__always)
  func integer(_ number: StoredNumber?, _ field: String) throws(PayloadDecodingError) -> Int {
    switch number {
    case .integer(let value)?:
      guard let result = Int(exactly: value) else { throw error(field, "\(value) out of range") }
      return result
    case .real(let value)?:
      guard let result = Int(exactly: value) else {
        throw error(field, "\(value) is not an integer")
      }
      return result
    case nil: throw error(field, "missing")
    }
  }

  @inline(__always)
  func text(_ text: String?, _ field: String) throws(PayloadDecodingError) -> String {
    guard let text else { throw error(field, "missing") }
    return text
  }

  /// `enumeration(_:_:)` for a field of every progress or speed row: the name is compared with
  /// each case's (`byName`, most frequent first), where `init(rawValue:)` searches a table
  /// of static strings at several hundred instructions a row.
  @inline(__always)
  func frequent<Value: RawRepresentable & CaseIterable>(
    _ text: String?, _ field: String, _ byName: [(String, Value)]
  ) throws(PayloadDecodingError) -> Value where Value.RawValue == String {
    let raw = try self.text(text, field)
    for (name, value) in byName where name == raw { return value }
    return try enumeration(raw, field)
  }

  @inline(__always)
  func enumeration<Value: RawRepresentable & CaseIterable>(_ text: String?, _ field: String)
    throws(PayloadDecodingError) -> Value where Value.RawValue == String
  {
    let raw = try self.text(text, field)
    guard let value = Value(rawValue: raw) else {
      let known = Value.allCases.map(\.rawValue).joined(separator: ", ")
      throw error(field, "unknown value \(raw.visiblyQuoted) (known: \(known))")
    }
    return value
  }
}
