// The engine's constraints come back in order of addition whatever happened to them: the order
// rebuilds, refactors, residual checks and conflict reports read them in.
import SeededRandom
import Testing

@testable import ConstraintSolver

@Suite struct ConstraintTableTests {
  /// A seeded walk of additions, removals, re-additions under an old order (a rebuild's), updates
  /// that keep or move an entry's order, and repeated orders, against a reference that sorts
  /// every entry by (order, when it last took that order) after each step.
  @Test func valuesStayInOrderOfAdditionThroughEveryChange() {
    let x = Variable("x")
    let constraints = (0..<40).map { Constraint(x - Double($0), .equal, strength: .weak) }
    for seed in 0..<20 {
      var rng = SplitMix64(seed: 4_600 + UInt64(seed))
      var table = ConstraintTable()
      // index -> (order, stamp): the reference's sort key.
      var reference: [Int: (order: Int, stamp: Int)] = [:]
      var nextOrder = 0
      for step in 0..<200 {
        let index = Int.random(in: 0..<constraints.count, using: &rng)
        let key = ObjectIdentifier(constraints[index])
        let order: Int
        switch Int.random(in: 0..<5, using: &rng) {
        case 0 where reference[index] != nil:
          table[key] = nil
          reference[index] = nil
          #expect(table[key] == nil)
          continue
        case 1 where reference[index] != nil:  // a change that keeps its order and place
          table[key]!.constant = Double(step)
          #expect(table[key]?.constant == Double(step))
          continue
        case 2:  // an order already taken, or an old one: a rebuild re-adding
          order = Int.random(in: 0...max(0, nextOrder), using: &rng)
        default:
          order = nextOrder
          nextOrder += 1
        }
        if reference[index]?.order != order { reference[index] = (order, step) }
        table[key] = ConstraintEntry(
          constraint: constraints[index], tag: Tag(), order: order, constant: 0,
          editVariable: nil, isExplicit: false)
        let expected = reference.sorted {
          ($0.value.order, $0.value.stamp) < ($1.value.order, $1.value.stamp)
        }.map { ObjectIdentifier(constraints[$0.key]) }
        let values = table.values.map { ObjectIdentifier($0.constraint) }
        #expect(values == expected, "seed \(seed), step \(step)")
        #expect(table.count == reference.count)
        if values != expected { return }
      }
    }
  }
}
