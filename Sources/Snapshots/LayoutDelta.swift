import Foundation

// A layout's canonical text (`LayoutState.text`) stored as a change from another layout's:
// consecutive distinct layouts of a replay differ in a label's text or a frame or two, so the
// lines that differ are far smaller than the whole text.
//
// A delta is text, one operation a line, applied to the base's lines in order:
//
//   =N      copy the next N lines of the base
//   -N      skip the next N lines of the base
//   +LINE   a line of the new layout (layout lines never hold a newline: tokens are escaped)
//
// The operations consume every line of the base exactly once; a delta that stops short or
// runs past the end is damaged (`LayoutDelta.Problem`). Equal operations in a row are merged,
// and the encoding is a function of the two texts' bytes alone: the same layouts give the same
// bytes. Lines are compared byte for byte (not as Unicode strings).

/// Encoding and applying line deltas between two layout texts.
enum LayoutDelta {
  /// Why a delta cannot be applied: one phrase, for `SnapshotStoreError.badLayoutDelta`.
  struct Problem: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// The middle of two texts compared line by line with a longest common subsequence when
  /// it has at most this many line pairs; a larger middle is replaced whole.
  static let maxMatchedPairs = 65_536

  /// The delta that turns `base` into `text`, nil when it would not be smaller than `text`.
  /// - Complexity: O(n) in the texts' length, plus O(m x k) for a middle of m and k lines
  ///   that both texts change (a few lines between two consecutive layouts).
  static func encode(_ text: String, base: String) -> String? {
    var text = text, base = base
    return text.withUTF8 { new in
      base.withUTF8 { old in encode(Lines(new), base: Lines(old)) }
    }
  }

  private static func encode(_ new: Lines, base old: Lines) -> String? {
    // `+LINE` ends its line: a text without a last newline is kept whole.
    guard new.bytes.last == newline else { return nil }
    var prefix = 0
    while prefix < old.count, prefix < new.count, old.same(prefix, new, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old.same(old.count - 1 - suffix, new, new.count - 1 - suffix)
    {
      suffix += 1
    }
    var ops = Ops(capacity: new.bytes.count)
    ops.copy(prefix)
    let oldMiddle = prefix..<(old.count - suffix), newMiddle = prefix..<(new.count - suffix)
    if oldMiddle.count * newMiddle.count <= maxMatchedPairs {
      matchMiddle(old, oldMiddle, new, newMiddle, into: &ops)
    } else {
      ops.skip(oldMiddle.count)
      for line in newMiddle { ops.add(new, line) }
    }
    ops.copy(suffix)
    ops.flush()
    guard ops.out.count < new.bytes.count else { return nil }
    return String(decoding: ops.out, as: UTF8.self)
  }

  /// `base` with `delta` applied.
  /// - Throws: `Problem` for an unknown operation, a count that is not a number, or a delta
  ///   that does not consume the base's lines exactly.
  static func apply(_ delta: String, to base: String) throws(Problem) -> String {
    var delta = delta, base = base
    let result: Result<[UInt8], Problem> = delta.withUTF8 { ops in
      base.withUTF8 { old in
        do throws(Problem) {
          return .success(try apply(ops, to: Lines(old)))
        } catch {
          return .failure(error)
        }
      }
    }
    return String(decoding: try result.get(), as: UTF8.self)
  }

  private static func apply(_ delta: UnsafeBufferPointer<UInt8>, to old: Lines) throws(Problem)
    -> [UInt8]
  {
    var out: [UInt8] = []
    out.reserveCapacity(old.bytes.count + delta.count)
    var cursor = 0, number = 0, start = 0
    while start < delta.count {
      number += 1
      let end = delta[start...].firstIndex(of: newline) ?? delta.count
      defer { start = end + 1 }
      guard end > start else { throw Problem(description: "operation \(number) is empty") }
      let head = delta[start]
      if head == UInt8(ascii: "+") {
        out.append(contentsOf: delta[(start + 1)..<end])
        out.append(newline)
        continue
      }
      let op = String(decoding: delta[start..<end], as: UTF8.self)
      guard head == UInt8(ascii: "=") || head == UInt8(ascii: "-"),
        let count = Int(op.dropFirst()), count > 0
      else {
        throw Problem(description: "operation \(number) is not =N, -N or +LINE: '\(op.prefix(40))'")
      }
      guard count <= old.count - cursor else {
        throw Problem(description: "operation \(number) reads past the base's \(old.count) lines")
      }
      if head == UInt8(ascii: "=") {
        out.append(contentsOf: old.bytes[old.start(cursor)..<old.start(cursor + count)])
      }
      cursor += count
    }
    if number == 0 { throw Problem(description: "operation 1 is empty") }
    guard cursor == old.count else {
      throw Problem(description: "truncated: it stops at line \(cursor) of the base's \(old.count)")
    }
    return out
  }

  // MARK: - Steps

  private static let newline = UInt8(ascii: "\n")

  /// A text's UTF-8 bytes and where its lines start (`starts.last` is the end): line `i` is
  /// `bytes[starts[i]..<starts[i + 1]]`, its newline included.
  private struct Lines {
    let bytes: UnsafeBufferPointer<UInt8>
    private var starts: [Int] = [0]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
      starts.reserveCapacity(64)
      guard let base = bytes.baseAddress else { return }
      // `memchr`: the slice's `firstIndex(of:)` took about 3 instructions a byte, and both
      // texts are split for every layout a replay stores.
      var index = 0
      while index < bytes.count {
        if let found = memchr(base + index, Int32(newline), bytes.count - index) {
          index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
        } else {
          index = bytes.count
        }
        starts.append(index)
      }
    }

    var count: Int { starts.count - 1 }
    func start(_ line: Int) -> Int { starts[line] }

    /// Whether line `i` equals line `j` of `other`, byte for byte.
    func same(_ i: Int, _ other: Lines, _ j: Int) -> Bool {
      let length = starts[i + 1] - starts[i]
      guard length == other.starts[j + 1] - other.starts[j] else { return false }
      return memcmp(bytes.baseAddress! + starts[i], other.bytes.baseAddress! + other.starts[j], length)
        == 0
    }

    /// Line `i` without its newline.
    func line(_ i: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
      let end = starts[i + 1]
      return bytes[starts[i]..<(end > starts[i] && bytes[end - 1] == newline ? end - 1 : end)]
    }
  }

