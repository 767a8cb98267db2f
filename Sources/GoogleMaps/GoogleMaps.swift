// `import GoogleMaps`: the map view and the SDK's types, over NavSim's headless UIKit and
// CoreLocation (Apple's on Apple platforms, NavSim's subset on Linux).
@_exported import CoreLocation
@_exported import Foundation
@_exported import HeadlessUIKit
@_exported import NavigationSDK
