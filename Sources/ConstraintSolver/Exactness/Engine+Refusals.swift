// Refusals: a refusal of the core stands only once a fresh tableau confirms it (which also
// names the required constraints in the way); phase one that stalls on a small coefficient
// is retried on the tableau refactored from the constraints.

extension Engine {
  // MARK: - Confirming a refusal

  /// Throws the error for the core's `refusal` of `constraint` once an engine that replays
  /// the required constraints from scratch confirms it (and names the ones in the way); when
  /// that engine accepts the constraint, the refusal came from rounding this tableau gathered
  /// over many pivots, and the constraint is added to a fresh tableau
  /// (`addToFreshTableau`). An inconsistent dependent equality is decided from the
  /// constraints themselves: only its culprits are looked up.
  mutating func confirm(
    _ refusal: Refusal, of constraint: Constraint, _ constant: Double,
    _ editVariable: Variable?, _ marker: EqualityMarker, _ order: Int?
  ) throws(EngineError) {
    if refusal.kind == .inconsistentEquality {
      throw unsatisfiable(constraint, constant: constant)
    }
    guard let error = self.refusal(constraint, constant: constant) else {
      return try addToFreshTableau(constraint, constant, editVariable, marker, order)
    }
    throw error
  }

  /// The error for unsatisfiable `constraint`, naming the required constraints in its way
  /// (`explainConflict`).
  func unsatisfiable(_ constraint: Constraint, constant: Double) -> EngineError {
    refusal(constraint, constant: constant)
      ?? .solver(.unsatisfiableConstraint(constraint, conflicting: []))
  }

  /// `unsatisfiable(_:constant:)`, or nil when the engine that explains the conflict (a fresh
  /// tableau) accepts the constraint after all: the refusal came from rounding this tableau
  /// gathered over many pivots, not from the constraints.
  func refusal(_ constraint: Constraint, constant: Double) -> EngineError? {
    guard let conflicting = explainConflict(constraint, constant: constant) else { return nil }
    return .solver(.unsatisfiableConstraint(constraint, conflicting: conflicting))
  }

  /// Adds `constraint` after rebuilding the tableau from scratch (a refusal this tableau
  /// made that a fresh one did not confirm). When the rebuilt tableau refuses it too, it is
  /// added once more to a tableau of the required constraints alone, as the engines that
  /// confirmed it were, and the weighted constraints are re-added after it (seed 2 001 207:
  /// with the weighted constraints' error columns in the way, a feasible required equality at
  /// a point near 2.5e8 was refused); refused for good if that refuses it too.
  mutating func addToFreshTableau(
    _ constraint: Constraint, _ constant: Double, _ editVariable: Variable?,
    _ marker: EqualityMarker, _ order: Int?
  ) throws(EngineError) {
    // Neither rebuild may lose a constraint in force: the add would be judged, and kept,
    // against the rest (`rebuildLosingNothing()`); the refusal stands then.
    guard rebuildLosingNothing() else {
      throw .solver(.unsatisfiableConstraint(constraint, conflicting: []))
    }
    do {
      try addWithoutConfirming(
        constraint, constant: constant, editVariable: editVariable, marker: marker, order: order)
    } catch .solver(.unsatisfiableConstraint) where constraint.isRequired {
      let entries = constraints.values.sorted(by: { $0.order < $1.order })
      var fresh = emptied()
      fresh.readd(entries.filter(\.constraint.isRequired))
      try fresh.addWithoutConfirming(
        constraint, constant: constant, editVariable: editVariable, marker: marker, order: order)
      fresh.readd(entries.filter { !$0.constraint.isRequired })
      guard fresh.lostInRebuild.count == lostInRebuild.count else {
        throw .solver(.unsatisfiableConstraint(constraint, conflicting: []))
      }
      adopt(fresh)
    }
  }

