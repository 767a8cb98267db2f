// swift-tools-version:6.0
// NavSim: record navigation trips, replay them through layout delegates, diff the layouts.
import PackageDescription

// Apple's module names for app files written for the real SDK. `UIKit` and `CoreLocation`
// are NavSim's own on Linux only: on Apple platforms the system frameworks would clash.
#if os(Linux)
let platformShims: [Target] = [
  // The shims keep what the app observes (location permission, notification center) in the
  // replay's `LayoutContext` (HeadlessUIKit), as the SDK model does.
  .target(
    name: "CoreLocation", dependencies: ["HeadlessUIKit"], path: "Sources/Shims/CoreLocation"),
  .target(name: "UIKit", dependencies: ["HeadlessUIKit"], path: "Sources/Shims/UIKit"),
  // `import UserNotifications`: the notification-center calls apps make at start-up.
  .target(
    name: "UserNotifications", dependencies: ["HeadlessUIKit"],
    path: "Sources/Shims/UserNotifications"),
  // Swift Testing's cross-import overlay for UIKit (see the file).
  .target(name: "_Testing_UIKit", dependencies: ["UIKit"], path: "Sources/Shims/_Testing_UIKit"),
]
let coreLocation: [Target.Dependency] = ["CoreLocation"]
let userNotifications: [Target.Dependency] = ["UserNotifications"]
#else
let platformShims: [Target] = []
let coreLocation: [Target.Dependency] = []
let userNotifications: [Target.Dependency] = []
#endif
let sdkModules = ["GoogleNavigation", "GoogleMaps"] + platformShims.map(\.name)
let shimDependencies: [Target.Dependency] = platformShims.map { .target(name: $0.name) }
#if os(Linux)
// App files that keep `import UIKit` compile where NavSim provides UIKit: on Linux.
let uikitAppCodeTests: [Target] = [
  .testTarget(name: "SDKModuleTests", dependencies: ["GoogleNavigation"] + shimDependencies),
  // App screens written with the SDK's and Apple's imports, and an app team's own `navsim`
  // registering them (`check --jobs` starts workers of it).
  .target(
    name: "AppScreens", dependencies: ["GoogleNavigation"] + shimDependencies,
    path: "Tests/AppScreens"),
  .executableTarget(
    name: "navsim-app-screens", dependencies: ["NavSimCLI", "AppScreens"],
    path: "Tests/AppScreensCLI"),
  // Delegates written from the SDK's layout guide as app teams write them (their imports
  // included), replayed over every recording.
  .testTarget(
    name: "DelegateCorpusTests",
    dependencies: ["Lint", 
      "GoogleNavigation", "EventLog", "SessionEvents", "TestSupport", "NavSimTesting", "Replay",
      "NavSimRecorder", "Findings",
    ] + shimDependencies),
]
let uikitAppCodeFiles: [String] = []
let appScreens: [Target.Dependency] = ["AppScreens"]
#else
let appScreens: [Target.Dependency] = []
let uikitAppCodeTests: [Target] = []
let uikitAppCodeFiles = [
  "GuideStyleScreen.swift", "ScreenReplayTests.swift", "NavigationViewController.swift",
  "ViewControllerScreenTests.swift", "ScreenReportTests.swift", "CourierTripScreen.swift",
  "CourierScreenReplayTests.swift", "DeliveryStopsScreen.swift", "DeliveryStopsScreenTests.swift",
  "PermissionScreenTests.swift",
]
#endif

