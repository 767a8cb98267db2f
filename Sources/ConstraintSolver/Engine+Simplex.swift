// The Cassowary algorithm's verbs (Badros, Borning & Stuckey, ACM TOCHI 2001, section 4).

/// A state the algorithm excludes; the caller rebuilds the solver and reports `internalError`.
struct InternalFailure: Error {
  let message: String
}

/// Which objective a simplex run minimises: the paper's two phases.
enum Phase {
  /// The artificial objective of a row added without a subject (paper 4.1).
  case one
  /// The weighted errors of the non-required constraints.
  case two
}

/// The pivot rules of one optimisation: Dantzig's entering choice with Harris ratio tests
/// for its first `Engine.stablePivotLimit` pivots, then Bland's rule, which cannot cycle.
enum PivotRule {
  case dantzig
  case bland
}

extension Engine {
  // MARK: - Building a constraint's row (paper 4.1: "augmented simplex form")

  /// The row of `constraint` over the current parameters, with its slack / error / dummy.
  ///
  /// `expression <= 0` becomes `expression + slack = 0`, `>= 0` becomes
  /// `expression - slack = 0`; a non-required constraint also gets an error (two for an
  /// equality), weighted by its strength in the objective; a required equality gets a dummy
  /// marker only when `marker` is `.always`. Basic variables are replaced by their rows. The row is sign-normalised so its constant is `>= 0`; `sign` is -1 when
  /// that negated it (a dummy marker inserted later gets coefficient `sign`, so that in the
  /// un-normalised equation it has +1, as one inserted here has).
  mutating func makeRow(
    for constraint: Constraint, constant: Double, marker: EqualityMarker
  ) -> (row: Row, tag: Tag, sign: Double) {
    var row = Row(constant: constant)
    var scale = 0.0
    for term in constraint.expression.terms where !nearZero(term.coefficient) {
      let symbol = symbol(for: term.variable)
      if let slot = slot(of: symbol) {
        row.insert(rows[slot], term.coefficient)
        scale = max(scale, abs(term.coefficient) * rows[slot].largestCoefficient)
      } else {
        row.insert(symbol, term.coefficient)
        scale = max(scale, abs(term.coefficient))
      }
    }
    row.dropCancellations(scale: scale)
    var tag = Tag()
    let strength = constraint.strength.value
    switch constraint.relation {
    case .lessThanOrEqual, .greaterThanOrEqual:
      let sign = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
      tag.marker = newSymbol(.slack)
      row.insert(tag.marker, sign)
      if !constraint.isRequired {
        tag.other = newSymbol(.error)
        row.insert(tag.other, -sign)
        objective.insert(tag.other, strength)
      }
    case .equal:
      if constraint.isRequired {
        if marker == .always {
          tag.marker = newSymbol(.dummy)
          row.insert(tag.marker)
        }
      } else {
        tag.marker = newSymbol(.error)
        tag.other = newSymbol(.error)
        row.insert(tag.marker, -1)
        row.insert(tag.other, 1)
        objective.insert(tag.marker, strength)
        objective.insert(tag.other, strength)
      }
    }
    guard row.constant < 0 else { return (row, tag, 1) }
    row.reverseSign()
    return (row, tag, -1)
  }

  /// The size of the numbers that make up the constant of `expression`'s row at the current
  /// solution: `|constant| + sum(|coefficient * value|)`, a basic variable's value being its
  /// row's constant (a parametric one is zero). A constraint the others already fix leaves
  /// its row's constant at rounding noise, which grows with this size, not with one.
  func constantScale(of expression: LinearExpression, constant: Double) -> Double {
    var scale = abs(constant)
    for term in expression.terms {
      let symbol = variables[ObjectIdentifier(term.variable)]?.symbol ?? .invalid
      if let slot = slot(of: symbol) { scale += abs(term.coefficient * rows[slot].constant) }
    }
    return scale
  }

