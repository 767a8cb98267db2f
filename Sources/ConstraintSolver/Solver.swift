// Solver: the public face of the incremental Cassowary solver.

/// An incremental Cassowary solver (Badros, Borning & Stuckey, ACM TOCHI 2001).
///
/// Add and remove constraints at any time; each call leaves the tableau optimal, and
/// `updateVariables()` writes the solution into the variables. Edit variables and
/// `updateConstant(of:to:)` re-solve with the dual simplex, touching only what changed.
///
/// Deterministic: the same sequence of calls gives bit-identical values in every process;
/// every pivot choice follows symbol ids, never hash order.
///
/// Not `Sendable`: one owner drives a solver.
public final class Solver {
  /// Every change to the tableau (a mutation through this property) unsettles the solution.
  var engine = Engine() { didSet { isSettled = false } }

  /// Whether the last `updateVariables()` found the solution exact (no refinement needed) and
  /// nothing changed the solver since: calling it again would write the same values, so a
  /// caller that leaves the variables alone can skip the call.
  public private(set) var isSettled = false

  public init() {}

  // MARK: - Constraints

  /// Adds `constraint` and re-optimises.
  /// - Throws: `SolverError.duplicateConstraint`, `.nonFiniteConstraint`,
  ///   `.unsatisfiableConstraint` (naming the required constraints in the way). On every
  ///   error the solver is unchanged, except `.internalError` (see `recover`), which is also
  ///   thrown, the solver unchanged, for a constraint the others allow but no tableau could
  ///   take without losing one of them.
  public func addConstraint(_ constraint: Constraint) throws {
    try attempt(dropping: constraint) { (engine: inout Engine) throws(EngineError) in
      try engine.add(constraint)
    }
  }

  /// Removes `constraint` and re-optimises.
  /// - Throws: `SolverError.unknownConstraint` when it is not in the solver;
  ///   `.internalError` when the rebuild without it (after a failure of the tableau) could
  ///   not re-add every other constraint.
  public func removeConstraint(_ constraint: Constraint) throws {
    try reportLostConstraints()
    do {
      try engine.remove(constraint)
    } catch {
      try recover(error, dropping: constraint)
    }
  }

  /// Whether `constraint` is in the solver.
  public func hasConstraint(_ constraint: Constraint) -> Bool {
    engine.constraints[ObjectIdentifier(constraint)] != nil
  }

  /// Changes the constant of an added constraint's expression in place and re-solves with
  /// the dual simplex, as for `suggestValue` (animating `NSLayoutConstraint.constant`). The
  /// `Constraint` object keeps its own constant; the solver remembers the one in force.
  /// - Throws: `.unknownConstraint`, `.nonFiniteConstraint`, `.unsatisfiableConstraint`, or
  ///   `.internalError` when the constant holds but no tableau could take it without losing
  ///   another constraint (each time the solver unchanged, the old constant in force).
  public func updateConstant(of constraint: Constraint, to constant: Double) throws {
    try attempt(dropping: nil) { (engine: inout Engine) throws(EngineError) in
      try engine.updateConstant(of: constraint, to: constant)
    }
  }

  // MARK: - Edit variables

  /// Makes `variable` an edit variable: a non-required `variable == suggested value`.
  /// - Throws: `.duplicateEditVariable`, `.requiredEditStrength`, `.nonFiniteValue` for a
  ///   NaN strength.
  public func addEditVariable(_ variable: Variable, strength: Strength) throws {
    let key = ObjectIdentifier(variable)
    guard engine.edits[key] == nil else { throw SolverError.duplicateEditVariable(variable) }
    guard !strength.value.isNaN else {
      throw SolverError.nonFiniteValue(variable, strength.value)
    }
    let strength = strength.clipped
    guard !strength.isRequired else { throw SolverError.requiredEditStrength(variable) }
    let constraint = Constraint(LinearExpression(variable), .equal, strength: strength)
    try attempt(dropping: constraint) { (engine: inout Engine) throws(EngineError) in
      try engine.add(constraint, editVariable: variable)
    }
    engine.edits[key] = EditEntry(variable: variable, constraint: constraint, suggested: 0)
  }

