import Findings
import HeadlessUIKit
import TextBytes

// Findings compared as their stored lines are: a finding's `textLine` (a store's span, a
// report) prints its texts' bytes, and `Finding ==` (synthesized) compares them as `String`s,
// which equates canonically equivalent texts. Where a finding's continuing decides what is
// written, its texts are compared byte for byte (`sameBytes`).

/// Whether `a` and `b` are the same finding to the byte: rule, severity, views, message and
/// source.
@inlinable @inline(__always) package func sameBytes(_ a: Finding, _ b: Finding) -> Bool {
  a.severity == b.severity && a.source?.line == b.source?.line && sameBytes(a.ruleID, b.ruleID)
    && sameBytes(a.message, b.message) && sameBytes(a.views, b.views)
    && sameBytes(a.source?.path, b.source?.path)
}

/// Whether `a` and `b` are both nil or the same finding to the byte.
@inlinable package func sameBytes(_ a: Finding?, _ b: Finding?) -> Bool {
  guard let a else { return b == nil }
  guard let b else { return false }
  return sameBytes(a, b)
}

/// Whether `a` and `b` hold the same findings to the byte, in the same order.
@inlinable package func sameBytes(_ a: [Finding], _ b: [Finding]) -> Bool {
  guard a.count == b.count else { return false }
  return a.withUnsafeBufferPointer { a in
    b.withUnsafeBufferPointer { b in
      for index in a.indices where !sameBytes(a[index], b[index]) { return false }
      return true
    }
  }
}
