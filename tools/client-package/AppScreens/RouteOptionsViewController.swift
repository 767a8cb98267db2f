// Route options in the style of a UIKit demo app: a segmented control for the travel mode and
// switches for avoidances and voice, wired with target-action (so it needs the Objective-C
// markers removed on Linux). Written for NavSim's client corpus.
import GoogleNavigation
import UIKit

class RouteOptionsViewController: UIViewController {
  let travelModeControl = UISegmentedControl(items: ["Drive", "Cycle", "Walk", "Two-wheeler"])
  let avoidTollsSwitch = UISwitch()
  let avoidHighwaysSwitch = UISwitch()
  let voiceSwitch = UISwitch()
  private let rows = UIStackView()
  weak var mapView: GMSMapView?

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemGroupedBackground
    title = "Route options"
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      title: "Done", style: .done, target: self, action: #selector(doneTapped))

    travelModeControl.selectedSegmentIndex = 0
    travelModeControl.addTarget(self, action: #selector(travelModeChanged(_:)), for: .valueChanged)
    voiceSwitch.isOn = true
    for toggle in [avoidTollsSwitch, avoidHighwaysSwitch, voiceSwitch] {
      toggle.onTintColor = .systemGreen
      toggle.addTarget(self, action: #selector(optionSwitched(_:)), for: .valueChanged)
    }

    rows.axis = .vertical
    rows.spacing = 12
    rows.translatesAutoresizingMaskIntoConstraints = false
    rows.addArrangedSubview(travelModeControl)
    rows.addArrangedSubview(row("Avoid tolls", avoidTollsSwitch))
    rows.addArrangedSubview(row("Avoid highways", avoidHighwaysSwitch))
    rows.addArrangedSubview(row("Voice guidance", voiceSwitch))
    view.addSubview(rows)
    NSLayoutConstraint.activate([
      rows.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
      rows.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      rows.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
    ])
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    navigationController?.setNavigationBarHidden(false, animated: animated)
  }

  private func row(_ title: String, _ toggle: UISwitch) -> UIStackView {
    let label = UILabel()
    label.text = title
    label.font = UIFont(name: "Inter-Medium", size: 16) ?? .systemFont(ofSize: 16)
    let row = UIStackView(arrangedSubviews: [label, toggle])
    row.axis = .horizontal
    row.alignment = .center
    return row
  }

  @objc func travelModeChanged(_ sender: UISegmentedControl) {
    let modes: [GMSNavigationTravelMode] = [.driving, .cycling, .walking, .twoWheeler]
    guard modes.indices.contains(sender.selectedSegmentIndex) else { return }
    mapView?.travelMode = modes[sender.selectedSegmentIndex]
  }

  @objc func optionSwitched(_ sender: UISwitch) {
    guard let navigator = mapView?.navigator else { return }
    navigator.avoidsTolls = avoidTollsSwitch.isOn
    navigator.avoidsHighways = avoidHighwaysSwitch.isOn
    navigator.voiceGuidance = voiceSwitch.isOn ? .alertsAndGuidance : .silent
  }

  @objc private func doneTapped() {
    dismiss(animated: true)
  }
}
