// `import UIKit` on Linux: NavSim's headless UIKit (and Foundation, which UIKit re-exports on
// Apple platforms), so app files compile with their imports unchanged. Linux only.
@_exported import Foundation
@_exported import HeadlessUIKit
// `URLSession.shared` and the rest of Foundation's networking, which Apple's Foundation holds
// and swift-corelibs-foundation splits into FoundationNetworking: visible as on iOS.
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
