import NavSim

/// The sample delegates the `navsim` binary registers, by name.
public enum SampleDelegateCatalog {
  /// `basic`, `complete`, `complete-v2` (the complete layout with a 24 pt gap above prompts
  /// instead of 8: a second version to diff) and `broken`; each call makes a fresh delegate.
  /// The delegates that break rules on purpose (`broken`): commands run them only when named.
  public static let brokenOnPurpose: Set<String> = ["broken"]

  @MainActor
  public static var all: [String: @MainActor () -> any NavigationLayoutDelegate] {
    [
      "basic": { BasicLayoutDelegate() },
      "complete": { CompleteLayoutDelegate() },
      "complete-v2": { CompleteLayoutDelegate(promptGap: 24) },
      "broken": { BrokenLayoutDelegate() },
    ]
  }

  /// The sample screens (`--screen NAME`): `delivery`, a delivery app's map screen
  /// (`DeliveryMapScreen`).
  @MainActor
  public static var screens: [String: @MainActor (GMSMapView) -> AnyObject] {
    ["delivery": { DeliveryMapScreen(mapView: $0) }]
  }
}
