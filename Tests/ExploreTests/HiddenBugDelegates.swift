import NavSim
import SampleDelegates

// Delegates that are clean on every canonical recording but each hide one bug that only a
// rare combination of device, direction and events shows, as review lets such bugs through.
// Each wraps the complete sample and adds its bug on top.

/// Forwards every callback to the complete sample; subclasses add a bug after it.
@MainActor
class WrappingDelegate: NSObject, NavigationLayoutDelegate {
  let inner = CompleteLayoutDelegate()
  var prompt: UIView?
  /// App views a subclass adds during guidance and takes away when it stops.
  var guidanceOnlyViews: [UIView] { [] }

  func enableNavigationUI(navMap mapView: GMSMapView, newState: any NavigationReadyUIState) {
    inner.enableNavigationUI(navMap: mapView, newState: newState)
  }
  func disableNavigationUI(navMap mapView: GMSMapView, oldState: any NavigationReadyUIState) {
    inner.disableNavigationUI(navMap: mapView, oldState: oldState)
  }
  func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    inner.startGuidance(navMap: mapView, newState: newState, oldState: oldState)
    guidanceChanged(mapView, newState)
  }
  func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    for view in guidanceOnlyViews { view.removeFromSuperview() }
    inner.stopGuidance(navMap: mapView, newState: newState, oldState: oldState)
  }
  func showPrompt(navMap mapView: GMSMapView, newPrompt: any NavigationPromptView) {
    inner.showPrompt(navMap: mapView, newPrompt: newPrompt)
    prompt = newPrompt
  }
  func hidePrompt(navMap mapView: GMSMapView, oldPrompt: any NavigationPromptView) {
    inner.hidePrompt(navMap: mapView, oldPrompt: oldPrompt)
    prompt = nil
  }
  func changePrompt(
    navMap mapView: GMSMapView, newPrompt: any NavigationPromptView,
    oldPrompt: any NavigationPromptView
  ) {
    inner.changePrompt(navMap: mapView, newPrompt: newPrompt, oldPrompt: oldPrompt)
    prompt = newPrompt
  }
  func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {
    inner.sizeChanged(navMap: mapView, newState: newState)
    if let guidance = newState as? any ActiveGuidanceUIState { guidanceChanged(mapView, guidance) }
  }

  /// Called after guidance starts and after each size change during guidance.
  func guidanceChanged(_ mapView: GMSMapView, _ state: any ActiveGuidanceUIState) {}

  /// Adds `bar`, an opaque app view across the map `height` tall, placed by `edge`.
  func addBar(
    _ bar: UIView, to mapView: GMSMapView, height: CGFloat,
    _ edge: (UIView) -> NSLayoutConstraint
  ) {
    bar.backgroundColor = .systemBackground
    bar.translatesAutoresizingMaskIntoConstraints = false
    mapView.addSubview(bar)
    NSLayoutConstraint.activate([
      bar.leadingAnchor.constraint(equalTo: mapView.leadingAnchor),
      bar.trailingAnchor.constraint(equalTo: mapView.trailingAnchor),
      edge(bar), bar.heightAnchor.constraint(equalToConstant: height),
    ])
  }
}

/// Narrows the turn card with a fixed width in the narrowest window iPadOS makes: the 320 pt
/// 1/3 split of the iPad mini and the 11" in portrait (phones, landscape and the 13" iPad's
/// narrow windows are 375 pt or more, as is every canonical recording's map).
final class NarrowSplitDelegate: WrappingDelegate {
  private var narrow: NSLayoutConstraint?

  override func guidanceChanged(_ mapView: GMSMapView, _ state: any ActiveGuidanceUIState) {
    narrow?.isActive = false
    narrow = nil
    if mapView.bounds.width < 340 {
      narrow = state.turnCard.widthAnchor.constraint(equalToConstant: 240)  // the bug
      narrow?.priority = UILayoutPriority(999)
      narrow?.isActive = true
    }
  }
}

/// Caps the prompt's height when a phone turns wide while a prompt is on screen.
final class PromptIntoWideDelegate: WrappingDelegate {
  private var wasWide = false

  override func guidanceChanged(_ mapView: GMSMapView, _ state: any ActiveGuidanceUIState) {
    defer { wasWide = state.wideMode }
    guard state.wideMode, !wasWide, mapView.bounds.height < 500, let prompt,
      prompt.superview === mapView
    else { return }
    let cap = prompt.heightAnchor.constraint(lessThanOrEqualToConstant: 72)  // the bug
    cap.priority = UILayoutPriority(999)
    cap.isActive = true
  }
}

/// Pins the ETA card with a left anchor on wide right-to-left iPads.
final class RightToLeftPadDelegate: WrappingDelegate {
  private var pinned: NSLayoutConstraint?

  override func guidanceChanged(_ mapView: GMSMapView, _ state: any ActiveGuidanceUIState) {
    pinned?.isActive = false
    pinned = nil
    if mapView.effectiveUserInterfaceLayoutDirection == .rightToLeft, min(mapView.bounds.width, mapView.bounds.height) >= 700 {
      pinned = state.etaCard.leftAnchor.constraint(  // the bug: does not flip
        greaterThanOrEqualTo: mapView.leftAnchor, constant: 8)
      pinned?.priority = UILayoutPriority(999)
      pinned?.isActive = true
    }
  }
}

