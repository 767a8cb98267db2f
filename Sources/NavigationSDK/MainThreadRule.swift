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
///
/// "The main thread" is the main thread or the main dispatch queue: on Linux, a process that
/// parks its main thread in `dispatchMain()` (Swift Testing does) has main-actor work run by
/// whichever thread drains the main queue.
func requireMainThread(_ api: @autoclosure () -> String) {
  guard !Thread.isMainThread, !isOnMainQueue() else { return }
  preconditionFailure("\(api()) must be called from the main thread")
}

/// Marks the main queue, so code can tell it runs there whatever thread drains it.
private let mainQueueKey = DispatchSpecificKey<UInt8>()
private let mainQueueMarked: Bool = {
  DispatchQueue.main.setSpecific(key: mainQueueKey, value: 1)
  return true
}()

private func isOnMainQueue() -> Bool {
  _ = mainQueueMarked
  return DispatchQueue.getSpecific(key: mainQueueKey) != nil
}