  /// The symbol to solve a new row for, or `.invalid` when an artificial variable is needed.
  ///
  /// An external variable if there is one (its sign is free); else the row's own slack or
  /// error when its coefficient is negative (solving for it keeps it `>= 0`, as the row's
  /// constant is `>= 0`). Among externals, the oldest.
  ///
  /// An external whose coefficient is a rounding residue (not `isPivotSized`) is passed over
  /// for the largest external one; if every external coefficient is such a residue the row
  /// goes on as if it had none.
  func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
    var largest = Symbol.invalid
    var largestSize = 0.0
    for cell in row.cells where cell.symbol.isExternal {
      if !largest.isValid, abs(cell.coefficient) >= Tolerance.standard.sizablePivot { return cell.symbol }
      if abs(cell.coefficient) > largestSize {
        largestSize = abs(cell.coefficient)
        largest = cell.symbol
      }
    }
    if largest.isValid {
      // The first external was small: take it only if it is pivot-sized, else the largest.
      for cell in row.cells where cell.symbol.isExternal {
        if row.isPivotSized(cell.coefficient) { return cell.symbol }
        break
      }
      if row.isPivotSized(largestSize) { return largest }
    }
    if tag.marker.isPivotable, row.coefficient(for: tag.marker) < 0 { return tag.marker }
    if tag.other.isPivotable, row.coefficient(for: tag.other) < 0 { return tag.other }
    return .invalid
  }

  // MARK: - Substitution and pivots

  /// Replaces parameter `symbol` by `row` everywhere (rows, objective, phase-one objective),
  /// queueing restricted rows that become negative for the dual simplex.
  mutating func substitute(_ symbol: Symbol, with row: Row) {
    var added: [Symbol]? = []
    for entry in takeColumn(symbol) {
      let slot = Int(entry)
      added!.removeAll(keepingCapacity: true)
      guard rows[slot].substitute(symbol, with: row, added: &added) else { continue }
      for gained in added! { noteCell(gained, inSlot: slot) }
      let basic = basics[slot]
      if !basic.isExternal, rows[slot].constant < 0, !infeasible.contains(basic) {
        infeasible.append(basic)
      }
    }
    objective.substitute(symbol, with: row)
    if artificial != nil { artificial!.substitute(symbol, with: row) }
  }

  /// Makes `entering` basic in place of the row in `slot` (whose symbol leaves the basis).
  mutating func pivot(slot: Int, entering: Symbol) {
    let leaving = basics[slot]
    pivotsSinceHealthCheck += 1
    pivotCount &+= 1
    var row = takeRow(at: slot)
    row.solve(for: leaving, swapping: entering)
    substitute(entering, with: row)
    insertRow(row, for: entering)
  }

  // MARK: - Primal simplex (paper 4.2: "optimize")

  /// Pivots until no parameter with a negative objective coefficient is left.
  ///
  /// The objective (weighted errors, all `>= 0`) is bounded below, so a parameter with a
  /// negative coefficient that no restricted row bounds can only carry rounding noise (with
  /// strengths near required's 1e9, cancellations leave coefficients like -5e-6 on directions
  /// of zero cost). Such a parameter is skipped until the next pivot changes the objective,
  /// instead of being reported as an unbounded objective, which is where Kiwi gives up.
  /// - Parameter phase: `.two` (the weighted errors) or `.one` (the artificial objective).
  /// - Throws: `InternalFailure` after `pivotLimit` pivots (cycling on rounding noise).
  mutating func optimize(_ phase: Phase = .two) throws(InternalFailure) {
    var skipped: [Symbol] = []
    var pivots = 0
    var refactored = false
    var smallPivots = 0
    while true {
      let rule = pivotRule(after: pivots)
      let entering = enteringSymbol(
        phase == .one ? (artificial ?? Row()) : objective, skipping: skipped, phase: phase,
        rule: rule)
      guard entering.isValid else {
        // Every improving direction left was skipped as unbounded: its bounding rows hold it
        // with coefficients below pivot size. Those are rounding residues unless the
        // constraints say otherwise: when one of them would lower the objective by more than
        // rounding, the rows are recomputed from the constraints (`refactor`) and, if the
        // direction is still there, the small pivot is taken (LP-oracle seed 2 008 461: a weak
        // slack of cost -4.9e-5, bounded at 3.6e9 by coefficients of 1e-6 ... 4e-5 in rows
        // with terms near 150, stopped the simplex 1.4e5 of weighted error, 5e-4 relative,
        // above the optimum).
        guard phase == .two, !skipped.isEmpty, smallPivots < Engine.smallPivotLimit,
          let (symbol, slot) = smallPivotDirection(among: skipped)
        else { return }
        skipped.removeAll()
        if !refactored {
          // Only a refactored tableau can tell a residue from a small coefficient.
          refactored = true
          guard refactor() else { return }
          continue
        }
        pivot(slot: slot, entering: symbol)
        smallPivots += 1
        pivots += 1
        continue
      }
      guard let slot = leavingRow(for: entering, rule: rule) else {
        skipped.append(entering)
        continue
      }
      if phase == .two, !refactored,
        relativePivotSize(rows[slot], rows[slot].coefficient(for: entering))
          < Tolerance.standard.certifiedPivot
      {
        // A pivot this small may be the residue of a coefficient that is zero: pivoting on it
        // makes the basis singular (LP-oracle seed 1 000 065: -5.3e-6 next to 2.5, and the
        // required constraints were then missed by 1.2 of their terms). The rows recomputed
        // from the constraints drop residues and keep genuine coefficients; the choice is made
        // again there (once per optimisation: a refactored tableau's small pivots are genuine).
        refactored = true
        if refactor() {
          skipped.removeAll()
          continue
        }
      }
      pivot(slot: slot, entering: entering)
      skipped.removeAll()
      pivots += 1
      if pivots > pivotLimit { throw InternalFailure(message: "the simplex is cycling") }
    }
  }

  /// At most this many pivots on coefficients below pivot size in one optimisation
  /// (`smallPivotDirection`).
  static let smallPivotLimit = 4

  /// The first of `skipped` (parameters with a negative objective coefficient that no
  /// pivot-sized row bounds) that a row bounds with a coefficient above rounding of a
  /// refactored tableau (`1e-11` of its row's largest), and whose move to that bound lowers
  /// the objective by more than `1e-10` of it: the parameter and the bounding row (least
  /// ratio, ties to the oldest basic symbol). Nil when none does: the skipped directions are
  /// rounding residues.
  func smallPivotDirection(among skipped: [Symbol]) -> (Symbol, Int)? {
    let significant = Tolerance.standard.significantDecrease * max(1, abs(objective.constant))
    for symbol in skipped {
      let cost = objective.coefficient(for: symbol)
      guard cost < 0 else { continue }
      var best: Int?
      var bestRatio = Double.infinity
      // The column as recorded (stale and repeated entries can't change a least ratio).
      for entry in columns[symbol.id] {
        let slot = Int(entry)
        guard !basics[slot].isExternal else { continue }
        let coefficient = rows[slot].coefficient(for: symbol)
        guard coefficient < 0, -coefficient >= Tolerance.standard.refactor * max(1, rows[slot].largestCoefficient)
        else { continue }
        let ratio = max(0, rows[slot].constant) / -coefficient
        if let current = best, !(ratio < bestRatio || (ratio == bestRatio && basics[slot] < basics[current])) {
          continue
        }
        best = slot
        bestRatio = ratio
      }
      if let best, -cost * bestRatio > significant { return (symbol, best) }
    }
    return nil
  }

  /// More pivots than this in one optimisation can only be cycling through rounding noise.
  var pivotLimit: Int { 50 * (rows.count + 10) }

  /// After this many pivots in one optimisation the pivot rules fall back to plain Bland
  /// (which cannot cycle) from Dantzig's entering choice and the largest-pivot choices of the
  /// Harris ratio tests.
  var stablePivotLimit: Int { 5 * (rows.count + 10) }

  /// The pivot rule of an optimisation that has taken `pivots` pivots.
  func pivotRule(after pivots: Int) -> PivotRule {
    pivots < stablePivotLimit ? .dantzig : .bland
  }

  /// The parameter to enter the basis: the non-dummy one with the most negative objective
  /// coefficient (`.dantzig`; ties to the oldest), or the first (oldest) negative one
  /// (`.bland`, which cannot cycle).
  ///
  /// Bland's first-negative choice walks long paths on dense objectives: on random 60 x 600
  /// systems one re-add took thousands of pivots, through nearly singular bases (pivots of
  /// 1e-6 of their row), and the rows grew to 1e9; the most negative coefficient, the largest
  /// decrease per unit, gets there in a few pivots. Bland stays the fallback after
  /// `stablePivotLimit` pivots of one optimisation.
  /// - Parameter phase: in phase one, a coefficient that is a rounding residue of the row
  ///   (not `isPivotSized`) may not enter: its objective is the new row itself, and a residue
  ///   there is what cancellation left of a direction the row doesn't have
  ///   (seed 40404: a row `413.6 + 3 s + 1e-8 t ...` that the LP proves infeasible went to zero
  ///   along `t`, and a conflicting constraint was accepted).
  func enteringSymbol(
    _ objective: Row, skipping skipped: [Symbol], phase: Phase, rule: PivotRule
  ) -> Symbol {
    var best = Symbol.invalid
    var bestCoefficient = 0.0
    for cell in objective.cells where cell.coefficient < bestCoefficient && !cell.symbol.isDummy {
      if phase == .one, !objective.isPivotSized(cell.coefficient, floor: pivotFloor) { continue }
      if !skipped.isEmpty && skipped.contains(cell.symbol) { continue }
      if rule == .bland { return cell.symbol }
      best = cell.symbol
      bestCoefficient = cell.coefficient
    }
    return best
  }

  /// The restricted row that first hits zero as `entering` grows (minimum ratio test),
  /// ties to the oldest basic symbol. Rows where `entering`'s coefficient is a rounding
  /// residue (not `isPivotSized`) don't bound it: pivoting there is what blows rows up.
  ///
  /// When that row's pivot is small for its row (below `Tolerance.stablePivot` of its largest
  /// coefficient) and the rule is `.dantzig`, a Harris ratio test picks instead, among the rows whose ratio
  /// is within `Tolerance.ratio` of their constants of the least one, the one with the largest
  /// pivot relative to its row (ties: the oldest). Degenerate systems have many rows at ratio
  /// zero, and Bland's oldest-first choice among them pivoted on 4e-5 next to 3 (rows then
  /// reached 1e8 and the required constraints were lost). The cost is that other rows may
  /// dip below zero by up to `Tolerance.ratio` of their constant (the dual simplex's noise).
  /// - Returns: the slot of the leaving row.
  mutating func leavingRow(for entering: Symbol, rule: PivotRule) -> Int? {
    var best: Int?
    var bestRatio = Double.infinity
    // The column as recorded, stale and repeated entries included: a stale one has no
    // coefficient and a repeated one can't change a choice ordered by (ratio, symbol), so
    // the choice is that of the compacted column without compacting it (each pivot did so
    // twice: here and in `substitute`).
    let candidates = columns[entering.id].lazy.map { Int($0) }
    for slot in candidates {
      let basic = basics[slot]
      guard !basic.isExternal else { continue }
      let coefficient = rows[slot].coefficient(for: entering)
      guard coefficient < 0, rows[slot].isPivotSized(coefficient, floor: pivotFloor) else { continue }
      let ratio = -rows[slot].constant / coefficient
      if let current = best, !(ratio < bestRatio || (ratio == bestRatio && basic < basics[current])) {
        continue
      }
      bestRatio = ratio
      best = slot
    }
    guard rule == .dantzig, let chosen = best else { return best }
    let chosenSize = relativePivotSize(rows[chosen], rows[chosen].coefficient(for: entering))
    guard chosenSize < Tolerance.standard.stablePivot else { return chosen }

    var bound = Double.infinity
    for slot in candidates where !basics[slot].isExternal {
      let coefficient = rows[slot].coefficient(for: entering)
      guard coefficient < 0, rows[slot].isPivotSized(coefficient, floor: pivotFloor) else { continue }
      let constant = max(0, rows[slot].constant)
      bound = min(bound, (constant + Tolerance.standard.ratio * max(1, constant)) / -coefficient)
    }
    var pick = chosen
    var pickSize = chosenSize
    for slot in candidates where !basics[slot].isExternal {
      let coefficient = rows[slot].coefficient(for: entering)
      guard coefficient < 0, rows[slot].isPivotSized(coefficient, floor: pivotFloor),
        -rows[slot].constant / coefficient <= bound
      else { continue }
      let size = relativePivotSize(rows[slot], coefficient)
      if size > pickSize || (size == pickSize && basics[slot] < basics[pick]) {
        pickSize = size
        pick = slot
      }
    }
    return pick
  }

  /// `|coefficient|` relative to `row`'s largest coefficient (the basic's implicit 1 included).
  func relativePivotSize(_ row: Row, _ coefficient: Double) -> Double {
    abs(coefficient) / max(1, row.largestCoefficient)
  }

  // MARK: - Dual simplex (paper 4.3: re-solving after edits)

  /// Pivots infeasible rows (restricted basic symbols below zero) back to feasibility while
  /// keeping the objective optimal. The oldest infeasible symbol goes first. Rows less than
  /// 1e-8 below zero count as feasible: that is rounding noise of earlier pivots (primal
  /// steps queue such rows too), and pivoting on it could only fail.
  /// - Throws: `InternalFailure` when a row can't be repaired; the failing basic symbol is
  ///   left in `infeasible`.
  mutating func dualOptimize() throws(InternalFailure) {
    var pivots = 0
    var refactored = false
    let floorBefore = pivotFloor
    defer { pivotFloor = floorBefore }
    while !infeasible.isEmpty {
      var first = 0
      for i in infeasible.indices where infeasible[i] < infeasible[first] { first = i }
      let leaving = infeasible[first]
      infeasible.swapAt(first, infeasible.count - 1)
      infeasible.removeLast()
      infeasible.removeAll { $0 == leaving }
      guard let slot = slot(of: leaving), rows[slot].constant < -Tolerance.standard.zero else {
        continue
      }
      let entering = dualEnteringSymbol(rows[slot], rule: pivotRule(after: pivots))
      guard entering.isValid else {
        if !refactored {
          // Every coefficient that could lift the row is below pivot size: residues, or small
          // coefficients the constraints really have. On the refactored tableau residues are
          // gone, so the entering choice may take coefficients from `Tolerance.certifiedPivotFloor` of
          // the row (fresh LP-oracle seeds 4 008 231, 4 008 267, 4 009 551: feasible required
          // adds ended at a row nothing could lift, on the tableau and on its rebuild). The
          // refactor queues the rows it leaves below zero, this one among them.
          refactored = true
          if refactor() {
            pivotFloor = Tolerance.standard.certifiedPivotFloor
            continue
          }
        }
        if isRoundingNoise(rows[slot].constant, scale: largestValue) {
          // Nothing can lift it, even on the refactored tableau, and it is below zero by
          // rounding of the values around it (a degenerate row whose coefficients cancelled to
          // residues): it is zero. Taken for noise before the refactor, such a row of seed
          // 1 000 269 left a required bound 1.8e-7 short (1.4e-9 of its terms) at a solve.
          rows[slot].constant = 0
          continue
        }
        infeasible.append(leaving)
        throw InternalFailure(message: "dual optimize failed")
      }
      pivot(slot: slot, entering: entering)
      pivots += 1
      if pivots > pivotLimit {
        infeasible.removeAll()
        throw InternalFailure(message: "the dual simplex is cycling")
      }
    }
  }

  /// The largest magnitude among the basic symbols' values: the scale of the rounding in
  /// any of them.
  var largestValue: Double {
    var largest = 0.0
    for slot in rows.indices where basics[slot].isValid { largest = max(largest, abs(rows[slot].constant)) }
    return largest
  }

  /// The parameter of `row` that can rise to lift the row to zero at least objective cost:
  /// a restricted one with a positive coefficient (minimum ratio of objective coefficient to
  /// row coefficient), or a free external variable (ratio zero); ties to the oldest.
  /// Coefficients that are not `isPivotSized` are passed over. As in `leavingRow`, a small
  /// chosen pivot (under `.dantzig`) gives way to the largest one among the parameters whose
  /// ratio is within `Tolerance.ratio` (of their objective coefficient) of the least.
  func dualEnteringSymbol(_ row: Row, rule: PivotRule) -> Symbol {
    var best = Symbol.invalid
    var bestRatio = Double.infinity
    var bestCoefficient = 0.0
    for cell in row.cells
    where !cell.symbol.isDummy && row.isPivotSized(cell.coefficient, floor: pivotFloor) {
      guard let ratio = dualRatio(cell) else { continue }
      if ratio < bestRatio {
        bestRatio = ratio
        best = cell.symbol
        bestCoefficient = cell.coefficient
      }
    }
    guard rule == .dantzig, best.isValid else { return best }
    let largest = max(1, row.largestCoefficient)
    guard abs(bestCoefficient) / largest < Tolerance.standard.stablePivot else { return best }
    var bound = Double.infinity
    for cell in row.cells
    where !cell.symbol.isDummy && row.isPivotSized(cell.coefficient, floor: pivotFloor) {
      guard dualRatio(cell) != nil else { continue }
      let cost = abs(objective.coefficient(for: cell.symbol))
      bound = min(bound, (cost + Tolerance.standard.ratio * max(1, cost)) / abs(cell.coefficient))
    }
    var pickSize = abs(bestCoefficient)
    for cell in row.cells
    where !cell.symbol.isDummy && row.isPivotSized(cell.coefficient, floor: pivotFloor) {
      guard let ratio = dualRatio(cell), ratio <= bound else { continue }
      if abs(cell.coefficient) > pickSize {
        pickSize = abs(cell.coefficient)
        best = cell.symbol
      }
    }
    return best
  }

  /// The dual ratio of a cell of an infeasible row, nil when raising its symbol can't help.
  @inline(__always) func dualRatio(_ cell: Cell) -> Double? {
    if cell.symbol.isExternal {
      return abs(objective.coefficient(for: cell.symbol) / cell.coefficient)
    }
    guard cell.coefficient > 0 else { return nil }
    return objective.coefficient(for: cell.symbol) / cell.coefficient
  }

  // MARK: - Phase one (paper 4.1: adding a row with no usable subject)

  /// What phase one made of a row.
  enum PhaseOneOutcome {
    /// The row holds and is in the tableau.
    case added
    /// The row holds but reduced to `0 = noise + dummies`: redundant with required
    /// equalities. It is out of the tableau; the caller keeps it as a marker's row.
    case redundant(Row)
    /// The row can't hold: the final phase-one objective, whose markers name the
    /// constraints in the way. The tableau is left pivoted, for the caller to restore.
    case unsatisfiable(Row)
  }

  /// Adds `row` through an artificial variable, minimising it to zero (phase one).
  /// - Parameter scale: the size of the numbers behind the row's constant
  ///   (`constantScale(of:constant:)`): a final artificial value within rounding noise of it
  ///   counts as zero.
  mutating func addWithArtificialVariable(
    _ row: Row, scale: Double
  ) throws(InternalFailure) -> PhaseOneOutcome {
    let art = newSymbol(.slack)
    insertRow(row, for: art)
    artificial = row
    defer { artificial = nil }
    try optimize(.one)
    let final = artificial ?? Row()
    // The artificial is restricted: its least value is never below zero, so a negative one is
    // rounding past zero (seen down to -8e-6 next to terms of 1e3), never a conflict. A
    // positive one is measured against the new row's numbers and the certificate's.
    let noiseScale = max(scale, certificateScale(final))
    guard final.constant < 0 || isRoundingNoise(final.constant, scale: noiseScale) else {
      return .unsatisfiable(final)
    }

    // The artificial variable is zero; pivot it out if it is still basic, then drop it.
    if let slot = slot(of: art) {
      if rows[slot].cells.isEmpty {
        _ = takeRow(at: slot)
        return .added
      }
      let entering = anyPivotableSymbol(rows[slot])
      guard entering.isValid else {
        // Only dummies left: the constraint follows from required equalities (redundant).
        let row = takeRow(at: slot)
        return row.hasOnlyDummies ? .redundant(row) : .unsatisfiable(row)
      }
      pivot(slot: slot, entering: entering)
    }
    for slot in takeSlots(containing: art) { rows[slot].remove(art) }
    objective.remove(art)
    return .added
  }

  /// The size of the numbers phase one's final artificial row `row` combines: the largest
  /// `|coefficient| x constantScale` over the required constraints whose own symbols (marker,
  /// other) it holds. The row reads the new constraint's residual as a combination of those
  /// constraints, each weighted by its coefficient, so rounding of each of them (1e-9 of its
  /// numbers, `Tolerance.residual`) reaches the residual multiplied by its weight. On
  /// nearly dependent required constraints the weights reach 1e6 ... 1e7: LP-oracle seed
  /// 3 004 330's add 115 ended at a residual of 3.2e-4 where the LP holds every row within
  /// 4.6e-13 of its size, and was refused.
  /// - Complexity: O(cells of `row` x terms of their constraints); paid when phase one ends
  ///   above zero.
  func certificateScale(_ row: Row) -> Double {
    var scale = 0.0
    for cell in row.cells {
      guard let key = ownerOfSymbol[cell.symbol.id], let entry = constraints[key],
        entry.constraint.isRequired
      else { continue }
      let size = constantScale(of: entry.constraint.expression, constant: entry.constant)
      scale = max(scale, abs(cell.coefficient) * size)
    }
    return scale
  }

  /// The first pivot-sized slack or error symbol of `row`, else the largest one, or
  /// `.invalid`.
  func anyPivotableSymbol(_ row: Row) -> Symbol {
    var largest = Symbol.invalid
    var largestSize = 0.0
    for cell in row.cells where cell.symbol.isPivotable {
      if row.isPivotSized(cell.coefficient) { return cell.symbol }
      if abs(cell.coefficient) > largestSize {
        largestSize = abs(cell.coefficient)
        largest = cell.symbol
      }
    }
    return largest
  }

  // MARK: - Removal (paper 4.4: "removing a constraint")

  /// The row to pivot `marker` into when removing its constraint: the row of a redundant
  /// required equality that follows from this constraint (a basic dummy; ties: oldest), else
  /// as the paper orders them: a restricted row where `marker` has a negative coefficient
  /// (least ratio), else a restricted row with a positive one (least ratio), else an external
  /// row. Ties: oldest.
  ///
  /// The dummy's row comes first because the equality it stands for must hold on its own once
  /// this constraint is gone: pivoting there makes the dummy a parameter (zero, the equality
  /// enforced) and moves no value (its row's constant is zero). Pivoting elsewhere substituted
  /// the removed marker's row into the dummy's, leaving a basic dummy at a non-zero value: the
  /// equality silently broken (LP oracle seed 40200: a required equality 51 off).
  mutating func markerLeavingSlot(_ marker: Symbol) -> Int? {
    var dummy: Int?
    var first: Int?, firstRatio = Double.infinity
    var second: Int?, secondRatio = Double.infinity
    var third: Int?
    var residues: Int?, residueSize = 0.0
    for slot in slots(containing: marker) {
      let basic = basics[slot]
      let coefficient = rows[slot].coefficient(for: marker)
      guard coefficient != 0 else { continue }
      guard rows[slot].isPivotSized(coefficient) else {
        // Only if no row holds the marker with a sizable coefficient: the largest residue.
        if abs(coefficient) > residueSize || (abs(coefficient) == residueSize && basic < basics[residues!]) {
          residueSize = abs(coefficient)
          residues = slot
        }
        continue
      }
      if basic.isDummy {
        if dummy == nil || basic < basics[dummy!] { dummy = slot }
      } else if basic.isExternal {
        if third == nil || basic < basics[third!] { third = slot }
      } else if coefficient < 0 {
        let ratio = -rows[slot].constant / coefficient
        if first == nil || ratio < firstRatio || (ratio == firstRatio && basic < basics[first!]) {
          firstRatio = ratio
          first = slot
        }
      } else {
        let ratio = rows[slot].constant / coefficient
        if second == nil || ratio < secondRatio
          || (ratio == secondRatio && basic < basics[second!])
        {
          secondRatio = ratio
          second = slot
        }
      }
    }
    return dummy ?? first ?? second ?? third ?? residues
  }

  /// Takes `symbol`'s weighted error out of the objective (it is about to be dropped).
  mutating func removeEffects(of symbol: Symbol, strength: Double) {
    guard symbol.kind == .error else { return }
    if let slot = slot(of: symbol) {
      objective.insert(rows[slot], -strength)
    } else {
      objective.insert(symbol, -strength)
    }
  }
}
