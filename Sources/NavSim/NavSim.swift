// `import NavSim` gives the UIKit-shaped and SDK-shaped API that app code uses. App files can
// also keep their own imports: `GoogleNavigation`, `GoogleMaps`, and on Linux `UIKit` and
// `CoreLocation` are modules of the `NavSim` product too.
@_exported import CoreLocation
@_exported import Foundation
@_exported import HeadlessUIKit
@_exported import NavigationSDK
