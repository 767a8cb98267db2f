// Row: one linear equation of the tableau, `basic = constant + sum(coefficient * symbol)`.

// MARK: - Cell

/// One non-zero coefficient of a row.
struct Cell: Sendable {
  var symbol: Symbol
  var coefficient: Double
}

/// Whether `value` is zero to the solver (`Tolerance.zero`).
@inline(__always) func nearZero(_ value: Double) -> Bool {
  value < Tolerance.standard.zero && value > -Tolerance.standard.zero
}

/// Whether `residual`, left in a required constraint's row, is rounding of numbers of size
/// `scale` (`Engine.constantScale`): within `Tolerance.residual` of it, or `Tolerance.zero`.
@inline(__always) func isRoundingNoise(_ residual: Double, scale: Double) -> Bool {
  abs(residual) <= max(Tolerance.standard.zero, Tolerance.standard.residual * scale)
}

/// Which coefficients a pivot may take: `Row.isPivotSized`'s rule, or on a tableau just
/// refactored from the constraints, where rounding is near 1e-15 and nearly dependent
/// constraints have genuine coefficients near 1e-7, any from `Tolerance.certifiedPivotFloor`
/// of its row (phase one retried there, the dual simplex after a refactor).
enum PivotSize {
  case standard
  case refactored
}

// MARK: - Row

/// A linear equation over symbols, cells sorted by symbol id (binary-search lookups, linear
/// merges, a deterministic scan order): `0 = constant + sum(cells)` before it is solved for
/// a subject, `b = constant + sum(cells)` as the row of basic symbol `b`.
struct Row: Sendable {
  var constant: Double
  var cells: [Cell]

  init(constant: Double = 0, cells: [Cell] = []) {
    self.constant = constant
    self.cells = cells
  }

  // MARK: - Lookup

  /// The index of `symbol`'s cell, or where it would be inserted (as a negative `-(i + 1)`).
  @inline(__always) func index(of symbol: Symbol) -> Int {
    var low = 0
    var high = cells.count
    let raw = symbol.raw
    while low < high {
      let mid = (low &+ high) >> 1
      let midRaw = cells[mid].symbol.raw
      if midRaw < raw {
        low = mid &+ 1
      } else if midRaw > raw {
        high = mid
      } else {
        return mid
      }
    }
    return -(low + 1)
  }

  /// Whether a cell's symbol has id `id` (`raw` is `id << 2`, the kind bits clear).
  func containsSymbol(withId id: Int, raw: Int) -> Bool {
    let i = index(of: Symbol(rawValue: raw))
    let at = i >= 0 ? i : -(i + 1)
    return at < cells.count && cells[at].symbol.id == id
  }

  /// The coefficient of `symbol`, zero when absent.
  func coefficient(for symbol: Symbol) -> Double {
    let i = index(of: symbol)
    return i >= 0 ? cells[i].coefficient : 0
  }

  /// The largest magnitude among the coefficients.
  var largestCoefficient: Double {
    var largest = 0.0
    for cell in cells where abs(cell.coefficient) > largest { largest = abs(cell.coefficient) }
    return largest
  }

  /// Whether `coefficient`, one of this row's, is large enough to pivot on: at least
  /// `Tolerance.pivot` of the row's largest coefficient (the basic's implicit 1 included);
  /// from `Tolerance.sizablePivot` on without scanning the row.
  @inline(__always) func isPivotSized(_ coefficient: Double) -> Bool {
    let size = abs(coefficient)
    if size >= Tolerance.standard.sizablePivot { return true }
    return size >= Tolerance.standard.pivot * max(1, largestCoefficient)
  }

  /// `isPivotSized(_:)` under rule `size`: on a refactored tableau, from
  /// `Tolerance.certifiedPivotFloor` of the row's largest coefficient.
  @inline(__always) func isPivotSized(_ coefficient: Double, _ size: PivotSize) -> Bool {
    guard size == .refactored else { return isPivotSized(coefficient) }
    return abs(coefficient) >= Tolerance.standard.certifiedPivotFloor * max(1, largestCoefficient)
  }

  // MARK: - Editing