  /// The required constraints (other than `excluded`) whose markers appear in `row`, in the
  /// order they were added: the best-effort culprits of an unsatisfiable constraint.
  func requiredOwners(of row: Row, excluding excluded: ObjectIdentifier) -> [Constraint] {
    var seen: Set<ObjectIdentifier> = []
    var owners: [ConstraintEntry] = []
    for cell in row.cells {
      guard let key = ownerOfSymbol[cell.symbol.id], key != excluded,
        let entry = constraints[key], entry.constraint.isRequired,
        seen.insert(key).inserted
      else { continue }
      owners.append(entry)
    }
    return owners.sorted { $0.order < $1.order }.map(\.constraint)
  }

  /// Why `constraint` (with `constant`) can't be added: replays the required constraints
  /// into an engine where every equality has a marker and reads the markers of the row it
  /// refuses (`Refusal.certificate`, `requiredOwners`); nil when that engine accepts it.
  ///
  /// An engine that could not re-add every required constraint in force proves nothing by
  /// accepting: the refusal stands, its culprits unknown (`[]`). Taking that accept for a
  /// rounding refusal sent seed 2 009 835's conflicting add to `addToFreshTableau`, whose
  /// rebuild lost the same constraint and accepted the add without it.
  /// - Complexity: a rebuild; paid only when a call fails.
  func explainConflict(_ constraint: Constraint, constant: Double) -> [Constraint]? {
    var probe = Engine()
    var complete = true
    for entry in constraints.values.sorted(by: { $0.order < $1.order })
    where entry.constraint.isRequired && entry.constraint !== constraint {
      do {
        let refusal = try probe.insertRetryingRefactored(
          entry.constraint, constant: entry.constant, editVariable: nil, marker: .always,
          order: entry.order)
        if refusal != nil { complete = false }
      } catch {
        complete = false
      }
    }
    do {
      guard let refusal = try probe.insertRetryingRefactored(
        constraint, constant: constant, editVariable: nil, marker: .always, order: nil)
      else { return complete ? nil : [] }
      return probe.requiredOwners(of: refusal.certificate, excluding: ObjectIdentifier(constraint))
    } catch {
      return []
    }
  }

  // MARK: - Phase one on a refactored tableau

  /// `insertVerified`, and once more on the tableau refactored from the constraints when phase
  /// one refused a required constraint with a small direction left (`hasSmallDirection`): a
  /// residue of rounding, or a genuine small coefficient of nearly dependent constraints. The
  /// refactored tableau has no residues, so its phase one may take every coefficient above
  /// `Tolerance.certifiedPivotFloor` (LP-oracle seeds 1 001 865 and 2 007 129: feasible
  /// required sets refused, their only way to feasibility a coefficient of 1.2e-7 of its row,
  /// at points near 1e9).
  /// - Returns: the refusal, nil when the constraint was added.
  mutating func insertRetryingRefactored(
    _ constraint: Constraint, constant: Double, editVariable: Variable?,
    marker: EqualityMarker, order: Int?
  ) throws(EngineError) -> Refusal? {
    guard let refusal = try insertVerified(
      constraint, constant: constant, editVariable: editVariable, marker: marker, order: order,
      phaseOneFloor: 0)
    else { return nil }
    guard refusal.kind == .phaseOne, constraint.isRequired,
      hasSmallDirection(refusal.certificate)
    else { return refusal }
    var refactored = self
    guard refactored.refactor(), (try? refactored.dualOptimize()) != nil else { return refusal }
    self = refactored
    return try insertVerified(
      constraint, constant: constant, editVariable: editVariable, marker: marker, order: order,
      phaseOneFloor: Tolerance.standard.certifiedPivotFloor)
  }

  /// Whether phase one's final artificial row `row` still has a direction of descent that
  /// `isPivotSized` passed over but `Tolerance.certifiedPivotFloor` would take.
  func hasSmallDirection(_ row: Row) -> Bool {
    row.cells.contains { cell in
      !cell.symbol.isDummy && cell.coefficient < 0 && !row.isPivotSized(cell.coefficient)
        && row.isPivotSized(cell.coefficient, floor: Tolerance.standard.certifiedPivotFloor)
    }
  }
}
