import Foundation
import OutputPolicy
import Replay

/// The golden text of a replay: every event in seq order; an event whose layout equals the
/// previous one and raised no finding is one line (`event 12 t=12.000 progress =`), any
/// other event is its full snapshot text. Reviewable in a pull request, stable across runs.
/// The file starts with the font text was measured with (`font Inter-Regular.otf ...`),
/// when known.
public struct GoldenText: Equatable, Sendable {
  /// The events' text.
  public private(set) var text = ""
  /// The font text was measured with (`ReplayJob.fontIdentity`), the file's first line.
  public var font: String?
  private var previous: LayoutState?

  /// - Parameter font: the font text was measured with (`ReplayJob.fontIdentity`); nil
  ///   leaves the file without its `font` line.
  public init(font: String? = nil) {
    self.font = font
  }

  /// What the golden file holds: the `font` line, then `text`.
  public var fileText: String {
    (font.map { GoldenFile.fontPrefix + $0 + "\n" } ?? "") + text
  }

  /// Appends one snapshot.
  public mutating func append(_ snapshot: LayoutSnapshot) {
    if snapshot.findings.isEmpty, let previous, previous == snapshot.layout {
      text += "event \(snapshot.seq) t=\(seconds(snapshot.t)) \(snapshot.event) =\n"
    } else {
      text += snapshot.text
    }
    previous = snapshot.layout
  }

  private func seconds(_ t: Int64) -> String {
    let whole = t / 1000, millis = t % 1000
    let padded = String(millis)
    return "\(whole)." + String(repeating: "0", count: 3 - padded.count) + padded
  }
}

/// The outcome of comparing a replay with its golden file.
public enum GoldenComparison: Equatable, Sendable {
  case matches
  /// Different: a readable message with the first differing events.
  case differs(String)
  /// Record mode wrote the file; the test still fails once so nobody records by accident.
  case recorded(String)
  /// No golden file yet (and not in record mode).
  case missing(String)

  /// The failure message, nil when it matches.
  public var failureMessage: String? {
    switch self {
    case .matches: nil
    case .differs(let message), .recorded(let message), .missing(let message): message
    }
  }
}

/// Golden files for replays.
public enum GoldenFile {
  /// The environment variable that turns record mode on (`NAVSIM_RECORD=1`).
  public static let recordVariable = "NAVSIM_RECORD"

  /// True when `NAVSIM_RECORD` is set to anything but `0` or empty.
  public static var isRecording: Bool {
    guard let value = ProcessInfo.processInfo.environment[recordVariable] else { return false }
    return !value.isEmpty && value != "0"
  }

  /// The environment variable naming a file where every comparison appends the golden file
  /// it used (`NAVSIM_GOLDEN_USAGE=$PWD/.build/goldens-used.txt swift test`), so `navsim
  /// goldens` can list the golden files no test uses any more.
  public static let usageVariable = "NAVSIM_GOLDEN_USAGE"

  /// Compares `actual` with the file at `path`, or, in record mode, writes it when it is
  /// missing or differs (a file that matches is left alone and the comparison passes).
  /// - Parameters:
  ///   - actual: the replay's golden text.
  ///   - path: the golden file.
  ///   - record: writes the file instead of failing (default: `NAVSIM_RECORD` is set).
  ///   - maxEvents: how many differing events the message shows.
  public static func compare(
    _ actual: GoldenText, withFileAt path: String, record: Bool = isRecording, maxEvents: Int = 3
  ) -> GoldenComparison {
    noteUse(of: path)
    let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    if record && existing == actual.fileText { return .matches }
    if record {
      do {
        try FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try OutputFile.write(actual.fileText, to: path)
      } catch {
        return .differs("could not write golden file \(path): \(error)")
      }
      return .recorded(
        "recorded golden file \(path); run again without \(recordVariable) to check against it")
    }
    guard let expected = existing else {
      return .missing(
        "no golden file at \(path); run once with \(recordVariable)=1 to record it, then review it")
    }
    let (expectedFont, expectedEvents) = splitFont(expected)
    // The same frames with another font (or HarfBuzz) still match: the font line is a record.
    if expectedEvents == actual.text { return .matches }
    if isTwoDecimalText(expectedEvents), !isTwoDecimalText(actual.text) {
      return .differs(twoDecimalGolden(path: path))
    }
    if let font = actual.font, let expectedFont, expectedFont != font {
      return .differs(fontMismatch(
        path: path, golden: expectedFont, run: font, expected: expectedEvents,
        actual: actual.text))
    }
    return .differs(describeDifference(expected: expectedEvents, actual: actual.text, path: path, maxEvents: maxEvents))
  }

