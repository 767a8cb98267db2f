// An app team's Linux test target over screens written with @objc, #selector and @IBOutlet:
// the ObjCFreeCopies plugin compiles copies without the markers into this target.
@testable import FleetApp
import GoogleNavigation
import Testing
import UIKit

@MainActor @Suite struct AppScreensTests {
  @Test func theOptionsScreenSitsUnderTheNavigationBarAndStoresItsTargets() throws {
    let options = RouteOptionsViewController()
    let navigation = UINavigationController(rootViewController: options)
    navigation.view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
    navigation.view.additionalSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    options.viewWillAppear(false)
    navigation.view.layoutIfNeeded()
    let rows = try #require(options.travelModeControl.superview)
    #expect(abs(rows.frame.minY - (47 + 44 + 16)) < 1e-9)  // under the bar, 16 below
    #expect(options.travelModeControl.frame.height == 32)
    #expect(options.avoidTollsSwitch.frame.size == CGSize(width: 51, height: 31))
    #expect(
      options.travelModeControl.actions(forTarget: options, forControlEvent: .valueChanged)
        == ["travelModeChanged:"])
    #expect(options.voiceSwitch.actions(forTarget: options, forControlEvent: .valueChanged) == [
      "optionSwitched:"
    ])
    #expect(options.navigationItem.rightBarButtonItem?.action == Selector("doneTapped"))
    // A replay sends no touches: calling the action is the test's job.
    let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    options.mapView = map
    options.travelModeControl.selectedSegmentIndex = 3
    options.travelModeChanged(options.travelModeControl)
    #expect(map.travelMode == .twoWheeler)
  }

  @Test func theStoryboardScreenRunsWithOutletsSetByTheTest() {
    // What the storyboard does: make the views (the hierarchy keeps them; the outlets are
    // weak), connect the outlets, then load.
    let screen = StoryboardMapViewController()
    let map = GMSMapView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let field = UITextField(frame: .zero)
    let toolbar = UIToolbar(frame: .zero)
    screen.mapView = map
    screen.searchField = field
    screen.toolbar = toolbar
    screen.searchBottom = field.bottomAnchor.constraint(equalTo: map.bottomAnchor)
    screen.loadViewIfNeeded()
    for view in [map, field, toolbar] { screen.view.addSubview(view) }
    #expect(screen.mapView.delegate === screen)
    #expect(screen.toolbar.items?.last?.action == Selector("showOverview"))
    #if !canImport(ObjectiveC)  // NavSim's record; Apple's Foundation keeps its own
      #expect(
        NotificationCenter.default.selectorObservations(of: screen).map(\.selector) == [
          Selector("keyboardWillShow:"), Selector("keyboardWillHide:"),
        ])
    #endif
    screen.keyboardWillShow(
      Notification(
        name: UIResponder.keyboardWillShowNotification, object: nil,
        userInfo: [UIResponder.keyboardFrameEndUserInfoKey: CGRect(x: 0, y: 500, width: 390, height: 344)]))
    #expect(screen.searchBottom.constant == -344)
    screen.mapView(
      screen.mapView, didTapPOIWithPlaceID: "place", name: "Harbour Cafe",
      location: CLLocationCoordinate2D(latitude: 0, longitude: 0))
    #expect(screen.searchField.text == "Harbour Cafe")
  }
}

@MainActor @Suite struct AppEntryPointTests {
  @Test func mainRecordsTheDelegateClassAndLaunchesNothing() {
    FleetAppDelegate.main()
    #expect(
      UIApplication.mainDelegateClass.map { ObjectIdentifier($0) }
        == ObjectIdentifier(FleetAppDelegate.self))
    #expect(UIApplication.shared.connectedScenes.isEmpty)
  }
}
