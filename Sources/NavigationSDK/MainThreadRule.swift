import Foundation

// The SDK's navigation classes (GMSNavigator, GMSNavigationSession, GMSNavigationServices,
// GMSRoadSnappedLocationProvider, GMSLocationSimulator) say "call from the main thread" in
// their headers and assert it at run time; Swift imports them without an actor annotation, so
// plugin code calls them from nonisolated methods and compiles. NavSim declares them
// `@preconcurrency @MainActor` (no error for Swift 5 callers anywhere) and, like the SDK,
// checks the thread when they are entered (docs/sdk-model.md, "Isolation").

/// Stops the program with the SDK's kind of message when a navigation API is called off the
/// main thread, e.g. "GMSNavigator.setDestinations(_:callback:) must be called from the main
/// thread". `api` names the call as the SDK documents it.
func requireMainThread(_ api: @autoclosure () -> String) {
  guard !Thread.isMainThread else { return }
  preconditionFailure("\(api()) must be called from the main thread")
}
