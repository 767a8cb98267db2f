// Case (e): seeded random systems with edit variables, the general systems of issue 17.
import ConstraintSolver
import SeededRandom

/// (e) `systems` seeded random systems of `count` variables and `calls` calls each, one case
/// per system (`<name>.<k>`, group `name`; kiwisolver aborts on some, so each is timed on its
/// own and the group is compared on the systems both solvers complete): 55 % adds (45 % of them required, the rest strong, medium,
/// weak or mixed), 12 % removals, 8 % new edit variables, the rest suggestions, a solve after
/// 12 % of the calls. The required constraints hold at a hidden point, so every add succeeds
/// in exact arithmetic; every third system adds required equalities that are combinations of
/// earlier ones (redundant and consistent, up to rounding).
func randomCases(
  _ name: String, variables count: Int, calls: Int, systems: Int, seed: UInt64, repeats: Int
) -> [SolverCase] {
  var cases: [SolverCase] = []
  var rng = SplitMix64(seed: seed)
  let coefficients: [Double] = [1, -1, 1, -1, 2, -2, 0.5, -0.5, 1.5, 3, 0.25]
  let weights: [Strength] = [.strong, .medium, .weak, Strength(5000), Strength(2_500_003)]
  func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
  for system in 0..<systems {
    var c = SolverCase("\(name).\(system)", repeats: repeats, group: name)
    let x = (0..<count).map { _ in c.variable() }
    let p = x.map { _ in rounded(rng.uniform(-300, 300)) }
    let redundant = system % 3 == 0
    var active: [Int] = []
    var consistent: [Int] = []
    var edits: [Int] = []
    var made = 0
    while made < calls {
      let r = rng.unit()
      if r < 0.55 || active.isEmpty {
        var terms: [(Int, Double)] = []
        for _ in 0..<rng.pick([1, 2, 2, 2, 3, 3, 4]) {
          let v = rng.below(count)
          let a = rng.unit() < 0.75 ? rng.pick(coefficients) : (rng.uniform(-4, 4) * 100)
            .rounded() / 100
          if a != 0, !terms.contains(where: { $0.0 == x[v] }) { terms.append((x[v], a)) }
        }
        guard !terms.isEmpty else { continue }
        let atP = terms.reduce(0.0) { $0 + $1.1 * p[$1.0 - x[0]] }
        let relation = rng.pick([Relation.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual])
        let index: Int
        if rng.unit() < 0.45 {
          if relation == .equal, redundant, consistent.count >= 2, rng.unit() < 0.35 {
            // A combination of earlier consistent equalities.
            var sums: [Int: Double] = [:]
            var constant = 0.0
            for _ in 0..<rng.pick([2, 2, 3]) {
              let d = c.definitions[consistent[rng.below(consistent.count)]]
              let factor = rng.pick([1.0, -1.0, 0.5, 2.0, -1.5, 0.3, 1.0 / 3.0])
              constant += factor * d.constant
              for (v, a) in d.terms { sums[v, default: 0] += factor * a }
            }
            let combined = sums.keys.sorted().compactMap { v in
              abs(sums[v]!) > 1e-12 ? (v, sums[v]!) : nil
            }
            guard !combined.isEmpty else { continue }
            index = c.define(combined, constant, .equal)
            consistent.append(index)
          } else {
            let slack = relation == .equal || rng.unit() < 0.3 ? 0 : rng.uniform(0, 80)
            let constant = -atP + (relation == .lessThanOrEqual ? -slack : slack)
            index = c.define(terms, constant, relation)
            if relation == .equal { consistent.append(index) }
          }
        } else {
          let constant = rng.unit() < 0.5
            ? -atP + rounded(rng.uniform(-50, 50)) : Double(rng.below(601) - 300)
          index = c.define(terms, constant, relation, rng.pick(weights))
        }
        c.timed.append(.add(index))
        active.append(index)
      } else if r < 0.67 {
        let index = active.remove(at: rng.below(active.count))
        consistent.removeAll { $0 == index }
        c.timed.append(.remove(index))
      } else if r < 0.75, edits.count < count {
        var v = rng.below(count)
        while edits.contains(v) { v = (v + 1) % count }
        edits.append(v)
        c.timed.append(.edit(x[v], rng.pick([.strong, .medium, .weak, Strength(5000)])))
      } else if !edits.isEmpty {
        let v = rng.pick(edits)
        c.timed.append(.suggest(x[v], rounded(p[v] + rng.uniform(-100, 100))))
      } else {
        continue
      }
      made += 1
      if rng.unit() < 0.12 { c.timed.append(.solve) }
    }
    c.timed.append(.solve)
    cases.append(c)
  }
  return cases
}
