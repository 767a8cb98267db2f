#if canImport(GoogleNavigation)
import GoogleNavigation
import SessionEvents
#if os(iOS)
import UIKit
#endif

/// The SDK views the map view handed the app's layout delegate for the current state, named as
/// size events name them, and the size last written for each.
///
/// Fed by `LayoutDelegateProxy` (the views of each state and prompt) and by the navigator
/// listener (the id the recorder gave each prompt); read by `NavSimRecorder.sampleViewSizes()`.
/// Everything here is the SDK's and UIKit's public API: the same code runs against Google's SDK
/// on a phone and against NavSim's model of it.
@MainActor
final class SDKViewObserver {
  /// A view the SDK handed over, by its name in size events.
  struct Observed {
    var name: String
    var view: UIView
  }

  /// The current state's views (none while navigation is disabled), in the order their sizes
  /// are written: logo, viewport, the guidance views, the buttons.
  private var stateViews: [Observed] = []
  /// The shown prompt, once paired with the id the recorder wrote for it.
  private var prompt: Observed?
  /// A prompt view the delegate got before the listener announced its prompt, or an announced
  /// prompt whose view has not come yet: the two arrive in either order and pair up.
  private var unpairedPromptView: UIView?
  private var unpairedPromptID: Int?
  /// The size last written for each view, by name.
  private var written: [String: RecordedViewSize] = [:]
  /// What each view's cheap reads gave when it was last measured, by name (`signature(of:)`).
  private var signatures: [String: (view: ObjectIdentifier, signature: Signature)] = [:]
  /// Tests: measure every view on every sample even when its cheap reads are unchanged, and
  /// count the measurements that then differ from the last (`missedChanges`: should stay 0).
  var checksSkippedMeasurements = false
  private(set) var missedChanges = 0

  /// Every view measured on the next sample: the current state's, then the shown prompt.
  var views: [Observed] { stateViews + (prompt.map { [$0] } ?? []) }

  // MARK: - What the delegate is handed

  /// A state's views replace the last state's (`enableNavigationUI`, `startGuidance`,
  /// `stopGuidance`, `sizeChanged`).
  func enter(_ state: any NavigationUIState) {
    var views = [
      Observed(name: "googleLogo", view: state.googleLogo),
      Observed(name: "viewport", view: state.viewport),
    ]
    let buttons: [any NavigationUIButton]
    if let guidance = state as? any ActiveGuidanceUIState {
      views += [
        Observed(name: "turnCard", view: guidance.turnCard),
        Observed(name: "etaCard", view: guidance.etaCard),
        Observed(name: "tripProgressBar", view: guidance.tripProgressBar),
        Observed(name: "speedWidget", view: guidance.speedWidget),
      ]
      buttons = guidance.buttons
    } else if let ready = state as? any NavigationReadyUIState {
      buttons = ready.buttons
    } else {
      buttons = []
    }
    views += buttons.map { Observed(name: "button." + Self.name(of: $0.type), view: $0.view) }
    stateViews = views
    // A state change is when sizes change most: everything is measured again.
    signatures.removeAll()
    if !(state is any ActiveGuidanceUIState) { forgetPrompts() }
  }

  /// Navigation was disabled: no SDK view is handed out any more.
  func leaveNavigation() {
    stateViews = []
    forgetPrompts()
  }

  /// `showPrompt` / `changePrompt`: the new prompt's view, named once paired with its id.
  func promptShown(_ view: UIView) {
    prompt = nil
    if let id = unpairedPromptID {
      unpairedPromptID = nil
      prompt = Observed(name: RecordedViewSize.promptView(id: id), view: view)
    } else {
      unpairedPromptView = view
    }
  }

  /// `hidePrompt`: the prompt goes away (and its name with it: the next prompt has another).
  func promptHidden(_ view: UIView) {
    if let shown = prompt, shown.view === view {
      prompt = nil
      written[shown.name] = nil
      signatures[shown.name] = nil
    }
    if unpairedPromptView === view { unpairedPromptView = nil }
  }

