import Navigator
import SeededRandom
import SessionEvents

// The header accessory view (`setHeaderAccessory(_:)`, the legacy API apps still use with the
// built-in layout): a banner under the turn card whose height the app's view answers through
// `heightForAccessoryViewConstrained(to:on:)`. Drawn from a stream of its own, so the other
// scripted events of a trip stay as they were. With a layout delegate the SDK shows no
// accessory: the events change nothing but the log.

extension TripGenerator {
  /// Heights an accessory view answers: a one-line banner (36), a banner with an icon row
  /// (48, as the built-in layout's golden tests use), two rows (72).
  static let accessoryHeights: [Double] = [36, 48, 72]

  /// Adds, to one trip in four, a header accessory the app sets at any moment of the drive;
  /// in half of those it later changes its height (its content changed) or removes it.
  static func addHeaderAccessory(
    to events: inout [ScriptedEvent], seed: UInt64, index: Int, length: Double
  ) {
    var random = SeededGenerator(
      seed: (seed &+ 0x6A09_E667) &* 0xA076_1D64_78BD_642F &+ UInt64(index))
    guard random.unit() < 0.25 else { return }
    func accessory(_ height: Double) -> ScriptedEvent.Action {
      .setting(SettingChange(name: .headerAccessory, value: .number(height)))
    }
    let at = (random.unit() * max(1, length - 5)).rounded()
    let height = accessoryHeights[pick(accessoryHeights.count, &random)]
    var added = [ScriptedEvent(at: at, action: accessory(height))]
    if random.unit() < 0.5 {
      let later = (at + random.unit() * max(1, length - 5 - at)).rounded()
      let height = random.unit() < 0.5 ? 0 : accessoryHeights[pick(accessoryHeights.count, &random)]
      added.append(ScriptedEvent(at: max(at, later), action: accessory(height)))
    }
    events = merged(events, added)
  }
}
