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
/// for its first `Engine.stablePivotLimit` pivots, then Bland's, which cannot cycle.
enum PivotRule {
  case dantzig
  case bland
}

extension Engine {
  // MARK: - Substitution and pivots

  /// Replaces parameter `symbol` by `row` in every row holding it and in the objectives,
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

  /// Pivots until no parameter with a negative objective coefficient is left (paper 4.2).
  /// The objective is bounded below, so a direction no restricted row bounds is rounding
  /// noise (near-required strengths leave such): it is skipped until the next pivot, where
  /// Kiwi reports an unbounded objective. When only such directions are left, or the chosen
  /// pivot is below `Tolerance.certifiedPivot` of its row, the core has a doubt about small
  /// pivots (`settle`): on the refactored rows the choice is made again, and a small pivot
  /// that lowers the objective significantly is taken (seeds 2 008 461, 1 000 065).
  /// - Parameter size: the pivot-size rule (`.refactored`: a refactored tableau's phase one).
  /// - Throws: `InternalFailure` after `pivotLimit` pivots (cycling on rounding noise).
  mutating func optimize(
    _ phase: Phase = .two, size: PivotSize = .standard
  ) throws(InternalFailure) {
    var skipped: [Symbol] = []
    var pivots = 0
    var refactored = false
    var smallPivots = 0
    while true {
      let rule = pivotRule(after: pivots)
      let entering = enteringSymbol(
        phase == .one ? (artificial ?? Row()) : objective, skipping: skipped, phase: phase,
        rule: rule, size: size)
      guard entering.isValid else {
        guard phase == .two, !skipped.isEmpty, smallPivots < Engine.smallPivotLimit,
          let (symbol, slot) = smallPivotDirection(among: skipped)
        else { return }
        skipped.removeAll()
        if !refactored {
          refactored = true
          guard settle(.smallPivots) == true else { return }
          continue
        }
        pivot(slot: slot, entering: symbol)
        smallPivots += 1
        pivots += 1
        continue
      }
      guard let slot = leavingRow(for: entering, rule: rule, size: size) else {
        skipped.append(entering)
        continue
      }
      if phase == .two, !refactored,
        relativePivotSize(rows[slot], rows[slot].coefficient(for: entering))
          < Tolerance.standard.certifiedPivot
      {
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

  /// After this many pivots in one optimisation the pivot rules fall back to Bland's.
  var stablePivotLimit: Int { 5 * (rows.count + 10) }

  /// The pivot rule of an optimisation that has taken `pivots` pivots.
  func pivotRule(after pivots: Int) -> PivotRule {
    pivots < stablePivotLimit ? .dantzig : .bland
  }

  /// The parameter to enter the basis (Kiwi's `getEnteringSymbol`): the non-dummy one with
  /// the most negative objective coefficient (`.dantzig`, ties to the oldest; Bland's walked
  /// thousands of pivots on dense objectives), or the oldest negative one (`.bland`). In phase
  /// one a coefficient that is not `isPivotSized` may not enter (seed 40404).
  func enteringSymbol(
    _ objective: Row, skipping skipped: [Symbol], phase: Phase, rule: PivotRule, size: PivotSize
  ) -> Symbol {
    var best = Symbol.invalid
    var bestCoefficient = 0.0
    for cell in objective.cells where cell.coefficient < bestCoefficient && !cell.symbol.isDummy {
      if phase == .one, !objective.isPivotSized(cell.coefficient, size) { continue }
      if !skipped.isEmpty && skipped.contains(cell.symbol) { continue }
      if rule == .bland { return cell.symbol }
      best = cell.symbol
      bestCoefficient = cell.coefficient
    }
    return best
  }

  /// The slot of the restricted row that first hits zero as `entering` grows (Kiwi's
  /// `getLeavingRow`: minimum ratio, ties to the oldest basic), over rows where `entering`'s
  /// coefficient `isPivotSized`. Under `.dantzig`, a pivot below `Tolerance.stablePivot` of
  /// its row gives way to a Harris ratio test: the largest relative pivot among rows within
  /// `Tolerance.ratio` of the least ratio (degenerate systems pivoted on 4e-5 next to 3).
  mutating func leavingRow(for entering: Symbol, rule: PivotRule, size: PivotSize) -> Int? {
    var best: Int?
    var bestRatio = Double.infinity
    // The column as recorded: stale and repeated entries can't change a (ratio, symbol) pick.
    let candidates = columns[entering.id].lazy.map { Int($0) }
    for slot in candidates {
      let basic = basics[slot]
      guard !basic.isExternal else { continue }
      let coefficient = rows[slot].coefficient(for: entering)
      guard coefficient < 0, rows[slot].isPivotSized(coefficient, size) else { continue }
      let ratio = -rows[slot].constant / coefficient
      if let current = best,
        !(ratio < bestRatio || (ratio == bestRatio && basic < basics[current]))
      {
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
      guard coefficient < 0, rows[slot].isPivotSized(coefficient, size) else { continue }
      let constant = max(0, rows[slot].constant)
      bound = min(bound, (constant + Tolerance.standard.ratio * max(1, constant)) / -coefficient)
    }
    var pick = chosen
    var pickSize = chosenSize
    for slot in candidates where !basics[slot].isExternal {
      let coefficient = rows[slot].coefficient(for: entering)
      guard coefficient < 0, rows[slot].isPivotSized(coefficient, size),
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

  /// The first skipped direction that a row bounds with a coefficient above a refactored
  /// tableau's rounding (`Tolerance.refactor`) and whose move lowers the objective by more than
  /// `Tolerance.significantDecrease` of it, with its bounding row; nil: all are residues.
  func smallPivotDirection(among skipped: [Symbol]) -> (Symbol, Int)? {
    let significant = Tolerance.standard.significantDecrease * max(1, abs(objective.constant))
    for symbol in skipped {
      let cost = objective.coefficient(for: symbol)
      guard cost < 0 else { continue }
      var best: Int?
      var bestRatio = Double.infinity
      for entry in columns[symbol.id] {
        let slot = Int(entry)
        guard !basics[slot].isExternal else { continue }
        let coefficient = rows[slot].coefficient(for: symbol)
        guard coefficient < 0,
          -coefficient >= Tolerance.standard.refactor * max(1, rows[slot].largestCoefficient)
        else { continue }
        let ratio = max(0, rows[slot].constant) / -coefficient
        if let current = best,
          !(ratio < bestRatio || (ratio == bestRatio && basics[slot] < basics[current]))
        {
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
