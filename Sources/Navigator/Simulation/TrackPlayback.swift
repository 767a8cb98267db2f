// A time-stamped track replayed at its own timing: position interpolated in time, speed and
// course as recorded (or derived from the points when the file has none).

/// The vehicle of a recorded drive.
struct TrackPlayback {
  let route: Route
  let timing: RouteTiming
  private var segment = 0
  private var lastCourse: Double?

  init(route: Route, timing: RouteTiming) {
    self.route = route
    self.timing = timing
  }

  /// The track's duration in seconds.
  var duration: Double { timing.times[timing.times.count - 1] }

  /// Where the vehicle is `time` seconds after the start.
  /// - Complexity: amortised O(1) for increasing times.
  mutating func sample(at time: Double) -> (distance: Double, speed: Double, course: Double) {
    let times = timing.times
    let clamped = min(max(0, time), duration)
    while segment < times.count - 2 && times[segment + 1] <= clamped { segment += 1 }
    let t0 = times[segment]
    let t1 = times[segment + 1]
    let span = t1 - t0
    let fraction = span > 0 ? min(1, (clamped - t0) / span) : 1
    let d0 = route.cumulativeDistance[segment]
    let length = route.cumulativeDistance[segment + 1] - d0
    let distance = d0 + length * fraction

    let speed: Double
    if let s0 = timing.speeds[segment], let s1 = timing.speeds[segment + 1] {
      speed = s0 + (s1 - s0) * fraction
    } else if let recorded = timing.speeds[segment] ?? timing.speeds[segment + 1] {
      speed = recorded
    } else {
      speed = span > 0 ? length / span : 0
    }
    var course = timing.courses[segment]
    if course == nil && length > 0.5 {
      course = Geodesy.bearing(from: route.points[segment], to: route.points[segment + 1])
    }
    let resolved = course ?? lastCourse ?? route.course(atDistance: distance)
    lastCourse = resolved
    return (distance, speed, resolved)
  }
}
