// Engine: the solver's whole state as one value, so a failed call can restore it cheaply.

// MARK: - Bookkeeping records

/// A variable known to the solver: its symbol and how many constraints use it.
struct VariableEntry {
  let variable: Variable
  let symbol: Symbol
  /// Constraints (edit constraints included) whose expression mentions the variable.
  var uses: Int
}

/// A constraint in the solver.
struct ConstraintEntry {
  let constraint: Constraint
  var tag: Tag
  /// Position in the order of additions (for conflict reports and rebuilds).
  var order: Int
  /// The expression constant in force (`updateConstant` changes it).
  var constant: Double
  /// The edit variable this constraint implements, if it is an edit constraint.
  let editVariable: Variable?
}

/// An edit variable: its hidden edit constraint and the value last suggested.
struct EditEntry {
  let variable: Variable
  let constraint: Constraint
  var suggested: Double
}

// MARK: - Engine

/// The tableau and every table around it, as a value type.
///
/// The rows live in slots (`rows[slot]`, basic symbol `basics[slot]`); `slotOfSymbol` maps a
/// symbol id to its row's slot or -1. Slots are reused last-freed-first, so the layout is a
/// pure function of the call sequence. Copying an `Engine` is O(1); the copy pays only for
/// what is later mutated (copy-on-write), which is how a failed call restores the state.
struct Engine {
  var rows: [Row] = []
  var basics: [Symbol] = []
  var freeSlots: [Int] = []
  var slotOfSymbol: [Int32] = [-1]
  var nextSymbolId = 1

  /// The Cassowary objective: the weighted errors of the non-required constraints.
  var objective = Row()
  /// Phase-one objective while a constraint is added through an artificial variable.
  var artificial: Row?
  /// Restricted basic symbols whose rows went negative, for the dual simplex.
  var infeasible: [Symbol] = []

  var variables: [ObjectIdentifier: VariableEntry] = [:]
  /// The variable of each external symbol id (dumps, ambiguity, cleanup).
  var variableOfSymbol: [Int: Variable] = [:]
  var constraints: [ObjectIdentifier: ConstraintEntry] = [:]
  /// The constraint each marker / other symbol belongs to (conflict reports).
  var ownerOfSymbol: [Int: ObjectIdentifier] = [:]
  var edits: [ObjectIdentifier: EditEntry] = [:]
  var nextOrder = 0

  // MARK: - Symbols

  /// Creates a symbol of `kind` with the next id.
  mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
    let symbol = Symbol(id: nextSymbolId, kind: kind)
    nextSymbolId += 1
    slotOfSymbol.append(-1)
    return symbol
  }

  // MARK: - Rows

  /// The slot of `symbol`'s row, or nil when the symbol is not basic.
  @inline(__always) func slot(of symbol: Symbol) -> Int? {
    let id = symbol.id
    guard id > 0, id < slotOfSymbol.count else { return nil }
    let slot = Int(slotOfSymbol[id])
    return slot >= 0 ? slot : nil
  }

  func isBasic(_ symbol: Symbol) -> Bool { slot(of: symbol) != nil }

  /// The row of basic `symbol`, if it is basic.
  func row(of symbol: Symbol) -> Row? {
    slot(of: symbol).map { rows[$0] }
  }

  /// Puts `row` in the tableau as the row of basic `symbol`.
  mutating func insertRow(_ row: Row, for symbol: Symbol) {
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      rows[slot] = row
      basics[slot] = symbol
    } else {
      slot = rows.count
      rows.append(row)
      basics.append(symbol)
    }
    slotOfSymbol[symbol.id] = Int32(slot)
  }

  /// Takes the row of basic `symbol` out of the tableau.
  mutating func takeRow(at slot: Int) -> Row {
    let row = rows[slot]
    rows[slot] = Row()
    slotOfSymbol[basics[slot].id] = -1
    basics[slot] = .invalid
    freeSlots.append(slot)
    return row
  }

  /// The slots in use, in slot order.
  var usedSlots: [Int] { basics.indices.filter { basics[$0].isValid } }

  // MARK: - Variables

  /// The symbol of `variable`, creating it (unused so far) if the solver doesn't know it.
  mutating func symbol(for variable: Variable) -> Symbol {
    let key = ObjectIdentifier(variable)
    if let entry = variables[key] { return entry.symbol }
    let symbol = newSymbol(.external)
    variables[key] = VariableEntry(variable: variable, symbol: symbol, uses: 0)
    variableOfSymbol[symbol.id] = variable
    return symbol
  }

  /// Counts one more constraint using each variable of `expression`.
  mutating func retainVariables(of expression: LinearExpression) {
    for term in expression.terms where !nearZero(term.coefficient) {
      variables[ObjectIdentifier(term.variable)]?.uses += 1
    }
  }

  /// Counts one constraint less for each variable of `expression`; forgets unused ones.
  ///
  /// Forgetting is safe: no remaining constraint mentions the variable, so a basic row of it
  /// is a mere definition (dropped), and a parametric column of it can be fixed at zero,
  /// its current value (dropped from every row).
  mutating func releaseVariables(of expression: LinearExpression) {
    for term in expression.terms where !nearZero(term.coefficient) {
      let key = ObjectIdentifier(term.variable)
      guard var entry = variables[key] else { continue }
      entry.uses -= 1
      if entry.uses > 0 {
        variables[key] = entry
        continue
      }
      variables[key] = nil
      variableOfSymbol[entry.symbol.id] = nil
      if let slot = slot(of: entry.symbol) {
        _ = takeRow(at: slot)
      } else {
        for slot in usedSlots { rows[slot].remove(entry.symbol) }
        objective.remove(entry.symbol)
      }
    }
  }
}
