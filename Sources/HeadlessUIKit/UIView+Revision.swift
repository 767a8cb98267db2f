// Counters of visible changes, so observers (the replayer's snapshot reader, the SDK's rule
// checks) can tell in O(1) that nothing they read has changed since they last looked.

extension UIView {
  /// Increases whenever anything a snapshot of a view tree shows may have changed: a frame,
  /// a guide's frame, the hierarchy, layout guides, safe areas, `isHidden`, `alpha`,
  /// `transform`, an identifier, a label's or button's text. Process-wide, never decreasing;
  /// equal values mean "nothing changed in between". Code outside the module that changes
  /// what a snapshot shows (an SDK view's rounded corners, say) calls `noteVisibleChange()`.
  public static var visibleRevision: UInt64 { revision &+ textRevision }

  /// `visibleRevision` without text changes: increases whenever anything but a label's or a
  /// button's text may have changed. Equal values mean frames, hierarchy, visibility and
  /// colours are as they were (the layout rules read those, never a text); a text change that
  /// changes a size shows here through the frames it moves.
  public static var geometryRevision: UInt64 { revision }

  /// Increases whenever the names `ViewIdentity` gives may have changed: the hierarchy (a
  /// superview, the subviews or their order), layout guides, an `accessibilityIdentifier` or a
  /// guide's `identifier`. Equal values mean the same views and guides in the same places.
  public static var treeRevision: UInt64 { hierarchyRevision }

  /// Records that something a snapshot shows has changed.
  public static func noteVisibleChange() {
    revision &+= 1
  }

  /// Records that the tree or a name in it has changed (and so something visible).
  static func noteTreeChange() {
    hierarchyRevision &+= 1
    revision &+= 1
  }

  /// Records that a text a snapshot shows has changed (and nothing else by itself).
  static func noteTextChange() {
    textRevision &+= 1
  }

  // `@exclusivity(unchecked)`: read on every replayed event and bumped by every visible
  // change; only this module touches them (the attribute holds for accesses compiled here).
  @exclusivity(unchecked) private static var revision: UInt64 = 0
  @exclusivity(unchecked) private static var textRevision: UInt64 = 0
  @exclusivity(unchecked) private static var hierarchyRevision: UInt64 = 0
}
