// The SDK, CoreLocation and Foundation members real apps' screens call around the layout,
// reached through the SDK import alone (as on iOS, where GoogleMaps brings UIKit and
// Foundation). `URLSession` and `UNUserNotificationCenter` compile only if the SDK module
// re-exports FoundationNetworking and UserNotifications on Linux.
import GoogleNavigation
import Testing

@MainActor @Suite struct AppAPIsTests {
  private let phone = CGRect(x: 0, y: 0, width: 400, height: 800)

  @Test func theVisibleRegionIsTheViewsCornersAndItsBoundsHoldThem() {
    let map = GMSMapView(frame: phone)
    map.camera = GMSCameraPosition(latitude: 10, longitude: 20, zoom: 10)
    let region = map.projection.visibleRegion()
    // 256 * 2^10 / 360 points per degree: 200 points either side of the centre.
    let half = 200 / (256 * 1024 / 360.0), halfHeight = 400 / (256 * 1024 / 360.0)
    #expect(abs(region.farLeft.longitude - (20 - half)) < 1e-9)
    #expect(abs(region.farLeft.latitude - (10 + halfHeight)) < 1e-9)
    #expect(abs(region.nearRight.longitude - (20 + half)) < 1e-9)
    #expect(abs(region.nearRight.latitude - (10 - halfHeight)) < 1e-9)
    let bounds = GMSCoordinateBounds(region: region)
    #expect(bounds.northEast.latitude == region.farRight.latitude)
    #expect(bounds.southWest.longitude == region.nearLeft.longitude)
    #expect(bounds.contains(CLLocationCoordinate2D(latitude: 10, longitude: 20)))
    #expect(!bounds.contains(CLLocationCoordinate2D(latitude: 10, longitude: 20 + 2 * half)))
  }

  @Test func incidentReportingIsAvailableOnlyDuringGuidance() {
    let map = GMSMapView(frame: phone)
    var errors: [NSError?] = []
    map.presentReportIncidentsPanel(nil) { errors.append($0 as NSError?) }
    #expect(!map.isIncidentReportingAvailable)
    #expect(errors.first??.domain == GMSMapViewPresentReportIncidentPanelErrorDomain)
    #expect(
      errors.first??.code
        == GMSMapViewPresentReportIncidentPanelErrorCode.reportingNotAvailable.rawValue)
    map.isNavigationEnabled = true
    #expect(!map.isIncidentReportingAvailable)
    map.navigator?.isGuidanceActive = true
    #expect(map.isIncidentReportingAvailable)
    map.presentReportIncidentsPanel(UIViewController()) { errors.append($0 as NSError?) }
    #expect(errors.count == 2 && errors[1] == nil)
  }

  @Test func everyOverlayCarriesUserDataAndTheIndoorPickerDefaultsOn() {
    let line = GMSPolyline(path: GMSMutablePath())
    line.userData = ["stop": 3]
    #expect((line.userData as? [String: Int])?["stop"] == 3)
    #expect(GMSMapView(frame: phone).settings.indoorPicker)
  }

  @Test func aLocationManagerHasFullAccuracyAndNoFixHeadless() {
    let manager = CLLocationManager()
    #expect(manager.desiredAccuracy == kCLLocationAccuracyBest)
    #expect(manager.accuracyAuthorization == .fullAccuracy)
    #expect(manager.location == nil)
    #expect(kCLLocationAccuracyBestForNavigation < kCLLocationAccuracyBest)
  }

  @Test func networkingAndNotificationsAreVisibleThroughTheSDKImport() {
    let session: URLSession = URLSession.shared
    #expect(session === URLSession.shared)
    let center: UNUserNotificationCenter = UNUserNotificationCenter.current()
    #expect(center === UNUserNotificationCenter.current())
  }

  @Test func aDurationFormatsAsAnETALabelDoes() {
    let formatter = DateComponentsFormatter()
    formatter.allowedUnits = [.hour, .minute]
    formatter.unitsStyle = .abbreviated
    #expect(formatter.string(from: 3_720) == "1h 2m")
    #expect(formatter.string(from: 3_600) == "1h")
    #expect(formatter.string(from: 20) == "0m")
    formatter.unitsStyle = .short
    #expect(formatter.string(from: 3_720) == "1 hr, 2 min")
    formatter.unitsStyle = .full
    #expect(formatter.string(from: 3_660) == "1 hour, 1 minute")
    formatter.unitsStyle = .positional
    formatter.allowedUnits = [.hour, .minute, .second]
    #expect(formatter.string(from: 65) == "1:05")
    #expect(formatter.string(from: 3_725) == "1:02:05")
    formatter.unitsStyle = .abbreviated
    formatter.allowedUnits = [.day, .hour, .minute]
    formatter.maximumUnitCount = 2
    #expect(formatter.string(from: 90_061) == "1d 1h")
  }
}
