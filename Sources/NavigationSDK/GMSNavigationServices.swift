import Foundation
import HeadlessUIKit

// Terms, sessions and SDK-wide calls (navigation-sdk-api.md sections 1, 2 and 19), under the
// SDK's names. Headless: the replay stands for a device whose user accepted the terms
// (navigation was on in the recording), so terms start accepted and the dialog, "shown" only
// when they are not, answers `true` at once (the SDK always answers true since 5.5).

/// The result of the terms dialog.
public typealias GMSTermsResponseCallback = (Bool) -> Void

/// SDK-wide navigation services: terms and conditions, sessions, versions.
@preconcurrency @MainActor
public final class GMSNavigationServices: NSObject {
  // The state behind these statics is the replay's (`LayoutContext+SDK.swift`): each replay
  // starts with the terms accepted, whatever another replay in the process did.
  private static var state: NavigationServicesState { .current }

  static var termsAccepted: Bool { state.termsAccepted }
  /// How often a terms dialog was actually "shown" (NavSim: for tests).
  public static var termsDialogsShown: Int { state.termsDialogsShown }

  /// Whether the user has acknowledged the terms (true until `resetTermsAndConditionsAccepted()`).
  public class func areTermsAndConditionsAccepted() -> Bool { termsAccepted }

  /// Shows the dialog if the terms are not accepted; the callback hears `true`.
  public class func showTermsAndConditionsDialogIfNeeded(
    with options: GMSNavigationTermsAndConditionsOptions,
    callback: @escaping GMSTermsResponseCallback
  ) {
    answerTerms(callback)
  }

  @available(*, deprecated, message: "use showTermsAndConditionsDialogIfNeeded(with:callback:)")
  public class func showTermsAndConditionsDialogIfNeeded(
    withTitle title: String?, companyName: String, uiParams: GMSNavigationTermsDialogUIParams?,
    callback: @escaping GMSTermsResponseCallback
  ) {
    answerTerms(callback)
  }

  @available(*, deprecated, message: "use showTermsAndConditionsDialogIfNeeded(with:callback:)")
  public class func showTermsAndConditionsDialogIfNeeded(
    withTitle title: String?, companyName: String, callback: @escaping GMSTermsResponseCallback
  ) {
    answerTerms(callback)
  }

  @available(*, deprecated, message: "use showTermsAndConditionsDialogIfNeeded(with:callback:)")
  public class func showTermsAndConditionsDialogIfNeeded(
    withCompanyName companyName: String, callback: @escaping GMSTermsResponseCallback
  ) {
    answerTerms(callback)
  }

  private class func answerTerms(_ callback: GMSTermsResponseCallback) {
    let state = state
    if !state.termsAccepted {
      state.termsDialogsShown += 1
      state.termsAccepted = true
    }
    callback(true)
  }

  /// Deprecated: show only the driver-awareness text.
  public static var shouldOnlyShowDriverAwarenesssDisclaimer: Bool {
    get { state.shouldOnlyShowDriverAwarenesssDisclaimer }
    set { state.shouldOnlyShowDriverAwarenesssDisclaimer = newValue }
  }

  /// Back to unaccepted: navigators, providers and simulators read as nil until accepted.
  public class func resetTermsAndConditionsAccepted() { state.termsAccepted = false }

  /// Accepted and ignored: NavSim reports nothing.
  public class func setAbnormalTerminationReportingEnabled(
    _ abnormalTerminationReportingEnabled: Bool
  ) {}

  /// A new map-less session; nil before the terms are accepted. The caller keeps it.
  public class func createNavigationSession() -> GMSNavigationSession? {
    requireMainThread("GMSNavigationServices.createNavigationSession()")
    return termsAccepted ? GMSNavigationSession(sdk: ()) : nil
  }

  public class func openSourceLicenseInfo() -> String {
    "NavSim models the Navigation SDK's API; it contains none of the SDK's code."
  }

  /// The SDK version whose API NavSim models.
  public class func navSDKVersion() -> String { "9.1.1" }
}

/// Options of the terms dialog.
public final class GMSNavigationTermsAndConditionsOptions: NSObject, NSCopying {
  public var companyName: String
  public var title: String?
  public var shouldOnlyShowDriverAwarenessDialog = false
  public var uiParams: GMSNavigationTermsDialogUIParams?

  public init(companyName: String) {
    self.companyName = companyName
    super.init()
  }

  @available(*, unavailable)
  override public init() { fatalError("use init(companyName:)") }

  public func copy(with zone: NSZone? = nil) -> Any {
    let copy = GMSNavigationTermsAndConditionsOptions(companyName: companyName)
    copy.title = title
    copy.shouldOnlyShowDriverAwarenessDialog = shouldOnlyShowDriverAwarenessDialog
    copy.uiParams = uiParams
    return copy
  }
}

