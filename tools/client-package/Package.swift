// swift-tools-version:6.0
// A separate client package, as an app's would be: it depends on NavSim's `NavSim` product and
// compiles a map screen written for the real SDK (imports `GoogleNavigation`, `GoogleMaps`,
// `CoreLocation`, `UIKit` only) in Swift 6 language mode. `tools/check-client-package.sh`
// builds it; the screen files are copies of Tests/ReplayTests/GuideStyleScreen.swift and
// CourierTripScreen.swift, made by the script at each run. PluginStyleClients (Swift 5) and
// MainActorClients (Swift 6, warnings are errors) are this package's own clients: they check
// that NavSim's isolation is the one Swift gives the real SDK (docs/sdk-model.md).
import PackageDescription

let package = Package(
  name: "ClientScreen",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "NavSim", path: "../..")],
  targets: [
    .target(
      name: "ClientScreen", dependencies: [.product(name: "NavSim", package: "NavSim")],
      swiftSettings: [.swiftLanguageMode(.v6)]),
    // Written as the SDK's plugins are (issue 25): nonisolated callers, Swift 5 mode.
    .target(
      name: "PluginStyleClients", dependencies: [.product(name: "NavSim", package: "NavSim")],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // The same calls from the main actor in Swift 6 mode: any warning fails the build.
    .target(
      name: "MainActorClients", dependencies: [.product(name: "NavSim", package: "NavSim")],
      swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-warnings-as-errors"])]),
  ]
)
