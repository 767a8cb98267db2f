import HeadlessUIKit
@_spi(Replay) import NavigationSDK

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
  /// The app's code behind it: where the constraint at fault was made, or the view or guide
  /// at fault was added. Nil when no call site is known (a property set, such as `isHidden`,
  /// or something the delegate never did, such as adding the viewport).
  public var source: CallSite?

  public init(
    ruleID: String, severity: FindingSeverity, views: [String], message: String, seq: Int64,
    source: CallSite? = nil
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.views = views
    self.message = message
    self.seq = seq
    self.source = source
  }

  public init(
    rule: LayoutRule, views: [String], message: String, seq: Int64, source: CallSite? = nil
  ) {
    self.init(
      ruleID: rule.id, severity: rule.severity, views: views.sorted(), message: message, seq: seq,
      source: source)
  }

  public var description: String {
    "seq \(seq) \(severity.rawValue) \(ruleID) [\(views.joined(separator: ", "))]: \(message)"
      + (source.map { " (\($0))" } ?? "")
  }
}
