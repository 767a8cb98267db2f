import Foundation
import HeadlessUIKit

// What the SDK keeps per process - its terms state, the transaction recorder, the profile its
// style values come from - kept per replay instead, in the replay's `LayoutContext`
// (`environment`): the static API reads the bound context, so app code calls it as it calls
// the SDK's, and a replay after another one in the same process starts from the same state.
// Outside any replay the statics read the process's default context (`LayoutContext.unbound`).

/// The state behind `GMSNavigationServices` and `GMSNavigationTransactionRecorder`'s statics,
/// one per context.
@MainActor
final class NavigationServicesState: Sendable {
  /// Terms start accepted: the replay stands for a device whose user accepted them.
  var termsAccepted = true
  var termsDialogsShown = 0
  var shouldOnlyShowDriverAwarenesssDisclaimer = false
  var transactionRecorder: GMSNavigationTransactionRecorder?
  /// Transaction IDs generated so far (the next ID's counter).
  var generatedTransactionIDs = 0

  nonisolated init() {}

  /// The bound context's state.
  static var current: NavigationServicesState { LayoutContext.current.navigationServices }
}

/// The profile a context's replay was made with (`SDKProfile.active` while it is bound).
final class ContextProfile: Sendable {
  let profile: SDKProfile
  init(_ profile: SDKProfile) { self.profile = profile }
}

extension LayoutContext {
  /// The SDK's services state of this context.
  var navigationServices: NavigationServicesState {
    environment.value(NavigationServicesState.self) { NavigationServicesState() }
  }

  /// The SDK profile whose style values app code reads while this context is bound
  /// (`SDKProfile.active`); `.default` until a replay sets its own.
  @_spi(Replay) public nonisolated var sdkProfile: SDKProfile {
    get { environment.activeProfile }
    set { environment.set(ContextProfile(newValue)) }
  }

  /// Whether the SDK's terms are accepted in this context (`GMSNavigationServices`): a replay
  /// accepts them, as the recorded device had.
  @_spi(Replay) public var termsAccepted: Bool {
    get { navigationServices.termsAccepted }
    set { navigationServices.termsAccepted = newValue }
  }
}

extension ContextEnvironment {
  /// The profile of the context this environment belongs to (`LayoutContext.sdkProfile`).
  var activeProfile: SDKProfile { existing(ContextProfile.self)?.profile ?? .default }
}