  /// Copies the lines both middles keep (a longest common subsequence), skips and adds the
  /// others; where either serves, a base line is skipped before a new line is added.
  private static func matchMiddle(
    _ old: Lines, _ oldRange: Range<Int>, _ new: Lines, _ newRange: Range<Int>,
    into ops: inout Ops
  ) {
    let rows = oldRange.count, columns = newRange.count, width = columns + 1
    // common[i * width + j]: the longest common subsequence of the middles from i and j on.
    var common = [Int](repeating: 0, count: (rows + 1) * width)
    for i in stride(from: rows - 1, through: 0, by: -1) {
      for j in stride(from: columns - 1, through: 0, by: -1) {
        common[i * width + j] =
          old.same(oldRange.lowerBound + i, new, newRange.lowerBound + j)
          ? common[(i + 1) * width + j + 1] + 1
          : max(common[(i + 1) * width + j], common[i * width + j + 1])
      }
    }
    var i = 0, j = 0
    while i < rows || j < columns {
      if i < rows, j < columns, old.same(oldRange.lowerBound + i, new, newRange.lowerBound + j) {
        ops.copy(1)
        i += 1
        j += 1
      } else if j < columns, i == rows || common[i * width + j + 1] > common[(i + 1) * width + j] {
        ops.add(new, newRange.lowerBound + j)
        j += 1
      } else {
        ops.skip(1)
        i += 1
      }
    }
  }

  /// The operations being written, equal counted ones merged.
  private struct Ops {
    var out: [UInt8] = []
    private var pending: (op: UInt8, count: Int)?

    init(capacity: Int) { out.reserveCapacity(capacity) }

    mutating func copy(_ count: Int) { counted(UInt8(ascii: "="), count) }
    mutating func skip(_ count: Int) { counted(UInt8(ascii: "-"), count) }

    mutating func add(_ lines: Lines, _ line: Int) {
      flush()
      out.append(UInt8(ascii: "+"))
      out.append(contentsOf: lines.line(line))
      out.append(newline)
    }

    private mutating func counted(_ op: UInt8, _ count: Int) {
      guard count > 0 else { return }
      if let last = pending, last.op == op {
        pending = (op, last.count + count)
      } else {
        flush()
        pending = (op, count)
      }
    }

    mutating func flush() {
      guard let pending else { return }
      out.append(pending.op)
      out.append(contentsOf: String(pending.count).utf8)
      out.append(newline)
      self.pending = nil
    }
  }
}
