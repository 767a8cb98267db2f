import Foundation
import Navigator
import SessionEvents

// What `navsim record` prints: the built-in catalogue, and a summary of each recording.

extension RecordCommand {
  static func listBuiltin(_ context: CommandContext) {
    context.print("Built-in routes:")
    for builtin in BuiltinRoutes.all {
      let length = (try? BuiltinRoutes.route(named: builtin.name)).map {
        pad(String(format: "%.1f km", $0.totalDistance / 1000), 11)
      } ?? pad("", 11)
      context.print("  " + pad(builtin.name, 14) + length + builtin.summary)
    }
    context.print("")
    context.print(
      "Device profiles (map width x height in points; safe area top/leading/bottom/trailing):")
    for profile in DeviceProfiles.all {
      let geometry = profile.geometry
      let size = "\(Int(geometry.width)) x \(Int(geometry.height))"
      let safe = [
        geometry.safeTop, geometry.safeLeading, geometry.safeBottom, geometry.safeTrailing,
      ]
      .map { String(Int($0)) }.joined(separator: "/")
      context.print("  " + pad(profile.name, 28) + pad(size, 13) + safe)
    }
  }

  static func printSummary(
    of trip: Trip, name: String, result: TripRecorder.Result, out: String, context: CommandContext
  ) {
    let summary = result.summary
    let route = trip.route
    context.print("recorded '\(name)' as recording \(result.recordingID) in \(out)")
    context.print(
      "  route     \(route.id): \(kilometres(route.totalDistance)), \(route.legs.count) "
        + "leg\(route.legs.count == 1 ? "" : "s"), \(route.steps.count) steps"
        + (trip.isRecordedDrive ? ", replayed at its recorded timing" : ""))
    context.print(
      "  trip      \(clock(summary.durationMilliseconds)) "
        + "(\(seconds(summary.durationMilliseconds))), \(kilometres(summary.distance)) driven, "
        + "arrival at \(seconds(summary.arrivalMilliseconds))"
    )
    context.print(
      "  device    \(trip.scenario.device.name), seed \(trip.scenario.seed), "
        + "\(number(trip.scenario.rate)) Hz")
    context.print("  events    \(summary.eventCount)")
    for kind in EventKind.allCases where summary.count(of: kind) > 0 {
      context.print("    " + pad(kind.rawValue, 20) + String(summary.count(of: kind)))
    }
  }

  // MARK: - Formatting

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  static func kilometres(_ metres: Double) -> String {
    metres < 1000 ? "\(Int(metres.rounded())) m" : String(format: "%.2f km", metres / 1000)
  }

  static func seconds(_ milliseconds: Int64) -> String {
    String(format: "%.1f s", Double(milliseconds) / 1000)
  }

  /// `h:mm:ss` or `m:ss`.
  static func clock(_ milliseconds: Int64) -> String {
    let total = Int(milliseconds / 1000)
    let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
    let mm = minutes < 10 && hours > 0 ? "0\(minutes)" : "\(minutes)"
    let ss = secs < 10 ? "0\(secs)" : "\(secs)"
    return hours > 0 ? "\(hours):\(mm):\(ss)" : "\(mm):\(ss)"
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
