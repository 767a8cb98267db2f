import NavSim

/// The sample delegates the `navsim` binary registers, by name.
public enum SampleDelegateCatalog {
  @MainActor
  public static var all: [String: @MainActor () -> any NavigationLayoutDelegate] {
    [:]
  }
}