  /// Adds `coefficient * symbol`, dropping the cell if the sum is near zero.
  mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
    let i = index(of: symbol)
    if i >= 0 {
      let sum = cells[i].coefficient + coefficient
      if nearZero(sum) {
        cells.remove(at: i)
      } else {
        cells[i].coefficient = sum
      }
    } else if !nearZero(coefficient) {
      cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: -(i + 1))
    }
  }

  /// Adds `coefficient * other` (constant included), merging the sorted cells.
  mutating func insert(_ other: Row, _ coefficient: Double = 1) {
    var ignored: [Symbol]? = nil
    merge(other, coefficient, skipping: -1, added: &ignored)
  }

  /// Adds `coefficient * other` (constant included) and drops this row's cell at index `skip`
  /// (none when -1), in place: merged from the back into room appended at the end, then moved
  /// to the front if cells cancelled; substitution allocates nothing. The arithmetic is a
  /// forward merge's.
  mutating func merge(
    _ other: Row, _ coefficient: Double, skipping skip: Int, added: inout [Symbol]?
  ) {
    constant += other.constant * coefficient
    let theirCount = other.cells.count
    if theirCount == 0 {
      if skip >= 0 { cells.remove(at: skip) }
      return
    }
    let myCount = cells.count
    let total = myCount + theirCount
    cells.append(contentsOf: other.cells)  // the room the merge needs
    let tracking = added != nil
    var front = 0
    cells.withUnsafeMutableBufferPointer { outBuffer in
      other.cells.withUnsafeBufferPointer { theirBuffer in
        // Plain pointers (both buffers hold cells): a buffer pointer's subscript is a call in
        // a debug build, where this merge is a tenth of the solver's time.
        let out = outBuffer.baseAddress!, theirs = theirBuffer.baseAddress!
        var w = total &- 1
        var i = myCount &- 1
        var j = theirCount &- 1
        while i >= 0 && j >= 0 {
          let a = out[i]
          let b = theirs[j]
          if a.symbol.raw > b.symbol.raw {
            if i != skip {
              out[w] = a
              w &-= 1
            }
            i &-= 1
          } else if a.symbol.raw < b.symbol.raw {
            let value = b.coefficient * coefficient
            if !nearZero(value) {
              out[w] = Cell(symbol: b.symbol, coefficient: value)
              w &-= 1
              if tracking { added!.append(b.symbol) }
            }
            j &-= 1
          } else {
            let value = a.coefficient + b.coefficient * coefficient
            if !nearZero(value) {
              out[w] = Cell(symbol: a.symbol, coefficient: value)
              w &-= 1
            }
            i &-= 1
            j &-= 1
          }
        }
        while j >= 0 {
          let b = theirs[j]
          let value = b.coefficient * coefficient
          if !nearZero(value) {
            out[w] = Cell(symbol: b.symbol, coefficient: value)
            w &-= 1
            if tracking { added!.append(b.symbol) }
          }
          j &-= 1
        }
        if w == i, skip < 0 || skip > i {
          w = -1  // the cells before are where they belong
        } else {
          while i >= 0 {
            if i != skip {
              out[w] = out[i]
              w &-= 1
            }
            i &-= 1
          }
        }
        front = w &+ 1
        if front > 0 {
          // memmove (the regions overlap)
          UnsafeMutableRawPointer(out).copyMemory(
            from: out + front, byteCount: (total &- front) * MemoryLayout<Cell>.stride)
        }
      }
    }
    if front > 0 { cells.removeLast(front) }
  }

  /// Drops what cancellation left of terms of size `scale` (`Tolerance.residual` of it): a
  /// dependent constraint substitutes to such residues instead of zeros, and pivoting on them
  /// blew the tableau up.
  mutating func dropCancellations(scale: Double) {
    let limit = Tolerance.standard.residual * scale
    guard limit > Tolerance.standard.zero else { return }
    cells.removeAll { abs($0.coefficient) <= limit }
  }

  /// Removes `symbol`'s cell, if any.
  mutating func remove(_ symbol: Symbol) {
    let i = index(of: symbol)
    if i >= 0 { cells.remove(at: i) }
  }

  /// Negates the constant and every coefficient.
  mutating func reverseSign() {
    constant = -constant
    for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
  }

  /// Multiplies the constant and every coefficient by `factor`, dropping near-zero results.
  mutating func scale(by factor: Double) {
    constant *= factor
    for i in cells.indices { cells[i].coefficient *= factor }
    if abs(factor) < 1 { cells.removeAll { nearZero($0.coefficient) } }
  }

  // MARK: - Solving

  /// Turns `0 = constant + a * symbol + rest` into `symbol = -(constant + rest) / a`.
  mutating func solve(for symbol: Symbol) {
    let i = index(of: symbol)
    guard i >= 0 else { return }
    let factor = -1.0 / cells[i].coefficient
    cells.remove(at: i)
    scale(by: factor)
  }

  /// Turns the row of basic `lhs` into the row of `rhs` (a pivot): `lhs` becomes a parameter.
  mutating func solve(for lhs: Symbol, swapping rhs: Symbol) {
    insert(lhs, -1)
    solve(for: rhs)
  }

  /// Replaces `symbol` with `row`, if present.
  mutating func substitute(_ symbol: Symbol, with row: Row) {
    var ignored: [Symbol]? = nil
    substitute(symbol, with: row, added: &ignored)
  }

  /// Replaces `symbol`, if present, with `row`, appending the symbols that gain a cell to
  /// `added`; whether the row changed.
  @discardableResult
  mutating func substitute(_ symbol: Symbol, with row: Row, added: inout [Symbol]?) -> Bool {
    let i = index(of: symbol)
    guard i >= 0 else { return false }
    merge(row, cells[i].coefficient, skipping: i, added: &added)
    return true
  }

  /// Whether every cell is a dummy (no pivot can change the row's constant).
  var hasOnlyDummies: Bool { cells.allSatisfy { $0.symbol.isDummy } }
}

