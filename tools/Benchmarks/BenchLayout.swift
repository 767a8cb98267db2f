// Benchmark 'layout': the incremental layout pass of a 40-view navigation screen, against a
// from-scratch solve of the same screen measured in the same run.

import Foundation
import NavSim

/// `navsim-bench layout [passes]`: re-lays out one screen `passes` times (default 10 000),
/// changing one constraint constant per pass (a prompt sliding) and, separately, the root
/// size (split screen); the reference builds and solves the screen from scratch.
func benchLayout(_ arguments: [String]) throws {
  let passes = arguments.first.flatMap(Int.init) ?? 10_000
  MainActor.assumeIsolated { runLayoutBenchmark(passes: passes) }
}

@MainActor
private func runLayoutBenchmark(passes: Int) {
  let clock = ContinuousClock()
  let (root, slide) = makeBenchmarkScreen()
  root.layoutIfNeeded()
  var viewCount = 0
  countViews(root, into: &viewCount)

  let constantTime = clock.measure {
    for pass in 0..<passes {
      slide.constant = CGFloat(pass % 100)
      root.layoutIfNeeded()
    }
  }
  let sizes = [CGSize(width: 400, height: 800), CGSize(width: 320, height: 760)]
  let resizeTime = clock.measure {
    for pass in 0..<passes {
      root.frame = CGRect(origin: .zero, size: sizes[pass % 2])
      root.layoutIfNeeded()
    }
  }
  let scratchPasses = max(passes / 50, 20)
  let scratchTime = clock.measure {
    for _ in 0..<scratchPasses {
      let (fresh, _) = makeBenchmarkScreen()
      fresh.layoutIfNeeded()
    }
  }
  func perPass(_ duration: Duration, _ count: Int) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) + Double(attoseconds) * 1e-18) / Double(count) * 1e6
  }
  let constantUs = perPass(constantTime, passes)
  let resizeUs = perPass(resizeTime, passes)
  let scratchUs = perPass(scratchTime, scratchPasses)
  print("layout benchmark: \(viewCount) views, \(passes) passes each")
  print(String(format: "  constant change + pass: %8.1f us/pass", constantUs))
  print(String(format: "  root resize + pass:     %8.1f us/pass", resizeUs))
  print(String(format: "  reference (build + first solve, %d runs): %8.1f us/run", scratchPasses,
               scratchUs))
  print(String(format: "  ratio reference / incremental: constant %.1fx, resize %.1fx",
               scratchUs / constantUs, scratchUs / resizeUs))
}

@MainActor
private func countViews(_ view: UIView, into count: inout Int) {
  count += 1
  for subview in view.subviews { countViews(subview, into: &count) }
}

/// A navigation-like screen: header card with labels, footer card, a button column, a bottom
/// sheet with rows, a prompt that slides (its bottom constant is returned), guides and margins.
@MainActor
private func makeBenchmarkScreen() -> (UIView, NSLayoutConstraint) {
  let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
  root.additionalSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
  func view(in parent: UIView) -> UIView {
    let view = UIView()
    view.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(view)
    return view
  }
  func label(_ text: String, in parent: UIView) -> UILabel {
    let label = UILabel()
    label.translatesAutoresizingMaskIntoConstraints = false
    label.text = text
    parent.addSubview(label)
    return label
  }
  var constraints: [NSLayoutConstraint] = []
  func stack(_ labels: [UIView], in card: UIView) {
    var previous = card.layoutMarginsGuide.topAnchor
    for item in labels {
      constraints += [
        item.topAnchor.constraint(equalTo: previous, constant: 4),
        item.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
        item.trailingAnchor.constraint(lessThanOrEqualTo: card.layoutMarginsGuide.trailingAnchor),
      ]
      previous = item.bottomAnchor
    }
    constraints.append(previous.constraint(equalTo: card.layoutMarginsGuide.bottomAnchor))
  }
  let header = view(in: root)
  stack((0..<6).map { label("Header line \($0)", in: header) }, in: header)
  let footer = view(in: root)
  stack((0..<5).map { label("Footer \($0)", in: footer) }, in: footer)
  constraints += [
    header.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
    header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
    header.trailingAnchor.constraint(equalTo: root.trailingAnchor),
    footer.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
    footer.leadingAnchor.constraint(equalTo: root.leadingAnchor),
    footer.trailingAnchor.constraint(equalTo: root.trailingAnchor),
  ]
  let sheet = view(in: root)
  let rows = (0..<11).map { label("Order row \($0)", in: sheet) }
  stack(rows, in: sheet)
  constraints += [
    sheet.bottomAnchor.constraint(equalTo: footer.topAnchor),
    sheet.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
    sheet.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8),
  ]
  let column = UILayoutGuide()
  root.addLayoutGuide(column)
  constraints += [
    column.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
    column.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 8),
    column.widthAnchor.constraint(equalToConstant: 44),
  ]
  var previous = column.topAnchor
  for _ in 0..<6 {
    let button = view(in: root)
    constraints += [
      button.topAnchor.constraint(equalTo: previous, constant: 8),
      button.centerXAnchor.constraint(equalTo: column.centerXAnchor),
      button.widthAnchor.constraint(equalToConstant: 44),
      button.heightAnchor.constraint(equalTo: button.widthAnchor),
    ]
    previous = button.bottomAnchor
  }
  constraints.append(column.bottomAnchor.constraint(equalTo: previous))
  let prompt = view(in: root)
  let promptText = label("Incident ahead: road closed", in: prompt)
  stack([promptText], in: prompt)
  let slide = prompt.bottomAnchor.constraint(equalTo: sheet.topAnchor)
  constraints += [
    slide,
    prompt.leadingAnchor.constraint(equalTo: root.leadingAnchor),
    prompt.trailingAnchor.constraint(equalTo: root.trailingAnchor),
  ]
  let speed = view(in: root)
  stack([label("88", in: speed), label("km/h", in: speed)], in: speed)
  constraints += [
    speed.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
    speed.bottomAnchor.constraint(equalTo: footer.layoutMarginsGuide.topAnchor),
  ]
  let viewport = view(in: root)
  let logo = view(in: root)
  let progress = view(in: root)
  constraints += [
    viewport.topAnchor.constraint(equalTo: header.bottomAnchor),
    viewport.bottomAnchor.constraint(equalTo: prompt.topAnchor),
    viewport.leadingAnchor.constraint(equalTo: root.leadingAnchor),
    viewport.trailingAnchor.constraint(equalTo: column.leadingAnchor),
    logo.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
    logo.bottomAnchor.constraint(equalTo: viewport.bottomAnchor, constant: -8),
    logo.widthAnchor.constraint(equalToConstant: 60),
    logo.heightAnchor.constraint(equalToConstant: 20),
    progress.trailingAnchor.constraint(equalTo: root.trailingAnchor),
    progress.topAnchor.constraint(equalTo: viewport.topAnchor, constant: 20),
    progress.bottomAnchor.constraint(equalTo: viewport.bottomAnchor, constant: -20),
    progress.widthAnchor.constraint(equalToConstant: 12),
  ]
  NSLayoutConstraint.activate(constraints)
  return (root, slide)
}