let package = Package(
  name: "NavSim",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "NavSim", targets: ["NavSim"] + sdkModules),
    .library(name: "NavSimTesting", targets: ["NavSimTesting"]),
    .library(name: "NavSimCLI", targets: ["NavSimCLI"]),
    .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
    .library(name: "NavSimRecorder", targets: ["NavSimRecorder"]),
    .executable(name: "navsim", targets: ["navsim"]),
    // Copies of app files with `@objc`, `#selector`, `@IBOutlet`... removed, for a Linux
    // test target (docs/real-app-code.md).
    .executable(name: "navsim-objc-free", targets: ["navsim-objc-free"]),
    .plugin(name: "ObjCFreeCopies", targets: ["ObjCFreeCopies"]),
  ],
  targets: [
    // MARK: - Storage
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // The one output policy: atomic replacement, refusals, temporary files (OutputFile).
    .target(name: "OutputPolicy"),
    .target(name: "SQLite", dependencies: ["CSQLite", "OutputPolicy"]),
    // The JSON codec (`JSONValue`, `JSONDocumentValue`, `JSONWriter`): a leaf every JSON
    // reader and writer uses.
    .target(name: "JSON"),
    .target(name: "SessionEvents", dependencies: ["JSON", "TextBytes"]),
    // Texts compared and ordered by their UTF-8 bytes (`sameBytes`, `bytesPrecede`,
    // `ByteKey`), where `String` equates canonically equivalent texts, and quoted for
    // one-line messages (`visiblyQuoted`): a leaf.
    .target(name: "TextBytes"),
    // Seeded generators: simulation, redaction, generated solver systems.
    .target(name: "SeededRandom"),
    .target(
      name: "EventLog",
      dependencies: [
        "SQLite", "SessionEvents", "SeededRandom", "JSON", "OutputPolicy", "TextBytes",
      ]),
    // System libraries loaded at first use instead of linked (libpq, librsvg).
    .target(name: "SharedLibrary"),
    // libpq is loaded when the first connection opens (LibPQ.swift), not linked: Debian's
    // libpq5, Homebrew's libpq at run time.
    .target(name: "PostgreSQL", dependencies: ["SharedLibrary"]),
    // SHA-256 for recording fingerprints, from the system's libcrypto (OpenSSL).
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
    ),
    .target(
      name: "PostgresEventLog", dependencies: ["PostgreSQL", "EventLog", "SessionEvents", "CCrypto"]),

    // MARK: - Layout
    .target(name: "ConstraintSolver"),
    // Text is measured with HarfBuzz, loaded at the first measure (TextShaper.swift).
    .target(
      name: "HeadlessUIKit", dependencies: ["ConstraintSolver", "SharedLibrary", "TextBytes"]),
    // The one vocabulary of findings (`Finding`, `Severity`): what rules raise, snapshots
    // carry, stores keep and reports list.
    .target(name: "Findings"),
    .target(
      name: "NavigationSDK",
      dependencies: ["HeadlessUIKit", "Findings", "TextBytes"] + coreLocation),
    .target(name: "NavSim", dependencies: ["HeadlessUIKit", "NavigationSDK"] + coreLocation),
    .target(
      name: "GoogleMaps",
      dependencies: ["HeadlessUIKit", "NavigationSDK"] + coreLocation + userNotifications),
    .target(name: "GoogleNavigation", dependencies: ["GoogleMaps"]),
    .target(name: "SampleDelegates", dependencies: ["NavSim"]),
    // On iOS the recorder builds against Google's GoogleNavigation (when the app has it) and
    // the system SQLite; elsewhere against NavSim's model of the SDK.
    .target(
      name: "NavSimRecorder",
      dependencies: [
        "EventLog", "SessionEvents", "TextBytes",
        .target(name: "GoogleNavigation", condition: .when(platforms: [.linux, .macOS])),
      ]),

    // MARK: - Trips, replay, tools
    .target(
      name: "Navigator", dependencies: ["SessionEvents", "SeededRandom", "JSON", "TextBytes"]),
    // Libraries below the CLI read logs through EventLog's protocols only: which store a
    // location names (PostgreSQL's libpq included) is the CLI's choice (`NavSimLogOpener`).
    // The layout rules: a watcher the replay takes (`ReplayWatchers.layoutRules`), plugged
    // into the SDK model's replay interface. Replay does not depend on it.
    .target(
      name: "Lint", dependencies: ["HeadlessUIKit", "NavigationSDK", "Findings"] + coreLocation),
    .target(
      name: "Replay",
      dependencies: [
        "EventLog", "SessionEvents", "HeadlessUIKit", "NavigationSDK", "Findings", "JSON",
        "TextBytes",
      ]),
    .target(
      name: "Snapshots",
      dependencies: [
        "Replay", "EventLog", "SQLite", "SessionEvents", "Findings", "JSON", "OutputPolicy",
        "TextBytes",
      ]),
    .target(
      name: "Report",
      dependencies: [
        "Replay", "Snapshots", "SessionEvents", "Findings", "JSON", "HeadlessUIKit", "TextBytes",
        "SQLite", "OutputPolicy",
      ]),
    .target(
      name: "NavSimTesting",
      dependencies: [
        "Replay", "Lint", "EventLog", "NavSim", "Explore", "NavSimCheck", "Navigator",
        "OutputPolicy",
      ]),
    .target(
      name: "NavSimCheck",
      dependencies: [
        "EventLog", "SessionEvents", "Navigator", "Lint", "Replay", "Snapshots", "Findings",
        "JSON", "OutputPolicy", "HeadlessUIKit", "TextBytes",
      ]
    ),
    .target(
      name: "Explore",
      dependencies: [
        "EventLog", "SessionEvents", "Navigator", "Replay", "Snapshots", "Report", "NavSimCheck",
        "SeededRandom", "Lint", "Findings", "JSON", "OutputPolicy", "HeadlessUIKit", "TextBytes",
      ]),
    .target(
      name: "NavSimCLI",
      dependencies: [
        "SQLite", "OutputPolicy", "EventLog", "PostgresEventLog", "SessionEvents", "Navigator",
        "Replay",
        "Snapshots", "Report", "NavSim", "NavSimRecorder", "NavSimCheck", "Explore",
        "SnapshotRaster", "Lint", "Findings", "TextBytes",
      ]
    ),
    // SVG to PNG: librsvg (with cairo) draws, fonts come from the system's fontconfig. The
    // libraries are loaded when the first picture is drawn (RSVGLibrary.swift), not linked:
    // Debian's librsvg2-2, Homebrew's librsvg at run time. Apart from Report: it turns SVG
    // text into pixels and knows nothing of layouts.
    .target(name: "SnapshotRaster", dependencies: ["SharedLibrary"]),
    .executableTarget(name: "navsim", dependencies: ["NavSimCLI", "SampleDelegates"]),
    // The "compiles with Objective-C markers removed" tier: a Swift tokenizer and the rewrite.
    .target(name: "ObjCMarkers", dependencies: ["OutputPolicy"]),
    .executableTarget(name: "navsim-objc-free", dependencies: ["ObjCMarkers"]),
    .plugin(
      name: "ObjCFreeCopies", capability: .buildTool(), dependencies: ["navsim-objc-free"]),
    .executableTarget(
      name: "navsim-bench",
      dependencies: ["SQLite", "EventLog", "SessionEvents", "ConstraintSolver", "SeededRandom",
                     "Navigator", "Replay", "Snapshots", "NavSim", "SampleDelegates", "NavSimCLI",
                     "Lint"],
      path: "tools/Benchmarks"
    ),

    // MARK: - Tests
    .target(
      name: "TestSupport",
      dependencies: ["SQLite", "EventLog", "SessionEvents", "PostgreSQL", "OutputPolicy"],
      path: "Tests/TestSupport"
    ),
    // Runs a command line of NavSimCLI in the test's process, output captured.
    .target(
      name: "CLITestSupport", dependencies: ["NavSimCLI", "NavSim"], path: "Tests/CLITestSupport"),
    .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
    .testTarget(name: "OutputPolicyTests", dependencies: ["OutputPolicy", "TestSupport"]),
    .testTarget(name: "SessionEventsTests", dependencies: ["SessionEvents", "JSON"]),
    .testTarget(
      name: "EventLogTests", dependencies: ["EventLog", "OutputPolicy", "TestSupport", "JSON"]),
    .testTarget(
      name: "PostgresEventLogTests",
      dependencies: ["PostgresEventLog", "PostgreSQL", "EventLog", "SQLite", "TestSupport"]),
    .testTarget(
      name: "ConstraintSolverTests", dependencies: ["ConstraintSolver", "SeededRandom"],
      // LP-oracle systems, read by path (the oracle reads them too).
      exclude: ["OracleSystems"]),
    .testTarget(name: "HeadlessUIKitTests", dependencies: ["HeadlessUIKit", "TestSupport"]),
    .testTarget(name: "ObjCMarkersTests", dependencies: ["ObjCMarkers", "TestSupport"]),
    // A session driven by events, a scripted delegate, a layout that breaks no rule and a
    // sample snapshot layout: what the SDK model's, rules', store's and report's tests share.
    .target(
      name: "ReplayTestSupport",
      dependencies: [
        "NavSim", "NavigationSDK", "Replay", "Lint", "SessionEvents", "Findings", "Snapshots",
        "SampleDelegates", "TestSupport",
      ],
      path: "Tests/ReplayTestSupport"),
    .testTarget(
      name: "NavigationSDKTests",
      dependencies: [
        "Lint", "NavigationSDK", "NavSim", "SessionEvents", "Replay", "ReplayTestSupport",
      ]),
    .testTarget(
      name: "LintTests",
      dependencies: [
        "Lint", "NavigationSDK", "NavSim", "SessionEvents", "Replay", "ReplayTestSupport",
        "TestSupport", "Findings",
      ]),
    .testTarget(
      name: "SampleDelegatesTests",
      dependencies: ["Lint", "SampleDelegates", "NavSim", "SessionEvents", "Replay", "Findings"]),
    .testTarget(
      name: "NavigatorTests", dependencies: ["Navigator", "EventLog", "SeededRandom", "TestSupport"]),
    .testTarget(
      name: "ReplayTests",
      // The SDK's module names too: GuideStyleScreen.swift imports only those.
      dependencies: [
        "Lint", "Replay", "Snapshots", "Report", "NavSimTesting", "SampleDelegates", "TestSupport",
        "GoogleNavigation", "Findings", "ReplayTestSupport", "TextBytes",
      ] + shimDependencies + appScreens,
      // Golden files are read by path, beside the tests.
      exclude: ["__Golden__"] + uikitAppCodeFiles
    ),
    .testTarget(
      name: "SnapshotsTests",
      dependencies: [
        "Snapshots", "Replay", "Findings", "SQLite", "EventLog", "Lint", "SampleDelegates",
        "TestSupport", "ReplayTestSupport", "OutputPolicy",
      ]),
    .testTarget(
      name: "ReportTests",
      dependencies: [
        "Report", "Replay", "Snapshots", "Findings", "Lint", "SampleDelegates", "SessionEvents",
        "TestSupport", "ReplayTestSupport",
      ]),
    .testTarget(
      name: "NavSimCLITests",
      dependencies: [
        "NavSimCLI", "SampleDelegates", "Snapshots", "TestSupport", "CLITestSupport", "PostgreSQL",
        "SessionEvents", "Lint", "Findings", "JSON", "NavigationSDK", "ReplayTestSupport",
        "NavSimTesting",
      ],
      // Golden files are read by path, beside the tests.
      exclude: ["__Golden__"]),
    .testTarget(
      name: "NavSimCheckTests",
      dependencies: [
        "NavSimCheck", "NavSimCLI", "Findings", "SampleDelegates", "Replay", "Snapshots",
        "TestSupport", "CLITestSupport", "Lint", "JSON",
      ]),
    .testTarget(
      name: "ExploreTests",
      dependencies: [
        "Explore", "NavSimCheck", "Replay", "Snapshots", "Navigator", "SampleDelegates", "NavSim",
        "NavSimTesting", "TestSupport", "Lint",
      ]),
    .testTarget(
      name: "NavSimRecorderTests",
      dependencies: [
        "NavSimRecorder", "NavSim", "EventLog", "SessionEvents", "TestSupport", "Replay", "Lint",
      ]),
    .testTarget(
      name: "SnapshotRasterTests",
      dependencies: ["SnapshotRaster", "Replay", "Report", "SessionEvents", "Findings"]),
  ] + uikitAppCodeTests + platformShims
)
