// Mapping layout priorities onto solver strengths.

import ConstraintSolver
import Foundation

extension LayoutEngine {
  /// The solver strength of a layout priority.
  ///
  /// * 1000 (`.required`) and above: `Strength.required`; conflicts are broken and reported.
  /// * 1...999: `10^(-3 + 12 * (p - 1) / 998)`, a geometric scale from 0.001 (p = 1) through
  ///   about 1 (p = 250) and 1e5 (p = 750) to 1e9 (p = 999), just under `required`
  ///   (about 1.001e9). Values below 1 count as 1.
  ///
  /// Cassowary minimises the sum of strength x error, so strengths are weights, not strict
  /// levels: one priority unit is worth a factor 1.028, 100 units a factor 16, 250 units
  /// (defaultLow to 500) a factor 1000 and 500 units (defaultLow to defaultHigh) a factor 1e6.
  /// So a priority beats up to ~1000 equally violated constraints 250 priority points below it,
  /// and a hugging / compression tie (250 vs 251, 750 vs 749) always goes to the higher one
  /// when both would be violated by the same amount, which is the usual case. The 12 decades
  /// keep every weight far above the solver's 1e-8 epsilon.
  static func strength(for priority: UILayoutPriority) -> Strength {
    if priority.isRequired { return .required }
    let p = Double(max(priority.rawValue, 1))
    return Strength(pow(10, -3 + 12 * (p - 1) / 998))
  }
}
