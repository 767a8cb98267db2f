// Tolerance: every threshold the solver compares a floating-point number against.

/// The solver's one tolerance policy: what counts as zero, as a pivot, and as drift.
///
/// Every comparison of the engine against a threshold reads a field of `Tolerance.standard`;
/// no threshold is written anywhere else. The values come from two anchors and from what the
/// LP oracle (`tools/lp-oracle`) measured around them:
///
/// * **Kiwi's epsilon, 1e-8** (`zero`): coefficients closer to zero are dropped as they
///   appear, as in the paper's implementation and Kiwi. It is absolute: layout coefficients
///   are near 1, and dropping below 1e-8 of them keeps rows sparse.
/// * **The residual budget, 1e-9 of a constraint's terms** (`residual`): how far a required
///   constraint may miss and still hold, what the LP oracle accepts, and the noise that long
///   pivot sequences leave on redundant consistent constraints (measured at most ~2e-12 of
///   their terms; genuine conflicts in random systems start near 4e-5).
///
/// The drift checks sit below the budget so that the solution is repaired before the budget
/// is reached (`drift` 1e-10, `refactor` 1e-11, `refinement` 1e-13: a backward-stable
/// re-solve leaves ~1e-16). The pivot rules sit above it: a coefficient below `pivot` (1e-6)
/// of its row's largest is nearly always the residue of a cancellation, and dividing by it
/// multiplies the row's rounding by its inverse (random 60 x 600 systems grew rows to 1e34
/// within two calls pivoting on 1e-8 next to 4).
///
/// Layout systems (coefficients near 1, a few hundred constraints) meet none of these
/// thresholds but `zero`: every layout golden is byte-identical with and without the others.
struct Tolerance: Sendable {
  // MARK: - Zero

  /// Coefficients and values closer to zero than this are zero (the paper's and Kiwi's
  /// epsilon); a restricted row less than this below zero is feasible (dual simplex).
  let zero = 1.0e-8

  /// How far a required constraint may miss, relative to the numbers it is made of, and
  /// still count as holding; also the share of its terms under which a cell that
  /// cancellation left in a new row is dropped, and under which what Gaussian elimination
  /// leaves of a dependent equality's coefficients counts as zero.
  let residual = 1.0e-9

  // MARK: - Pivots

  /// A coefficient at least this large is pivot-sized without a look at its row (rows of
  /// user constraints hold coefficients near their terms' 0.25 ... 4).
  let sizablePivot = 1.0e-3

  /// A pivot smaller than this fraction of its row's largest coefficient is refused where a
  /// larger one exists: it is (nearly always) a rounding residue. A required equality whose
  /// substituted row has no cell above this share of its coefficients looks dependent.
  let pivot = 1.0e-6

  /// A primal pivot smaller than this fraction of its row is taken only on a refactored
  /// tableau, where rounding residues are gone.
  let certifiedPivot = 1.0e-5

  /// On a refactored tableau, the share of its row from which a coefficient may be pivoted
  /// on (a refactor leaves rounding near 1e-15 of a row; nearly dependent constraints have
  /// genuine coefficients near 1e-7).
  let certifiedPivotFloor = 1.0e-9

  /// A pivot smaller than this fraction of its row is replaced by the largest pivot among
  /// near-ties (the Harris ratio tests).
  let stablePivot = 1.0e-2

  /// How far beyond the least ratio a Harris ratio test looks, relative to the constant (or
  /// objective coefficient) in the ratio.
  let ratio = 1.0e-9

  /// A small pivot's move must lower the objective by more than this share of it to be
  /// taken; a coefficient below `refactor` of its row bounds nothing.
  let significantDecrease = 1.0e-10

  // MARK: - Drift

  /// A solution that misses a required constraint by more than this share of its terms
  /// after a removal has drifted: the tableau is rebuilt.
  let drift = 1.0e-10

  /// An equation missed by more than this share of its terms at the tableau's solution
  /// (slacks and errors included) makes the tableau be refactored; also the singularity
  /// limit of that refactor's inversion.
  let refactor = 1.0e-11

  /// A residual beyond this share of its equation's largest term is drift that a solve
  /// refines away.
  let refinement = 1.0e-13

  /// A computed marker column must satisfy `B y = e_k` within this share of each
  /// constraint's terms (a wrong column misses by O(1); a tableau drifted by a few 1e-9
  /// passes, and the `drift` check after the removal catches the rest).
  let unitSystem = 1.0e-8

  // MARK: - Dense solves

  /// A dense elimination pivot below this share of its column's largest entry makes the
  /// system numerically singular (the values it would give are rounding amplified).
  let singular = 1.0e-9

  /// The absolute pivot below which the dependence test's elimination skips a column.
  let eliminationPivot = 1.0e-12

  // MARK: - Debug checks

  /// A restricted row further below zero than this breaks the invariants (debug checks).
  let invariantRow = 1.0e-7

  /// A required constraint missed by more than this share of its largest term breaks the
  /// invariants (debug checks).
  let invariantMiss = 1.0e-6

  /// The policy the solver uses.
  static let standard = Tolerance()
}
