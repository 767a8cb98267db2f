import HeadlessUIKit
import Replay
import TextBytes

// The screen-level facts a diff compares besides state, wide mode, map size and direction:
// the safe area, the map's content and overlays, and the animations still running. Each is
// printed as the layout's text prints it, so a change reads as the stored lines differ.

extension SnapshotInsets {
  /// `top,leading,bottom,trailing` as the layout line's `safe=` prints them.
  var text: String {
    [top, leading, bottom, trailing].map(pointText).joined(separator: ",")
  }

  /// True when every edge is within `tolerance` points (and the stored text's rounding, as
  /// `SnapshotRect.isClose` allows).
  func isClose(to other: SnapshotInsets, tolerance: Double) -> Bool {
    let limit = tolerance + SnapshotRect.storedRounding
    return abs(top - other.top) <= limit && abs(leading - other.leading) <= limit
      && abs(bottom - other.bottom) <= limit && abs(trailing - other.trailing) <= limit
  }
}

/// Tokens as the layout line prints them (escaped, comma separated); `none` when empty.
func listText(_ tokens: [String]) -> String {
  tokens.isEmpty ? "none" : tokens.map(tokenText).joined(separator: ",")
}

/// A token as the layout text escapes it (`escapeToken`), `none` for no token. So that `none`
/// always means absent, a token spelled `none` prints its first byte escaped, `%6Eone`: the
/// same bytes the layout text's `%XX` escapes read back.
func tokenText(_ token: String?) -> String {
  guard let token else { return "none" }
  return token.utf8.elementsEqual("none".utf8) ? "%6Eone" : escapeToken(token)
}

extension SnapshotAnimation {
  /// `views=… props=…`: which views and properties it animates, as its `anim` line names them.
  var target: String {
    "views=" + listText(views) + " props=" + listText(properties)
  }

  /// `target` as the `anim` line stores it, an empty list empty: what targets are matched by.
  var storedTarget: ByteKey {
    ByteKey(
      "views=" + views.map(escapeToken).joined(separator: ",") + " props="
        + properties.map(escapeToken).joined(separator: ","))
  }

  /// `start=… duration=…`, seconds with three decimals, as its `anim` line prints them.
  var timing: String {
    "start=" + formatFixed(start, 3) + " duration=" + formatFixed(duration, 3)
  }
}

extension LayoutState {
  /// The running animations that differ, one change per animated target (views and
  /// properties, compared byte for byte): field `animation views=… props=…`, from / to its
  /// timing (`none` when absent on that side; `; `-separated when several animate the same
  /// target). Targets in B's order, then those only in A in A's order. Timings compare as
  /// stored (three decimals; `tolerance` is in points, these are seconds). When every target
  /// matches but the lines come in another order, one `animations` change lists the targets
  /// in each order.
  func animationChanges(to other: LayoutState) -> [StateChange] {
    // As stored: `==` compares the seconds exactly, the `anim` lines to three decimals.
    func lines(_ list: [SnapshotAnimation]) -> [String] {
      list.map { $0.storedTarget.text + " " + $0.timing }
    }
    if sameBytes(lines(animations), lines(other.animations)) { return [] }
    /// The targets in order of first appearance, each with its timings.
    func group(_ list: [SnapshotAnimation]) -> (
      order: [SnapshotAnimation], timings: [ByteKey: [String]]
    ) {
      var order: [SnapshotAnimation] = []
      var timings: [ByteKey: [String]] = [:]
      for animation in list {
        let key = animation.storedTarget
        if timings[key] == nil { order.append(animation) }
        timings[key, default: []].append(animation.timing)
      }
      return (order, timings)
    }
    let mine = group(animations), theirs = group(other.animations)
    var changes: [StateChange] = []
    func text(_ timings: [String]?) -> String { timings?.joined(separator: "; ") ?? "none" }
    for animation in theirs.order {
      let key = animation.storedTarget
      let from = mine.timings[key], to = theirs.timings[key]!
      if let from, sameBytes(from, to) { continue }
      changes.append(
        StateChange(field: "animation " + animation.target, from: text(from), to: text(to)))
    }
    for animation in mine.order where theirs.timings[animation.storedTarget] == nil {
      let from = text(mine.timings[animation.storedTarget])
      changes.append(StateChange(field: "animation " + animation.target, from: from, to: "none"))
    }
    if changes.isEmpty {
      // Same targets and timings, other order: the stored lines differ all the same.
      changes.append(
        StateChange(
          field: "animations", from: animations.map(\.target).joined(separator: "; "),
          to: other.animations.map(\.target).joined(separator: "; ")))
    }
    return changes
  }
}
