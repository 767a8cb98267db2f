import Foundation
import Testing

@_spi(Replay) @testable import NavigationSDK
@testable import Replay

/// The navigation classes' main-thread rule (docs/sdk-model.md, "Isolation"): Swift 5 code may
/// call them from any thread, as it may the SDK's; off the main thread they stop the program
/// with the SDK's kind of message.
@Suite struct MainThreadRuleTests {
  @Test func aNavigationCallOffTheMainThreadStopsWithAMessageNamingTheCall() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      MainThreadRuleTests.createSessionOnABackgroundThread()
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "GMSNavigationServices.createNavigationSession() must be called from the main thread"))
  }

  /// What a Swift 5 plugin does from a background queue, which the compiler does not stop:
  /// creates a session off the main thread. Exits with success if the call returned.
  static func createSessionOnABackgroundThread() -> Never {
    let call: @MainActor () -> Void = { _ = GMSNavigationServices.createNavigationSession() }
    let fromAnyThread = unsafeBitCast(call, to: (@Sendable () -> Void).self)
    let thread = Thread { fromAnyThread() }
    thread.start()
    while !thread.isFinished { Thread.sleep(forTimeInterval: 0.01) }
    exit(0)
  }
}
