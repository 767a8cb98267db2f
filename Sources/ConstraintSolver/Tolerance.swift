// Tolerance: every threshold the solver compares a floating-point number against.

/// The solver's one tolerance policy: what counts as zero, as a pivot, and as drift. Every
/// comparison of the engine against a threshold reads a field of `Tolerance.standard`.
///
/// Two anchors: **Kiwi's epsilon, 1e-8** (`zero`, absolute: coefficients closer to zero are
/// dropped as they appear, as in the paper and Kiwi), and **the residual budget, 1e-9 of a
/// constraint's terms** (`residual`: how far a required constraint may miss and still hold,
/// what the LP oracle accepts; long pivot sequences leave at most ~2e-12 on redundant
/// consistent constraints, genuine conflicts in random systems start near 4e-5). The drift
/// checks sit below the budget, so the solution is repaired before it is reached (`drift`,
/// `refactor`, `refinement`: a backward-stable re-solve leaves ~1e-16). The pivot rules sit
/// above it: a coefficient below `pivot` of its row's largest is nearly always a cancellation
/// residue, and dividing by it multiplies the row's rounding by its inverse (random 60 x 600
/// systems grew rows to 1e34 within two calls pivoting on 1e-8 next to 4). Layout systems
/// meet none of these thresholds but `zero`.
struct Tolerance: Sendable {
  // MARK: - Zero

  /// Zero (the paper's and Kiwi's epsilon); a restricted row less than this below zero is
  /// feasible (dual simplex).
  let zero = 1.0e-8

  /// How far a required constraint may miss, relative to its terms, and hold; also what a
  /// cancellation residue in a new row, or of a dependent equality's elimination, may be.
  let residual = 1.0e-9

  // MARK: - Pivots

  /// Pivot-sized without a look at its row (user rows hold coefficients near 0.25 ... 4).
  let sizablePivot = 1.0e-3

  /// A pivot below this share of its row's largest coefficient is a residue, refused where a
  /// larger one exists; a new equality's row with no cell above it looks dependent.
  let pivot = 1.0e-6

  /// A primal pivot below this share of its row is taken only on a refactored tableau.
  let certifiedPivot = 1.0e-5

  /// On a refactored tableau (rounding near 1e-15), the share of its row a pivot needs
  /// (nearly dependent constraints have genuine coefficients near 1e-7).
  let certifiedPivotFloor = 1.0e-9

  /// A pivot below this share of its row gives way to the largest among near-ties (Harris).
  let stablePivot = 1.0e-2

  /// How far beyond the least ratio a Harris test looks, relative to the ratio's numerator.
  let ratio = 1.0e-9

  /// A small pivot's move must lower the objective by more than this share of it.
  let significantDecrease = 1.0e-10

  // MARK: - Drift

  /// A required constraint missed by more than this share after a removal: rebuild.
  let drift = 1.0e-10

  /// An equation missed by more than this share of its terms: refactor; also the
  /// singularity limit of the refactor's inversion and the floor of a small pivot's row.
  let refactor = 1.0e-11

  /// A residual beyond this share of its equation's largest term is refined away at a solve.
  let refinement = 1.0e-13

  /// A computed marker column must satisfy `B y = e_k` within this share of each
  /// constraint's terms (a wrong one misses by O(1); `drift` catches a drifted tableau).
  let unitSystem = 1.0e-8

  // MARK: - Dense solves

  /// A dense elimination pivot below this share of its column's largest: singular.
  let singular = 1.0e-9

  /// The absolute pivot below which the dependence test skips a column.
  let eliminationPivot = 1.0e-12

  // MARK: - Debug checks

  /// Debug checks: a restricted row further below zero breaks the invariants.
  let invariantRow = 1.0e-7

  /// Debug checks: a required constraint missed by more than this share of its largest term.
  let invariantMiss = 1.0e-6

  /// The policy the solver uses.
  static let standard = Tolerance()
}
