// `import GoogleMaps`: the map view and the SDK's types, over NavSim's headless UIKit and
// CoreLocation (Apple's on Apple platforms, NavSim's subset on Linux).
@_exported import CoreLocation
@_exported import Foundation
@_exported import HeadlessUIKit
@_exported import NavigationSDK
// `UNUserNotificationCenter` where an app delegate imports only UIKit and the SDK (NavSim's
// shim on Linux; Apple's framework elsewhere).
#if canImport(UserNotifications)
@_exported import UserNotifications
#endif
// `URLSession.shared` and the rest of Foundation's networking, which Apple's Foundation holds
// and swift-corelibs-foundation splits into FoundationNetworking: visible as on iOS.
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