/// Shows a slim order banner along the ETA card when a phone's map container is resized (a
/// portrait map that no longer reaches the bottom edge): added last, so over the card.
final class ShortContainerDelegate: WrappingDelegate {
  private let panel = UIView()
  override var guidanceOnlyViews: [UIView] { [panel] }

  override func guidanceChanged(_ mapView: GMSMapView, _ state: any ActiveGuidanceUIState) {
    panel.removeFromSuperview()
    let insets = mapView.safeAreaInsets
    guard mapView.bounds.width < 500, mapView.bounds.height > mapView.bounds.width,
      insets.top > 20, insets.bottom == 0
    else { return }
    // The bug: over the ETA card, which is painted below it.
    addBar(panel, to: mapView, height: 40) { $0.bottomAnchor.constraint(equalTo: state.etaCard.bottomAnchor) }
  }
}

/// Shows an opaque "Guidance resumed" banner at the top of the map when guidance starts again
/// after the app stopped it, meant to go after a few seconds but never removed: over the turn
/// card. A trip with one guidance start never shows it.
final class ResumeBannerDelegate: WrappingDelegate {
  private let banner = UIView()
  private var starts = 0

  override func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    super.startGuidance(navMap: mapView, newState: newState, oldState: oldState)
    starts += 1
    guard starts > 1, banner.superview == nil else { return }
    // The bug: over the turn card, and never removed.
    addBar(banner, to: mapView, height: 36) {
      $0.topAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.topAnchor)
    }
  }
}

/// Puts a small speed-trap chip 112 pt below the top of the safe area, where the turn card
/// ended on the phone it was designed on (portrait): a turn card whose road name wraps to three
/// lines reaches under it.
final class ChipUnderTurnCardDelegate: WrappingDelegate {
  private let chip = UIView()
  override var guidanceOnlyViews: [UIView] { [chip] }

  override func guidanceChanged(_ mapView: GMSMapView, _ state: any ActiveGuidanceUIState) {
    chip.removeFromSuperview()
    guard mapView.bounds.height > mapView.bounds.width else { return }
    chip.backgroundColor = .systemYellow
    chip.translatesAutoresizingMaskIntoConstraints = false
    mapView.addSubview(chip)
    NSLayoutConstraint.activate([  // the bug: a constant where the turn card's bottom belongs
      chip.topAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.topAnchor, constant: 112),
      chip.leadingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.leadingAnchor, constant: 24),
      chip.widthAnchor.constraint(equalToConstant: 56),
      chip.heightAnchor.constraint(equalToConstant: 28),
    ])
  }
}

/// Puts an opaque badge a fixed 176 pt below the top of the map, clear of the turn card on
/// every phone it was tried on (the card's content ends at most 163 pt down, under the tallest
/// notch; 175 with a three-line road name): a header grown by a lane row reaches under it.
final class OffsetBadgeDelegate: WrappingDelegate {
  private let badge = UIView()
  override var guidanceOnlyViews: [UIView] { [badge] }

  override func guidanceChanged(_ mapView: GMSMapView, _ state: any ActiveGuidanceUIState) {
    guard badge.superview == nil else { return }
    badge.backgroundColor = .systemRed
    badge.translatesAutoresizingMaskIntoConstraints = false
    mapView.addSubview(badge)
    NSLayoutConstraint.activate([  // the bug: an offset from the map's top, not the card's
      badge.topAnchor.constraint(equalTo: mapView.topAnchor, constant: 176),
      badge.leadingAnchor.constraint(
        equalTo: mapView.safeAreaLayoutGuide.leadingAnchor, constant: 24),
      badge.widthAnchor.constraint(equalToConstant: 48),
      badge.heightAnchor.constraint(equalToConstant: 24),
    ])
  }
}

/// Shows the delay ("+4 min") in a small opaque label under the turn card of a portrait phone,
/// its bottom 30 pt below the card's and its height left to its Dynamic Type font: room for the
/// default text size only, so at the larger accessibility sizes the label grows up over the
/// card.
final class DelayLabelDelegate: WrappingDelegate {
  private let label = UILabel()
  override var guidanceOnlyViews: [UIView] { [label] }

  override func guidanceChanged(_ mapView: GMSMapView, _ state: any ActiveGuidanceUIState) {
    label.removeFromSuperview()
    guard mapView.bounds.width < 500, mapView.bounds.height > mapView.bounds.width else { return }
    label.text = "+4 min"
    label.font = .preferredFont(forTextStyle: .body)
    label.adjustsFontForContentSizeCategory = true
    label.backgroundColor = .systemBackground
    label.translatesAutoresizingMaskIntoConstraints = false
    mapView.addSubview(label)
    NSLayoutConstraint.activate([  // the bug: a constant that fits one size of text
      label.bottomAnchor.constraint(equalTo: state.turnCard.bottomAnchor, constant: 30),
      label.leadingAnchor.constraint(equalTo: state.turnCard.leadingAnchor, constant: 16),
    ])
  }
}

let hiddenBugDelegates: [(name: String, make: @MainActor () -> any NavigationLayoutDelegate)] = [
  ("narrow-split", { NarrowSplitDelegate() }),
  ("prompt-into-wide", { PromptIntoWideDelegate() }),
  ("rtl-pad", { RightToLeftPadDelegate() }),
  ("short-container", { ShortContainerDelegate() }),
  ("resume-banner", { ResumeBannerDelegate() }),
  ("chip-under-turn-card", { ChipUnderTurnCardDelegate() }),
  ("offset-badge", { OffsetBadgeDelegate() }),
  ("delay-label", { DelayLabelDelegate() }),
]
