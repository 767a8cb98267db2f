// Strength: how much the solver cares about a constraint, in Kiwi's numeric encoding.

/// The weight of a constraint: `required` ones must hold, the others are traded off by
/// minimising the sum of `strength * error` (the Cassowary objective).
///
/// The encoding is Kiwi's, so results compare with kiwisolver's directly:
/// `create(a, b, c, w) = clip(a*w) * 1e6 + clip(b*w) * 1e3 + clip(c*w)`, each part clipped
/// to [0, 1000]. Like Kiwi's, strengths are plain numbers: enough weak errors can outweigh one
/// medium error (1 001 weak units cost more than one medium unit).
public struct Strength: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The objective weight; `required.value` marks a constraint that must hold.
  public let value: Double

  /// A strength of weight `value`; constraints clip it to [0, `required.value`].
  public init(_ value: Double) {
    self.value = value
  }

  /// Kiwi's symbolic strength: `a` strong units, `b` medium, `c` weak, each times `w`.
  public static func create(
    _ a: Double, _ b: Double, _ c: Double, _ w: Double = 1
  ) -> Strength {
    func part(_ x: Double) -> Double {
      guard !x.isNaN else { return .nan }
      return Swift.max(0, Swift.min(1000, x))
    }
    return Strength(part(a * w) * 1_000_000 + part(b * w) * 1000 + part(c * w))
  }

  public static let required = Strength.create(1000, 1000, 1000)
  public static let strong = Strength.create(1, 0, 0)
  public static let medium = Strength.create(0, 1, 0)
  public static let weak = Strength.create(0, 0, 1)

  /// Whether a constraint of this strength must hold (the value is at least `required`'s).
  public var isRequired: Bool { value >= Strength.required.value }

  /// The strength a constraint uses: clipped to [0, required]; NaN stays NaN (rejected).
  var clipped: Strength {
    guard !value.isNaN else { return self }
    return Strength(Swift.max(0, Swift.min(Strength.required.value, value)))
  }

  public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.value < rhs.value }

  public var description: String {
    switch value {
    case Strength.required.value: return "required"
    case Strength.strong.value: return "strong"
    case Strength.medium.value: return "medium"
    case Strength.weak.value: return "weak"
    default: return formatNumber(value)
    }
  }
}
