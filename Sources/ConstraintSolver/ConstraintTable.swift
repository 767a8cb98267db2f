// The constraints in force, kept in order of addition as they change.

/// The solver's constraints by identity, iterated in order of addition (`ConstraintEntry.order`):
/// rebuilds, refactors, residual checks and conflict reports read them in that order, so it is
/// kept as entries come and go instead of sorted at each read. An entry that comes back with its
/// old order (a marker given, a rebuild's re-add) goes back to its place. The engine gives each
/// constraint an order of its own (`_checkInvariants()` checks); were two to share one, they
/// would keep the order they took it in.
struct ConstraintTable {
  private var entries: [ObjectIdentifier: ConstraintEntry] = [:]
  /// The keys, in ascending order of their entries' `order`.
  private(set) var keys: [ObjectIdentifier] = []
  /// `keys`' orders, side by side (placing an entry reads no entry).
  private var orders: [Int] = []

  var count: Int { keys.count }

  /// The entries in order of addition.
  var values: [ConstraintEntry] {
    var values: [ConstraintEntry] = []
    values.reserveCapacity(keys.count)
    for key in keys { values.append(entries[key]!) }
    return values
  }

  subscript(key: ObjectIdentifier) -> ConstraintEntry? {
    get { entries[key] }
    set {
      guard let entry = newValue else {
        removeValue(forKey: key)
        return
      }
      if let old = entries.updateValue(entry, forKey: key) {
        guard old.order != entry.order else { return }
        remove(at: index(of: key, order: old.order))
      }
      let at = end(of: entry.order)
      keys.insert(key, at: at)
      orders.insert(entry.order, at: at)
    }
  }

  /// Removes and returns the entry of `key`, if any.
  @discardableResult
  mutating func removeValue(forKey key: ObjectIdentifier) -> ConstraintEntry? {
    guard let entry = entries.removeValue(forKey: key) else { return nil }
    remove(at: index(of: key, order: entry.order))
    return entry
  }

  private mutating func remove(at index: Int) {
    keys.remove(at: index)
    orders.remove(at: index)
  }

  /// The index in `keys` after every entry whose order is not above `order`: where an entry of
  /// that order goes, after any of the same order (a new entry, whose order is the largest
  /// yet, is placed without a search).
  private func end(of order: Int) -> Int {
    if let last = orders.last, last <= order { return orders.count }
    var low = 0
    var high = orders.count
    while low < high {
      let mid = (low + high) / 2
      if orders[mid] <= order { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The index in `keys` of `key`, whose entry has order `order`.
  private func index(of key: ObjectIdentifier, order: Int) -> Int {
    var i = end(of: order) - 1
    while keys[i] != key { i -= 1 }
    return i
  }
}

/// The entries in order of addition, looked up one at a time: a loop over them allocates
/// nothing (`values` builds an array, for callers that keep it).
extension ConstraintTable: Sequence {
  struct Iterator: IteratorProtocol {
    let table: ConstraintTable
    var index = 0

    mutating func next() -> ConstraintEntry? {
      guard index < table.keys.count else { return nil }
      defer { index += 1 }
      return table[table.keys[index]]
    }
  }

  func makeIterator() -> Iterator { Iterator(table: self) }
}