  /// Stops editing `variable` (its edit constraint is removed).
  /// - Throws: `.unknownEditVariable`.
  public func removeEditVariable(_ variable: Variable) throws {
    let key = ObjectIdentifier(variable)
    guard engine.edits[key] != nil else { throw SolverError.unknownEditVariable(variable) }
    try reportLostConstraints()
    guard let edit = engine.edits.removeValue(forKey: key) else {
      throw SolverError.unknownEditVariable(variable)
    }
    do {
      try engine.remove(edit.constraint)
    } catch {
      try recover(error, dropping: edit.constraint)
    }
  }

  /// Whether `variable` is an edit variable.
  public func hasEditVariable(_ variable: Variable) -> Bool {
    engine.edits[ObjectIdentifier(variable)] != nil
  }

  /// Suggests `value` for edit variable `variable` and re-solves (dual simplex).
  /// - Throws: `.unknownEditVariable`, `.nonFiniteValue`.
  public func suggestValue(_ variable: Variable, _ value: Double) throws {
    let key = ObjectIdentifier(variable)
    guard let edit = engine.edits[key] else { throw SolverError.unknownEditVariable(variable) }
    guard value.isFinite else { throw SolverError.nonFiniteValue(variable, value) }
    try rebuildAndReport()
    engine.edits[key]?.suggested = value
    try attempt(dropping: nil) { (engine: inout Engine) throws(EngineError) in
      try engine.updateConstant(of: edit.constraint, to: -value)
    }
  }

  // MARK: - Solution

  /// Writes the current solution into every variable's `value`, after a pending rebuild and
  /// the check against the constraints (`Engine.refineSolution()`).
  public func updateVariables() {
    let exact = engine.refineSolution()
    engine.writeValues()
    isSettled = exact
  }

  /// Removes every constraint and edit variable.
  public func reset() {
    engine = Engine()
  }

  // MARK: - Recovery

  /// Runs a pending rebuild, then `reportLostConstraints()`: before a call that reads the
  /// tableau does anything.
  func rebuildAndReport() throws {
    engine.rebuildIfNeeded()
    try reportLostConstraints()
  }

  /// Throws `.internalError` naming the constraints a rebuild (an earlier call's, such as a
  /// non-throwing `updateVariables()`'s) could not re-add, if any; the call that throws it
  /// has done nothing else.
  func reportLostConstraints() throws {
    guard !engine.lostInRebuild.isEmpty else { return }
    throw SolverError.internalError(takeLostConstraints().joined(separator: "; "))
  }

  /// `engine.lostInRebuild`, emptied, each description saying the constraint is gone.
  func takeLostConstraints() -> [String] {
    let lost = engine.lostInRebuild.map { "\($0); it was dropped" }
    engine.lostInRebuild = []
    return lost
  }

  /// Runs a pending rebuild, then `call`, recovering a failure of the tableau (`recover`).
  func attempt(
    dropping constraint: Constraint?, _ call: @escaping (inout Engine) throws(EngineError) -> Void
  ) throws {
    try rebuildAndReport()
    do {
      try call(&engine)
    } catch {
      try recover(error, dropping: constraint, retry: call)
    }
  }

  /// Rethrows a user error. A failure of the tableau (the simplex cycling, a row the dual
  /// simplex can't repair) is recovered from the constraints: a rebuild without `constraint`
  /// (being added, or just removed), then `retry` on it; `.internalError` only when the
  /// rebuild or the retry fails too.
  func recover(
    _ error: any Error, dropping constraint: Constraint?,
    retry: ((inout Engine) throws(EngineError) -> Void)? = nil
  ) throws {
    guard let error = error as? EngineError else { throw error }
    switch error {
    case .solver(let error):
      throw error
    case .internalFailure(let message):
      rebuild(dropping: constraint)
      var failures = takeLostConstraints()
      if failures.isEmpty, let retry {
        do {
          try retry(&engine)
          return
        } catch {
          switch error {
          case .solver(let error): throw error
          case .internalFailure(let again):
            rebuild(dropping: constraint)
            failures = [message, again] + takeLostConstraints()
          }
        }
      } else if failures.isEmpty {
        return
      } else {
        failures.insert(message, at: 0)
      }
      throw SolverError.internalError(failures.joined(separator: "; "))
    }
  }

  /// Rebuilds the tableau from scratch without `dropped` (see `Engine.rebuild()`).
  func rebuild(dropping dropped: Constraint?) {
    if let dropped { engine.constraints[ObjectIdentifier(dropped)] = nil }
    engine.rebuild()
  }
}
