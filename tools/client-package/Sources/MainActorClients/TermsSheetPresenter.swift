// A map screen that shows the app's own terms sheet before the SDK's dialog, as the codelab
// flow does, and dismisses it when the driver accepts.
import GoogleNavigation
import UIKit

final class TermsSheet: UIViewController {
  var onAccept: (() -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    overrideUserInterfaceStyle = .dark
    let label = UILabel()
    label.text = "Drive safely and follow local laws."
    label.numberOfLines = 0
    label.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(label)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      label.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
    ])
  }

  func accept() {
    dismiss(animated: true) { [weak self] in self?.onAccept?() }
  }
}

final class TermsGateViewController: UIViewController {
  private(set) var accepted = false

  func askForTerms() {
    let sheet = TermsSheet()
    sheet.modalPresentationStyle = .pageSheet
    sheet.onAccept = { [weak self] in self?.accepted = true }
    present(sheet, animated: true)
  }
}
