// `import UIKit` on Linux: NavSim's headless UIKit (and Foundation, which UIKit re-exports on
// Apple platforms), so app files compile with their imports unchanged. Linux only.
@_exported import Foundation
@_exported import HeadlessUIKit
