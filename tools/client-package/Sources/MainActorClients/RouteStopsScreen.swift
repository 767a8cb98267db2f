// A delivery screen in the style of the Maps SDK samples: the route as a polyline with a
// style span, each stop as a marker (the first one selected), a circle around the depot and
// the service area as a polygon, then the camera fitted to the stops.
import CoreLocation
import GoogleMaps
import UIKit

struct DeliveryStop: Sendable {
  var name: String
  var coordinate: CLLocationCoordinate2D
}

final class RouteStopsScreen: UIViewController {
  private var mapView: GMSMapView!
  private var drawn: [GMSOverlay] = []

  override func loadView() {
    let options = GMSMapViewOptions()
    options.frame = UIScreen.main.bounds
    mapView = GMSMapView(options: options)
    view = mapView
  }

  func show(route: [CLLocationCoordinate2D], stops: [DeliveryStop]) {
    drawn.forEach { $0.map = nil }
    drawn = []
    let path = GMSMutablePath()
    route.forEach { path.add($0) }
    let line = GMSPolyline(path: path)
    line.strokeWidth = 5
    line.spans = [GMSStyleSpan(color: .systemBlue, segments: Double(path.count()))]
    line.map = mapView
    drawn.append(line)

    var bounds = GMSCoordinateBounds()
    for (index, stop) in stops.enumerated() {
      let marker = GMSMarker(position: stop.coordinate)
      marker.title = stop.name
      marker.icon = GMSMarker.markerImage(with: index == 0 ? .systemGreen : .systemRed)
      marker.appearAnimation = .pop
      marker.map = mapView
      drawn.append(marker)
      bounds = bounds.includingCoordinate(stop.coordinate)
    }
    mapView.selectedMarker = drawn.compactMap { $0 as? GMSMarker }.first

    if let depot = route.first {
      let circle = GMSCircle(position: depot, radius: 120)
      circle.fillColor = UIColor.systemOrange.withAlphaComponent(0.2)
      circle.map = mapView
      drawn.append(circle)
    }
    let area = GMSPolygon(path: GMSPath(fromEncodedPath: "_p~iF~ps|U_ulLnnqC_mqNvxq`@") ?? path)
    area.fillColor = UIColor.systemGreen.withAlphaComponent(0.1)
    area.map = mapView
    drawn.append(area)
    if bounds.isValid { mapView.animate(with: GMSCameraUpdate.fit(bounds, withPadding: 40)) }
  }

  func applyNightStyle(json: String) {
    mapView.mapStyle = try? GMSMapStyle(jsonString: json)
  }
}
