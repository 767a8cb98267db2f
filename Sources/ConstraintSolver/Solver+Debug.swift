// Debugging aids: the tableau dump, the ambiguity test and the invariant checks.

extension Solver {
  // MARK: - Dump

  /// A text dump of the tableau for people debugging layouts.
  ///
  /// Sections: the objective, the rows (`basic = constant + coefficient * symbol ...`,
  /// ordered by basic symbol id), the variables with their symbols and current solution,
  /// the edit variables and the constraints in order of addition. Symbols read `v` (a
  /// variable, followed by its name), `s` (slack), `e` (error), `d` (dummy) plus their id.
  public func dumpTableau() -> String {
    engine.rebuildIfNeeded()
    return engine.dump()
  }

  // MARK: - Ambiguity

  /// Whether `variable`'s value is not fixed by the current optimum: it could move while
  /// every constraint stays satisfied and the objective stays optimal.
  ///
  /// The rule: a variable the solver doesn't know is ambiguous. A parametric (non-basic)
  /// variable is ambiguous when it can move itself; a basic one when one of the parameters
  /// of its row can. A parameter can move when it is not a dummy, its objective coefficient
  /// is zero (within 1e-8) in the direction of the move (external variables may move both
  /// ways, slacks and errors only up), and no degenerate row blocks the move: a restricted
  /// row whose constant is zero and which the move would push below zero, or a basic dummy
  /// row that mentions it.
  ///
  /// Limits: it tries moves along one parameter at a time (the edges of the simplex at the
  /// current vertex). A `true` is always right (it found a move); at a degenerate vertex a
  /// move that needs several parameters at once is not found, so a `false` can be wrong
  /// there. Tolerances are the solver's 1e-8.
  /// - Complexity: O(rows * log(row length)) per parameter tried.
  public func isAmbiguous(_ variable: Variable) -> Bool {
    engine.rebuildIfNeeded()
    return engine.isAmbiguous(variable)
  }

  // MARK: - Invariants

  /// The broken tableau invariants, empty when all hold. Checks are compiled in debug
  /// builds only (`DEBUG`); release builds return an empty list without looking.
  func _checkInvariants() -> [String] {
    #if DEBUG
      engine.rebuildIfNeeded()
      return engine.invariantViolations()
    #else
      return []
    #endif
  }
}

extension Engine {
  // MARK: - Ambiguity

  func isAmbiguous(_ variable: Variable) -> Bool {
    guard let entry = variables[ObjectIdentifier(variable)] else { return true }
    if let slot = slot(of: entry.symbol) {
      return rows[slot].cells.contains { canMove($0.symbol) }
    }
    return canMove(entry.symbol)
  }

  /// Whether parameter `symbol` can move a little, keeping feasibility and optimality.
  func canMove(_ symbol: Symbol) -> Bool {
    if symbol.isDummy { return false }
    let cost = objective.coefficient(for: symbol)
    if symbol.isExternal {
      return (!(cost > Tolerance.standard.zero) && !isBlocked(symbol, moving: 1))
        || (!(cost < -Tolerance.standard.zero) && !isBlocked(symbol, moving: -1))
    }
    return !(cost > Tolerance.standard.zero) && !isBlocked(symbol, moving: 1)
  }

  /// The slots whose rows hold `symbol`, without compacting (for read-only queries).
  func liveSlots(containing symbol: Symbol) -> [Int] {
    var seen = Set<Int32>()
    var live: [Int] = []
    for entry in columns[symbol.id] where seen.insert(entry).inserted {
      let slot = Int(entry)
      if basics[slot].isValid, rows[slot].index(of: symbol) >= 0 { live.append(slot) }
    }
    return live
  }

  /// Whether a degenerate row stops `symbol` moving in `direction` (+1 up, -1 down).
  func isBlocked(_ symbol: Symbol, moving direction: Double) -> Bool {
    for slot in liveSlots(containing: symbol) {
      let basic = basics[slot]
      guard !basic.isExternal else { continue }
      let coefficient = rows[slot].coefficient(for: symbol)
      guard coefficient != 0 else { continue }
      if basic.isDummy { return true }
      if coefficient * direction < 0, nearZero(rows[slot].constant) { return true }
    }
    return false
  }

  // MARK: - Dump

  func name(of symbol: Symbol) -> String {
    if let variable = variableOfSymbol[symbol.id] { return "\(symbol.debugName)(\(variable))" }
    return symbol.debugName
  }

  func text(of row: Row) -> String {
    var text = formatNumber(row.constant)
    for cell in row.cells {
      let sign = cell.coefficient < 0 ? " - " : " + "
      text += sign + formatNumber(abs(cell.coefficient)) + " * " + name(of: cell.symbol)
    }
    return text
  }

