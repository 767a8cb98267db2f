import Foundation

// Indoor maps under the SDK's names (GoogleMaps, "Indoor maps"). NavSim has no buildings: no
// building is ever active, so `activeLevel` stays nil (the SDK ignores a level that is not one
// of the active building's) and the delegate is never called. App code that shows a level
// picker compiles and sees what it sees on a map with no building in view.

/// A floor of a building.
public final class GMSIndoorLevel: NSObject {
  public let name: String?
  public let shortName: String?

  init(name: String?, shortName: String?) {
    self.name = name
    self.shortName = shortName
    super.init()
  }
}

/// A building with levels.
public final class GMSIndoorBuilding: NSObject {
  public let levels: [GMSIndoorLevel]
  public let defaultLevelIndex: UInt
  public let isUnderground: Bool

  init(levels: [GMSIndoorLevel], defaultLevelIndex: UInt, isUnderground: Bool) {
    self.levels = levels
    self.defaultLevelIndex = defaultLevelIndex
    self.isUnderground = isUnderground
    super.init()
  }
}

/// Hears of the building and level in focus. Both methods have defaults (the SDK's are
/// optional).
@preconcurrency @MainActor
public protocol GMSIndoorDisplayDelegate: NSObjectProtocol {
  func didChangeActiveBuilding(_ building: GMSIndoorBuilding?)
  func didChangeActiveLevel(_ level: GMSIndoorLevel?)
}

extension GMSIndoorDisplayDelegate {
  public func didChangeActiveBuilding(_ building: GMSIndoorBuilding?) {}
  public func didChangeActiveLevel(_ level: GMSIndoorLevel?) {}
}

/// The map's indoor state (`GMSMapView.indoorDisplay`).
@preconcurrency @MainActor
public final class GMSIndoorDisplay: NSObject {
  public weak var delegate: (any GMSIndoorDisplayDelegate)?
  /// Always nil: NavSim draws no buildings.
  public var activeBuilding: GMSIndoorBuilding? { nil }
  /// A level of the active building, else nil; setting a level of no active building is
  /// ignored, as in the SDK.
  public var activeLevel: GMSIndoorLevel? {
    get { storedLevel }
    set {
      guard let newValue, activeBuilding?.levels.contains(where: { $0 === newValue }) == true
      else { return storedLevel = nil }
      storedLevel = newValue
    }
  }
  private var storedLevel: GMSIndoorLevel?

  override init() { super.init() }
}

extension GMSMapView {
  /// The building and level in focus (none, headless).
  public var indoorDisplay: GMSIndoorDisplay { mapsState.indoorDisplay }
}
