// `DateComponentsFormatter` on Linux, where swift-corelibs-foundation marks it unavailable
// ("Not supported in swift-corelibs-foundation"). Declared here, in a module that imports
// Foundation, it shadows Foundation's for every file that imports UIKit or the SDK (as on iOS,
// where UIKit re-exports Foundation). English (en_US) unit names only.

#if !canImport(Darwin)
import Foundation

/// Formats a duration as an app's ETA label does ("1h 2m", "1 hr, 2 min", "1:02:00").
///
/// Units are days, hours, minutes and seconds (the ones navigation screens allow); the
/// smallest allowed unit takes the remainder, truncated. `maximumUnitCount` keeps the largest
/// non-zero units. Zero units are dropped, except in `.positional` style, which pads all but
/// the leading unit (`1:05` for 65 seconds in minutes and seconds).
open class DateComponentsFormatter: Formatter, @unchecked Sendable {
  public enum UnitsStyle: Int, Sendable {
    case positional = 0
    case abbreviated = 1
    case short = 2
    case full = 3
    case brief = 5
  }

  public struct ZeroFormattingBehavior: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let `default` = ZeroFormattingBehavior(rawValue: 1 << 0)
    public static let dropLeading = ZeroFormattingBehavior(rawValue: 1 << 1)
    public static let dropMiddle = ZeroFormattingBehavior(rawValue: 1 << 2)
    public static let dropTrailing = ZeroFormattingBehavior(rawValue: 1 << 3)
    public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
    public static let pad = ZeroFormattingBehavior(rawValue: 1 << 16)
  }

  open var allowedUnits: NSCalendar.Unit = [.hour, .minute, .second]
  open var unitsStyle = UnitsStyle.positional
  open var zeroFormattingBehavior = ZeroFormattingBehavior.default
  /// 0: no limit.
  open var maximumUnitCount = 0

  public override init() { super.init() }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  private static let units: [(unit: NSCalendar.Unit, seconds: Int, names: [String])] = [
    (.day, 86_400, ["d", "day", "day", "d"]),
    (.hour, 3_600, ["h", "hr", "hour", "hr"]),
    (.minute, 60, ["m", "min", "minute", "min"]),
    (.second, 1, ["s", "sec", "second", "sec"]),
  ]

  /// The duration as text; nil when no unit this formatter knows is allowed or the duration
  /// is not finite (or beyond 10^15 seconds, as `CLTimeIntervalMax` is).
  open func string(from ti: TimeInterval) -> String? {
    let units = Self.units.filter { allowedUnits.contains($0.unit) }
    guard !units.isEmpty, ti.isFinite, abs(ti) < 1e15 else { return nil }
    var rest = Int(abs(ti))
    var values: [(names: [String], value: Int)] = []
    for entry in units {
      values.append((entry.names, rest / entry.seconds))
      rest %= entry.seconds
    }
    let sign = ti < 0 ? "-" : ""
    if unitsStyle == .positional {
      return sign + positional(values)
    }
    var shown = values.filter { $0.value != 0 }
    if zeroFormattingBehavior.contains(.pad) { shown = values }
    if maximumUnitCount > 0 { shown = Array(shown.prefix(maximumUnitCount)) }
    if shown.isEmpty { shown = [values.last!] }
    return sign + shown.map { text(value: $0.value, names: $0.names) }
      .joined(separator: unitsStyle == .short || unitsStyle == .full ? ", " : " ")
  }

  /// The components as text (days, hours, minutes and seconds are summed).
  open func string(from components: DateComponents) -> String? {
    let seconds =
      (components.day ?? 0) * 86_400 + (components.hour ?? 0) * 3_600
      + (components.minute ?? 0) * 60 + (components.second ?? 0)
    return string(from: TimeInterval(seconds))
  }

  /// The time between two dates as text.
  open func string(from startDate: Date, to endDate: Date) -> String? {
    string(from: endDate.timeIntervalSince(startDate))
  }

  private func text(value: Int, names: [String]) -> String {
    switch unitsStyle {
    case .abbreviated: return "\(value)\(names[0])"
    case .brief: return "\(value)\(names[3])"
    case .short: return "\(value) \(names[1])"
    default: return "\(value) \(names[2])\(value == 1 ? "" : "s")"
    }
  }

  private func positional(_ values: [(names: [String], value: Int)]) -> String {
    var fields = values.map(\.value)
    let pad = zeroFormattingBehavior.contains(.pad)
    while !pad, fields.count > 2, fields[0] == 0 { fields.removeFirst() }
    return fields.enumerated().map { index, value in
      index == 0 ? String(value) : (value < 10 ? "0\(value)" : String(value))
    }.joined(separator: ":")
  }
}
#endif
