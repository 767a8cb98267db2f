// Symbols: the columns and rows of the Cassowary tableau.

// MARK: - Symbol

/// One unknown of the tableau: an external variable, a slack, an error or a dummy marker.
///
/// Symbols compare by id, and ids only ever increase, so "the first symbol" in a row is the
/// oldest one. Every pivot choice of the solver follows that order (Bland-style), never a hash
/// order, which makes results identical in every process.
struct Symbol: Hashable, Comparable, Sendable {
  /// What the symbol stands for, which decides how the simplex may move it.
  enum Kind: Int, Sendable {
    /// A user `Variable`: unrestricted in sign.
    case external = 0
    /// The slack of an inequality: restricted to `>= 0`.
    case slack = 1
    /// An error of a non-required constraint: restricted to `>= 0`, weighted in the objective.
    case error = 2
    /// The marker of a required equality: always zero, never enters the basis by itself.
    case dummy = 3
  }

  /// `id << 2 | kind`: comparing raw values compares ids.
  let raw: Int

  init(id: Int, kind: Kind) { raw = id << 2 | kind.rawValue }

  init(rawValue: Int) { raw = rawValue }

  /// The symbol of no column; `isValid` is false.
  static let invalid = Symbol(id: 0, kind: .external)

  var id: Int { raw >> 2 }
  var kind: Kind { Kind(rawValue: raw & 3) ?? .external }
  var isValid: Bool { raw != 0 }
  var isExternal: Bool { raw & 3 == 0 }
  var isDummy: Bool { raw & 3 == 3 }
  /// Slack and error symbols: the simplex keeps them `>= 0`.
  var isRestricted: Bool { raw & 3 == 1 || raw & 3 == 2 }
  /// Slack or error: may enter the basis when a row needs a pivot.
  var isPivotable: Bool { isRestricted }

  static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }

  /// A short name for the debug dump: `v12`, `s3`, `e7`, `d9`.
  var debugName: String {
    switch kind {
    case .external: return "v\(id)"
    case .slack: return "s\(id)"
    case .error: return "e\(id)"
    case .dummy: return "d\(id)"
    }
  }
}

// MARK: - Tag

/// The symbols a constraint added to the tableau, found again when it is removed or edited.
///
/// `marker` identifies the constraint's row combination (its slack, its first error, or its
/// dummy); `other` is the second error symbol of a non-required constraint, if any.
struct Tag: Sendable {
  var marker: Symbol = .invalid
  var other: Symbol = .invalid
}
