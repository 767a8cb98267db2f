// Adding a constraint (paper 4.1): its row, a subject, phase one when there is none.

/// Which required equalities get a dummy marker. Kiwi gives every one a marker; here a
/// markerless equality costs no column (chains of equalities stay linear), and gets one only
/// when needed: a changed constant, a redundant equality, the engine that names conflicts.
enum EqualityMarker {
  case whenNeeded
  case always
}

/// A constraint to add, with what a rebuild must give it again.
struct Addition {
  let constraint: Constraint
  /// The expression constant in force.
  let constant: Double
  var editVariable: Variable?
  var marker: EqualityMarker
  /// Its place in the order of additions; nil for a new one.
  var order: Int?

  init(
    _ constraint: Constraint, constant: Double? = nil, editVariable: Variable? = nil,
    marker: EqualityMarker = .whenNeeded, order: Int? = nil
  ) {
    self.constraint = constraint
    self.constant = constant ?? constraint.expression.constant
    self.editVariable = editVariable
    self.marker = marker
    self.order = order
  }
}

/// What the core made of a new constraint (`insert`).
enum Insertion {
  case added
  /// A required constraint added through phase one, with the engine before it: the layer
  /// checks such an accept against the constraints and restores that engine if it fails.
  indirect case addedThroughPhaseOne(before: Engine)
  case refused(Refusal)
}

/// Why the core refused a constraint, with the row that shows it (its markers name the
/// required constraints in the way).
struct Refusal {
  enum Kind {
    /// A dependent required equality the equalities in force fix to another constant.
    case inconsistentEquality
    /// A row of dummies with a constant beyond rounding, or an accept that failed the check.
    case conflict
    /// Phase one stopped above zero.
    case phaseOne
  }
  let kind: Kind
  let certificate: Row
}

extension Engine {
  /// Adds a constraint (paper 4.1, Kiwi's `addConstraint`): its row, solved for a subject
  /// when `chooseSubject` finds one, else added through an artificial variable (phase one);
  /// then registers it and re-optimises. A redundant equality always gets a marker, as its
  /// basic row, which keeps the markers of the equalities it follows from.
  /// - Parameter pivots: phase one's pivot-size rule (`.refactored`: a refactored tableau's
  ///   retry).
  /// - Returns: added, or why not; a refusal restores the engine.
  mutating func insert(
    _ addition: Addition, pivots: PivotSize
  ) throws(EngineError) -> Insertion {
    let constraint = addition.constraint, constant = addition.constant
    let key = ObjectIdentifier(constraint)
    guard constraints[key] == nil else {
      throw .solver(.duplicateConstraint(constraint))
    }
    guard constraint.isFinite, constant.isFinite else {
      throw .solver(.nonFiniteConstraint(constraint))
    }
    var (row, tag, sign) = makeRow(for: constraint, constant: constant, marker: addition.marker)
    var subject = chooseSubject(row, tag)

    var marked = addition.marker == .always
    if !subject.isValid, constraint.isRequired, constraint.relation == .equal,
      let consistent = settle(.dependentEquality(constraint, row: row, constant: constant))
    {
      // It follows from the required equalities in force, whatever residues rounding left.
      guard consistent else {
        return .refused(Refusal(kind: .inconsistentEquality, certificate: row))
      }
      row.cells.removeAll { !$0.symbol.isDummy }
      row.constant = 0
    }
    if !subject.isValid, row.hasOnlyDummies {
      // Redundant if its constant is rounding, contradictory otherwise.
      let scale = constantScale(of: constraint.expression, constant: constant)
      guard isRoundingNoise(row.constant, scale: scale) else {
        return .refused(Refusal(kind: .conflict, certificate: row))
      }
      row.constant = 0
      if !tag.marker.isValid {
        tag.marker = newSymbol(.dummy)
        row.insert(tag.marker, sign)
        marked = true
      }
      subject = tag.marker
    }

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
        outcome = try addWithArtificialVariable(row, scale: scale, size: pivots)
      } catch {
        self = saved
        throw .internalFailure(error.message)
      }
      switch outcome {
      case .added:
        if constraint.isRequired { beforePhaseOne = saved }
      case .redundant(var row):
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

    let order = addition.order ?? nextOrder
    nextOrder = max(nextOrder, order + 1)
    constraints[key] = ConstraintEntry(
      constraint: constraint, tag: tag, order: order, constant: constant,
      editVariable: addition.editVariable, isExplicit: marked)
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
