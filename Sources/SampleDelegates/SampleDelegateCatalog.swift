import NavSim

/// The sample delegates the `navsim` binary registers, by name.
public enum SampleDelegateCatalog {
  /// `basic`, `complete` and `broken`: each call makes a fresh delegate.
  @MainActor
  public static var all: [String: @MainActor () -> any NavigationLayoutDelegate] {
    [
      "basic": { BasicLayoutDelegate() },
      "complete": { CompleteLayoutDelegate() },
      "broken": { BrokenLayoutDelegate() },
    ]
  }
}
