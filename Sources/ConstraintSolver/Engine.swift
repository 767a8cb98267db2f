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
  /// For a required equality: whether it was given a dummy marker (`EqualityMarker`).
  var isExplicit: Bool
  /// Pivots its addition took: what re-adding it costs a rebuild (`rebuildWorkEstimate()`).
  var addPivots = 0

  /// A required equality without a marker (`Engine+Marker.swift`).
  var isImplicit: Bool { !tag.marker.isValid }

  /// What re-adds it as it is now (its constant in force, else `constant`).
  func addition(constant: Double? = nil) -> Addition {
    Addition(
      constraint, constant: constant ?? self.constant, editVariable: editVariable,
      marker: isExplicit ? .always : .whenNeeded, order: order)
  }
}

/// An edit variable: its hidden edit constraint and the value last suggested.
struct EditEntry {
  let variable: Variable
  let constraint: Constraint
  var suggested: Double
}

// MARK: - Engine

/// The tableau and every table around it, as a value: a failed call restores a copy (O(1),
/// copy-on-write). Rows live in slots (`rows[slot]`, basic symbol `basics[slot]`, reused
/// last-freed-first); `slotOfSymbol` maps a symbol id to its row's slot or -1.
struct Engine {
  var rows: [Row] = []
  var basics: [Symbol] = []
  var freeSlots: [Int] = []
  var slotOfSymbol: [Int32] = [-1]
  var nextSymbolId = 1

  /// The column index: for each symbol id, the slots of rows that hold it (a superset:
  /// entries go stale; `slots(containing:)` compacts). Substitution touches only those rows,
  /// where the paper's and Kiwi's scan every row.
  var columns: [[Int32]] = [[]]
  /// Each column's length when last compacted (compacted again at four times that).
  var compactedLength: [Int32] = [0]
  /// Per-slot marks for de-duplicating a column.
  var slotMarks: [UInt32] = []
  var markEpoch: UInt32 = 0

  /// The Cassowary objective: the weighted errors of the non-required constraints.
  var objective = Row()
  /// Phase-one objective while a constraint is added through an artificial variable.
  var artificial: Row?
  /// Restricted basic symbols whose rows went negative, for the dual simplex.
  var infeasible: [Symbol] = []

  var variables: [ObjectIdentifier: VariableEntry] = [:]
  var variableOfSymbol: [Int: Variable] = [:]
  var constraints = ConstraintTable() {
    didSet { equations = nil }
  }
  /// The constraints as equations, in order of addition, for every solve's residual check
  /// (`cachedEquations()`); nil once `constraints` changed, a changed constant patched in
  /// place (`setConstant`).
  var equations: [Equation]?
  var equationOfConstraint: [ObjectIdentifier: Int] = [:]
  /// The constraint each marker / other symbol belongs to (conflict reports).
  var ownerOfSymbol: [Int: ObjectIdentifier] = [:]
  var edits: [ObjectIdentifier: EditEntry] = [:]
  var nextOrder = 0

  /// A markerless equality was removed: the tableau is rebuilt before it is next read.
  var needsRebuild = false
  var pivotsSinceHealthCheck = 0
  /// Constraints a rebuild failed to re-add (`rebuild()`), reported as `internalError`.
  var lostInRebuild: [String] = []
  var pivotCount = 0

  // MARK: - Symbols

  /// Creates a symbol of `kind` with the next id.
  mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
    let symbol = Symbol(id: nextSymbolId, kind: kind)
    nextSymbolId += 1
    slotOfSymbol.append(-1)
    columns.append([])
    compactedLength.append(0)
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
    guard let slot = slot(of: symbol) else { return nil }
    return rows[slot]
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
      slotMarks.append(0)
    }
    slotOfSymbol[symbol.id] = Int32(slot)
    for cell in row.cells { noteCell(cell.symbol, inSlot: slot) }
  }

  // MARK: - Columns

  /// Records that the row in `slot` now holds `symbol`.
  @inline(__always) mutating func noteCell(_ symbol: Symbol, inSlot slot: Int) {
    let id = symbol.id
    columns[id].append(Int32(truncatingIfNeeded: slot))
    if columns[id].count > 4 * Int(compactedLength[id]) + 32 {
      _ = compactColumn(id)
    }
  }

  /// The slots whose rows hold `symbol`, each once, in column order.
  mutating func slots(containing symbol: Symbol) -> [Int] {
    compactColumn(symbol.id)
  }

  /// `slots(containing:)`, emptying the column: `symbol` is about to leave every row.
  mutating func takeSlots(containing symbol: Symbol) -> [Int] {
    let live = compactColumn(symbol.id)
    columns[symbol.id] = []
    compactedLength[symbol.id] = 0
    return live
  }

  /// A fresh value for `slotMarks` (no slot carries it yet).
  mutating func nextMarkEpoch() -> UInt32 {
    markEpoch &+= 1
    if markEpoch == 0 {
      for i in slotMarks.indices { slotMarks[i] = 0 }
      markEpoch = 1
    }
    return markEpoch
  }

  /// Drops stale and duplicate entries of column `id`; returns the live slots.
  mutating func compactColumn(_ id: Int) -> [Int] {
    let markEpoch = nextMarkEpoch()
    let raw = id << 2
    var live: [Int] = []
    var column = columns[id]
    columns[id] = []
    for entry in column {
      let slot = Int(entry)
      guard slotMarks[slot] != markEpoch else { continue }
      slotMarks[slot] = markEpoch
      guard basics[slot].isValid else { continue }
      if rows[slot].containsSymbol(withId: id, raw: raw) { live.append(slot) }
    }
    column.removeAll(keepingCapacity: true)
    for slot in live { column.append(Int32(truncatingIfNeeded: slot)) }
    compactedLength[id] = Int32(truncatingIfNeeded: column.count)
    columns[id] = column
    return live
  }

  /// Empties `symbol`'s column and returns it as recorded, stale and repeated entries
  /// included (a caller that looks `symbol` up in each row skips those for free).
  mutating func takeColumn(_ symbol: Symbol) -> [Int32] {
    let column = columns[symbol.id]
    columns[symbol.id] = []
    compactedLength[symbol.id] = 0
    return column
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

  /// Counts one constraint less for each variable of `expression`; forgets unused ones (a
  /// basic row of one is a mere definition; a parametric column of one is fixed at zero).
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
        for slot in takeSlots(containing: entry.symbol) {
          rows[slot].remove(entry.symbol)
        }
        objective.remove(entry.symbol)
      }
    }
  }
}

extension Engine {
  /// Stores `entry` with its constant changed to `constant`, keeping the cached equations.
  mutating func setConstant(_ constant: Double, of entry: ConstraintEntry) {
    var entry = entry
    entry.constant = constant
    let key = ObjectIdentifier(entry.constraint)
    var cached = equations
    equations = nil  // `cached` holds the only reference: patched in place
    constraints[key] = entry
    if cached != nil, let index = equationOfConstraint[key] {
      cached![index].constant = constant
      equations = cached
    }
  }

  // MARK: - Reading the solution

  /// Writes every variable's value: its row's constant when basic, else zero.
  func writeValues() {
    for entry in variables.values {
      let symbol = entry.symbol
      // Not `slot(of:).map { ... }`: in a debug build that closure copies the whole engine.
      var value = 0.0
      if let slot = slot(of: symbol) { value = rows[slot].constant }
      if entry.variable.value != value { entry.variable.value = value }
    }
  }
}

/// What an engine call throws: a user-facing error, or a failure that needs a rebuild.
enum EngineError: Error {
  case solver(SolverError)
  case internalFailure(String)
}
