// A fleet-style trip screen: configured buttons pinned above the map's footer, closure
// actions only, alerts for the driver. No Objective-C markers: it compiles unchanged.
// Written for NavSim's client corpus.
import GoogleNavigation
import UIKit

final class FleetTripViewController: UIViewController {
  let mapView = GMSMapView(frame: .zero)
  private(set) var startButton: UIButton!
  private(set) var arrivedButton: UIButton!
  private(set) var tripsCompleted = 0
  private var durationText = DateComponentsFormatter()

  override func loadView() {
    view = mapView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    mapView.settings.indoorPicker = false
    mapView.settings.compassButton = true
    durationText.allowedUnits = [.hour, .minute]
    durationText.unitsStyle = .abbreviated

    startButton = makeButton(title: "Start trip", color: .systemBlue) { [weak self] in
      self?.mapView.navigator?.isGuidanceActive = true
    }
    arrivedButton = makeButton(title: "Arrived", color: .systemGreen) { [weak self] in
      self?.confirmArrival()
    }
    let buttons = UIStackView(arrangedSubviews: [startButton, arrivedButton])
    buttons.axis = .horizontal
    buttons.spacing = 8
    buttons.distribution = .fillEqually
    buttons.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(buttons)
    NSLayoutConstraint.activate([
      buttons.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor, constant: 16),
      buttons.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -16),
      buttons.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -16),
    ])
  }

  private func makeButton(title: String, color: UIColor, action: @escaping () -> Void) -> UIButton {
    var configuration = UIButton.Configuration.filled()
    configuration.title = title
    configuration.baseBackgroundColor = color
    configuration.baseForegroundColor = .white
    configuration.contentInsets = NSDirectionalEdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16)
    configuration.background.cornerRadius = 10
    configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer {
      incoming in
      var outgoing = incoming
      outgoing.font = UIFont.systemFont(ofSize: 16, weight: .semibold)
      return outgoing
    }
    return UIButton(configuration: configuration, primaryAction: UIAction { _ in action() })
  }

  func remainingTimeText() -> String {
    durationText.string(from: mapView.navigator?.timeToNextDestination ?? 0) ?? ""
  }

  private func confirmArrival() {
    let alert = UIAlertController(
      title: "Arrived?", message: "Mark this stop as completed.", preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    alert.addAction(
      UIAlertAction(title: "Complete", style: .default) { [weak self] _ in
        self?.tripsCompleted += 1
        self?.mapView.navigator?.isGuidanceActive = false
      })
    present(alert, animated: true)
  }
}
