import Dispatch
import Foundation

/// Marks the main queue, so that code can tell it runs there: after `dispatchMain()` (as
/// Swift Testing's runner does on Linux), main-queue jobs, main-actor ones included, run on a
/// worker thread, not the main thread.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// Runs `body` on the main actor and returns its result, from whatever thread a test runs on,
/// so that the assertion functions can be called from plain synchronous test functions:
/// - on the main thread, or in a job of the main queue (a `@MainActor` test): in place;
///   (XCTest runs test methods on the main thread; on Linux, swift-corelibs-xctest cannot
///   run `@MainActor` test methods, so plain methods are the way);
/// - elsewhere (Swift Testing runs a nonisolated test on another thread): it waits for the
///   main queue, which the main actor runs on, to run `body`.
func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
  if Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true {
    return MainActor.assumeIsolated { body() }
  }
  return DispatchQueue.main.sync { MainActor.assumeIsolated { body() } }
}
