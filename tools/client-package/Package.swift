// swift-tools-version:6.0
// A separate client package, as an app's would be: it depends on NavSim's `NavSim` product and
// compiles a map screen written for the real SDK (imports `GoogleNavigation`, `GoogleMaps`,
// `CoreLocation`, `UIKit` only) in Swift 6 language mode. `tools/check-client-package.sh`
// builds it; the screen files are copies of Tests/ReplayTests/GuideStyleScreen.swift and
// CourierTripScreen.swift, made by the script at each run.
import PackageDescription

let package = Package(
  name: "ClientScreen",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "NavSim", path: "../..")],
  targets: [
    .target(
      name: "ClientScreen", dependencies: [.product(name: "NavSim", package: "NavSim")],
      swiftSettings: [.swiftLanguageMode(.v6)])
  ]
)
