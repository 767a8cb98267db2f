// Constraint: `expression <relation> 0`, with a strength.

/// How a constraint's expression compares with zero.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
  case lessThanOrEqual
  case equal
  case greaterThanOrEqual

  public var description: String {
    switch self {
    case .lessThanOrEqual: return "<="
    case .equal: return "=="
    case .greaterThanOrEqual: return ">="
    }
  }
}

/// `expression <relation> 0` with a strength: the unit a `Solver` adds and removes.
///
/// A reference type compared by identity, like Kiwi's: adding two equal-looking constraints
/// adds two constraints, and `removeConstraint` needs the object that was added. The
/// expression is stored reduced (one term per variable).
public final class Constraint: Hashable, CustomStringConvertible {
  /// The left-hand side; the right-hand side is zero.
  public let expression: LinearExpression
  public let relation: Relation
  /// The strength, clipped to [0, required].
  public let strength: Strength

  /// Creates `expression <relation> 0`.
  /// - Parameters:
  ///   - expression: the left-hand side (`x + y - 100` for `x + y == 100`).
  ///   - relation: `<=`, `==` or `>=` against zero.
  ///   - strength: `required` unless given; clipped to [0, required].
  public init(_ expression: LinearExpression, _ relation: Relation,
              strength: Strength = .required) {
    self.expression = expression.reduced
    self.relation = relation
    self.strength = strength.clipped
  }

  /// Creates `variable <relation> 0`.
  public convenience init(_ variable: Variable, _ relation: Relation,
                          strength: Strength = .required) {
    self.init(LinearExpression(variable), relation, strength: strength)
  }

  /// Whether the constraint must hold (its strength is `required`).
  public var isRequired: Bool { strength.isRequired }

  /// Whether every coefficient, the constant and the strength are finite numbers.
  var isFinite: Bool {
    expression.constant.isFinite && strength.value.isFinite
      && expression.terms.allSatisfy { $0.coefficient.isFinite }
  }

  public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  public var description: String { "\(expression) \(relation) 0 | \(strength)" }
}
