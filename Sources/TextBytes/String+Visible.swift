// Texts a user gave (a log header's keys, an event's field names and values, a recorder's
// fact keys) as messages show them: on one line, with every difference visible, whatever the
// text holds (a newline, a combining mark, U+00E9 or e + U+0301).

extension String {
  /// The text in double quotes as a Swift literal would spell it: printable ASCII as it is
  /// (`"` and `\` escaped), every other scalar as `\u{…}` in hexadecimal, so a message that
  /// shows it stays one line and two normalizations of a text show their difference.
  package var visiblyQuoted: String {
    var result = "\""
    for scalar in unicodeScalars {
      switch scalar {
      case "\"", "\\": result += "\\" + String(scalar)
      case " "..."~": result.unicodeScalars.append(scalar)
      default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result + "\""
  }
}
