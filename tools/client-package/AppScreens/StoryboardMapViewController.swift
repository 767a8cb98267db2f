// A storyboard-style map screen: outlets connected by Interface Builder, actions wired there,
// a keyboard-aware search field and a toolbar. Needs the Objective-C markers removed on Linux.
// Written for NavSim's client corpus.
import CoreLocation
import GoogleMaps
import GoogleNavigation
import UIKit

class StoryboardMapViewController: UIViewController, GMSMapViewDelegate, UITextFieldDelegate {
  @IBOutlet weak var mapView: GMSMapView!
  @IBOutlet weak var searchField: UITextField!
  @IBOutlet weak var toolbar: UIToolbar!
  @IBOutlet var searchBottom: NSLayoutConstraint!
  private let locationManager = CLLocationManager()
  private(set) var keyboardHeight: CGFloat = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    mapView.delegate = self
    searchField.delegate = self
    searchField.borderStyle = .roundedRect
    searchField.placeholder = "Search destination"
    searchField.returnKeyType = .route
    locationManager.desiredAccuracy = kCLLocationAccuracyBest
    toolbar.setItems(
      [
        UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil),
        UIBarButtonItem(title: "Overview", style: .plain, target: self, action: #selector(showOverview)),
      ], animated: false)
    NotificationCenter.default.addObserver(
      self, selector: #selector(keyboardWillShow(_:)),
      name: UIResponder.keyboardWillShowNotification, object: nil)
    NotificationCenter.default.addObserver(
      self, selector: #selector(keyboardWillHide(_:)),
      name: UIResponder.keyboardWillHideNotification, object: nil)
  }

  @objc func keyboardWillShow(_ notification: Notification) {
    guard let frame = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
    else { return }
    keyboardHeight = frame.height
    searchBottom.constant = -frame.height
  }

  @objc func keyboardWillHide(_ notification: Notification) {
    keyboardHeight = 0
    searchBottom.constant = 0
  }

  @IBAction func showOverview() {
    mapView.cameraMode = .overview
    let bounds = GMSCoordinateBounds(region: mapView.projection.visibleRegion())
    if locationManager.accuracyAuthorization == .reducedAccuracy || !bounds.isValid {
      mapView.cameraMode = .following
    }
  }

  @IBAction func recenterTapped(_ sender: UIButton, forEvent event: UIEvent) {
    guard event.allTouches?.first?.tapCount == 1 else { return }
    mapView.cameraMode = .following
  }

  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    textField.resignFirstResponder()
    return true
  }

  func mapView(
    _ mapView: GMSMapView, didTapPOIWithPlaceID placeID: String, name: String,
    location: CLLocationCoordinate2D
  ) {
    searchField.text = name
  }
}
