import Foundation

// How UIKit prints a coordinate in a view's `description` and `recursiveDescription`:
// C's `%g`, six significant digits, trailing zeros and a bare point dropped. Real output
// that public projects commit shows it:
//
//   <UISwitch: 0x...; frame = (10 40; 51 31); ...>
//   <UIImageView: 0x...; frame = (38.6667 16; 0 0); ...>
//   <UITextFieldLabel: 0x...; frame = (0 5; 30 20.3333); text = 'Edit Me'; ...>
//     (getsentry/sentry-cocoa, Tests/SentryTests/ViewCapture/
//      SentryUIRedactBuilderTests+Common.swift, a 3x simulator)
//   <UIStackView: 0x...; frame = (8 73; 359 585.5); ...>
//     (getsentry/sentry, static/app/components/events/mockViewHierarchyData.tsx, 2x)
//
// Snapshots, diffs, reports and lint messages print frames this way, so a frame on the
// pixel grid reads as UIKit reports it: 388.667 and 20.3333 at 3x, 388.5 at 2x.

/// `value` as UIKit prints a `CGFloat` in descriptions: `%g` (`375`, `388.667`, `20.3333`,
/// `0.333333`, `1e+06`), with `-0` printed as `0` and non-finite values as `nan`, `inf`,
/// `-inf`.
package func uikitNumber(_ value: Double) -> String {
  if value == 0 { return "0" }
  guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
  // Whole values below a million print as integers: `%g` keeps six digits.
  if value.rounded(.towardZero) == value, abs(value) < 1e6 { return String(Int(value)) }
  return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
    let start = buffer.baseAddress!
    _ = withVaList([value]) { vsnprintf(start, 32, "%g", $0) }
    return String(cString: start)
  }
}
