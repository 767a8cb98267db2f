import Foundation
import OutputPolicy
import SeededRandom
import SessionEvents

// `navsim log redact`: a copy of a log that can be shared. Per recording:
//
// * every coordinate moves by one offset (latitude 1-10 degrees north or south, longitude
//   20-340 degrees east, wrapped to -180..<180), drawn from a seeded generator: the same log and
//   seed give the same file. The default seed is a hash of the recording's own metadata and
//   events, so redacting twice gives identical output and nobody holding only the redacted log
//   can recompute it. Neither the seed nor the offset is stored.
// * free text is replaced, keeping what NavSim's text model measures: road names and prompt
//   texts become as many `x` as they had characters, whitespace kept (prompt heights and label
//   widths depend on the character count and the word breaks, nothing else); marks' texts are
//   emptied (replay ignores marks); waypoint titles are replaced like road names, their
//   coordinates offset like positions and their Place IDs renamed `place-1`...; steps' road
//   names and instructions are replaced like road names, legs' destinations and paths offset
//   like positions (exit numbers and lanes are kept). Route ids (which
//   may hold place ids) become `route-1`, `route-2`... in order of first appearance.
// * the metadata keeps the device profile, the device / OS / SDK facts and the date (not the
//   time of day); the name becomes `redacted`, the scenario text (which holds the route) and
//   the simulation seed are dropped; attribute `redacted` says what was done.
// * kinds, seq, t, manoeuvres, prompt kinds, distances, speeds, settings, geometry: unchanged,
//   so the redacted log replays to the same layouts.

/// What `redact` did to one recording.
public struct RedactionSummary: Equatable, Sendable {
  public var sourceRecording: Int64
  public var recording: RecordingInfo
  /// Progress events whose coordinates moved.
  public var movedCoordinates: Int
  /// Texts replaced (road names, prompt texts, marks, route ids).
  public var replacedTexts: Int
}

extension EventLogFile {
  /// The value of the `redacted` attribute: what a redacted log no longer holds.
  public static let redactionNote =
    "coordinates offset, road names, prompt texts, marks, route ids, scenario, seed and time of day removed"

  /// Writes a redacted copy of every recording of the log at `inputPath` into a new log at
  /// `outputPath`, atomically: the new log is built in an SQLite temporary file that has no
  /// name (nothing of it survives a failed or killed run) and written to `outputPath` whole
  /// when complete (`EventLogFile.publish`).
  /// - Parameter seed: picks the offsets (mixed with each recording's id); nil derives each
  ///   recording's seed from its content.
  /// - Throws: `EventLogError` naming the file: the input's opening and reading errors,
  ///   `.io` when `outputPath` exists; `OutputError` when the policy refuses `outputPath`
  ///   (the input, a directory, a missing directory). Nothing is left at `outputPath` then.
  /// - Complexity: O(n) time (two passes per recording); when it is written, the new log is
  ///   held in memory twice (SQLite's serialized image and NavSim's copy of it).
  public static func redact(from inputPath: String, to outputPath: String, seed: UInt64? = nil)
    throws -> [RedactionSummary]
  {
    let input = try EventLogFile(path: inputPath, mode: .readOnly)
    try OutputFile.checkStore(outputPath, inputs: [inputPath])
    if FileManager.default.fileExists(atPath: outputPath) {
      throw EventLogError.io(
        path: outputPath, problem: "already exists; redact writes a new file (remove it first)")
    }
    // A hidden sibling an earlier NavSim's redact (which wrote one) left when killed.
    OutputFile.removeStaleTemporaries(of: outputPath)
    let output = try EventLogFile(temporaryFor: outputPath)
    var summaries: [RedactionSummary] = []
    for info in try input.recordings() {
      summaries.append(try redact(info, of: input, into: output, seed: seed))
    }
    try output.publish(to: outputPath, inputs: [inputPath])
    return summaries
  }

