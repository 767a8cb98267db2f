// swift-tools-version:6.0
// NavSim: record navigation trips, replay them through layout delegates, diff the layouts.
import PackageDescription

let package = Package(
  name: "NavSim",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "NavSim", targets: ["NavSim"]),
    .library(name: "NavSimTesting", targets: ["NavSimTesting"]),
    .library(name: "NavSimCLI", targets: ["NavSimCLI"]),
    .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
    .executable(name: "navsim", targets: ["navsim"]),
  ],
  targets: [
    // MARK: - Storage
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(name: "SQLite", dependencies: ["CSQLite"]),
    .target(name: "SessionEvents"),
    .target(name: "EventLog", dependencies: ["SQLite", "SessionEvents"]),

    // MARK: - Layout
    .target(name: "ConstraintSolver"),
    .target(name: "HeadlessUIKit", dependencies: ["ConstraintSolver"]),
    .target(name: "NavigationSDK", dependencies: ["HeadlessUIKit", "SessionEvents"]),
    .target(name: "NavSim", dependencies: ["HeadlessUIKit", "NavigationSDK"]),
    .target(name: "SampleDelegates", dependencies: ["NavSim"]),

    // MARK: - Trips, replay, tools
    .target(name: "Navigator", dependencies: ["SessionEvents"]),
    .target(name: "Replay", dependencies: ["EventLog", "HeadlessUIKit", "NavigationSDK", "SQLite"]),
    .target(name: "NavSimTesting", dependencies: ["Replay", "EventLog", "NavSim"]),
    .target(
      name: "NavSimCheck",
      dependencies: ["EventLog", "SessionEvents", "Navigator", "NavigationSDK", "Replay"]
    ),
    .target(
      name: "NavSimCLI",
      dependencies: [
        "SQLite", "EventLog", "SessionEvents", "Navigator", "Replay", "NavSim", "NavSimCheck",
      ]
    ),
    .executableTarget(name: "navsim", dependencies: ["NavSimCLI", "SampleDelegates"]),
    .executableTarget(
      name: "navsim-bench",
      dependencies: ["SQLite", "EventLog", "SessionEvents", "ConstraintSolver", "Navigator",
                     "Replay", "NavSim", "SampleDelegates", "NavSimCLI"],
      path: "tools/Benchmarks"
    ),

    // MARK: - Tests
    .target(
      name: "TestSupport",
      dependencies: ["SQLite", "EventLog", "SessionEvents"],
      path: "Tests/TestSupport"
    ),
    .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
    .testTarget(name: "SessionEventsTests", dependencies: ["SessionEvents"]),
    .testTarget(name: "EventLogTests", dependencies: ["EventLog", "TestSupport"]),
    .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver"]),
    .testTarget(name: "HeadlessUIKitTests", dependencies: ["HeadlessUIKit"]),
    .testTarget(
      name: "NavigationSDKTests", dependencies: ["NavigationSDK", "NavSim", "SessionEvents"]),
    .testTarget(
      name: "SampleDelegatesTests", dependencies: ["SampleDelegates", "NavSim", "SessionEvents"]),
    .testTarget(name: "NavigatorTests", dependencies: ["Navigator", "EventLog", "TestSupport"]),
    .testTarget(
      name: "ReplayTests",
      dependencies: ["Replay", "NavSimTesting", "SampleDelegates", "TestSupport"],
      exclude: ["__Golden__"]  // golden files are read by path, beside the tests
    ),
    .testTarget(name: "NavSimCLITests", dependencies: ["NavSimCLI", "SampleDelegates", "TestSupport"]),
    .testTarget(
      name: "NavSimCheckTests",
      dependencies: ["NavSimCheck", "NavSimCLI", "SampleDelegates", "Replay", "TestSupport"]),
  ]
)
