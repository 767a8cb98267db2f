import CoreLocation
import Foundation
import HeadlessUIKit

// The SDK members that apps' screens call around the layout (Google's demo app, the fleet
// sample, the plugins): overlay user data, the indoor picker switch, incident reporting,
// the visible region and POI taps. None of them moves an SDK view.

// MARK: - Visible region

/// The quadrilateral of the map the camera shows (the SDK's `GMSVisibleRegion` struct):
/// "near" is the bottom edge of the view, "far" the top.
public struct GMSVisibleRegion: Sendable {
  public var nearLeft: CLLocationCoordinate2D
  public var nearRight: CLLocationCoordinate2D
  public var farLeft: CLLocationCoordinate2D
  public var farRight: CLLocationCoordinate2D

  public init(
    nearLeft: CLLocationCoordinate2D, nearRight: CLLocationCoordinate2D,
    farLeft: CLLocationCoordinate2D, farRight: CLLocationCoordinate2D
  ) {
    self.nearLeft = nearLeft
    self.nearRight = nearRight
    self.farLeft = farLeft
    self.farRight = farRight
  }
}

extension GMSProjection {
  /// The coordinates of the view's four corners under the current camera (NavSim's projection
  /// has no tilt, so the region is a box).
  public func visibleRegion() -> GMSVisibleRegion {
    GMSVisibleRegion(
      nearLeft: coordinate(for: CGPoint(x: 0, y: size.height)),
      nearRight: coordinate(for: CGPoint(x: size.width, y: size.height)),
      farLeft: coordinate(for: .zero),
      farRight: coordinate(for: CGPoint(x: size.width, y: 0)))
  }
}

extension GMSCoordinateBounds {
  /// The smallest box holding the region's four corners.
  public convenience init(region: GMSVisibleRegion) {
    let corners = [region.nearLeft, region.nearRight, region.farLeft, region.farRight]
    let lats = corners.map(\.latitude), lngs = corners.map(\.longitude)
    self.init(
      coordinate: CLLocationCoordinate2D(latitude: lats.max()!, longitude: lngs.max()!),
      coordinate: CLLocationCoordinate2D(latitude: lats.min()!, longitude: lngs.min()!))
  }
}

// MARK: - Incident reporting

/// The error domain of `presentReportIncidentsPanel(_:completion:)`.
public let GMSMapViewPresentReportIncidentPanelErrorDomain =
  "GMSMapViewPresentReportIncidentPanelErrorDomain"

/// The codes of `GMSMapViewPresentReportIncidentPanelErrorDomain` errors.
public struct GMSMapViewPresentReportIncidentPanelErrorCode: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// An internal error (0).
  public static var `internal`: Self { .init(rawValue: 0) }
  /// Reporting is not available in the current context (1).
  public static var reportingNotAvailable: Self { .init(rawValue: 1) }
}

extension GMSMapView {
  /// Whether the report-incident panel can be shown: during active guidance on this map (the
  /// SDK also depends on the country and the network, which NavSim treats as available).
  public var isIncidentReportingAvailable: Bool { navigationState == .activeGuidance }

  /// Asks for the SDK's report-incident panel. NavSim has no panel to show (it is the SDK's
  /// own modal UI, outside the layout): when reporting is available the completion gets nil,
  /// as after the panel appeared; otherwise an error with code `.reportingNotAvailable`. The
  /// completion runs before the method returns.
  public func presentReportIncidentsPanel(
    _ presentingViewController: UIViewController?, completion: ((Error?) -> Void)?
  ) {
    guard isIncidentReportingAvailable else {
      completion?(
        NSError(
          domain: GMSMapViewPresentReportIncidentPanelErrorDomain,
          code: GMSMapViewPresentReportIncidentPanelErrorCode.reportingNotAvailable.rawValue,
          userInfo: [NSLocalizedDescriptionKey: "Reporting is not available."]))
      return
    }
    completion?(nil)
  }

  /// The `async throws` form Swift makes of the completion handler.
  public func presentReportIncidentsPanel(_ presentingViewController: UIViewController?)
    async throws
  {
    var failure: Error?
    presentReportIncidentsPanel(presentingViewController) { failure = $0 }
    if let failure { throw failure }
  }
}
