// Rebuilding the tableau from the constraints in force.

extension Engine {
  // MARK: - Rebuilding

  /// Rebuilds the tableau if a removal left it stale.
  mutating func rebuildIfNeeded() {
    if needsRebuild { rebuild() }
  }

  /// Rebuilds the tableau from scratch: the constraints in their order of addition, with
  /// their constants in force and markers as before, then the edit variables.
  ///
  /// The constraints in force were each accepted against the ones before them, so re-adding
  /// them in order cannot meet a conflict; a constraint that still fails to re-add (rounding,
  /// a cycling simplex, or a phase one that stalls short of a point far out: see
  /// `rebuildLosingNothing()`, which callers whose tableau is still whole use instead) is
  /// never dropped silently: it is left out so the engine stays consistent, and described in
  /// `lostInRebuild`, which the `Solver` throws as `internalError` from its next throwing call
  /// before that call does anything.
  ///
  /// When a constraint can't be re-added in that order, the rebuild is made once more with the
  /// required constraints first and the weighted ones after them, and kept if it lost fewer:
  /// the weighted constraints' error columns can steer phase one away from a feasible point
  /// (fresh LP-oracle seed 2 005 773: a pending rebuild dropped a required equality added 230
  /// calls earlier, and the constant change it ran for was then accepted without it; the
  /// required-first rebuild keeps it, and the change is refused).
  /// - Returns: whether every constraint was re-added.
  @discardableResult
  mutating func rebuild() -> Bool {
    let lost = lostInRebuild.count
    let entries = constraints.values.sorted(by: { $0.order < $1.order })
    var fresh = emptied()
    fresh.readd(entries)
    if fresh.lostInRebuild.count > lost {
      var requiredFirst = emptied()
      requiredFirst.readd(entries.filter(\.constraint.isRequired))
      requiredFirst.readd(entries.filter { !$0.constraint.isRequired })
      if requiredFirst.lostInRebuild.count < fresh.lostInRebuild.count { fresh = requiredFirst }
    }
    adopt(fresh)
    return lostInRebuild.count == lost
  }

  /// `rebuild()`, unless that loses a constraint: then the engine is left as it was, for
  /// callers whose tableau still holds every constraint in force (a rebuild run to confirm or
  /// ease a call, not to recover from a broken tableau).
  ///
  /// A fresh tableau can refuse a required constraint that this one holds: its phase one
  /// passes over coefficients it takes for rounding residues, and a feasible point far out
  /// can need one (LP oracle seeds 2 009 835 and 2 006 927: required sets whose LP points lie
  /// at |x| = 6e7 and 1e7; their re-adds stalled at coefficients of 5e-4 next to 5e2, and
  /// 3e-5). Adopting that rebuild dropped the constraint, and the call it ran for went on
  /// without it (a conflicting add accepted; a constant change made on the rest).
  /// - Returns: whether the tableau was rebuilt.
  mutating func rebuildLosingNothing() -> Bool {
    let saved = self
    guard rebuild() else {
      self = saved
      return false
    }
    return true
  }

  /// An engine without constraints that rebuilds this one, with the same record of
  /// constraints lost in earlier rebuilds.
  func emptied() -> Engine {
    var fresh = Engine()
    fresh.lostInRebuild = lostInRebuild
    return fresh
  }

  /// Adds `entries` in turn (their constants in force, markers as before); one that fails is
  /// left out and described in `lostInRebuild` (see `rebuild()`).
  mutating func readd(_ entries: [ConstraintEntry]) {
    for entry in entries {
      do {
        try addWithoutConfirming(
          entry.constraint, constant: entry.constant, editVariable: entry.editVariable,
          marker: entry.marker, order: entry.order)
      } catch {
        let reason: String
        switch error {
        case .solver(let error): reason = "\(error)"
        case .internalFailure(let message): reason = message
        }
        lostInRebuild.append(
          "a rebuild could not re-add [\(entry.constraint)] (\(reason)); it was dropped")
      }
    }
  }

  /// Becomes `fresh`, a rebuild of this engine's constraints, keeping the order counter and
  /// the edit variables whose constraints it holds.
  mutating func adopt(_ fresh: Engine) {
    var fresh = fresh
    fresh.nextOrder = max(fresh.nextOrder, nextOrder)
    for (key, edit) in edits where fresh.constraints[ObjectIdentifier(edit.constraint)] != nil {
      fresh.edits[key] = edit
    }
    self = fresh
  }
}
