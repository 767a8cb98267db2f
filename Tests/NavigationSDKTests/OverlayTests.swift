import Foundation
import NavSim
import Testing

@_spi(Replay) @testable import NavigationSDK

/// The map's drawing API (issue 25): overlays held by the map view, the selected marker,
/// bounds built up from coordinates, and the throwing map style initialisers.
@MainActor @Suite struct OverlayTests {
  private func map() -> GMSMapView { GMSMapView(frame: CGRect(x: 0, y: 0, width: 393, height: 852)) }

  @Test func overlaysJoinAndLeaveTheMapInOrder() {
    let mapView = map()
    let path = GMSMutablePath()
    path.addLatitude(52.5, longitude: 13.4)
    path.addLatitude(52.6, longitude: 13.5)
    let line = GMSPolyline(path: path)
    let circle = GMSCircle(position: CLLocationCoordinate2D(latitude: 52.5, longitude: 13.4), radius: 100)
    let polygon = GMSPolygon(path: path)
    line.map = mapView
    circle.map = mapView
    polygon.map = mapView
    #expect(mapView.overlays.map { $0 === line || $0 === circle || $0 === polygon } == [true, true, true])
    #expect(mapView.overlays.first === line)
    circle.map = nil
    #expect(mapView.overlays.count == 2)
    #expect(!mapView.overlays.contains { $0 === circle })
    // The line keeps its own copy of the path, as the SDK's does.
    path.addLatitude(52.7, longitude: 13.6)
    #expect(line.path?.count() == 2)
    mapView.clear()
    #expect(mapView.overlays.isEmpty)
  }

  @Test func styleSpansDefaultToOneSegmentOfASolidColour() {
    let span = GMSStyleSpan(color: .systemBlue)
    #expect(span.segments == 1)
    #expect(span.style.fromColor == .systemBlue && span.style.toColor == .systemBlue)
    let gradient = GMSStyleSpan(style: .gradient(from: .red, to: .green), segments: 3)
    #expect(gradient.segments == 3 && gradient.style.toColor == .green)
  }

  @Test func onlyAMarkerOnTheMapCanBeSelectedAndRemovingItDeselects() {
    let mapView = map()
    let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 1, longitude: 2))
    mapView.selectedMarker = marker
    #expect(mapView.selectedMarker == nil)
    marker.map = mapView
    mapView.selectedMarker = marker
    #expect(mapView.selectedMarker === marker)
    marker.map = nil
    #expect(mapView.selectedMarker == nil)
  }

  @Test func emptyBoundsGrowToHoldEachCoordinate() {
    let empty = GMSCoordinateBounds()
    #expect(!empty.isValid)
    #expect(!empty.contains(CLLocationCoordinate2D(latitude: 0, longitude: 0)))
    let bounds = empty
      .includingCoordinate(CLLocationCoordinate2D(latitude: 52.5, longitude: 13.4))
      .includingCoordinate(CLLocationCoordinate2D(latitude: 52.4, longitude: 13.6))
    #expect(bounds.isValid)
    #expect(bounds.northEast.latitude == 52.5 && bounds.northEast.longitude == 13.6)
    #expect(bounds.southWest.latitude == 52.4 && bounds.southWest.longitude == 13.4)
  }

  @Test func mapStyleInitialisersThrowOnTextThatIsNotJSONAndOnMissingFiles() throws {
    let style = try GMSMapStyle(jsonString: #"[{"elementType":"geometry"}]"#)
    #expect(style.json == #"[{"elementType":"geometry"}]"#)
    #expect(throws: (any Error).self) { try GMSMapStyle(jsonString: "[{") }
    #expect(throws: (any Error).self) {
      try GMSMapStyle(contentsOfFileURL: URL(fileURLWithPath: "/nonexistent/navsim-style.json"))
    }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("navsim-overlay-tests-style.json")
    try Data("[]".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(try GMSMapStyle(contentsOfFileURL: file).json == "[]")
  }

  @Test func markerImagesAreTheDefaultPinSize() {
    let image = GMSMarker.markerImage(with: .systemGreen)
    #expect(image.size == CGSize(width: 27, height: 43))
    #expect(image != GMSMarker.markerImage(with: nil))
  }

  @Test func overlaysAreListedAsDataForSnapshotsAndNothingWithoutThem() {
    let mapView = map()
    #expect(mapView.overlaySnapshot.isEmpty)
    let path = GMSMutablePath()
    path.addLatitude(52.5, longitude: 13.4)
    path.addLatitude(52.6, longitude: 13.5)
    let line = GMSPolyline(path: path)
    line.strokeWidth = 6
    line.spans = [GMSStyleSpan(color: .systemBlue)]
    line.zIndex = 1
    line.map = mapView
    let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 52.5, longitude: 13.4))
    marker.title = "Stop 1"
    marker.map = mapView
    mapView.selectedMarker = marker
    GMSCircle(position: CLLocationCoordinate2D(latitude: 52.5, longitude: 13.4), radius: 150)
      .map = mapView
    GMSPolygon(path: path).map = mapView
    #expect(mapView.overlaySnapshot == [
      "polyline;points=2;width=6.00;spans=1;z=1",
      "marker;at=52.50000/13.40000;title=Stop 1;selected",
      "circle;at=52.50000/13.40000;radius=150.00",
      "polygon;points=2",
    ])
  }

  @Test func noBuildingIsActiveSoNoLevelCanBeChosen() {
    let display = map().indoorDisplay
    #expect(display.activeBuilding == nil)
    display.activeLevel = GMSIndoorLevel(name: "Ground", shortName: "G")
    #expect(display.activeLevel == nil)
  }
}
