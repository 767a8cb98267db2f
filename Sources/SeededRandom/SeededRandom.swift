// NavSim's seeded pseudo-random generators: the same seed gives the same values on every run,
// machine and toolchain. Draws (`unit()`, `below(_:)`...) are our own, not the standard
// library's `random(in:using:)`, whose algorithm may change between Swift releases.

/// SplitMix64 (Steele, Lea & Flood 2014): one 64-bit word of state, well mixed output. Seeds
/// `SeededGenerator`, and serves where a few draws are needed (redaction offsets, generated
/// solver systems).
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in 0..<1 with 53 random bits.
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

  /// A value in 0..<bound (`next() % bound`: a bias below 2^-40 for the small bounds used).
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "below(_:) needs a positive bound")
    return Int(next() % UInt64(bound))
  }

  /// A uniform value in low..<high.
  public mutating func uniform(_ low: Double, _ high: Double) -> Double {
    low + (high - low) * unit()
  }

  /// One of `choices`, each equally likely.
  public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// xoshiro256** (Blackman & Vigna 2018), its state filled by `SplitMix64` from a 64-bit seed:
/// the simulator's generator, for long streams of draws.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  public init(seed: UInt64) {
    var seeder = SplitMix64(seed: seed)
    state = (seeder.next(), seeder.next(), seeder.next(), seeder.next())
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    let result = rotateLeft(state.1 &* 5, 7) &* 9
    let t = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= t
    state.3 = rotateLeft(state.3, 45)
    return result
  }

  /// A uniform value in 0..<1 with 53 random bits.
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

  /// A uniform value in -1..<1.
  public mutating func symmetric() -> Double { unit() * 2 - 1 }

  /// A uniform value in `range`.
  public mutating func value(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + unit() * (range.upperBound - range.lowerBound)
  }

  private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
