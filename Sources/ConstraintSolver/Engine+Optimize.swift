// The primal simplex (paper 4.2: "optimize"): substitution, pivots, entering and leaving.

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
  /// - Parameter floor: when positive, the share of its row from which a coefficient is a
  ///   pivot (`Row.isPivotSized(_:floor:)`; a refactored tableau's phase one).
  /// - Throws: `InternalFailure` after `pivotLimit` pivots (cycling on rounding noise).
  mutating func optimize(_ phase: Phase = .two, floor: Double = 0) throws(InternalFailure) {
    var skipped: [Symbol] = []
    var pivots = 0
    var refactored = false
    var smallPivots = 0
    while true {
      let rule = pivotRule(after: pivots)
      let entering = enteringSymbol(
        phase == .one ? (artificial ?? Row()) : objective, skipping: skipped, phase: phase,
        rule: rule, floor: floor)
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
          guard settle(.smallPivots) == true else { return }
          continue
        }
        pivot(slot: slot, entering: symbol)
        smallPivots += 1
        pivots += 1
        continue
      }
      guard let slot = leavingRow(for: entering, rule: rule, floor: floor) else {
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
        if settle(.smallPivots) == true {
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
    _ objective: Row, skipping skipped: [Symbol], phase: Phase, rule: PivotRule, floor: Double
  ) -> Symbol {
    var best = Symbol.invalid
    var bestCoefficient = 0.0
    for cell in objective.cells where cell.coefficient < bestCoefficient && !cell.symbol.isDummy {
      if phase == .one, !objective.isPivotSized(cell.coefficient, floor: floor) { continue }
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
  mutating func leavingRow(for entering: Symbol, rule: PivotRule, floor: Double) -> Int? {
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
      guard coefficient < 0, rows[slot].isPivotSized(coefficient, floor: floor) else { continue }
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
      guard coefficient < 0, rows[slot].isPivotSized(coefficient, floor: floor) else { continue }
      let constant = max(0, rows[slot].constant)
      bound = min(bound, (constant + Tolerance.standard.ratio * max(1, constant)) / -coefficient)
    }
    var pick = chosen
    var pickSize = chosenSize
    for slot in candidates where !basics[slot].isExternal {
      let coefficient = rows[slot].coefficient(for: entering)
      guard coefficient < 0, rows[slot].isPivotSized(coefficient, floor: floor),
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
}