  private static func redact(
    _ info: RecordingInfo, of input: EventLogFile, into output: EventLogFile, seed: UInt64?
  ) throws -> RedactionSummary {
    // Pass 1: the content hash (the default seed) and the latitude range.
    var hash = FNV1a()
    hash.add(info.metadata.name)
    hash.add(info.metadata.createdAt)
    var latitudes: ClosedRange<Double>?
    let scan = try input.events(recording: info.id)
    while let event = try scan.next() {
      hash.add(event)
      if case .progress(let progress) = event.payload {
        let latitude = progress.latitude
        latitudes = latitudes.map { min($0.lowerBound, latitude)...max($0.upperBound, latitude) }
          ?? latitude...latitude
      }
    }
    var random = SplitMix64(
      seed: (seed ?? hash.value) ^ (UInt64(bitPattern: info.id) &* 0x9E37_79B9_7F4A_7C15))
    let offset = CoordinateOffset(random: &random, latitudes: latitudes ?? 0...0)

    // Pass 2: the redacted events.
    var metadata = info.metadata
    metadata.name = "redacted"
    metadata.scenario = nil
    metadata.seed = nil
    metadata.createdAt = datePart(of: metadata.createdAt)
    metadata.attributes = metadata.attributes.filter { key, _ in
      ["device.", "os.", "sdk."].contains { key.hasPrefix($0) }
    }
    metadata.attributes[RecordingMetadata.redactedKey] = redactionNote
    let writer = try output.beginRecording(metadata)
    // Keyed by their UTF-8 bytes: ids are opaque tokens, and `String` keys would give two
    // that differ only in Unicode normalization one placeholder (a divergence a replay of the
    // original log reports would pass in the redacted one).
    var routeIDs: [[UInt8]: String] = [:]
    var placeIDs: [[UInt8]: String] = [:]
    var moved = 0
    var replaced = 0
    let cursor = try input.events(recording: info.id)
    while let event = try cursor.next() {
      let payload: EventPayload
      switch event.payload {
      case .progress(var progress):
        (progress.latitude, progress.longitude) = offset.apply(
          latitude: progress.latitude, longitude: progress.longitude)
        progress.roadName = placeholder(for: progress.roadName)
        moved += 1
        replaced += 1
        payload = .progress(progress)
      case .promptReady(var prompt):
        prompt.text = placeholder(for: prompt.text)
        replaced += 1
        payload = .promptReady(prompt)
      case .routeSet(var route):
        if let known = routeIDs[Array(route.routeID.utf8)] {
          route.routeID = known
        } else {
          let fresh = "route-\(routeIDs.count + 1)"
          routeIDs[Array(route.routeID.utf8)] = fresh
          route.routeID = fresh
        }
        replaced += 1
        payload = .routeSet(route)
      case .mark:
        replaced += 1
        payload = .mark(text: "")
      case .waypoint(var waypoint):
        if let latitude = waypoint.latitude, let longitude = waypoint.longitude {
          (waypoint.latitude, waypoint.longitude) = offset.apply(latitude: latitude, longitude: longitude)
          moved += 1
        }
        waypoint.title = placeholder(for: waypoint.title)
        if !waypoint.placeID.isEmpty {
          if let known = placeIDs[Array(waypoint.placeID.utf8)] {
            waypoint.placeID = known
          } else {
            let fresh = "place-\(placeIDs.count + 1)"
            placeIDs[Array(waypoint.placeID.utf8)] = fresh
            waypoint.placeID = fresh
          }
        }
        replaced += 1
        payload = .waypoint(waypoint)
      case .routeLeg(var leg):
        (leg.latitude, leg.longitude) = offset.apply(latitude: leg.latitude, longitude: leg.longitude)
        leg.encodedPath = EncodedPolyline.encode(
          leg.path.map { point in
            let (latitude, longitude) = offset.apply(
              latitude: point.latitude, longitude: point.longitude)
            return PathPoint(latitude: latitude, longitude: longitude)
          })
        moved += 1
        payload = .routeLeg(leg)
      case .routeStep(var step):
        step.roadName = placeholder(for: step.roadName)
        step.instruction = placeholder(for: step.instruction)
        replaced += 1
        payload = .routeStep(step)
      // Nothing personal in these: kept as they are. Listed one by one so a new kind has to
      // be decided on here.
      case .navigationEnabled, .navigationDisabled, .routeChanged, .guidanceStarted,
        .guidanceStopped, .arrived, .speed, .promptDismissed, .mapResized, .settingChanged,
        .camera, .userPanned, .recentered, .lightingChanged, .routeStatus, .stepDetail,
        .viewSize:
        payload = event.payload
      }
      try writer.append(payload, t: event.t)
    }
    if info.isFinished { try writer.finish() } else { try writer.flush() }
    return RedactionSummary(
      sourceRecording: info.id, recording: try output.recording(writer.recordingID),
      movedCoordinates: moved, replacedTexts: replaced)
  }

