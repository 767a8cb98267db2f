// Adding a constraint (paper 4.1): its row, a subject, phase one when there is none.

/// Which required equalities get a dummy marker.
///
/// Kiwi gives every required equality one. Here a markerless equality costs no column: markers
/// of required equalities are only needed to remove them or change their constants, and on
/// chains of equalities (`x[i+1] == x[i] + 10`) their columns fill the tableau quadratically,
/// which is where Kiwi's adds slow down.
enum EqualityMarker {
  /// A marker only once one is needed (a constant changed; a redundant equality).
  case whenNeeded
  /// A marker for every required equality (the engine that names conflicts).
  case always
}

/// What the core made of a new constraint (`insert`).
enum Insertion {
  /// In the tableau.
  case added
  /// A required constraint in the tableau through phase one, with the engine before it: such
  /// an accept is checked against the constraints (`insertVerified`) and that engine restored
  /// if it doesn't hold.
  indirect case addedThroughPhaseOne(before: Engine)
  case refused(Refusal)
}

/// Why the core refused a constraint, with the row that shows it (its markers name the
/// required constraints in the way).
struct Refusal {
  enum Kind {
    /// A required equality that the equalities in force fix to another constant (decided
    /// from the constraints: `Engine.dependence`).
    case inconsistentEquality
    /// A row of dummies with a constant beyond rounding, or an accept that did not survive
    /// the check against the constraints.
    case conflict
    /// Phase one stopped above zero.
    case phaseOne
  }
  let kind: Kind
  let certificate: Row
}

extension Engine {
  // MARK: - The core

  /// Adds `constraint` (paper 4.1 and Kiwi's `addConstraint`): builds its row, solves it for
  /// a subject when `chooseSubject` finds one, else adds it through an artificial variable
  /// (phase one); then registers it and re-optimises. The exactness layer calls it
  /// (`insertVerified`) and checks what it accepts.
  /// - Parameter phaseOneFloor: when positive, the share of its row from which phase one
  ///   pivots on a coefficient (`Row.isPivotSized(_:floor:)`; a refactored tableau's retry).
  /// - Returns: added, or why not; a phase-one refusal restores the engine.
  mutating func insert(
    _ constraint: Constraint, constant: Double, editVariable: Variable?,
    marker: EqualityMarker, order: Int?, phaseOneFloor: Double
  ) throws(EngineError) -> Insertion {
    let key = ObjectIdentifier(constraint)
    guard constraints[key] == nil else {
      throw .solver(.duplicateConstraint(constraint))
    }
    guard constraint.isFinite, constant.isFinite else {
      throw .solver(.nonFiniteConstraint(constraint))
    }
    var (row, tag, sign) = makeRow(for: constraint, constant: constant, marker: marker)
    var subject = chooseSubject(row, tag)

    // A row of dummies only: redundant if its constant is zero, contradictory otherwise.
    // A redundant equality always gets a marker, as its basic row: that row keeps the
    // markers of the equalities it follows from, so removing one of them substitutes into
    // it instead of losing it.
    var marked = marker == .always
    if !subject.isValid, constraint.isRequired, constraint.relation == .equal,
      let consistent = dependence(of: constraint, row: row, constant: constant)
    {
      // It follows from the required equalities in force (exactly: `dependence`), whatever
      // residues the tableau's rounding left in its row.
      guard consistent else { return .refused(Refusal(kind: .inconsistentEquality, certificate: row)) }
      row.cells.removeAll { !$0.symbol.isDummy }
      row.constant = 0
    }
    if !subject.isValid, row.hasOnlyDummies {
      let scale = constantScale(of: constraint.expression, constant: constant)
      guard isRoundingNoise(row.constant, scale: scale) else {
        return .refused(Refusal(kind: .conflict, certificate: row))
      }
      row.constant = 0  // it holds: the residual is rounding of the equalities it follows from
      if !tag.marker.isValid {
        tag.marker = newSymbol(.dummy)
        row.insert(tag.marker, sign)
        marked = true
      }
      subject = tag.marker
    }

    // The engine before a phase-one accept, to restore if the accept doesn't survive a check
    // against the constraints (`verifiedAccept`).
    var beforePhaseOne: Engine?
    if subject.isValid {
      row.solve(for: subject)
      substitute(subject, with: row)
      insertRow(row, for: subject)
    } else {
      let saved = self
      let outcome: PhaseOneOutcome
      let scale = constantScale(of: constraint.expression, constant: constant)
      do {
        outcome = try addWithArtificialVariable(row, scale: scale, floor: phaseOneFloor)
      } catch {
        self = saved
        throw .internalFailure(error.message)
      }
      switch outcome {
      case .added:
        if constraint.isRequired { beforePhaseOne = saved }
      case .redundant(var row):
        // As above: the marker's row keeps the markers of the equalities it follows from.
        row.constant = 0
        if !tag.marker.isValid { tag.marker = newSymbol(.dummy) }
        if row.index(of: tag.marker) < 0 { row.insert(tag.marker, sign) }
        marked = true
        row.solve(for: tag.marker)
        substitute(tag.marker, with: row)
        insertRow(row, for: tag.marker)
      case .unsatisfiable(let certificate):
        self = saved
        return .refused(Refusal(kind: .phaseOne, certificate: certificate))
      }
    }

    let order = order ?? nextOrder
    nextOrder = max(nextOrder, order + 1)
    constraints[key] = ConstraintEntry(
      constraint: constraint, tag: tag, order: order, constant: constant,
      editVariable: editVariable, isExplicit: marked)
    if tag.marker.isValid { ownerOfSymbol[tag.marker.id] = key }
    if tag.other.isValid { ownerOfSymbol[tag.other.id] = key }
    retainVariables(of: constraint.expression)
    do {
      try optimize()
      try dualOptimize()
    } catch {
      throw .internalFailure(error.message)
    }
    return beforePhaseOne.map { .addedThroughPhaseOne(before: $0) } ?? .added
  }
}
