import Foundation

/// Runs `body` on the main actor and returns its result, from whatever thread a test runs on,
/// so that the assertion functions can be called from plain synchronous test methods:
/// - XCTest runs test methods on the main thread: `body` runs there, in place. (On Linux,
///   swift-corelibs-xctest cannot run `@MainActor` test methods, so plain methods are the way.)
/// - Swift Testing runs a nonisolated test on another thread: this waits for the main queue,
///   which the main actor runs on, to run `body`. A `@MainActor` test runs it in place.
func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
  if Thread.isMainThread { return MainActor.assumeIsolated { body() } }
  return DispatchQueue.main.sync { MainActor.assumeIsolated { body() } }
}
