import Findings
import Foundation
import HeadlessUIKit
@_spi(Replay) import NavigationSDK

/// Watches a delegate at work and turns what it does into findings.
///
/// Installed as `LayoutAudit.current` while a `NavigationSession` applies an event, and as the
/// map view's callback observer. Action rules (constraints made or activated, subviews added,
/// `isHidden` set) are checked as the audit reports them; clean-up rules right after
/// `stopGuidance` / `disableNavigationUI`; layout rules (`RuleWatcher+Layout.swift`) on the
/// laid-out frames at the end of each event.
@MainActor
final class RuleWatcher: LayoutAuditing, LifecycleCallbackObserver {
  /// A finding of the current event before its views are named.
  struct PendingFinding {
    var rule: LayoutRule
    var objects: [AnyObject]
    var names: [String]
    var message: String
    var source: CallSite?
  }

  unowned let mapView: GMSMapView
  /// The map's replay context: its clock, and the markers of app code reading SDK insides.
  let context: LayoutContext
  // `@exclusivity(unchecked)`: see docs/replay-performance.md, "Unchecked exclusivity".
  /// Findings of the current event, in the order found (deduplicated at the end).
  @exclusivity(unchecked) var found: [PendingFinding] = []
  /// The layout checks' findings and what they were computed from: while nothing they read
  /// changed (`UIView.paintedGeometryRevision`: no rule reads a text, nor the frame of a view
  /// with no subviews and no background that is not the SDK's, such as a label whose text
  /// changed its width), the checks would find the same again.
  @exclusivity(unchecked) private var layoutCheckCache: (
    revision: UInt64, state: NavigationState, wide: Bool, enabled: Bool,
    found: [PendingFinding]
  )?

  /// The map's views and guides just before `enableNavigationUI`: what the app had itself.
  private var baselineViews: [UIView] = []
  private var baselineGuides: [UILayoutGuide] = []
  /// Constraints activated since navigation was enabled (inactive ones are dropped).
  @exclusivity(unchecked) var navigationConstraints: [NSLayoutConstraint] = []
  /// `navigationConstraints.count` after the last pruning of inactive constraints.
  @exclusivity(unchecked) private var prunedConstraintCount = 0
  /// Views and guides added during Active Guidance (before `stopGuidance`).
  @exclusivity(unchecked) var guidanceViews: [UIView] = []
  @exclusivity(unchecked) var guidanceGuides: [UILayoutGuide] = []
  @exclusivity(unchecked) var collectsGuidanceAdditions = false
  /// `guidanceViews.count + guidanceGuides.count` after the last pruning.
  @exclusivity(unchecked) private var prunedGuidanceCount = 0
  /// The map's views and guides when guidance started: the Navigation Ready layout it left.
  private var readyLayoutItems: [AnyObject] = []
  /// Views and guides the delegate added or constrained during `stopGuidance`: its new
  /// Navigation Ready layout.
  var restoredItems: [AnyObject] = []
  var collectsRestoredItems = false
  /// Leftovers that were still animating out when checked: re-checked once their animations
  /// are over.
  @exclusivity(unchecked) private var deferredLeftovers:
    [(rule: LayoutRule, object: AnyObject, context: String, deadline: TimeInterval)] = []

  init(mapView: GMSMapView) {
    self.mapView = mapView
    context = mapView.layoutContext
  }

  /// Whether rules apply: only to a custom delegate (the built-in layout is the SDK's).
  var checksRules: Bool { mapView.hasCustomDelegate && !SDKInternal.isActive }

  // MARK: - Event bracket

  /// Starts an event.
  func begin() {
    if !found.isEmpty { found.removeAll() }
    context.beginAppCode()
  }

  /// Ends an event: checks the laid-out frames of `mapView` (this watcher's map, passed by the
  /// session: a strong reference read from the unowned one costs about 180 instructions an
  /// event, a view's counts living in a side table) and returns the event's findings.
  func finish(_ mapView: GMSMapView) -> [Finding] {
    assert(mapView === self.mapView, "a rule watcher finishes the map it watches")
    let privateReads = context.endAppCode()
    defer { if !found.isEmpty { found.removeAll() } }
    // Pruning reads every constraint's isActive: do it only when the list has doubled.
    if navigationConstraints.count > prunedConstraintCount * 2 + 64 {
      navigationConstraints.removeAll { !$0.isActive }
      prunedConstraintCount = navigationConstraints.count
    }
    pruneGuidanceAdditions()
    guard mapView.hasCustomDelegate else { return [] }
    for use in mapView.takePendingLegacyUses() {
      record(.legacyAPIWithDelegate, [], "\(use) has no effect while a layout delegate is set")
    }
    for case let view as SDKView in privateReads {
      record(
        .sdkInternalsTouched, [view], "read \(view.sdkRole).subviews: the SDK's inside is private")
    }
    checkLayoutUnlessUnchanged(mapView)
    guard !found.isEmpty else { return [] }
    let identity = ViewIdentity(mapView: mapView)
    var seen: Set<Finding> = []
    var findings: [Finding] = []
    for item in found {
      let views = (item.objects.map { identity.name(of: $0) } + item.names).sorted()
      let finding = Finding(
        ruleID: item.rule.id, severity: item.rule.severity, views: views, message: item.message,
        source: item.source.map { FindingSource(path: $0.shortPath, line: $0.line) })
      if seen.insert(finding).inserted { findings.append(finding) }
    }
    return findings
  }

