import SQLite
import SessionEvents

// The rows of a recorded tick, a `progress` row and its `speed` row, are most of a log (two
// of every three rows of a long trip). They are read here straight from the columns: each
// slot's value is taken in the type the writer stores it in and folded into the fingerprint
// as it is read, with no `StoredPayload` in between (building, copying and destroying its
// eleven optional slots cost more than reading the columns). A row of any other shape (a slot
// of another type, a name this NavSim does not know, a slot set that the kind does not use)
// returns nil before anything is folded (the kind's last texts, a cache of equal strings, may
// have taken its texts), and `RowDecoder.decode` reads it the general way: the same event and
// fingerprint, or the same error.

extension RowDecoder {
  /// The event of the current row when it is a progress row as writers store it: numbers in
  /// n1...n8 (the step index an integer, the rest reals), the maneuver, road and delay texts
  /// in s1...s3. Nil, with nothing folded into the fingerprint, for any other row.
  @inline(__always)
  mutating func decodeProgress(_ row: SQLiteStatement) -> SessionEvent? {
    let n1 = row.column(3), n2 = row.column(4), n3 = row.column(5), n4 = row.column(6)
    let n5 = row.column(7), n6 = row.column(8), n7 = row.column(9), n8 = row.column(10)
    let s1 = row.column(11), s2 = row.column(12), s3 = row.column(13)
    guard n1.storageClass == .real, n2.storageClass == .real, n3.storageClass == .real,
      n4.storageClass == .integer, n5.storageClass == .real, n6.storageClass == .real,
      n7.storageClass == .real, n8.storageClass == .real, s1.storageClass == .text,
      s2.storageClass == .text, s3.storageClass == .text
    else { return nil }
    // The texts are stored texts already (checked above): the kind's last texts take them,
    // whatever follows (they only spare making a string that repeats).
    let slot = EventKind.progress.code
    guard let maneuver = s1.text(updating: &texts[slot].s1),
      let road = s2.text(updating: &texts[slot].s2),
      let delayName = s3.text(updating: &texts[slot].s3)
    else { return nil }
    let delay: DelayCategory
    if let last = lastDelay, last.name == delayName {
      delay = last.value
    } else {
      guard let named = DelayCategory(storedName: delayName) else { return nil }
      delay = named
      lastDelay = (delayName, named)
    }
    let seq = row.column(0).int64, t = row.column(1).int64
    let travelled = n1.double, remaining = n2.double, time = n3.double, step = n4.int64
    let toManeuver = n5.double, latitude = n6.double, longitude = n7.double
    let course = n8.double
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
  /// the severity in s1, every other slot empty. Nil, with nothing folded into the
  /// fingerprint, for any other row.
  @inline(__always)
  mutating func decodeSpeed(_ row: SQLiteStatement) -> SessionEvent? {
    let n1 = row.column(3), n2 = row.column(4), n3 = row.column(5), s1 = row.column(11)
    let speedType = n1.storageClass, limitType = n2.storageClass
    guard speedType == .real || speedType == .null, limitType == .real || limitType == .null,
      n3.storageClass == .real, row.column(6).storageClass == .null,
      row.column(7).storageClass == .null, row.column(8).storageClass == .null,
      row.column(9).storageClass == .null, row.column(10).storageClass == .null,
      s1.storageClass == .text, row.column(12).storageClass == .null,
      row.column(13).storageClass == .null
    else { return nil }
    let slot = EventKind.speed.code
    guard let severityName = s1.text(updating: &texts[slot].s1) else { return nil }
    let severity: SpeedAlertSeverity
    if let last = lastSeverity, last.name == severityName {
      severity = last.value
    } else {
      guard let named = SpeedAlertSeverity(storedName: severityName) else { return nil }
      severity = named
      lastSeverity = (severityName, named)
    }
    let seq = row.column(0).int64, t = row.column(1).int64
    let speed = speedType == .real ? n1.double : nil
    let limit = limitType == .real ? n2.double : nil
    let percentage = n3.double
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
