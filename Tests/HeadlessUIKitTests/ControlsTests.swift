// Switches, segmented controls, configured buttons, alerts, text fields and navigation
// controllers: sizes from the documented models, values and stacks as UIKit keeps them.

import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct ControlsTests {
  @Test func aSwitchIsAlways51By31AndSettingItSendsNoEvent() {
    let toggle = UISwitch(frame: CGRect(x: 5, y: 6, width: 200, height: 100))
    #expect(toggle.frame == CGRect(x: 5, y: 6, width: 51, height: 31))
    #expect(toggle.intrinsicContentSize == CGSize(width: 51, height: 31))
    toggle.frame = CGRect(x: 1, y: 2, width: 300, height: 80)  // UIKit keeps its size
    #expect(toggle.frame == CGRect(x: 1, y: 2, width: 51, height: 31))
    toggle.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    #expect(toggle.frame.size == CGSize(width: 51, height: 31))
    // Interface Builder's defaults for a switch: 750 on both axes, not required.
    for axis in [NSLayoutConstraint.Axis.horizontal, .vertical] {
      #expect(toggle.contentHuggingPriority(for: axis) == .defaultHigh)
      #expect(toggle.contentCompressionResistancePriority(for: axis) == .defaultHigh)
    }
    var changes = 0
    toggle.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
    toggle.setOn(true, animated: true)
    #expect(toggle.isOn && changes == 0)
  }

  @Test func aSwitchInAStackKeepsItsSizeAndTheLabelStretches() {
    let root = makeRoot()
    let label = UILabel()
    label.text = "Avoid tolls"
    let toggle = UISwitch()
    let row = UIStackView(arrangedSubviews: [label, toggle])
    row.alignment = .center
    row.frame = CGRect(x: 0, y: 0, width: 300, height: 44)
    root.addSubview(row)
    root.layoutIfNeeded()
    #expect(toggle.frame.size == CGSize(width: 51, height: 31))
    #expect(abs(label.frame.width - (300 - 51)) < 1e-9)  // pixel-grid arithmetic
  }

  @Test func segmentsShareTheWidestTitlesWidth() {
    let control = UISegmentedControl(items: ["Car", "Two-wheeler"])
    let widest = TextModel.pixelCeiling(
      TextModel.width(of: "Two-wheeler", font: .systemFont(ofSize: 13)), scale: 3)
    #expect(control.intrinsicContentSize == CGSize(width: 2 * (widest + 16), height: 32))
    #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
    control.insertSegment(withTitle: "Walk", at: 0, animated: false)
    control.selectedSegmentIndex = 2
    control.removeSegment(at: 0, animated: false)
    #expect(control.numberOfSegments == 2 && control.selectedSegmentIndex == 1)
    #expect(control.titleForSegment(at: 1) == "Two-wheeler")
    control.setWidth(50, forSegmentAt: 0)
    #expect(control.intrinsicContentSize.width == 50 + widest + 16)
    control.setTitleTextAttributes([.font: UIFont.systemFont(ofSize: 26)], for: .normal)
    #expect(control.intrinsicContentSize.width > 50 + widest + 16)
  }

  @Test func aConfiguredButtonIsItsTitlePlusTheContentInsets() {
    var configuration = UIButton.Configuration.filled()
    configuration.title = "Start trip"
    configuration.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
    configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer {
      var outgoing = $0
      outgoing.font = UIFont.systemFont(ofSize: 15, weight: .semibold)
      return outgoing
    }
    configuration.background.cornerRadius = 8
    let button = UIButton(configuration: configuration)
    let font = UIFont.systemFont(ofSize: 15, weight: .semibold)
    let width = TextModel.pixelCeiling(TextModel.width(of: "Start trip", font: font), scale: 3)
    let height = TextModel.pixelCeiling(font.lineHeight, scale: 3)
    #expect(button.intrinsicContentSize == CGSize(width: width + 40, height: height + 20))
    button.configuration?.image = UIImage(systemName: "car")
    button.configuration?.imagePadding = 6
    #expect(button.intrinsicContentSize.width == width + 24 + 6 + 40)
  }

  @Test func theTitleLabelFollowsTheTitleAndSetsTheMeasuringFont() {
    let button = UIButton(type: .system)
    button.setTitle("Report", for: .normal)
    button.setTitleColor(.white, for: .normal)
    #expect(button.titleLabel?.text == "Report")
    #expect(button.titleColor(for: .highlighted) == .white)
    button.titleLabel?.font = UIFont(name: "Inter-Bold", size: 20)
    #expect(button.titleFont.pointSize == 20 && button.titleFont.weight == .bold)
  }

  @Test func anAlertKeepsItsActionsAndRunsOneWhenTriggered() {
    let alert = UIAlertController(title: "End trip?", message: nil, preferredStyle: .alert)
    var chosen: [String?] = []
    let end = UIAlertAction(title: "End", style: .destructive) { chosen.append($0.title) }
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    alert.addAction(end)
    alert.preferredAction = end
    alert.addTextField { $0.placeholder = "Reason" }
    #expect(alert.actions.map(\.title) == ["Cancel", "End"])
    #expect(alert.preferredAction === end && alert.textFields?.first?.placeholder == "Reason")
    end.trigger()
    #expect(chosen == ["End"])
    #expect(alert.title == "End trip?")
  }

  @Test func aRoundedTextFieldIsAtLeast34PointsTall() {
    let field = UITextField(frame: .zero)
    field.placeholder = "Destination"
    let width = TextModel.pixelCeiling(
      TextModel.width(of: "Destination", font: .systemFont(ofSize: 17)), scale: 3)
    let line = TextModel.pixelCeiling(UIFont.systemFont(ofSize: 17).lineHeight, scale: 3)
    #expect(field.intrinsicContentSize == CGSize(width: width + 14, height: line))
    field.borderStyle = .roundedRect
    #expect(field.intrinsicContentSize.height == max(line, 34))
  }

  @Test func theNavigationBarExtendsTheTopControllersSafeAreaUntilHidden() {
    let root = UIViewController()
    let navigation = UINavigationController(rootViewController: root)
    navigation.view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
    navigation.view.additionalSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    navigation.view.layoutIfNeeded()
    #expect(root.navigationController === navigation)
    #expect(root.view.frame == navigation.view.bounds)
    #expect(abs(root.view.safeAreaInsets.top - (47 + 44)) < 1e-9)  // pixel-grid arithmetic
    #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 47, width: 390, height: 44))
    root.navigationController?.setNavigationBarHidden(true, animated: true)
    navigation.view.layoutIfNeeded()
    #expect(root.view.safeAreaInsets.top == 47)
    let detail = UIViewController()
    navigation.pushViewController(detail, animated: true)
    #expect(navigation.topViewController === detail && detail.view.superview === navigation.view)
    #expect(root.view.superview == nil)
    #expect(navigation.popViewController(animated: true) === detail)
    #expect(detail.parent == nil && root.view.superview === navigation.view)
  }

  @Test func theBarAddsToTheAppsOwnSafeAreaInsetAndLeavesItWhenPopped() {
    let root = UIViewController()
    let navigation = UINavigationController(rootViewController: root)
    navigation.view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
    let detail = UIViewController()
    detail.view.additionalSafeAreaInsets.top = 10  // the app's own, before it is pushed
    navigation.pushViewController(detail, animated: false)
    navigation.view.layoutIfNeeded()
    #expect(detail.view.additionalSafeAreaInsets.top == 10)
    #expect(abs(detail.view.safeAreaInsets.top - (10 + 44)) < 1e-9)
    navigation.popViewController(animated: false)
    #expect(detail.view.additionalSafeAreaInsets.top == 10)
    detail.view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
    detail.view.layoutIfNeeded()
    #expect(detail.view.safeAreaInsets.top == 10, "the bar's 44 left with the bar")
    #expect(root.view.additionalSafeAreaInsets.top == 0)
  }
}

@MainActor
@Suite struct TextFieldEditingTests {
  final class Listener: NSObject, UITextFieldDelegate {
    var events: [String] = []
    func textFieldDidBeginEditing(_ textField: UITextField) { events.append("begin \(textField.placeholder ?? "")") }
    func textFieldDidEndEditing(_ textField: UITextField) { events.append("end \(textField.placeholder ?? "")") }
  }

  @Test func oneFieldEditsAtATimeAndEndEditingStopsIt() {
    let root = makeRoot()
    let from = UITextField(frame: .zero), to = UITextField(frame: .zero)
    from.placeholder = "from"
    to.placeholder = "to"
    root.addSubview(from)
    root.addSubview(to)
    let listener = Listener()
    from.delegate = listener
    to.delegate = listener
    #expect(from.becomeFirstResponder() && from.isEditing)
    to.becomeFirstResponder()
    #expect(!from.isEditing && to.isFirstResponder)
    #expect(root.endEditing(true) && !to.isEditing)
    #expect(listener.events == ["begin from", "end from", "begin to", "end to"])
  }
}