/// Styling of the terms dialog.
public final class GMSNavigationTermsDialogUIParams: NSObject {
  public let backgroundColor: UIColor?
  public let titleFont: UIFont?
  public let titleColor: UIColor?
  public let mainTextFont: UIFont?
  public let mainTextColor: UIColor?
  public let buttonsFont: UIFont?
  @available(*, deprecated)
  public var cancelButtonTextColor: UIColor? { cancelColor }
  public let acceptButtonTextColor: UIColor?
  private let cancelColor: UIColor?

  public init(
    backgroundColor: UIColor?, titleFont: UIFont?, titleColor: UIColor?, mainTextFont: UIFont?,
    mainTextColor: UIColor?, buttonsFont: UIFont?, cancelButtonTextColor: UIColor?,
    acceptButtonTextColor: UIColor?
  ) {
    self.backgroundColor = backgroundColor
    self.titleFont = titleFont
    self.titleColor = titleColor
    self.mainTextFont = mainTextFont
    self.mainTextColor = mainTextColor
    self.buttonsFont = buttonsFont
    cancelColor = cancelButtonTextColor
    self.acceptButtonTextColor = acceptButtonTextColor
    super.init()
  }

  @available(*, unavailable)
  override public init() { fatalError("use init(backgroundColor:...)") }
}

/// A navigation session without a map: its navigator, location stream and simulator. Attach
/// maps with `enableNavigation(with:)`.
@preconcurrency @MainActor
public final class GMSNavigationSession: NSObject {
  let sessionNavigator = GMSNavigator(sdk: ())

  init(sdk: Void) {
    super.init()
    sessionNavigator.session = self
  }

  @available(*, unavailable, message: "use GMSNavigationServices.createNavigationSession()")
  override public init() { fatalError("GMSNavigationSession() is unavailable") }

  /// Whether the session receives locations (required for road-snapped updates). Default false.
  public var isStarted = false
  /// Route type and course source. Default `.driving`.
  public var travelMode = GMSNavigationTravelMode.driving
  /// nil before the terms are accepted.
  public var navigator: GMSNavigator? {
    GMSNavigationServices.termsAccepted ? sessionNavigator : nil
  }
  public var roadSnappedLocationProvider: GMSRoadSnappedLocationProvider? {
    GMSNavigationServices.termsAccepted ? sessionNavigator.provider : nil
  }
  public var locationSimulator: GMSLocationSimulator? {
    GMSNavigationServices.termsAccepted ? sessionNavigator.simulator : nil
  }
}

/// Reports pickup / drop-off recording failures.
public typealias GMSNavigationTransactionRecorderErrorHandler = (any Error) -> Void

/// Records billable pickups and drop-offs. NavSim keeps them in `records` (no network).
@preconcurrency @MainActor
public final class GMSNavigationTransactionRecorder: NSObject {
  /// One recorded pickup or drop-off.
  public struct Record: Equatable, Sendable {
    public var kind: String
    public var waypointTitle: String?
    public var transactionIDs: [String]
  }

  public private(set) var records: [Record] = []

  private init(sdk: Void) { super.init() }

  @available(*, unavailable)
  override public init() { fatalError("use sharedInstance()") }

  /// The app's recorder: one per replay (its context's), one outside any replay.
  public class func sharedInstance() -> GMSNavigationTransactionRecorder {
    let state = NavigationServicesState.current
    if let shared = state.transactionRecorder { return shared }
    let recorder = GMSNavigationTransactionRecorder(sdk: ())
    state.transactionRecorder = recorder
    return recorder
  }

  public func recordPickup(
    at waypoint: GMSNavigationWaypoint?, forTransactionIDs transactionIDs: [String],
    withErrorHandler errorHandler: GMSNavigationTransactionRecorderErrorHandler? = nil
  ) {
    record("pickup", waypoint, transactionIDs, errorHandler)
  }

  public func recordDropoff(
    at waypoint: GMSNavigationWaypoint?, forTransactionIDs transactionIDs: [String],
    withErrorHandler errorHandler: GMSNavigationTransactionRecorderErrorHandler? = nil
  ) {
    record("dropoff", waypoint, transactionIDs, errorHandler)
  }

  private func record(
    _ kind: String, _ waypoint: GMSNavigationWaypoint?, _ ids: [String],
    _ errorHandler: GMSNavigationTransactionRecorderErrorHandler?
  ) {
    guard !ids.isEmpty, !ids.contains(where: \.isEmpty) else {
      errorHandler?(NavigatorCallError(message: "\(kind): transaction IDs must be non-empty"))
      return
    }
    records.append(Record(kind: kind, waypointTitle: waypoint?.title, transactionIDs: ids))
  }

  /// A unique ID: deterministic (a counter per replay), as NavSim has no random source.
  public class func generateTransactionID() -> String {
    let state = NavigationServicesState.current
    state.generatedTransactionIDs += 1
    return "navsim-transaction-\(state.generatedTransactionIDs)"
  }
}
