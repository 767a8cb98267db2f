// The one seam between the core and the exactness layer.
//
// The core (the paper's algorithm over floating-point rows) meets two questions its rows
// can't answer, because rounding makes a residue and a genuine small number look alike. It
// asks them here, and only here; the layer answers from the constraints themselves. All
// else the layer does, it does around the core's verbs (`Engine+Calls.swift`).

/// A question the core can't settle from its rows.
enum Doubt {
  /// Every pivot left is below pivot size (`optimize`, `dualOptimize`): residues or genuine?
  /// The layer recomputes the rows from the constraints (`refactor`); the answer is whether
  /// it did, after which the core chooses again on rows without residues.
  case smallPivots
  /// A new required equality's substituted row has no subject and looks like a dependent one
  /// (`insert`): does it follow from the equalities in force, consistently? The answer is
  /// nil when it does not follow from them (`dependence`).
  case dependentEquality(Constraint, row: Row, constant: Double)
}

extension Engine {
  /// The layer's answer to the core's `doubt`.
  mutating func settle(_ doubt: Doubt) -> Bool? {
    switch doubt {
    case .smallPivots:
      return refactor()
    case .dependentEquality(let constraint, let row, let constant):
      return dependence(of: constraint, row: row, constant: constant)
    }
  }
}