  /// A long guidance session shows many prompts: once the lists of views and guides added
  /// during it have doubled, forget those that left the hierarchy and repeats (one added again
  /// is noted again), so a replay's memory stays flat in the trip's length. Only views still
  /// in the map count as leftovers at `stopGuidance`, so nothing it reports is lost.
  private func pruneGuidanceAdditions() {
    guard guidanceViews.count + guidanceGuides.count > prunedGuidanceCount * 2 + 64 else { return }
    var seen: Set<ObjectIdentifier> = []
    guidanceViews = guidanceViews.filter {
      $0.superview != nil && seen.insert(ObjectIdentifier($0)).inserted
    }
    guidanceGuides = guidanceGuides.filter {
      $0.owningView != nil && seen.insert(ObjectIdentifier($0)).inserted
    }
    prunedGuidanceCount = guidanceViews.count + guidanceGuides.count
  }

  /// Runs the layout checks, or repeats their last findings when nothing they read changed.
  private func checkLayoutUnlessUnchanged(_ mapView: GMSMapView) {
    let revision = UIView.paintedGeometryRevision, state = mapView.navigationState
    let wide = mapView.isWideMode, enabled = mapView.isNavigationEnabled
    if !context.forcesFullPass, let cache = layoutCheckCache, cache.revision == revision, cache.state == state,
      cache.wide == wide, cache.enabled == enabled
    {
      if !cache.found.isEmpty { found += cache.found }
      return
    }
    let first = found.count
    checkLayout()
    layoutCheckCache = (revision, state, wide, enabled, Array(found[first...]))
  }

  /// Records a finding of the current event; `source` is the app's call behind it, if known.
  func record(
    _ rule: LayoutRule, _ objects: [AnyObject], _ message: String, names: [String] = [],
    source: CallSite? = nil
  ) {
    found.append(PendingFinding(
      rule: rule, objects: objects, names: names, message: message, source: source))
  }

  // MARK: - Lifecycle callbacks

  func willPerform(_ step: LifecycleStep, on mapView: GMSMapView) {
    switch step {
    case .enableNavigationUI:
      baselineViews = Self.views(under: mapView)
      baselineGuides = Self.guides(under: mapView)
      navigationConstraints.removeAll()
      deferredLeftovers.removeAll()
    case .startGuidance:
      guidanceViews.removeAll()
      guidanceGuides.removeAll()
      readyLayoutItems = Self.views(under: mapView) + Self.guides(under: mapView)
      collectsGuidanceAdditions = true
    case .stopGuidance:
      collectsGuidanceAdditions = false
      restoredItems.removeAll()
      collectsRestoredItems = true
    default:
      break
    }
  }

  func didPerform(_ step: LifecycleStep, on mapView: GMSMapView) {
    if step == .stopGuidance { collectsRestoredItems = false }
    guard checksRules else { return }
    switch step {
    case .stopGuidance:
      checkLeftoversAfterStopGuidance()
    case .disableNavigationUI:
      checkLeftoversAfterDisable()
    default:
      break
    }
  }

  // MARK: - Clean-up (rule 9)

  /// Judges the layout `stopGuidance` leaves: the SDK's guidance-only views (cards, speed
  /// widget, progress bar, reporting button, prompts) must be gone; an app view or guide added
  /// during Active Guidance must be gone unless it is part of the Navigation Ready layout: it
  /// was in the map when guidance started, or the delegate added or constrained it during
  /// `stopGuidance`.
  private func checkLeftoversAfterStopGuidance() {
    let rule = LayoutRule.leftoverAfterStopGuidance
    func isReadyLayout(_ item: AnyObject) -> Bool {
      readyLayoutItems.contains { $0 === item } || restoredItems.contains { $0 === item }
    }
    let sdkLeftovers: [UIView] = mapView.sdkViews.guidanceOnlyViews.filter { isInMap($0) }
    let appLeftovers = guidanceViews.filter { view in
      isInMap(view) && !(view is SDKView) && !isReadyLayout(view)
    }
    for view in sdkLeftovers + appLeftovers {
      leftover(rule, view, "still in the map view after stopGuidance")
    }
    for guide in guidanceGuides
    where (guide.owningView.map(isInMap) ?? false) && !isReadyLayout(guide) {
      leftover(rule, guide, "layout guide still in the map view after stopGuidance")
    }
    guidanceViews.removeAll()
    guidanceGuides.removeAll()
    readyLayoutItems.removeAll()
    restoredItems.removeAll()
  }