  /// Text of the same length and word breaks: every non-whitespace character becomes `x`.
  static func placeholder(for text: String) -> String {
    String(text.map { $0.isWhitespace ? $0 : "x" })
  }

  /// `2024-05-06` of `2024-05-06T07:45:00Z`; `unknown` when the text does not start with a date.
  static func datePart(of createdAt: String) -> String {
    let prefix = createdAt.prefix(10)
    let isDate = prefix.count == 10 && prefix.enumerated().allSatisfy { index, character in
      index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
    }
    return isDate ? String(prefix) : "unknown"
  }
}

// MARK: - The offset

/// One recording's coordinate offset.
struct CoordinateOffset {
  var latitude: Double
  var longitude: Double

  /// Latitude 1-10 degrees north or south (the side that keeps every point within ±89°, when
  /// one does), longitude 20-340 degrees east.
  init(random: inout SplitMix64, latitudes: ClosedRange<Double>) {
    let magnitude = 1 + 9 * random.unit()
    let north = random.next() & 1 == 0
    let fitsNorth = latitudes.upperBound + magnitude <= 89
    let fitsSouth = latitudes.lowerBound - magnitude >= -89
    latitude = (north && fitsNorth) || !fitsSouth ? magnitude : -magnitude
    if !fitsNorth && !fitsSouth { latitude = 0 }  // a trip spanning the globe: longitude only
    longitude = 20 + 320 * random.unit()
  }

  func apply(latitude: Double, longitude: Double) -> (Double, Double) {
    let movedLatitude = min(90, max(-90, latitude + self.latitude))
    var movedLongitude = (longitude + self.longitude + 180).truncatingRemainder(dividingBy: 360)
    if movedLongitude < 0 { movedLongitude += 360 }
    return (movedLatitude, movedLongitude - 180)
  }
}

/// FNV-1a, 64-bit, over a recording's stored form (kind, t and every slot, in slot order).
struct FNV1a {
  private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

  mutating func add(bytes: some Sequence<UInt8>) {
    for byte in bytes {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01B3
    }
  }

  mutating func add(_ text: String) {
    add(bytes: text.utf8)
    add(bytes: [0xFF])  // a separator no UTF-8 text contains
  }

  mutating func add(_ number: UInt64) {
    withUnsafeBytes(of: number.littleEndian) { add(bytes: $0) }
  }

  mutating func add(_ event: SessionEvent) {
    add(UInt64(bitPattern: event.t))
    add(UInt64(event.kind.code))
    let stored = event.payload.stored
    for slot in StoredSlot.allCases {
      if slot.isNumeric {
        switch stored.number(slot) {
        case .integer(let value)?: add(1); add(UInt64(bitPattern: value))
        case .real(let value)?: add(2); add(value.bitPattern)
        case nil: add(0)
        }
      } else if let text = stored.text(slot) {
        add(3)
        add(text)
      } else {
        add(0)
      }
    }
  }
}
