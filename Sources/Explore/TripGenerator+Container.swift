import Navigator
import SeededRandom
import SessionEvents

// Container resizes: an app that shares the screen with its own panel (an order sheet, a
// job list) resizes the map's container while driving, at any moment, prompts included. Drawn
// from a stream of their own, so the other scripted events of a trip stay as they were.

extension TripGenerator {
  /// Map container heights as a share of the screen's: from a panel taking a third of the
  /// screen up to the full screen. A navigation screen keeps two thirds for the map: below
  /// that (UIKit's half-height `.medium` sheet detent) a 4.7-inch phone's map is about 370 pt,
  /// less than the SDK's turn card, ETA card and logo need stacked, and the SDK docs' sample
  /// layouts overlap there; apps collapse such panels while guiding.
  static let containerShares: ClosedRange<Double> = 0.65...1

  /// Adds up to two container resizes to one trip in three, in portrait only (a landscape
  /// phone has no height to give a sheet; a rotation ends a resize, as UIKit relays the
  /// container out). A resized container no longer reaches the bottom edge, so its bottom
  /// safe area is 0.
  static func addContainerResizes(
    to events: inout [ScriptedEvent], seed: UInt64, index: Int, device: DeviceProfile,
    length: Double
  ) {
    var random = SeededGenerator(
      seed: (seed &+ 0x5851_F42D) &* 0xD6E8_FEB8_6659_FD93 &+ UInt64(index))
    guard random.unit() < 1.0 / 3 else { return }
    let count = 1 + pick(2, &random)
    var drawn: [(at: Double, share: Double)] = []
    for _ in 0..<count {
      let at = (random.unit() * max(1, length - 5)).rounded()
      let span = containerShares.upperBound - containerShares.lowerBound
      drawn.append((at, containerShares.lowerBound + (random.unit() * span * 20).rounded() / 20))
    }
    drawn.sort { $0.at < $1.at }
    // The geometry each resize starts from: the device as the earlier events left it.
    var profile = device
    var split = 1.0
    var result: [ScriptedEvent] = []
    var next = 0
    func resize(_ share: Double) -> ScriptedEvent.Action? {
      guard profile.orientation == .portrait else { return nil }
      let full = DeviceProfiles.splitScreen(profile, fraction: split)
      let height = (full.height * share).rounded()
      let bottom = share < 1 ? 0 : full.safeBottom
      return .resize(
        width: nil, height: height,
        safeArea: SafeArea(
          top: full.safeTop, leading: full.safeLeading, bottom: bottom,
          trailing: full.safeTrailing))
    }
    for event in events {
      while next < drawn.count, drawn[next].at < event.at {
        if let action = resize(drawn[next].share) {
          result.append(ScriptedEvent(at: drawn[next].at, action: action))
        }
        next += 1
      }
      switch event.action {
      case .rotate(let orientation): profile = profile.rotated(to: orientation)
      case .splitScreen(let fraction): split = fraction
      default: break
      }
      result.append(event)
    }
    for draw in drawn[next...] {
      if let action = resize(draw.share) {
        result.append(ScriptedEvent(at: draw.at, action: action))
      }
    }
    events = result
  }
}

extension TripGenerator {
  /// Whether every container resize of a trip is one the generator could have drawn where it
  /// now stands: in portrait, a share of `containerShares` of the screen the device, its
  /// rotations and split screen give at that moment. Shrinking drops and moves events and
  /// changes the device; a candidate that turns a resize into one no app makes (a
  /// portrait-sized container on a landscape phone) is not a trip.
  static func resizesArePlausible(_ scenario: Scenario) -> Bool {
    guard case .profile(var profile) = scenario.device else {
      return !scenario.events.contains { if case .resize = $0.action { true } else { false } }
    }
    var split = 1.0
    let ordered = scenario.events.enumerated().sorted {
      $0.element.at != $1.element.at ? $0.element.at < $1.element.at : $0.offset < $1.offset
    }
    for (_, event) in ordered {
      switch event.action {
      case .rotate(let orientation): profile = profile.rotated(to: orientation)
      case .splitScreen(let fraction): split = fraction
      case .device(let other): profile = other; split = 1
      case .resize(let width, let height, _):
        guard width == nil, let height, profile.orientation == .portrait else { return false }
        let full = DeviceProfiles.splitScreen(profile, fraction: split).height
        guard height <= full, height >= (full * containerShares.lowerBound).rounded(.down) else {
          return false
        }
      default: break
      }
    }
    return true
  }
}
