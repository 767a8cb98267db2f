// Adding, removing and editing constraints: the transactions around the simplex verbs.

extension Engine {
  // MARK: - Adding

  /// Adds `constraint` with expression constant `constant` and re-optimises.
  ///
  /// On `unsatisfiableConstraint` the engine is restored exactly (the phase-one pivots are
  /// undone by restoring a copy-on-write copy taken before them).
  /// - Throws: `SolverError` for a duplicate, non-finite or unsatisfiable constraint;
  ///   `.internalFailure` when the dual simplex can't repair a row (excluded by the
  ///   algorithm); the caller then rebuilds.
  mutating func add(
    _ constraint: Constraint, constant: Double? = nil, editVariable: Variable? = nil
  ) throws(EngineError) {
    let key = ObjectIdentifier(constraint)
    guard constraints[key] == nil else {
      throw .solver(.duplicateConstraint(constraint))
    }
    guard constraint.isFinite, constant?.isFinite ?? true else {
      throw .solver(.nonFiniteConstraint(constraint))
    }
    let constant = constant ?? constraint.expression.constant
    var (row, tag) = makeRow(for: constraint, constant: constant)
    var subject = chooseSubject(row, tag)

    // A row of dummies only: redundant if its constant is zero, contradictory otherwise.
    if !subject.isValid, row.hasOnlyDummies {
      guard nearZero(row.constant) else {
        throw .solver(.unsatisfiableConstraint(
          constraint, conflicting: requiredOwners(of: row, excluding: key)))
      }
      subject = tag.marker
    }

    if subject.isValid {
      row.solve(for: subject)
      substitute(subject, with: row)
      insertRow(row, for: subject)
    } else {
      let saved = self
      if let certificate = addWithArtificialVariable(row) {
        self = saved
        throw .solver(.unsatisfiableConstraint(
          constraint, conflicting: requiredOwners(of: certificate, excluding: key)))
      }
    }

    constraints[key] = ConstraintEntry(
      constraint: constraint, tag: tag, order: nextOrder, constant: constant,
      editVariable: editVariable)
    nextOrder += 1
    ownerOfSymbol[tag.marker.id] = key
    if tag.other.isValid { ownerOfSymbol[tag.other.id] = key }
    retainVariables(of: constraint.expression)
    optimize()
    do {
      try dualOptimize()
    } catch {
      throw .internalFailure(error.message)
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

  // MARK: - Removing

  /// Removes `constraint` (paper 4.4) and re-optimises.
  /// - Throws: `unknownConstraint`; `.internalFailure` when no row holds its marker or the
  ///   dual simplex fails, after the constraint is gone from the tables.
  mutating func remove(_ constraint: Constraint) throws(EngineError) {
    let key = ObjectIdentifier(constraint)
    guard let entry = constraints.removeValue(forKey: key) else {
      throw .solver(.unknownConstraint(constraint))
    }
    let tag = entry.tag
    ownerOfSymbol[tag.marker.id] = nil
    if tag.other.isValid { ownerOfSymbol[tag.other.id] = nil }
    let strength = constraint.strength.value
    removeEffects(of: tag.marker, strength: strength)
    removeEffects(of: tag.other, strength: strength)

    if let slot = slot(of: tag.marker) {
      _ = takeRow(at: slot)
    } else {
      guard let slot = markerLeavingSlot(tag.marker) else {
        releaseVariables(of: constraint.expression)
        throw .internalFailure("no row holds the marker of [\(constraint)]")
      }
      let leaving = basics[slot]
      var row = takeRow(at: slot)
      row.solve(for: leaving, swapping: tag.marker)
      substitute(tag.marker, with: row)
    }
    releaseVariables(of: constraint.expression)
    optimize()
    do {
      try dualOptimize()
    } catch {
      throw .internalFailure(error.message)
    }
  }

  // MARK: - Changing a constant

  /// Changes the expression constant of `constraint` in place and re-solves (dual simplex).
  ///
  /// The change is absorbed by one symbol that only this constraint has: its marker or other
  /// symbol when basic (one row changes), else the marker's column (paper 4.3, as for edit
  /// variables). A required constraint that no longer fits restores the engine and throws
  /// `unsatisfiableConstraint`.
  mutating func updateConstant(of constraint: Constraint, to constant: Double) throws(EngineError) {
    let key = ObjectIdentifier(constraint)
    guard var entry = constraints[key] else { throw .solver(.unknownConstraint(constraint)) }
    guard constant.isFinite else { throw .solver(.nonFiniteConstraint(constraint)) }
    let delta = constant - entry.constant
    guard delta != 0 else { return }

    let tag = entry.tag
    if tag.marker.isDummy, let slot = slot(of: tag.marker) {
      // A redundant required equality: the others already fix its expression.
      let row = rows[slot]
      guard row.hasOnlyDummies else {
        return try readd(constraint, constant: constant)
      }
      guard nearZero(row.constant - delta) else {
        throw .solver(.unsatisfiableConstraint(
          constraint, conflicting: requiredOwners(of: row, excluding: key)))
      }
      entry.constant = constant
      constraints[key] = entry
      rows[slot].constant -= delta
      return
    }

    let saved: Engine? = constraint.isRequired ? self : nil
    entry.constant = constant
    constraints[key] = entry
    shift(tag, relation: constraint.relation, isRequired: constraint.isRequired, by: delta)
    do {
      try dualOptimize()
    } catch {
      guard let saved else { throw .internalFailure(error.message) }
      // The failing row and its basic symbol name the constraints in the way.
      var failing = Row()
      if let basic = infeasible.last, let row = row(of: basic) {
        failing = row
        failing.insert(basic)
      }
      let conflicting = requiredOwners(of: failing, excluding: key)
      self = saved
      throw .solver(.unsatisfiableConstraint(constraint, conflicting: conflicting))
    }
  }

  /// Applies `0 = c + delta + ...` to the tableau of `0 = c + ...` through the constraint's
  /// own symbols, queueing rows that turn infeasible.
  mutating func shift(_ tag: Tag, relation: Relation, isRequired: Bool, by delta: Double) {
    // The coefficients the marker and other symbol got in `makeRow` (before sign fixing,
    // which scales the whole equation and so doesn't change the ratio used here).
    let markerCoefficient: Double
    let otherCoefficient: Double
    switch relation {
    case .lessThanOrEqual: (markerCoefficient, otherCoefficient) = (1, -1)
    case .greaterThanOrEqual: (markerCoefficient, otherCoefficient) = (-1, 1)
    case .equal: (markerCoefficient, otherCoefficient) = isRequired ? (1, 0) : (-1, 1)
    }
    if let slot = slot(of: tag.marker) {
      rows[slot].constant -= delta / markerCoefficient
      if rows[slot].constant < 0 { infeasible.append(tag.marker) }
      return
    }
    if tag.other.isValid, let slot = slot(of: tag.other) {
      rows[slot].constant -= delta / otherCoefficient
      if rows[slot].constant < 0 { infeasible.append(tag.other) }
      return
    }
    let factor = delta / markerCoefficient
    for slot in basics.indices {
      let basic = basics[slot]
      guard basic.isValid else { continue }
      let coefficient = rows[slot].coefficient(for: tag.marker)
      guard coefficient != 0 else { continue }
      rows[slot].constant += coefficient * factor
      if !basic.isExternal, rows[slot].constant < 0 { infeasible.append(basic) }
    }
    objective.constant += objective.coefficient(for: tag.marker) * factor
  }

  /// Changes a constant by removing and re-adding the constraint (same object, same order),
  /// restoring the engine if the new constant is unsatisfiable.
  mutating func readd(_ constraint: Constraint, constant: Double) throws(EngineError) {
    let key = ObjectIdentifier(constraint)
    guard let entry = constraints[key] else { throw .solver(.unknownConstraint(constraint)) }
    let saved = self
    do {
      try remove(constraint)
      try add(constraint, constant: constant, editVariable: entry.editVariable)
      constraints[key]?.order = entry.order
    } catch {
      self = saved
      throw error
    }
  }

  // MARK: - Reading the solution

  /// Writes every variable's value: its row's constant when basic, else zero.
  func writeValues() {
    for entry in variables.values {
      let symbol = entry.symbol
      let value = slot(of: symbol).map { rows[$0].constant } ?? 0
      if entry.variable.value != value { entry.variable.value = value }
    }
  }
}

/// What an engine call throws: a user-facing error, or a failure that needs a rebuild.
enum EngineError: Error {
  case solver(SolverError)
  case internalFailure(String)
}