  /// The navigator listener announced a prompt and wrote it with `id`: it pairs with the prompt
  /// view the delegate got (or gets next). A prompt's kind is not in the public API, so its
  /// size event names it by that id only.
  func promptAnnounced(id: Int) {
    if let view = unpairedPromptView {
      unpairedPromptView = nil
      prompt = Observed(name: RecordedViewSize.promptView(id: id), view: view)
    } else {
      unpairedPromptID = id
    }
  }

  private func forgetPrompts() {
    prompt = nil
    unpairedPromptView = nil
    unpairedPromptID = nil
  }

  // MARK: - Measuring

  /// Measures the views of the current state whose cheap reads changed since they were last
  /// measured (or that are new), and returns the sizes that differ from the last written for
  /// that view (now noted as written), in `views` order.
  /// - Complexity: a few property reads per view; two fitting-size solves of a view's own
  ///   subtree only when those reads changed.
  func changedSizes() -> [RecordedViewSize] {
    var changed: [RecordedViewSize] = []
    for observed in views {
      let signature = Self.signature(of: observed.view)
      let identity = ObjectIdentifier(observed.view)
      if let last = signatures[observed.name], last.view == identity, last.signature == signature {
        guard checksSkippedMeasurements else { continue }
        if Self.measure(observed.view, name: observed.name) != written[observed.name] {
          missedChanges += 1
        }
        continue
      }
      signatures[observed.name] = (identity, signature)
      let size = Self.measure(observed.view, name: observed.name)
      guard written[observed.name] != size else { continue }
      written[observed.name] = size
      changed.append(size)
    }
    return changed
  }

  /// What a view measures through UIKit's public API, as replay applies it: on each axis the
  /// size its own constraints fix (the same whether fitted to the smallest or the largest size:
  /// a fixed size, or an intrinsic size at the default hugging and compression resistance), nil
  /// where they leave it to the app's constraints (`UIView.noIntrinsicMetric`); and its layout
  /// margins, leading and trailing in its layout direction.
  static func measure(_ view: UIView, name: String) -> RecordedViewSize {
    let smallest = view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
    let largest = view.systemLayoutSizeFitting(UIView.layoutFittingExpandedSize)
    func axis(_ low: CGFloat, _ high: CGFloat) -> Double? { low == high ? Double(low) : nil }
    let margins = view.directionalLayoutMargins
    return RecordedViewSize(
      view: name, width: axis(smallest.width, largest.width),
      height: axis(smallest.height, largest.height), marginTop: Double(margins.top),
      marginLeading: Double(margins.leading), marginBottom: Double(margins.bottom),
      marginTrailing: Double(margins.trailing))
  }

  /// The cheap reads that tell whether a view may have changed size since it was measured: its
  /// bounds (what the last layout pass gave it, when it is on screen), intrinsic content size,
  /// layout margins, and the constants of the constraints it holds (where a fixed size lives,
  /// its own width and height among them), all public UIView API.
  struct Signature: Equatable {
    var bounds: CGSize
    var intrinsic: CGSize
    var margins: NSDirectionalEdgeInsets
    var constants: [CGFloat]
  }

  static func signature(of view: UIView) -> Signature {
    let held = view.constraints
    var constants: [CGFloat] = []
    constants.reserveCapacity(held.count)
    for constraint in held { constants.append(constraint.constant) }
    return Signature(
      bounds: view.bounds.size, intrinsic: view.intrinsicContentSize,
      margins: view.directionalLayoutMargins, constants: constants)
  }

  /// A button's name in size events: `button.compass`, `button.reporting`, `button.type7` for
  /// a type this recorder does not know (the type is an open set).
  static func name(of type: NavigationButtonKnownType) -> String {
    switch type {
    case .compass: "compass"
    case .reporting: "reporting"
    default: "type\(type.rawValue)"
    }
  }
}
#endif
