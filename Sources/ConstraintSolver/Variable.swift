// Variable: a named unknown whose value the solver writes.

/// A real-valued unknown of a constraint system.
///
/// A reference type: two variables with the same name are different unknowns. `Hashable` by
/// identity, so a `Variable` can key a dictionary; the solver never lets hash order reach a
/// pivot choice (its symbols carry increasing ids instead).
///
/// Not `Sendable`: `Solver.updateVariables()` writes `value`, so a variable belongs to the
/// owner of its solver.
public final class Variable: Hashable, CustomStringConvertible {
  /// The name shown in dumps and error messages; it needn't be unique.
  public let name: String
  /// The value written by the last `Solver.updateVariables()` (0 before).
  public var value: Double {
    get { storedValue }
    set { storedValue = newValue }
  }
  // `@exclusivity(unchecked)`: a layout pass reads four values for every view's frame and the
  // solver writes them all, each access checked at run time otherwise (about 100 instructions;
  // docs/replay-performance.md, "Unchecked exclusivity"). An access never overlaps another: it
  // is a plain load or store of a Double. The attribute holds only for accesses compiled in this
  // module, so other modules read and write through `value`'s accessors.
  @exclusivity(unchecked) private var storedValue: Double = 0

  /// Creates a variable.
  /// - Parameter name: a name for dumps and error messages.
  public init(_ name: String = "") {
    self.name = name
  }

  public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  public var description: String { name.isEmpty ? "<unnamed>" : name }
}

// MARK: - Term

/// `coefficient * variable`: one summand of a `LinearExpression`.
public struct Term: CustomStringConvertible {
  public var variable: Variable
  public var coefficient: Double

  public init(_ variable: Variable, _ coefficient: Double = 1) {
    self.variable = variable
    self.coefficient = coefficient
  }

  /// `coefficient * variable.value`.
  public var value: Double { coefficient * variable.value }

  public var description: String { "\(formatNumber(coefficient)) * \(variable)" }
}

/// Shortest round-tripping text of a number, without a trailing `.0`.
func formatNumber(_ value: Double) -> String {
  if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return "\(value)"
}
