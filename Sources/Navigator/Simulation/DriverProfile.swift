// How the simulated driver drives: how close to the limit, how much they wander around it,
// how hard they accelerate and brake.

/// A driver's habits.
public struct DriverProfile: Equatable, Sendable {
  public var name: String
  /// Target speed as a fraction of the posted limit (1.1 = 10 % over).
  public var speedFactor: Double
  /// Bounded, slowly varying deviation from the target, as a fraction (0.05 = within ±5 %).
  public var variation: Double
  /// Acceleration in m/s².
  public var acceleration: Double
  /// Comfortable braking in m/s², used to plan stops and slow-downs ahead.
  public var deceleration: Double
  /// Speed where the limit is unknown and was never known on this route, in m/s.
  public var cruiseSpeed: Double

  public init(
    name: String, speedFactor: Double, variation: Double, acceleration: Double,
    deceleration: Double, cruiseSpeed: Double = Route.defaultCruiseSpeed
  ) {
    self.name = name
    self.speedFactor = speedFactor
    self.variation = variation
    self.acceleration = acceleration
    self.deceleration = deceleration
    self.cruiseSpeed = cruiseSpeed
  }

  /// Keeps well under the limit, brakes early.
  public static let cautious = DriverProfile(
    name: "cautious", speedFactor: 0.92, variation: 0.03, acceleration: 1.4, deceleration: 1.8)
  /// Mostly at the limit, a little over now and then (the default).
  public static let normal = DriverProfile(
    name: "normal", speedFactor: 0.98, variation: 0.05, acceleration: 1.8, deceleration: 2.2)
  /// Habitually over the limit: raises minor and major speed alerts.
  public static let speeder = DriverProfile(
    name: "speeder", speedFactor: 1.18, variation: 0.08, acceleration: 2.6, deceleration: 3.0)

  public static let all = [cautious, normal, speeder]

  /// The hardest braking the vehicle ever does, in m/s².
  static let maximumDeceleration = 6.0
}
