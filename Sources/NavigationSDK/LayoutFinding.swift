/// How bad a finding is.
public enum FindingSeverity: String, CaseIterable, Sendable, Comparable {
  /// Merely suspicious: the layout may be right, a person should look.
  case warning
  /// What the SDK's documentation forbids.
  case error

  public static func < (lhs: FindingSeverity, rhs: FindingSeverity) -> Bool {
    lhs == .warning && rhs == .error
  }
}

/// One rule broken while a delegate ran, at one event.
public struct LayoutFinding: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The rule's stable id (`LayoutRule.id`), e.g. `missing-viewport`.
  public var ruleID: String
  public var severity: FindingSeverity
  /// The views involved, by identity (`sdkRole` for SDK views, see `ViewIdentity`), sorted.
  public var views: [String]
  /// What is wrong, for a person: names views, constraints and numbers.
  public var message: String
  /// The event whose application revealed it.
  public var seq: Int64

  public init(
    ruleID: String, severity: FindingSeverity, views: [String], message: String, seq: Int64
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.views = views
    self.message = message
    self.seq = seq
  }

  public init(rule: LayoutRule, views: [String], message: String, seq: Int64) {
    self.init(
      ruleID: rule.id, severity: rule.severity, views: views.sorted(), message: message, seq: seq)
  }

  public var description: String {
    "seq \(seq) \(severity.rawValue) \(ruleID) [\(views.joined(separator: ", "))]: \(message)"
  }
}
