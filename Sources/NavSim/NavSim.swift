// `import NavSim` gives the UIKit-shaped and SDK-shaped API that delegate code uses, so a
// delegate written for the real SDK compiles with its `import GoogleNavigation` and
// `import UIKit` lines replaced by this one import.
@_exported import Foundation
@_exported import HeadlessUIKit
@_exported import NavigationSDK
