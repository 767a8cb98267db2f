// `--shard K/N`: a deterministic K-th of the matrix, balanced by event count, so N machines
// split a check with no coordination.

/// The K-th of N shards.
public struct CheckShard: Equatable, Sendable, CustomStringConvertible {
  /// 1-based.
  public var index: Int
  public var count: Int

  /// - Throws: `CheckError` unless 1 <= index <= count.
  public init(index: Int, count: Int) throws {
    guard count >= 1, index >= 1, index <= count else {
      throw CheckError("--shard must be K/N with 1 <= K <= N, got \(index)/\(count)")
    }
    self.index = index
    self.count = count
  }

  /// Parses `K/N`. - Throws: `CheckError` for anything else.
  public init(text: String) throws {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
      throw CheckError("--shard must be K/N (e.g. 2/4), got '\(text)'")
    }
    try self.init(index: k, count: n)
  }

  public var description: String { "\(index)/\(count)" }

  /// Which shard (0-based) each configuration goes to: longest first onto the least loaded
  /// shard (ties: the configuration earlier in the matrix, the lower shard), the classic
  /// LPT schedule, within 4/3 of the best balance. Depends only on the matrix's order and
  /// event counts, so every machine computes the same split.
  /// - Complexity: O(m log m + m n) for m configurations.
  public static func assignment(weights: [Int64], shards: Int) -> [Int] {
    let order = weights.indices.sorted { a, b in
      weights[a] != weights[b] ? weights[a] > weights[b] : a < b
    }
    var loads = [Int64](repeating: 0, count: shards)
    var result = [Int](repeating: 0, count: weights.count)
    for index in order {
      var target = 0
      for shard in 1..<max(shards, 1) where loads[shard] < loads[target] { target = shard }
      result[index] = target
      loads[target] += max(weights[index], 1)
    }
    return result
  }

  /// The configurations of this shard, in matrix order.
  public func select(_ configurations: [CheckConfiguration]) -> [CheckConfiguration] {
    let assigned = Self.assignment(weights: configurations.map(\.weight), shards: count)
    return configurations.indices.filter { assigned[$0] == index - 1 }.map { configurations[$0] }
  }
}
