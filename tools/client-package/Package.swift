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
  products: [.executable(name: "team-navsim", targets: ["TeamNavSim"])],
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
    // A team's first hour, as the README's "Use NavSim in your package" tells it: its own
    // delegate, golden tests in XCTest and Swift Testing (plain synchronous test functions),
    // and its own `navsim` with the delegate registered.
    .target(
      name: "TeamLayout", dependencies: [.product(name: "NavSim", package: "NavSim")],
      swiftSettings: [.swiftLanguageMode(.v6)]),
    .executableTarget(
      name: "TeamNavSim",
      dependencies: ["TeamLayout", .product(name: "NavSimCLI", package: "NavSim")]),
    // App screens in the styles of Google's demo app, its fleet sample and storyboard apps
    // (AppScreens/). Files without Objective-C markers compile unchanged (copied in by
    // tools/check-client-package.sh) in Swift 5 and Swift 6 modes; every file compiles with
    // its markers removed (the ObjCFreeCopies plugin; list in objc-free-sources/) in both.
    .target(
      name: "AppScreensUnchanged5", dependencies: [.product(name: "NavSim", package: "NavSim")],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .target(
      name: "AppScreensUnchanged6", dependencies: [.product(name: "NavSim", package: "NavSim")],
      swiftSettings: [.swiftLanguageMode(.v6)]),
    .target(
      name: "AppScreensObjCFree5", dependencies: [.product(name: "NavSim", package: "NavSim")],
      swiftSettings: [.swiftLanguageMode(.v5)],
      plugins: [.plugin(name: "ObjCFreeCopies", package: "NavSim")]),
    .target(
      name: "AppScreensObjCFree6", dependencies: [.product(name: "NavSim", package: "NavSim")],
      swiftSettings: [.swiftLanguageMode(.v6)],
      plugins: [.plugin(name: "ObjCFreeCopies", package: "NavSim")]),
    // `@main` on an app delegate, in an executable target as SwiftPM wants it.
    .executableTarget(
      name: "FleetApp", dependencies: [.product(name: "NavSim", package: "NavSim")],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // An app team's own test target over the marker-free copies of two screens.
    .testTarget(
      name: "AppScreensTests",
      dependencies: ["FleetApp", .product(name: "NavSim", package: "NavSim")],
      swiftSettings: [.swiftLanguageMode(.v6)],
      plugins: [.plugin(name: "ObjCFreeCopies", package: "NavSim")]),
    .testTarget(
      name: "TeamLayoutTests",
      dependencies: ["TeamLayout", .product(name: "NavSimTesting", package: "NavSim")],
      // Golden files are read by path, not built: excluded, so SwiftPM doesn't warn of them.
      exclude: ["__Golden__"], swiftSettings: [.swiftLanguageMode(.v6)]),
  ]
)
