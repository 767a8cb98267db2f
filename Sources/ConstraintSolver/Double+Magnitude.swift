// The solver's `abs`, `min` and `max` of two `Double`s, concrete rather than the standard
// library's generic ones.

// In a debug build the generic `Swift.abs`, `Swift.min` and `Swift.max` are not specialized:
// each call passes type metadata and looks up `Comparable` and `SignedNumeric` witnesses, and
// the solver makes these calls for every cell it scans (a tenth of a debug test's time). These
// overloads, preferred inside this module for `Double` arguments, return exactly what the
// generic functions return (the same expressions as the standard library's), so results stay
// bit-identical; a release build inlines both to the same code.

/// `x.magnitude`: what `Swift.abs` returns for a floating-point `x` (-0 gives +0).
@inline(__always) func abs(_ x: Double) -> Double { x.magnitude }

/// The smaller of `x` and `y`; `x` when they compare equal (as `Swift.min`).
@inline(__always) func min(_ x: Double, _ y: Double) -> Double { y < x ? y : x }

/// The larger of `x` and `y`; `y` when they compare equal (as `Swift.max`).
@inline(__always) func max(_ x: Double, _ y: Double) -> Double { y >= x ? y : x }
