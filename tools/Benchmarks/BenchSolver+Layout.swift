// Case (d): the constraints of a navigation screen, re-solved after 10 000 size changes.
import ConstraintSolver

/// A view's frame variables: left, top, width, height.
struct FrameVariables {
  let left: Int, top: Int, width: Int, height: Int
  typealias Anchor = [(Int, Double)]
  var leading: Anchor { [(left, 1)] }
  var trailing: Anchor { [(left, 1), (width, 1)] }
  var topEdge: Anchor { [(top, 1)] }
  var bottom: Anchor { [(top, 1), (height, 1)] }
  var centerX: Anchor { [(left, 1), (width, 0.5)] }
  var widthAnchor: Anchor { [(width, 1)] }
  var heightAnchor: Anchor { [(height, 1)] }
}

/// Builds a layout system the way Auto Layout code states it: `a <rel> b + constant`.
struct LayoutBuilder {
  var benchCase: SolverCase
  var adds: [SolverCase.Call] = []

  mutating func view() -> FrameVariables {
    FrameVariables(
      left: benchCase.variable(), top: benchCase.variable(), width: benchCase.variable(),
      height: benchCase.variable())
  }

  /// `a <relation> b * multiplier + constant`.
  mutating func pin(
    _ a: FrameVariables.Anchor, _ relation: Relation, _ b: FrameVariables.Anchor = [],
    times multiplier: Double = 1, _ constant: Double = 0, _ strength: Strength = .required
  ) {
    let terms = a + b.map { ($0.0, -$0.1 * multiplier) }
    adds.append(.add(benchCase.define(terms, -constant, relation, strength)))
  }
}

