import Findings
import HeadlessUIKit
@_spi(Replay) import NavigationSDK

extension ReplayWatchers {
  /// The standard layout rules (`LayoutRule.all`), one `RuleWatcher` for each map a replay
  /// drives: `ReplayJob(..., watchers: .layoutRules)`.
  public static let layoutRules = ReplayWatchers { RuleWatcher(mapView: $0) }
}

extension RuleWatcher: ReplayWatching {}
