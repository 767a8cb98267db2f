// Refusals: a refusal of the core stands only once a fresh tableau confirms it (which also
// names the required constraints in the way); phase one that stalls on a small coefficient
// is retried on the tableau refactored from the constraints.

extension Engine {
  // MARK: - Confirming a refusal

  /// Throws the error for the core's `refusal` of `addition` once an engine that replays the
  /// required constraints from scratch confirms it; when that engine accepts, the refusal
  /// came from this tableau's rounding and the constraint goes to a fresh tableau. An
  /// inconsistent dependent equality is decided from the constraints already.
  mutating func confirm(_ refusal: Refusal, of addition: Addition) throws(EngineError) {
    if refusal.kind == .inconsistentEquality {
      throw unsatisfiable(addition.constraint, constant: addition.constant)
    }
    guard let error = self.refusal(addition.constraint, constant: addition.constant) else {
      return try addToFreshTableau(addition)
    }
    throw error
  }

  /// The error for unsatisfiable `constraint`, naming the required constraints in its way.
  func unsatisfiable(_ constraint: Constraint, constant: Double) -> EngineError {
    refusal(constraint, constant: constant)
      ?? .solver(.unsatisfiableConstraint(constraint, conflicting: []))
  }

  /// `unsatisfiable(_:constant:)`, or nil when the engine that explains the conflict (a fresh
  /// tableau) accepts the constraint after all.
  func refusal(_ constraint: Constraint, constant: Double) -> EngineError? {
    guard let conflicting = explainConflict(constraint, constant: constant) else { return nil }
    return .solver(.unsatisfiableConstraint(constraint, conflicting: conflicting))
  }

  /// Adds the constraint the probe that explains conflicts accepted, after rebuilding the
  /// tableau from scratch. When the rebuilt tableau refuses a required constraint too, it is
  /// added to a tableau of the required constraints alone, the weighted ones re-added after it
  /// (seed 2 001 207: their error columns steered phase one away from a feasible point). Its
  /// order is taken first, so that it is the newest there too (orders stay unique). When no
  /// tableau takes it, or one would lose a constraint in force, the engine is restored and the
  /// call fails with `cannotApply`.
  mutating func addToFreshTableau(_ addition: Addition) throws(EngineError) {
    let before = self
    var addition = addition
    addition.order = addition.order ?? nextOrder
    let constraint = addition.constraint, constant = addition.constant
    let lost = rebuildLosingNothing()
    guard lost.isEmpty else { throw cannotApply(constraint, constant: constant, losing: lost) }
    do {
      try addWithoutConfirming(addition)
    } catch .solver(.unsatisfiableConstraint) where constraint.isRequired {
      let entries = constraints.values
      var fresh = emptied()
      fresh.readd(entries.filter(\.constraint.isRequired))
      do {
        try fresh.addWithoutConfirming(addition)
      } catch .solver(.unsatisfiableConstraint) {
        self = before
        throw cannotApply(constraint, constant: constant, losing: [])
      }
      fresh.readd(entries.filter { !$0.constraint.isRequired })
      guard fresh.lostInRebuild.count == lostInRebuild.count else {
        let lost = Array(fresh.lostInRebuild[lostInRebuild.count...])
        self = before
        throw cannotApply(constraint, constant: constant, losing: lost)
      }
      adopt(fresh)
    } catch {
      self = before
      throw error
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

  /// Why `constraint` can't be added: replays the required constraints into an engine where
  /// every equality has a marker and reads the markers of the row it refuses; nil when that
  /// engine accepts it. An engine that lost a required constraint proves nothing by accepting:
  /// the refusal stands, its culprits unknown (seed 2 009 835).
  func explainConflict(_ constraint: Constraint, constant: Double) -> [Constraint]? {
    var probe = Engine()
    var complete = true
    for entry in constraints
    where entry.constraint.isRequired && entry.constraint !== constraint {
      do {
        var addition = entry.addition()
        addition.editVariable = nil
        addition.marker = .always
        if try probe.insertRetryingRefactored(addition) != nil { complete = false }
      } catch {
        complete = false
      }
    }
    do {
      let addition = Addition(constraint, constant: constant, marker: .always)
      guard let refusal = try probe.insertRetryingRefactored(addition)
      else { return complete ? nil : [] }
      return probe.requiredOwners(of: refusal.certificate, excluding: ObjectIdentifier(constraint))
    } catch {
      return []
    }
  }

  // MARK: - Phase one on a refactored tableau

  /// `insertVerified`, and once more on the refactored tableau when phase one refused a
  /// required constraint with a small direction left (`hasSmallDirection`): there residues
  /// are gone and phase one may take coefficients from `Tolerance.certifiedPivotFloor` of
  /// their row (seeds 1 001 865, 2 007 129).
  /// - Returns: the refusal, nil when the constraint was added.
  mutating func insertRetryingRefactored(_ addition: Addition) throws(EngineError) -> Refusal? {
    guard let refusal = try insertVerified(addition, pivots: .standard) else { return nil }
    guard refusal.kind == .phaseOne, addition.constraint.isRequired,
      hasSmallDirection(refusal.certificate)
    else { return refusal }
    var refactored = self
    guard refactored.refactor(), (try? refactored.dualOptimize()) != nil else { return refusal }
    self = refactored
    return try insertVerified(addition, pivots: .refactored)
  }

  /// Whether phase one's final artificial row `row` still has a direction of descent that
  /// `isPivotSized` passed over but `Tolerance.certifiedPivotFloor` would take.
  func hasSmallDirection(_ row: Row) -> Bool {
    row.cells.contains { cell in
      !cell.symbol.isDummy && cell.coefficient < 0 && !row.isPivotSized(cell.coefficient)
        && row.isPivotSized(cell.coefficient, .refactored)
    }
  }
}