  /// How a golden file's first line starts when it names the font.
  static let fontPrefix = "font "

  /// The font a golden file names and the rest of its text.
  static func splitFont(_ text: String) -> (font: String?, events: String) {
    guard text.hasPrefix(fontPrefix) else { return (nil, text) }
    let end = text.firstIndex(of: "\n") ?? text.endIndex
    let rest = end == text.endIndex ? "" : String(text[text.index(after: end)...])
    return (String(text[text.index(text.startIndex, offsetBy: fontPrefix.count)..<end]), rest)
  }

  /// One line for a golden file made with another font: both fonts and how many events
  /// differ, instead of every frame the other widths moved.
  static func fontMismatch(
    path: String, golden: String, run: String, expected: String, actual: String
  ) -> String {
    let old = splitEvents(expected), new = splitEvents(actual)
    let keys = Set(old.keys).union(new.keys)
    let differing = keys.filter { old[$0] != new[$0] }.count
    return "golden file \(path) was made with font \(golden), this "
      + "run measures with \(run); \(differing) of \(keys.count) event(s) differ: install that "
      + "font (tools/setup.sh) or re-record with \(recordVariable)=1 and review the diff"
  }

  /// One line for a golden file recorded when snapshots printed points with two decimals
  /// (`map=393.00x852.00`), instead of a difference on every line.
  static func twoDecimalGolden(path: String) -> String {
    "golden file \(path) was recorded with the old snapshot format (points with two "
      + "decimals, 388.67; now as UIKit prints them, 388.667): re-record it with "
      + "\(recordVariable)=1 and review the diff"
  }

  /// Appends `path` (absolute) to the usage file, when `NAVSIM_GOLDEN_USAGE` names one. One
  /// `write` of one line to a file opened for appending, so parallel tests don't mix lines.
  /// (`package`: NavSim's own golden tests that compare other outputs note theirs too.)
  package static func noteUse(of path: String) {
    guard let usage = ProcessInfo.processInfo.environment[usageVariable], !usage.isEmpty else {
      return
    }
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    let descriptor = open(usage, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let line = Array((absolute + "\n").utf8)
    _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }

  /// A unified-style diff of the first `maxEvents` events that differ.
  static func describeDifference(expected: String, actual: String, path: String, maxEvents: Int)
    -> String
  {
    let expectedEvents = splitEvents(expected), actualEvents = splitEvents(actual)
    var out = "replay differs from golden file \(path)"
    var shown = 0
    var differing = 0
    let keys = Array(Set(expectedEvents.keys).union(actualEvents.keys)).sorted()
    for key in keys where expectedEvents[key] != actualEvents[key] {
      differing += 1
      guard shown < maxEvents else { continue }
      shown += 1
      out += "\n--- event \(key)"
      let old = expectedEvents[key] ?? [], new = actualEvents[key] ?? []
      let oldSet = Set(old), newSet = Set(new)
      for line in old where !newSet.contains(line) { out += "\n- " + line }
      for line in new where !oldSet.contains(line) { out += "\n+ " + line }
      if old.isEmpty { out += "\n(event missing from the golden file)" }
      if new.isEmpty { out += "\n(event missing from the replay)" }
    }
    out += "\n\(differing) event(s) differ; re-record with \(recordVariable)=1 if the change is intended"
    return out
  }

  /// Lines of each event by seq. An `=` event inherits the previous event's lines, so a
  /// layout change is reported at every event it affects.
  private static func splitEvents(_ text: String) -> [Int64: [String]] {
    var events: [Int64: [String]] = [:]
    var current: Int64?
    var previousLines: [String] = []
    for line in text.split(separator: "\n").map(String.init) {
      if line.hasPrefix("event ") {
        let fields = line.split(separator: " ")
        guard fields.count >= 2, let seq = Int64(fields[1]) else { continue }
        if let current {
          previousLines = events[current]!.dropFirst().filter { !$0.hasPrefix("finding ") }
        }
        current = seq
        if line.hasSuffix(" =") {
          events[seq] = [String(line.dropLast(2))] + previousLines
        } else {
          events[seq] = [line]
        }
      } else if let current {
        events[current]!.append(line)
      }
    }
    return events
  }
}