/// (d) ~40 views and ~300 constraints of a navigation screen; the map view's width and
/// height are strong edit variables, suggested 10 000 times (rotation, split screen).
func layoutCase() -> SolverCase {
  var b = LayoutBuilder(benchCase: SolverCase("d-layout", repeats: 1))
  let width = b.benchCase.variable(), height = b.benchCase.variable()
  let required = Strength.required, strong = Strength.strong
  let medium = Strength.medium, weak = Strength.weak

  // Safe area and margins guides.
  let safe = b.view(), margins = b.view()
  b.pin(safe.leading, .equal, [], 0)
  b.pin(safe.topEdge, .equal, [], 47)
  b.pin(safe.trailing, .equal, [(width, 1)])
  b.pin(safe.bottom, .equal, [(height, 1)], -34)
  b.pin(margins.leading, .equal, safe.leading, 16)
  b.pin(margins.trailing, .equal, safe.trailing, -16)
  b.pin(margins.topEdge, .equal, safe.topEdge, 8)
  b.pin(margins.bottom, .equal, safe.bottom, -8)

  // SDK views: turn card, ETA card, speed widget, logo, viewport, trip progress.
  let turn = b.view(), eta = b.view(), speed = b.view(), logo = b.view()
  let viewport = b.view(), progress = b.view()
  for card in [turn, eta] {
    b.pin(card.leading, .equal, safe.leading)
    b.pin(card.widthAnchor, .equal, [], 390, strong)
    b.pin(card.widthAnchor, .lessThanOrEqual, safe.widthAnchor)
  }
  b.pin(turn.topEdge, .equal, safe.topEdge)
  b.pin(turn.heightAnchor, .equal, [], 124)
  b.pin(eta.bottom, .equal, safe.bottom)
  b.pin(eta.heightAnchor, .equal, [], 72)
  b.pin(speed.leading, .equal, margins.leading)
  b.pin(speed.bottom, .equal, eta.topEdge, -8)
  b.pin(speed.widthAnchor, .equal, [], 56)
  b.pin(speed.heightAnchor, .equal, [], 56)
  b.pin(logo.leading, .equal, margins.leading)
  b.pin(logo.bottom, .equal, speed.topEdge, -8)
  b.pin(logo.widthAnchor, .equal, [], 64)
  b.pin(logo.heightAnchor, .equal, [], 24)
  b.pin(viewport.topEdge, .equal, turn.bottom)
  b.pin(viewport.leading, .equal, safe.leading)
  b.pin(viewport.trailing, .equal, safe.trailing)
  b.pin(progress.trailing, .equal, safe.trailing, -4)
  b.pin(progress.topEdge, .equal, turn.bottom, 8)
  b.pin(progress.widthAnchor, .equal, [], 6)

  // Five buttons stacked down the trailing edge, kept above the ETA card if they fit.
  var previous: FrameVariables?
  for _ in 0..<5 {
    let button = b.view()
    b.pin(button.trailing, .equal, margins.trailing)
    b.pin(button.widthAnchor, .equal, [], 44)
    b.pin(button.heightAnchor, .equal, [], 44)
    if let previous {
      b.pin(button.topEdge, .equal, previous.bottom, 8)
    } else {
      b.pin(button.topEdge, .equal, turn.bottom, 16)
    }
    b.pin(button.bottom, .lessThanOrEqual, eta.topEdge, -8, strong)
    previous = button
  }

  // A bottom sheet above the ETA card, a third of the height, with a 2 x 15 grid of labels.
  let sheet = b.view()
  b.pin(sheet.leading, .equal, safe.leading)
  b.pin(sheet.trailing, .equal, safe.trailing)
  b.pin(sheet.bottom, .equal, eta.topEdge)
  b.pin(sheet.heightAnchor, .greaterThanOrEqual, [], 120)
  b.pin(sheet.heightAnchor, .equal, [(height, 1)], times: 0.3, 0, medium)
  b.pin(viewport.bottom, .equal, sheet.topEdge)
  b.pin(progress.bottom, .equal, sheet.topEdge, -8)
  var above: [FrameVariables?] = [nil, nil]
  for i in 0..<30 {
    let label = b.view(), column = i % 2
    let intrinsic = Double(60 + (i * 37) % 140)
    if column == 0 {
      b.pin(label.leading, .equal, sheet.leading, 16)
      b.pin(label.trailing, .lessThanOrEqual, sheet.centerX, -8)
    } else {
      b.pin(label.leading, .equal, sheet.centerX, 8)
      b.pin(label.trailing, .lessThanOrEqual, sheet.trailing, -16)
    }
    if let previous = above[column] {
      b.pin(label.topEdge, .equal, previous.bottom, 4)
    } else {
      b.pin(label.topEdge, .equal, sheet.topEdge, 12)
    }
    b.pin(label.widthAnchor, .greaterThanOrEqual, [], intrinsic, strong)
    b.pin(label.widthAnchor, .equal, [], intrinsic, weak)
    b.pin(label.heightAnchor, .equal, [], 20)
    above[column] = label
  }

  // An order status card above the sheet: icon, title, subtitle, action button.
  let card = b.view(), icon = b.view(), title = b.view(), subtitle = b.view()
  let action = b.view()
  b.pin(card.leading, .equal, margins.leading)
  b.pin(card.trailing, .equal, margins.trailing)
  b.pin(card.bottom, .equal, sheet.topEdge, -8)
  b.pin(card.heightAnchor, .equal, [], 64)
  b.pin(icon.leading, .equal, card.leading, 12)
  b.pin(icon.topEdge, .equal, card.topEdge, 12)
  b.pin(icon.widthAnchor, .equal, [], 40)
  b.pin(icon.heightAnchor, .equal, [], 40)
  for (text, offset, size) in [(title, 8.0, 150.0), (subtitle, 30.0, 220.0)] {
    b.pin(text.leading, .equal, icon.trailing, 12)
    b.pin(text.topEdge, .equal, card.topEdge, offset)
    b.pin(text.trailing, .lessThanOrEqual, action.leading, -8)
    b.pin(text.widthAnchor, .greaterThanOrEqual, [], size, medium)
    b.pin(text.widthAnchor, .equal, [], size, weak)
    b.pin(text.heightAnchor, .equal, [], 20)
  }
  b.pin(action.trailing, .equal, card.trailing, -12)
  b.pin(action.centerX, .greaterThanOrEqual, card.centerX)
  b.pin(action.topEdge, .equal, card.topEdge, 14)
  b.pin(action.widthAnchor, .equal, [], 88)
  b.pin(action.heightAnchor, .equal, [], 36)
  b.pin(viewport.topEdge, .lessThanOrEqual, card.topEdge, -8, medium)

  // A top bar over the turn card: a search field between two buttons.
  let back = b.view(), search = b.view(), profile = b.view()
  for item in [back, search, profile] {
    b.pin(item.topEdge, .equal, margins.topEdge)
    b.pin(item.heightAnchor, .equal, [], 36)
  }
  b.pin(back.leading, .equal, margins.leading)
  b.pin(back.widthAnchor, .equal, [], 36)
  b.pin(search.leading, .equal, back.trailing, 8)
  b.pin(search.trailing, .equal, profile.leading, -8)
  b.pin(search.widthAnchor, .lessThanOrEqual, [], 500, strong)
  b.pin(search.centerX, .equal, margins.centerX, 0, weak)
  b.pin(profile.trailing, .lessThanOrEqual, margins.trailing)
  b.pin(profile.widthAnchor, .equal, [], 36)

  var c = b.benchCase
  c.setup = b.adds + [
    .edit(width, .strong), .edit(height, .strong), .suggest(width, 390), .suggest(height, 844),
    .solve,
  ]
  for k in 0..<10_000 {
    c.timed += [
      .suggest(width, Double(320 + (k * 37) % 800)), .suggest(height, Double(480 + (k * 53) % 600)),
      .solve,
    ]
  }
  _ = required
  return c
}
