// Why a recorder was not made: options an app passed that no recording should hold.

import EventLog
import TextBytes

/// Why `NavSimRecorder(mapView:path:options:)` refused its options; the log file was not
/// touched.
///
/// `description` is one line naming the API and the fact, e.g.
/// `NavSimRecorder(mapView:path:options:): Options.deviceFacts has a fact with an empty key`.
public enum NavSimRecorderError: Error, Equatable, CustomStringConvertible, Sendable {
  /// `Options.deviceFacts` holds a fact whose key is empty: a log stores no such attribute.
  case emptyFactKey
  /// `Options.deviceFacts` holds a fact under a key NavSim sets itself: `recorder` (the
  /// recorder's name and version) or `redacted` (which marks a redacted copy).
  case reservedFactKey(String)

  public var description: String {
    let api = "NavSimRecorder(mapView:path:options:): Options.deviceFacts"
    switch self {
    case .emptyFactKey:
      return "\(api) has a fact with an empty key"
    case .reservedFactKey(let key) where key == RecordingMetadata.redactedKey:
      return "\(api) key \(key.visiblyQuoted) marks a copy 'navsim log redact' wrote; give "
        + "yours another key"
    case .reservedFactKey(let key):
      return "\(api) key \(key.visiblyQuoted) is the recorder's own fact (its name and NavSim "
        + "version); give yours another key"
    }
  }
}
