import SessionEvents

// Speed alerts as the navigator reports them (spec section 8): severity by how far above the
// limit, percentage above it, with a minor-to-major upgrade that needs the major condition to
// hold for a while.

/// Computes speed reports from speed and limit over time.
struct SpeedAlerts {
  /// Above the limit by more than this (m/s): minor.
  let minorThreshold: Double
  /// Above the limit by more than this (m/s): major, once it has held `upgradeDuration`.
  let majorThreshold: Double
  /// Seconds the major condition must hold before the severity goes from minor to major.
  let upgradeDuration: Double
  private var majorSince: Double?

  /// Thresholds +10 / +20 km/h (metric) or +5 / +10 mph (imperial), upgrade after 5 s.
  init(units: SpeedUnits, upgradeDuration: Double = 5) {
    switch units {
    case .metric:
      minorThreshold = 10 / 3.6
      majorThreshold = 20 / 3.6
    case .imperial:
      minorThreshold = 5 * 0.44704
      majorThreshold = 10 * 0.44704
    }
    self.upgradeDuration = upgradeDuration
  }

  /// The report at `time` seconds for a speed and limit in m/s.
  mutating func report(speed: Double?, limit: Double?, time: Double) -> SpeedReport {
    let roundedSpeed = speed.map { rounded($0, 2) }
    guard let speed, let limit, limit > 0 else {
      majorSince = nil
      return SpeedReport(
        speed: roundedSpeed, speedLimit: limit, severity: .unknown, speedingPercentage: -1)
    }
    let over = speed - limit
    let percentage = over > 0 ? rounded(over / limit * 100, 1) : 0
    let severity: SpeedAlertSeverity
    if over > majorThreshold {
      let since = majorSince ?? time
      majorSince = since
      severity = time - since >= upgradeDuration ? .major : .minor
    } else {
      majorSince = nil
      severity = over > minorThreshold ? .minor : .notSpeeding
    }
    return SpeedReport(
      speed: roundedSpeed, speedLimit: limit, severity: severity, speedingPercentage: percentage)
  }
}

/// `value` rounded to `places` decimals: recorded values carry no noise below what they mean,
/// so the same trip gives the same rows even where the math library's last bits differ.
func rounded(_ value: Double, _ places: Int) -> Double {
  let scale = [1.0, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000][places]
  let result = (value * scale).rounded() / scale
  return result == 0 ? 0 : result  // no -0
}
