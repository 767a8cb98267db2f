import SQLite
import SessionEvents

// The rows of a recorded tick, a `progress` row and its `speed` row, are most of a log (two
// of every three rows of a long trip). They are read here straight from the columns: each
// slot's value is taken in the type the writer stores it in and folded into the fingerprint
// as it is read, with no `StoredPayload` in between (building, copying and destroying its
// eleven optional slots cost more than reading the columns). A row of any other shape (a slot
// of another type, a name this NavSim does not know, a slot set that the kind does not use)
// returns nil before anything is folded or kept, and `RowDecoder.decode` reads it the general
// way: the same event and fingerprint, or the same error.

extension RowDecoder {
  /// The event of the current row when it is a progress row as writers store it: numbers in
  /// n1...n8 (the step index an integer, the rest reals), the maneuver, road and delay texts
  /// in s1...s3. Nil, with nothing read into the decoder, for any other row.
  @inline(__always)
  mutating func decodeProgress(_ row: SQLiteStatement) -> SessionEvent? {
    guard row.type(at: 3) == .real, row.type(at: 4) == .real, row.type(at: 5) == .real,
      row.type(at: 6) == .integer, row.type(at: 7) == .real, row.type(at: 8) == .real,
      row.type(at: 9) == .real, row.type(at: 10) == .real, row.type(at: 11) == .text,
      row.type(at: 12) == .text, row.type(at: 13) == .text
    else { return nil }
    let slot = EventKind.progress.code
    guard let maneuver = row.text(at: 11, reusing: texts[slot].s1),
      let road = row.text(at: 12, reusing: texts[slot].s2),
      let delayName = row.text(at: 13, reusing: texts[slot].s3),
      let delay = DelayCategory(storedName: delayName)
    else { return nil }
    texts[slot].s1 = maneuver
    texts[slot].s2 = road
    texts[slot].s3 = delayName
    let seq = row.int64(at: 0), t = row.int64(at: 1)
    let travelled = row.double(at: 3), remaining = row.double(at: 4)
    let time = row.double(at: 5), step = row.int64(at: 6), toManeuver = row.double(at: 7)
    let latitude = row.double(at: 8), longitude = row.double(at: 9), course = row.double(at: 10)
    fingerprint.foldHeader(seq: seq, t: t, kind: .progress)
    fingerprint.foldReal(travelled)
    fingerprint.foldReal(remaining)
    fingerprint.foldReal(time)
    fingerprint.foldInteger(step)
    fingerprint.foldReal(toManeuver)
    fingerprint.foldReal(latitude)
    fingerprint.foldReal(longitude)
    fingerprint.foldReal(course)
    fingerprint.fold(maneuver)
    fingerprint.fold(road)
    fingerprint.fold(delayName)
    fingerprint.endEvent()
    return SessionEvent(
      seq: seq, t: t,
      payload: .progress(
        Progress(
          distanceTravelled: travelled, distanceRemaining: remaining, timeRemaining: time,
          stepIndex: Int(step), distanceToNextManeuver: toManeuver, maneuver: maneuver,
          roadName: road, latitude: latitude, longitude: longitude, course: course,
          delay: delay)))
  }

  /// The event of the current row when it is a speed row as writers store it: the speed and
  /// limit in n1 and n2 (reals, or NULL when unknown), the speeding percentage in n3 (a real),
  /// the severity in s1, every other slot empty. Nil, with nothing read into the decoder, for
  /// any other row.
  @inline(__always)
  mutating func decodeSpeed(_ row: SQLiteStatement) -> SessionEvent? {
    let speedType = row.type(at: 3), limitType = row.type(at: 4)
    guard speedType == .real || speedType == .null, limitType == .real || limitType == .null,
      row.type(at: 5) == .real, row.type(at: 6) == .null, row.type(at: 7) == .null,
      row.type(at: 8) == .null, row.type(at: 9) == .null, row.type(at: 10) == .null,
      row.type(at: 11) == .text, row.type(at: 12) == .null, row.type(at: 13) == .null
    else { return nil }
    let slot = EventKind.speed.code
    guard let severityName = row.text(at: 11, reusing: texts[slot].s1),
      let severity = SpeedAlertSeverity(storedName: severityName)
    else { return nil }
    texts[slot].s1 = severityName
    let seq = row.int64(at: 0), t = row.int64(at: 1)
    let speed = speedType == .real ? row.double(at: 3) : nil
    let limit = limitType == .real ? row.double(at: 4) : nil
    let percentage = row.double(at: 5)
    fingerprint.foldHeader(seq: seq, t: t, kind: .speed)
    if let speed { fingerprint.foldReal(speed) } else { fingerprint.foldAbsentNumber() }
    if let limit { fingerprint.foldReal(limit) } else { fingerprint.foldAbsentNumber() }
    fingerprint.foldReal(percentage)
    for _ in 0..<5 { fingerprint.foldAbsentNumber() }  // n4...n8
    fingerprint.fold(severityName)
    fingerprint.fold(nil as String?)  // s2
    fingerprint.fold(nil as String?)  // s3
    fingerprint.endEvent()
    return SessionEvent(
      seq: seq, t: t,
      payload: .speed(
        SpeedReport(
          speed: speed, speedLimit: limit, severity: severity, speedingPercentage: percentage)))
  }
}
