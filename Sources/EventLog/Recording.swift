import TextBytes

/// Where a recording's events came from.
public enum RecordingSource: String, CaseIterable, Sendable {
  /// Simulated from a scenario by the navigator.
  case scenario
  /// Imported (a real trip, or a JSON Lines file from elsewhere).
  case imported
}

/// What a recording is: set when it begins, never changed. Two are equal when their texts are
/// the same bytes (`==`), as the log stores them.
public struct RecordingMetadata: Equatable, Sendable {
  public var name: String
  public var source: RecordingSource
  /// The scenario text the events were simulated from, if any.
  public var scenario: String?
  /// The random seed of the simulation, if any.
  public var seed: UInt64?
  /// The device profile (screen size, insets) the trip was recorded for, e.g. `iphone15-portrait`.
  public var deviceProfile: String?
  /// When the recording was made, as the caller wrote it (EventLog never reads the clock).
  public var createdAt: String
  /// Further facts, by key (schema version 2; empty for older logs): the recorder's device and
  /// OS facts (`device.model`, `device.os`...), `recorder` (`NavSimRecorder` and its NavSim
  /// version) for a recording it made, `redacted` for a log `navsim log redact` wrote. A key
  /// is never empty (`EventLogFile.beginRecording` refuses one).
  /// Keys keep their bytes and are stored, exported and printed in the order of their bytes
  /// (`attributeKeys`); a log, library or import holding two keys that differ only in Unicode
  /// normalization, one key here, is refused when read (`RecordingMetadata+Attributes.swift`).
  public var attributes: [String: String]

  public init(
    name: String, source: RecordingSource, scenario: String? = nil, seed: UInt64? = nil,
    deviceProfile: String? = nil, createdAt: String, attributes: [String: String] = [:]
  ) {
    self.name = name
    self.source = source
    self.scenario = scenario
    self.seed = seed
    self.deviceProfile = deviceProfile
    self.createdAt = createdAt
    self.attributes = attributes
  }
}

extension RecordingMetadata {
  /// Whether `a` and `b` are the same metadata byte for byte, as a log stores them: texts
  /// (attribute keys and values too) that differ only in Unicode normalization, equal
  /// `String`s, are other bytes and make other metadata.
  /// - Complexity: O(n) in the attributes' length.
  public static func == (a: RecordingMetadata, b: RecordingMetadata) -> Bool {
    guard
      a.source == b.source, a.seed == b.seed, sameBytes(a.name, b.name),
      sameBytes(a.scenario, b.scenario), sameBytes(a.deviceProfile, b.deviceProfile),
      sameBytes(a.createdAt, b.createdAt), a.attributes.count == b.attributes.count
    else { return false }
    // Keys are unique as `String`s in each, and the counts agree: every key of `a` meeting
    // the same bytes in `b` pairs them all.
    for (key, value) in a.attributes {
      guard let index = b.attributes.index(forKey: key),
        sameBytes(b.attributes.keys[index], key), sameBytes(b.attributes.values[index], value)
      else { return false }
    }
    return true
  }

  /// The `redacted` attribute's key: present on recordings `navsim log redact` wrote.
  public static let redactedKey = "redacted"

  /// True when the recording was written by `navsim log redact`.
  public var isRedacted: Bool { attributes[Self.redactedKey] != nil }
}

/// A recording in a log: its metadata and what it holds.
public struct RecordingInfo: Equatable, Sendable {
  public var id: Int64
  public var metadata: RecordingMetadata
  /// The NavSim release that recorded it.
  public var navsimVersion: String
  /// Events recorded (seq runs 1...eventCount).
  public var eventCount: Int64
  /// `t` of the first and last event, nil when there are none.
  public var firstT: Int64?
  public var lastT: Int64?
  /// True when the writer called `finish()`; false for a recording cut short (a killed
  /// process) or still being written.
  public var isFinished: Bool

  public init(
    id: Int64, metadata: RecordingMetadata, navsimVersion: String, eventCount: Int64,
    firstT: Int64?, lastT: Int64?, isFinished: Bool
  ) {
    self.id = id
    self.metadata = metadata
    self.navsimVersion = navsimVersion
    self.eventCount = eventCount
    self.firstT = firstT
    self.lastT = lastT
    self.isFinished = isFinished
  }
}
