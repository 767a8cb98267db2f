// The one vocabulary of findings: what the layout rules (`Sources/Lint`) raise while a replay
// runs, what snapshots carry, stores keep, reports draw and CI files list.

/// How bad a finding is.
public enum Severity: String, CaseIterable, Sendable, Comparable {
  /// Merely suspicious: the layout may be right, a person should look.
  case warning
  /// What the SDK's documentation forbids.
  case error

  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs == .warning && rhs == .error
  }
}

/// A rule broken while replaying one event. The event itself is the snapshot's (or whoever
/// holds the finding): a finding says what is wrong, not when.
public struct Finding: Hashable, Sendable, Comparable {
  /// The rule's stable id (Lint's `LayoutRule.catalogue`), e.g. `missing-viewport`.
  public var ruleID: String
  public var severity: Severity
  /// The views involved, by identity (`sdkRole` for SDK views, as in layout snapshots), sorted.
  public var views: [String]
  /// What is wrong, for a person: names views, constraints and numbers.
  public var message: String
  /// The app's code behind it: where the constraint at fault was made, or the view or guide
  /// at fault was added. Nil when no call site is known (a property set, such as `isHidden`,
  /// or something the delegate never did, such as adding the viewport).
  public var source: FindingSource?

  public init(
    ruleID: String, severity: Severity, views: [String], message: String,
    source: FindingSource? = nil
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.views = views
    self.message = message
    self.source = source
  }

  /// What identifies a finding across events and runs: the rule and the views, not the
  /// wording (a layout finding's message follows the frames), except for a
  /// `replay-divergence`: each is one app call, named by its message.
  public var key: String {
    ruleID + " " + views.joined(separator: ",")
      + (ruleID == Self.divergenceRuleID ? " " + message : "")
  }

  /// The rule of events the SDK model refuses (guidance started before navigation was
  /// enabled, time going backwards...): raised by the replay itself.
  public static let invalidEventRuleID = "invalid-event"
  /// The rule of app calls that contradict the recording (closed-world replay): raised by the
  /// replay itself.
  public static let divergenceRuleID = "replay-divergence"

  public static func < (a: Finding, b: Finding) -> Bool {
    (a.ruleID, a.views.joined(separator: ","), a.message, a.source?.description ?? "")
      < (b.ruleID, b.views.joined(separator: ","), b.message, b.source?.description ?? "")
  }
}

extension Finding: CustomStringConvertible {
  /// `error missing-logo [googleLogo]: message (Path/File.swift:12)`.
  public var description: String {
    "\(severity.rawValue) \(ruleID) [\(views.joined(separator: ", "))]: \(message)"
      + (source.map { " (\($0))" } ?? "")
  }
}

/// Where the app's code behind a finding is: a path stable across checkouts (the last two
/// components of the compiler's `#filePath`: `SampleDelegates/BrokenLayoutDelegate.swift`)
/// and the line.
public struct FindingSource: Equatable, Hashable, Sendable, Comparable, CustomStringConvertible {
  public var path: String
  public var line: Int

  public init(path: String, line: Int) {
    self.path = path
    self.line = line
  }

  /// `SampleDelegates/BrokenLayoutDelegate.swift:47`.
  public var description: String { "\(path):\(line)" }
  /// `BrokenLayoutDelegate.swift:47`, as text output shows it.
  public var shortDescription: String {
    "\(path.split(separator: "/").last.map(String.init) ?? path):\(line)"
  }

  /// Parses `description`; nil when it is not `path:line`.
  public init?(text: String) {
    guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]),
      line >= 1, colon != text.startIndex
    else { return nil }
    self.init(path: String(text[..<colon]), line: line)
  }

  public static func < (a: FindingSource, b: FindingSource) -> Bool {
    (a.path, a.line) < (b.path, b.line)
  }
}
