// SolverError: every way a solver call can fail, each carrying the offending object.

/// Why a `Solver` call failed. The solver is unchanged and usable after every one of them.
///
/// `@unchecked Sendable` because `Error` requires `Sendable` while the payloads are the
/// caller's own non-`Sendable` `Constraint` / `Variable` objects, carried so the caller can
/// identify them; read their `value`s only where their solver lives.
public enum SolverError: Error, @unchecked Sendable, CustomStringConvertible {
  /// A required constraint contradicts the required constraints already in the solver;
  /// `conflicting` names them (best effort, in the order they were added).
  case unsatisfiableConstraint(Constraint, conflicting: [Constraint])
  /// The constraint is already in the solver.
  case duplicateConstraint(Constraint)
  /// The constraint is not in the solver.
  case unknownConstraint(Constraint)
  /// A coefficient, the constant or the strength is NaN or infinite.
  case nonFiniteConstraint(Constraint)
  /// The variable is already an edit variable.
  case duplicateEditVariable(Variable)
  /// The variable is not an edit variable.
  case unknownEditVariable(Variable)
  /// Edit variables must be weaker than required.
  case requiredEditStrength(Variable)
  /// A suggested value or an edit strength is NaN or infinite.
  case nonFiniteValue(Variable, Double)
  /// The solver met a state the algorithm excludes (an unbounded objective, a failed dual
  /// step). The solver rebuilt its tableau from its constraints and is still usable. Also
  /// thrown when such a rebuild (or one after removals, possibly run by an earlier
  /// `updateVariables()`) could not re-add a constraint: the message names it, it is no
  /// longer in the solver, and the call that throws this did nothing else. And thrown by
  /// `addConstraint(_:)` or `updateConstant(of:to:)` when the constraints allow the call but
  /// no tableau could carry it out without such a loss: the solver is then unchanged.
  case internalError(String)

  public var description: String {
    switch self {
    case let .unsatisfiableConstraint(constraint, conflicting):
      let others = conflicting.map { "[\($0)]" }.joined(separator: ", ")
      return "unsatisfiable constraint [\(constraint)]"
        + (others.isEmpty ? "" : " conflicts with \(others)")
    case let .duplicateConstraint(constraint):
      return "duplicate constraint [\(constraint)]"
    case let .unknownConstraint(constraint):
      return "unknown constraint [\(constraint)]"
    case let .nonFiniteConstraint(constraint):
      return "constraint with a NaN or infinite number [\(constraint)]"
    case let .duplicateEditVariable(variable):
      return "duplicate edit variable \(variable)"
    case let .unknownEditVariable(variable):
      return "unknown edit variable \(variable)"
    case let .requiredEditStrength(variable):
      return "edit variable \(variable) cannot have a required strength"
    case let .nonFiniteValue(variable, value):
      return "NaN or infinite value \(value) for edit variable \(variable)"
    case let .internalError(message):
      return "internal solver error: \(message)"
    }
  }
}
