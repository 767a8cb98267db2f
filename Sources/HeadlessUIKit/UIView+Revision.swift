// Counters of visible changes, so observers (the replayer's snapshot reader, the layout rule
// checks) can tell in O(1) that nothing they read has changed since they last looked.

extension UIView {
  /// Increases whenever anything a snapshot of a view tree shows may have changed: a frame,
  /// a guide's frame, the hierarchy, layout guides, safe areas, `isHidden`, `alpha`,
  /// `transform`, an identifier, a label's or button's text. Process-wide, never decreasing;
  /// equal values mean "nothing changed in between". Code outside the module that changes
  /// what a snapshot shows (an SDK view's rounded corners, say) calls `noteVisibleChange()`.
  public static var visibleRevision: UInt64 { revision &+ textRevision &+ bareFrameRevision }

  /// `visibleRevision` without text changes: increases whenever anything but a label's or a
  /// button's text may have changed. Equal values mean frames, hierarchy, visibility and
  /// colours are as they were; a text change that changes a size shows here through the
  /// frames it moves.
  public static var geometryRevision: UInt64 { revision &+ bareFrameRevision }

  /// `geometryRevision` without the frames of bare views: views with no subviews, no layout
  /// guides added (`layoutGuides`) and no background colour (nil, or alpha at most 0.01)
  /// whose frames nobody watches (`framesAreWatched`, set on the SDK's views). A label with
  /// no background whose new text changes its width moves `geometryRevision` but not this.
  /// Equal values mean every frame but bare views' is as it was (nothing else moves with a
  /// bare view), and the hierarchy, visibility and colours too: the layout rules read frames
  /// only of the SDK's views, of views that paint a background, and of their ancestors, so
  /// they would find what they found; the snapshot reader reads the app views' frames again,
  /// not the whole tree. Whether a view is bare is judged when its frame changes (bare when it
  /// paints neither then nor when its frame last changed or the rules last read its colour); a
  /// background colour, a subview or a guide given later moves this count itself. A subclass
  /// whose `backgroundColor` getter changes its answer with nothing else changing (with its
  /// text alone, say) is seen at the next check the rules make for another reason or at its
  /// next frame, colour or hierarchy change, as with `geometryRevision`.
  public static var paintedGeometryRevision: UInt64 { revision }

  /// Increases whenever the names `ViewIdentity` gives may have changed: the hierarchy (a
  /// superview, the subviews or their order), layout guides, an `accessibilityIdentifier` or a
  /// guide's `identifier`. Equal values mean the same views and guides in the same places.
  public static var treeRevision: UInt64 { hierarchyRevision }

  /// Records that something a snapshot shows has changed.
  public static func noteVisibleChange() {
    revision &+= 1
  }

  /// `backgroundColor` as an observer that judges what a view paints reads it (the layout
  /// rules): a view seen painting is not bare at its next frame change, even if its getter,
  /// computed, stops painting before it moves (`paintedGeometryRevision`).
  package var observedBackgroundColor: UIColor? {
    let color = backgroundColor
    if (color?.alpha ?? 0) > 0.01 { paintedWhenLastSeen = true }
    return color
  }

  /// Records that `view`'s frame changed: a bare view's (see `paintedGeometryRevision`) moves
  /// `geometryRevision` alone, any other's `paintedGeometryRevision` too. A view that painted
  /// at its previous frame change, or when the rules last read its colour, is not bare at this
  /// one (the rules' last findings may name it), whatever its `backgroundColor` getter answers
  /// now.
  /// The colour is read only for a view that could be bare (its getter may be an app's
  /// override): a view with subviews or guides becomes a candidate only through a tree change,
  /// after which the rules read its colour again.
  static func noteFrameChange(of view: UIView) {
    if view.subviewStorage.isEmpty, view.appLayoutGuides.isEmpty, !view.framesAreWatched {
      let paints = (view.backgroundColor?.alpha ?? 0) > 0.01
      let paintedBefore = view.paintedWhenLastSeen
      view.paintedWhenLastSeen = paints
      if !paints, !paintedBefore {
        bareFrameRevision &+= 1
        return
      }
    }
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
  @exclusivity(unchecked) private static var bareFrameRevision: UInt64 = 0
}
