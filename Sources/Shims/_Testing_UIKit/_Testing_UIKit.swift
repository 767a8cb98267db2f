// Swift Testing declares a cross-import overlay for UIKit (`Testing.swiftcrossimport`): a file
// that imports both `Testing` and `UIKit` makes the compiler load `_Testing_UIKit`. On Linux
// `UIKit` is NavSim's shim, so NavSim supplies this (empty) overlay too; without it a test
// file with `import Testing` and `import UIKit` would not compile. Linux only.
@_exported import UIKit