  func dump() -> String {
    var lines = ["Objective", "  \(text(of: objective))", "Tableau"]
    let slots = usedSlots.sorted { basics[$0] < basics[$1] }
    for slot in slots { lines.append("  \(name(of: basics[slot])) = \(text(of: rows[slot]))") }
    if !infeasible.isEmpty {
      lines.append("Infeasible")
      lines.append("  " + infeasible.sorted().map(name(of:)).joined(separator: ", "))
    }
    lines.append("Variables")
    for entry in variables.values.sorted(by: { $0.symbol < $1.symbol }) {
      let value = slot(of: entry.symbol).map { rows[$0].constant } ?? 0
      lines.append("  \(name(of: entry.symbol)) = \(formatNumber(value))")
    }
    if !edits.isEmpty {
      lines.append("Edit variables")
      for edit in edits.values.sorted(by: { orderOf($0.constraint) < orderOf($1.constraint) }) {
        lines.append("  \(edit.variable) suggested \(formatNumber(edit.suggested))")
      }
    }
    lines.append("Constraints")
    for entry in constraints {
      var line = "  #\(entry.order) [\(entry.constraint)]"
      if entry.constant != entry.constraint.expression.constant {
        line += " constant \(formatNumber(entry.constant))"
      }
      line += entry.isImplicit ? " no marker" : " marker \(name(of: entry.tag.marker))"
      if entry.tag.other.isValid { line += " other \(name(of: entry.tag.other))" }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func orderOf(_ constraint: Constraint) -> Int {
    constraints[ObjectIdentifier(constraint)]?.order ?? .max
  }

  // MARK: - Invariants

  /// Every broken invariant of the tableau, as a sentence.
  func invariantViolations() -> [String] {
    var problems: [String] = []
    var slotsSeen = 0
    for slot in basics.indices where basics[slot].isValid {
      slotsSeen += 1
      let basic = basics[slot]
      if self.slot(of: basic) != slot { problems.append("slot map broken for \(name(of: basic))") }
      let row = rows[slot]
      problems += cellProblems(row, label: name(of: basic))
      if basic.isRestricted, row.constant < -Tolerance.standard.invariantRow {
        problems.append("restricted \(name(of: basic)) is negative: \(row.constant)")
      }
      if basic.isDummy, !nearZero(row.constant) {
        problems.append("dummy \(name(of: basic)) is not zero: \(row.constant)")
      }
    }
    if slotsSeen + freeSlots.count != basics.count { problems.append("free slot list broken") }
    for slot in basics.indices where basics[slot].isValid {
      for cell in rows[slot].cells where !columns[cell.symbol.id].contains(Int32(slot)) {
        problems.append("column of \(name(of: cell.symbol)) misses the row of \(name(of: basics[slot]))")
      }
    }
    problems += cellProblems(objective, label: "objective")
    for cell in objective.cells where !cell.symbol.isDummy && cell.coefficient < 0 {
      problems.append("objective not optimal: \(name(of: cell.symbol)) \(cell.coefficient)")
    }
    if !infeasible.isEmpty { problems.append("infeasible rows left") }
    if artificial != nil { problems.append("artificial objective left") }
    let orders = constraints.values.map(\.order)
    for i in orders.indices.dropFirst() where !(orders[i - 1] < orders[i]) {
      problems.append("orders of addition not increasing: \(orders[i - 1]), \(orders[i])")
    }
    if let last = orders.last, last >= nextOrder {
      problems.append("order \(last) in use, the next to give \(nextOrder)")
    }
    for entry in variables.values where variableOfSymbol[entry.symbol.id] !== entry.variable {
      problems.append("variable map broken for \(entry.variable)")
    }
    problems += requiredConstraintProblems()
    return problems
  }

  func cellProblems(_ row: Row, label: String) -> [String] {
    var problems: [String] = []
    for (i, cell) in row.cells.enumerated() {
      if i > 0, !(row.cells[i - 1].symbol < cell.symbol) {
        problems.append("\(label): cells out of order")
      }
      if nearZero(cell.coefficient) { problems.append("\(label): near-zero cell") }
      if isBasic(cell.symbol) {
        problems.append("\(label): basic \(name(of: cell.symbol)) used as a parameter")
      }
    }
    return problems
  }

  /// Required constraints that the tableau's current solution violates by more than 1e-6
  /// (relative to the size of the terms).
  func requiredConstraintProblems() -> [String] {
    var problems: [String] = []
    for entry in constraints where entry.constraint.isRequired {
      let (miss, largest, _) = miss(of: entry)
      if miss > Tolerance.standard.invariantMiss * max(1, largest) {
        problems.append("required [\(entry.constraint)] is off by \(miss)")
      }
    }
    return problems
  }
}
