import Findings
/// A rule of the SDK's layout contract that NavSim watches while a delegate runs.
///
/// The ids are stable: reports, golden files and users' suppressions refer to them. Severity is
/// `.error` for what the SDK's documentation forbids (spec navigation-sdk.md section 4) and
/// `.warning` for what is merely suspicious.
public struct LayoutRule: Equatable, Hashable, Sendable, Identifiable {
  public var id: String
  public var severity: Severity
  /// One line: what the rule asks for, and where the spec says so.
  public var summary: String

  public init(id: String, severity: Severity, summary: String) {
    self.id = id
    self.severity = severity
    self.summary = summary
  }

  // MARK: - Mandatory views (rule 5)

  public static let missingLogo = LayoutRule(
    id: "missing-logo", severity: .error,
    summary: "googleLogo must be in the map view's tree and visible in every navigation state")
  public static let missingViewport = LayoutRule(
    id: "missing-viewport", severity: .error,
    summary: "viewport must be in the map view's tree, with a non-empty frame, in every state")

  // MARK: - SDK views (rules 3, 6, 7)

  public static let fixedSizeConstraint = LayoutRule(
    id: "fixed-size-constraint", severity: .error,
    summary:
      "no width or height constraints on the turn card, ETA card, prompts, logo, speed widget")
  public static let sdkViewOutsideMap = LayoutRule(
    id: "sdk-view-outside-map", severity: .error,
    summary: "add SDK views directly to the map view or to a custom container inside it")
  public static let sdkInternalsTouched = LayoutRule(
    id: "sdk-internals-touched", severity: .error,
    summary: "never traverse or modify the internal view hierarchy of SDK views")

  // MARK: - Clean-up (rule 9)

  public static let leftoverAfterStopGuidance = LayoutRule(
    id: "leftover-after-stop-guidance", severity: .error,
    summary: "stopGuidance must remove active-guidance views and their constraints")
  public static let leftoverAfterDisable = LayoutRule(
    id: "leftover-after-disable", severity: .error,
    summary: "disableNavigationUI must remove every view, guide and constraint it added")

  // MARK: - Overlaps (sections 3 and 5)

  public static let promptCoversViewport = LayoutRule(
    id: "prompt-covers-viewport", severity: .error,
    summary: "a prompt must not cover the viewport: shrink the viewport above it")
  public static let promptCoversLogo = LayoutRule(
    id: "prompt-covers-logo", severity: .error,
    summary: "a prompt must not cover the Google logo")
  public static let promptCoversButton = LayoutRule(
    id: "prompt-covers-button", severity: .error,
    summary: "a prompt must not cover SDK buttons")
  public static let sdkViewsOverlap = LayoutRule(
    id: "sdk-views-overlap", severity: .error,
    summary: "SDK cards and controls must not sit over each other (margins excluded)")
  public static let opaqueViewOverViewport = LayoutRule(
    id: "opaque-view-over-viewport", severity: .warning,
    summary: "the viewport should be clear of opaque app views larger than a small button")
  public static let wideCardNotLeading = LayoutRule(
    id: "wide-card-not-leading", severity: .error,
    summary: "in wide mode the turn card and ETA card must sit at the leading edge")

  // MARK: - Constraints and settings (rules 2, 8, 10, 11)

  public static let leftRightAnchor = LayoutRule(
    id: "left-right-anchor", severity: .error,
    summary: "use leading / trailing anchors, not left / right, so the layout flips in RTL")
  public static let hidingStackHiddenSet = LayoutRule(
    id: "hiding-stack-hidden-set", severity: .error,
    summary: "never set isHidden on views a GMSNavigationHidingStackView manages")
  public static let legacyAPIWithDelegate = LayoutRule(
    id: "legacy-api-with-delegate", severity: .error,
    summary: "legacy layout settings and guides have no effect while a layout delegate is set")
  public static let marginsAddUp = LayoutRule(
    id: "margins-add-up", severity: .warning,
    summary: "stack SDK views on each other's layoutMarginsGuide, not their edges")

  // MARK: - Auto Layout

  public static let unsatisfiableConstraints = LayoutRule(
    id: "unsatisfiable-constraints", severity: .error,
    summary: "conflicting required constraints: Auto Layout broke one to continue")
  public static let layoutMisuse = LayoutRule(
    id: "layout-misuse", severity: .error,
    summary: "a request UIKit answers with an exception (NavSim ignores it and goes on)")
  public static let ambiguousLayout = LayoutRule(
    id: "ambiguous-layout", severity: .warning,
    summary: "a view's frame is not determined by its constraints")

  /// Every layout rule the watcher checks, in a stable order (as reports list them).
  public static let all: [LayoutRule] = [
    .missingLogo, .missingViewport, .fixedSizeConstraint, .sdkViewOutsideMap,
    .sdkInternalsTouched, .leftoverAfterStopGuidance, .leftoverAfterDisable,
    .promptCoversViewport, .promptCoversLogo, .promptCoversButton, .sdkViewsOverlap,
    .opaqueViewOverViewport, .wideCardNotLeading, .leftRightAnchor, .hidingStackHiddenSet,
    .legacyAPIWithDelegate, .marginsAddUp, .unsatisfiableConstraints, .layoutMisuse,
    .ambiguousLayout, .appViewCoversSDKView, .translucentViewOverSDKView,
  ]

  // MARK: - The replay's own (raised by `Sources/Replay`, not by the watcher)

  public static let invalidEvent = LayoutRule(
    id: Finding.invalidEventRuleID, severity: .error,
    summary: "the recording holds an event the SDK model refuses")
  public static let replayDivergence = LayoutRule(
    id: Finding.divergenceRuleID, severity: .warning,
    summary: "an app call contradicts the recording: the replay ignores it and goes on")

  /// The rules a replay raises itself: events it cannot apply, app calls it cannot follow.
  public static let replayRules: [LayoutRule] = [.invalidEvent, .replayDivergence]

  /// Every rule id a finding can carry, in a stable order: the layout rules (`all`), then
  /// the replay's own (`replayRules`). Reports, SARIF and docs/rules.md list these.
  public static let catalogue: [LayoutRule] = all + replayRules

  /// The rule with this id, if NavSim knows it.
  public static func named(_ id: String) -> LayoutRule? { catalogue.first { $0.id == id } }
}
