// App files keep the imports they have on iOS: these tests compile only if `GoogleNavigation`,
// `GoogleMaps`, `UIKit` and `CoreLocation` resolve (NavSim's shims on Linux) and give the
// names app code uses.
import CoreLocation
import GoogleMaps
import GoogleNavigation
import Testing
import UIKit

@Suite struct SDKModuleTests {
  @Test func coordinateValidityFollowsCoreLocation() {
    #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(52.52, 13.40)))
    #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
    #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 91, longitude: 0)))
  }

  @Test func locationDistanceIsGreatCircle() {
    // One degree of latitude is about 111.2 km on the mean-radius sphere.
    let a = CLLocation(latitude: 0, longitude: 0)
    let b = CLLocation(latitude: 1, longitude: 0)
    #expect(abs(a.distance(from: b) - 111_195) < 1)
    #expect(a.speed == -1 && a.course == -1)
  }

  @MainActor @Test func mapViewAndLayoutTypesComeThroughTheSDKImports() {
    let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
    let label = UILabel()
    map.addSubview(label)
    #expect(label.superview === map)
  }
}
