// ISO 8601 / RFC 3339 date-times as GPX writes them, without Foundation's locale-dependent
// formatters: `2013-01-01T12:00:04Z`, `2016-05-27T10:08:47.8Z`, `...+02:00`, and without a zone
// (taken as UTC).

enum Timestamp {
  /// Seconds since 1970-01-01T00:00:00Z, or nil when `text` is not a date-time.
  static func epochSeconds(_ text: String) -> Double? {
    let scalars = Array(text.trimmingWhitespace().utf8)
    var index = 0

    func number(_ digits: Int) -> Int? {
      guard index + digits <= scalars.count else { return nil }
      var value = 0
      for byte in scalars[index..<(index + digits)] {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      index += digits
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard index < scalars.count, scalars[index] == character.asciiValue else { return false }
      index += 1
      return true
    }

    guard let year = number(4), expect("-"), let month = number(2), expect("-"),
      let day = number(2), index < scalars.count, scalars[index] | 0x20 == UInt8(ascii: "t"),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    index += 1
    guard let hour = number(2), expect(":"), let minute = number(2), expect(":"),
      let second = number(2), hour < 24, minute < 60, second <= 60
    else { return nil }
    var fraction = 0.0
    if expect(".") {
      var scale = 0.1
      let start = index
      while index < scalars.count, scalars[index] >= 0x30 && scalars[index] <= 0x39 {
        fraction += Double(scalars[index] - 0x30) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    var offset = 0
    if index < scalars.count {
      if scalars[index] | 0x20 == UInt8(ascii: "z") {
        index += 1
      } else {
        let sign = scalars[index] == UInt8(ascii: "-") ? -1 : 1
        guard expect("+") || expect("-"), let hours = number(2) else { return nil }
        _ = expect(":")
        guard let minutes = number(2) else { return nil }
        offset = sign * (hours * 3600 + minutes * 60)
      }
    }
    guard index == scalars.count else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
  }

  /// `2024-05-01T08:00:00Z` for a whole number of seconds since 1970.
  static func iso8601(epochSeconds seconds: Int64) -> String {
    let days = Int(seconds.floorDivided(by: 86_400))
    let rest = Int(seconds - Int64(days) * 86_400)
    let (year, month, day) = civilFromDays(days)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(yearText)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):"
      + "\(two(rest % 60))Z"
  }

  // MARK: - Civil calendar (H. Hinnant, "chrono-compatible low-level date algorithms")

  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[first...last])
  }
}
