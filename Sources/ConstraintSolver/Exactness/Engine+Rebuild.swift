// Rebuilding the tableau from the constraints in force.

extension Engine {
  /// Rebuilds the tableau if a removal left it stale.
  mutating func rebuildIfNeeded() {
    if needsRebuild { rebuild() }
  }

  /// Rebuilds the tableau from scratch: the constraints in order of addition (constants in
  /// force, markers as before), then the edit variables. A constraint that fails to re-add is
  /// never dropped silently: it is described in `lostInRebuild`, which the `Solver` throws as
  /// `internalError` from its next throwing call. When one is lost, the rebuild is made once
  /// more with the required constraints first and kept if it loses fewer (seed 2 005 773).
  /// - Returns: whether every constraint was re-added.
  @discardableResult
  mutating func rebuild() -> Bool {
    let lost = lostInRebuild.count
    let entries = constraints.values
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

  /// `rebuild()`, unless that loses a constraint: then the engine is left as it was. For a
  /// tableau that still holds every constraint: a fresh phase one can refuse one it holds at a
  /// point far out (seeds 2 009 835, 2 006 927).
  /// - Returns: what the rebuild would have lost, each described (empty: it was rebuilt).
  @discardableResult
  mutating func rebuildLosingNothing() -> [String] {
    let saved = self
    guard rebuild() else {
      let lost = Array(lostInRebuild[saved.lostInRebuild.count...])
      self = saved
      return lost
    }
    return []
  }

  /// The error for an add or update, `constraint` with expression constant `constant`, that
  /// the constraints allow (the probe that explains conflicts accepts it) but no rebuilt
  /// tableau takes, for the losses described in `lost` (none: it refused the constraint
  /// itself). The caller leaves the engine as it was: nothing is called unsatisfiable that
  /// the constraints allow.
  func cannotApply(
    _ constraint: Constraint, constant: Double, losing lost: [String]
  ) -> EngineError {
    let why = lost.isEmpty ? "a rebuilt tableau refused it" : lost.joined(separator: "; ")
    return .solver(.internalError(
      "[\(constraint)] with constant \(constant) is allowed by the constraints in force (a"
        + " fresh tableau of the required ones accepts it), but no tableau could take it: \(why);"
        + " the solver is unchanged"))
  }

  /// An empty engine with this one's record of constraints lost in earlier rebuilds.
  func emptied() -> Engine {
    var fresh = Engine()
    fresh.lostInRebuild = lostInRebuild
    return fresh
  }

  /// Adds `entries` in turn; one that fails is left out and described in `lostInRebuild`.
  mutating func readd(_ entries: [ConstraintEntry]) {
    for entry in entries {
      do {
        try addWithoutConfirming(entry.addition())
      } catch {
        let reason: String
        switch error {
        case .solver(let error): reason = "\(error)"
        case .internalFailure(let message): reason = message
        }
        lostInRebuild.append(
          "a rebuild could not re-add [\(entry.constraint)] (\(reason))")
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