  private func checkLeftoversAfterDisable() {
    let rule = LayoutRule.leftoverAfterDisable
    for view in Self.views(under: mapView) where !baselineViews.contains(where: { $0 === view }) {
      leftover(rule, view, "still in the map view after disableNavigationUI")
    }
    for guide in Self.guides(under: mapView)
    where !baselineGuides.contains(where: { $0 === guide }) && !isLegacyGuide(guide) {
      leftover(rule, guide, "layout guide still in the map view after disableNavigationUI")
    }
    for constraint in navigationConstraints where constraint.isActive {
      let items = [constraint.firstItem, constraint.secondItem].compactMap { $0 }
      // A constraint of a leftover view is reported with the view.
      if items.contains(where: { item in
        (item as? UIView).map { $0 !== mapView && !baselineViews.contains(where: { $0 === item }) }
          ?? false
      }) {
        continue
      }
      leftover(rule, constraint, "constraint still active after disableNavigationUI")
    }
    navigationConstraints.removeAll()
  }

  /// Records a leftover (a view, guide or constraint), or defers it while animations run: the
  /// delegate may remove things in an animation's completion, as the SDK recommends for
  /// prompts. A deferred leftover is checked again once the clock has passed the end of every
  /// animation in flight when it was found.
  private func leftover(_ rule: LayoutRule, _ object: AnyObject, _ context: String) {
    if let deadline = self.context.clock.inFlight.map(\.end).max() {
      deferredLeftovers.append((rule, object, context, deadline))
    } else {
      recordLeftover(rule, object, context)
    }
  }

  private func recordLeftover(_ rule: LayoutRule, _ object: AnyObject, _ context: String) {
    if let constraint = object as? NSLayoutConstraint {
      let items = [constraint.firstItem, constraint.secondItem].compactMap { $0 }
      record(
        rule, items.filter { $0 !== mapView }, context + ": " + constraint.layoutDescription,
        source: constraint.sourceLocation)
    } else {
      record(rule, [object], context, source: Self.addedAt(object))
    }
  }

  /// Where the app's code added a view or a layout guide.
  static func addedAt(_ object: AnyObject) -> CallSite? {
    (object as? UIView)?.addedAt ?? (object as? UILayoutGuide)?.addedAt
  }

  /// Re-checks deferred leftovers whose animations are over (call right after the clock
  /// advanced, before the next event changes anything).
  func recheckDeferredLeftovers() {
    if deferredLeftovers.isEmpty { return }
    let now = context.clock.now
    var still: [(rule: LayoutRule, object: AnyObject, context: String, deadline: TimeInterval)] = []
    for entry in deferredLeftovers {
      guard entry.deadline <= now else {
        still.append(entry)
        continue
      }
      let remains: Bool
      switch entry.object {
      case let view as UIView: remains = isInMap(view)
      case let guide as UILayoutGuide: remains = guide.owningView.map(isInMap) ?? false
      case let constraint as NSLayoutConstraint: remains = constraint.isActive
      default: remains = false
      }
      if remains {
        recordLeftover(entry.rule, entry.object, entry.context + " (after its animations)")
      }
    }
    deferredLeftovers = still
  }

  private func isLegacyGuide(_ guide: UILayoutGuide) -> Bool {
    guide.owningView === mapView && guide.identifier.hasPrefix("navigation")
      || guide.identifier.hasPrefix("bottomTrailingButtons")
  }

  // MARK: - Tree helpers

  func isInMap(_ view: UIView) -> Bool { view.isDescendant(of: mapView) && view !== mapView }

  /// Every view under `root` (not the insides of SDK views), depth first.
  static func views(under root: UIView) -> [UIView] {
    var result: [UIView] = []
    func visit(_ view: UIView) {
      for subview in view.subviews {
        result.append(subview)
        if !(subview is SDKView) { visit(subview) }
      }
    }
    visit(root)
    return result
  }

  /// Every layout guide of `root` and the views under it.
  static func guides(under root: UIView) -> [UILayoutGuide] {
    ([root] + views(under: root)).flatMap { $0.layoutGuides }
  }
}
