// A counter of visible changes, so observers (the replayer's snapshot reader, the SDK's rule
// checks) can tell in O(1) that nothing they read has changed since they last looked.

extension UIView {
  /// Increases whenever anything a snapshot of a view tree shows may have changed: a frame,
  /// a guide's frame, the hierarchy, layout guides, safe areas, `isHidden`, `alpha`,
  /// `transform`, an identifier. Process-wide, never decreasing; equal values mean "nothing
  /// changed in between". Code outside the module that changes what a snapshot shows (an SDK
  /// view's rounded corners, say) calls `noteVisibleChange()`.
  public private(set) static var visibleRevision: UInt64 = 0

  /// Records that something a snapshot shows has changed.
  public static func noteVisibleChange() {
    visibleRevision &+= 1
  }
}
