@testable import Replay
@testable import Snapshots
import Findings
import ReplayTestSupport
import Testing

@Suite struct SnapshotTextTests {
  @Test func textRoundTripsThroughTheParser() throws {
    let layout = sampleLayout()
    let parsed = try LayoutState(text: layout.text)
    #expect(parsed.text == layout.text)
    #expect(parsed.node("order sheet,<script>=1%")?.alpha == 0.5)
    #expect(parsed.node("prompt.incident#3")?.isHidden == true)
    #expect(parsed.node("prompt.incident#3")?.roundedCorners == ["minXminY", "maxXminY"])
  }

  @Test func overlaysAppearOnTheLayoutLineOnlyWhenPresentAndRoundTrip() throws {
    var layout = sampleLayout()
    #expect(!layout.text.contains("overlays="))
    layout.overlays = ["marker;at=52.50000/13.40000;title=Stop, 1;selected", "polygon;points=4"]
    let firstLine = layout.text.split(separator: "\n")[0]
    #expect(firstLine.hasSuffix(
      " overlays=marker;at%3D52.50000/13.40000;title%3DStop%2C%201;selected,polygon;points%3D4"))
    let parsed = try LayoutState(text: layout.text)
    #expect(parsed.overlays == layout.overlays)
    #expect(parsed.text == layout.text)
  }

  /// Points print as UIKit's `recursiveDescription` prints a CGFloat (`%g`; the public
  /// sources are in HeadlessUIKitTests' UIKitNumberTests); times keep three decimals.
  @Test func textPrintsPointsAsUIKitDoes() {
    let text = sampleLayout().text
    #expect(text.contains("frame=-0.004,0.333333,10,10\n"))
    #expect(text.contains(" alpha=0.5"))
    #expect(text.hasPrefix("layout activeGuidance wide=no map=393x852 safe=59,0,34,0 dir=ltr\n"))
    #expect(text.hasSuffix(" start=12.000 duration=0.300\n"))
    #expect(pointText(-0.0) == "0")
    #expect(!isTwoDecimalText(text))
  }

  /// A snapshot read back from its text is the one taken: frames are kept to the six
  /// digits the text prints.
  @Test func pointValuesRoundTripThroughTheirText() {
    for step in 0..<3000 {
      for value in [Double(step) / 3, -Double(step) / 3, Double(step) / 2 + 0.25, Double(step) * 1.01] {
        let kept = pointValue(value)
        #expect(Double(pointText(kept)) == kept, "\(value)")
        #expect(pointText(kept) == pointText(value), "\(value)")
      }
    }
    #expect(pointValue(1166.0 / 3) == 388.667)
    #expect(pointValue(61.0 / 3) == 20.3333)
    #expect(pointValue(-0.0).sign == .plus)
    // Halves at the seventh digit: `%g` rounds the exact binary value (C's printf on
    // glibc: 327.1275 is stored just below the half, so it prints 327.127).
    for (value, printed) in [(327.1275, "327.127"), (216.0325, "216.032"), (10.00005, "10")] {
      #expect(pointText(value) == printed, "\(value)")
      #expect(pointText(pointValue(value)) == printed, "\(value)")
      #expect(pointValue(value) == Double(printed), "\(value)")
    }
  }

  /// Text written when points had two decimals still reads, is recognised, and compares
  /// with new text of the same layout without differences.
  @Test func twoDecimalTextStillReadsAndIsRecognised() throws {
    var layout = sampleLayout()
    // A label at 3x: its origin and its height both rounded in the old text, so its bottom
    // edge moves by 0.0063 pt (759.66 against 759.6663).
    layout.nodes[0].frame = SnapshotRect(
      x: 16, y: pointValue(2218.0 / 3), width: 99, height: pointValue(61.0 / 3))
    let old = try LayoutState(text: layout.text
      .replacingOccurrences(of: "map=393x852 safe=59,0,34,0", with: "map=393.00x852.00 safe=59.00,0.00,34.00,0.00")
      .replacingOccurrences(of: "frame=16,739.333,99,20.3333", with: "frame=16.00,739.33,99.00,20.33"))
    #expect(isTwoDecimalText("layout x wide=no map=393.00x852.00 safe=0.00,0.00,0.00,0.00 dir=ltr\n"))
    #expect(old.nodes[0].frame.y == 739.33)
    #expect(old.changes(to: layout).views.isEmpty)
    #expect(old.changes(to: sampleLayout()).views.count == 1)
  }

  @Test func identifiersWithSeparatorsAreEscapedIntoOneToken() {
    let text = sampleLayout().text
    #expect(text.contains("view order%20sheet%2C<script>%3D1%25 parent=map"))
  }

  @Test func hashChangesWithTheLayoutAndOnlyWithIt() {
    #expect(sampleLayout().hash == sampleLayout().hash)
    #expect(sampleLayout().hash != sampleLayout(turnCardY: 60).hash)
    #expect(sampleLayout().hash.count == 16)
  }

  @Test func badTextNamesTheLine() {
    #expect(throws: SnapshotTextError(line: 2, problem: "unknown line 'bogus'")) {
      try LayoutState(text: sampleLayout().text.split(separator: "\n")[0] + "\nbogus x\n")
    }
  }

  @Test func findingLineRoundTrips() throws {
    let finding = Finding(
      ruleID: "prompt-over-viewport", severity: .error, views: ["prompt.incident#3", "viewport"],
      message: "The prompt covers\nthe viewport.")
    let parsed = try Finding(textLine: finding.textLine)
    #expect(parsed.ruleID == finding.ruleID && parsed.views == finding.views)
    #expect(parsed.message == "The prompt covers the viewport.")
  }

  @Test func jsonEscapesUserStrings() {
    let json = sampleLayout().json
    #expect(json.contains("\"id\":\"order sheet,\\u003cscript>=1%\""))
    #expect(!json.contains("<script>"))
  }
}

@Suite struct LayoutDiffTests {
  @Test func aMovedViewIsReportedWithItsFrames() {
    let (state, views) = sampleLayout().changes(to: sampleLayout(turnCardY: 47))
    #expect(state.isEmpty)
    #expect(views == [
      ViewChange(
        view: "turnCard",
        change: .frame(
          from: SnapshotRect(x: 0, y: 59, width: 393, height: 120),
          to: SnapshotRect(x: 0, y: 47, width: 393, height: 120)))
    ])
    #expect(views[0].textLine == "turnCard moved (0, 59, 393x120) -> (0, 47, 393x120) Δy -12")
  }

  @Test func toleranceIgnoresSubPointMoves() {
    #expect(sampleLayout().changes(to: sampleLayout(turnCardY: 59.4), tolerance: 0.5).views.isEmpty)
    #expect(sampleLayout().changes(to: sampleLayout(turnCardY: 59.4)).views.count == 1)
  }

  @Test func appearedDisappearedHiddenAndZOrderAreReported() {
    let a = sampleLayout()
    var b = sampleLayout()
    b.nodes.remove(at: 1)  // viewport gone
    b.nodes[2].isHidden = false  // prompt shown
    b.nodes.append(SnapshotNode(id: "logo", kind: .sdkView, parent: "map", frame: SnapshotRect(x: 0, y: 0, width: 1, height: 1)))
    b.state = "navigationReady"
    let (state, views) = a.changes(to: b)
    #expect(state == [StateChange(field: "state", from: "activeGuidance", to: "navigationReady")])
    let kinds = views.map { "\($0.view):\($0.change)" }
    #expect(kinds.contains { $0.hasPrefix("viewport:disappeared") })
    #expect(kinds.contains { $0.hasPrefix("logo:appeared") })
    #expect(kinds.contains { $0.hasPrefix("prompt.incident#3:hidden") })
    #expect(kinds.contains { $0.hasPrefix("order sheet,<script>=1%:zOrder") })
  }

  @Test func findingsIntroducedAndFixedAreMatchedByRuleAndViews() {
    let overlap = Finding(ruleID: "overlap", severity: .error, views: ["a", "b"], message: "x")
    let missing = Finding(ruleID: "missing-logo", severity: .error, views: ["googleLogo"], message: "y")
    let a = LayoutSnapshot(seq: 3, t: 2000, event: "speed", layout: sampleLayout(), findings: [overlap])
    var b = a
    b.findings = [Finding(ruleID: "overlap", severity: .error, views: ["a", "b"], message: "reworded"), missing]
    let difference = compareSnapshots(a, b, labels: ("v1", "v2"))
    #expect(difference.findingsIntroduced == [missing])
    #expect(difference.findingsFixed.isEmpty)
    #expect(difference.viewChanges.isEmpty)
  }
}

@Suite struct RunDiffSummaryTests {
  @Test func perViewCountsAreEventsNeverMoreThanTheViewsEvents() {
    var b = sampleLayout(turnCardY: 70)
    b.nodes[0].isHidden = true  // turnCard: moved, hidden...
    b.nodes[0].alpha = 0.5  // ...and alpha on the same event
    let a = LayoutSnapshot(seq: 1, t: 0, event: "speed", layout: sampleLayout(), findings: [])
    let differences = (1...3).map { seq -> EventDifference in
      var left = a, right = a
      left.seq = Int64(seq)
      right.seq = Int64(seq)
      right.layout = b
      return compareSnapshots(left, right, labels: ("A", "B"))
    }
    let diff = RunDiff(
      labelA: "A", labelB: "B", delegateA: "x", delegateB: "y", tolerance: 0, eventsCompared: 3,
      differences: differences)
    let summary = diff.viewSummaries.first { $0.view == "turnCard" }
    #expect(summary?.events == 3)
    #expect(summary?.moved == 3)
    #expect(summary?.other == 3)
  }

  @Test func findingsKeepTheirSourceThroughText() throws {
    let finding = Finding(
      ruleID: "fixed-size-constraint", severity: .error, views: ["turnCard"],
      message: "height constraint: at=odd text", source: FindingSource(path: "App Files/Map.swift", line: 47))
    #expect(finding.textLine.contains(" at=App%20Files/Map.swift:47 height constraint"))
    #expect(try Finding(textLine: finding.textLine) == finding)
    let without = Finding(ruleID: "missing-viewport", severity: .error, views: [], message: "gone")
    #expect(!without.textLine.contains("at="))
    #expect(try Finding(textLine: without.textLine) == without)
    #expect(finding.json.contains("\"source\":\"App Files/Map.swift:47\""))
    #expect(FindingSource(path: "App Files/Map.swift", line: 47).shortDescription == "Map.swift:47")
  }
}

/// `LayoutState.text(reusing:)`, the snapshot writer's path: reusing the previous layout's node
/// lines must give exactly `text`, whichever nodes changed, came or went.
@Suite struct LayoutTextCacheTests {
  @Test func reusedLinesGiveTheSameTextAsAFreshBuild() {
    var styled = ViewStyle()
    styled.background = "#FFFFFFFF"
    styled.fontSize = 17
    var moved = sampleLayout(turnCardY: 71)
    moved.nodes[2].style = styled
    var relabelled = moved
    relabelled.nodes[2].text = "Arriving in 4 min"
    var restyled = relabelled  // the same lines, another style (styles are not in the text)
    restyled.nodes[2].style?.fontSize = 20
    var shorter = restyled
    shorter.nodes.removeLast()
    var longer = sampleLayout()
    longer.nodes.append(
      SnapshotNode(
        id: "banner", kind: .appView, parent: "map",
        frame: SnapshotRect(x: 8, y: 600, width: 377, height: 16), isHidden: true))
    // The layout line is reused too, while its facts stay.
    var wide = longer
    wide.wideMode = true
    var withContent = wide
    withContent.mapContent = ["alternates:2"]
    var resized = withContent
    resized.mapHeight = 700
    // A changed node keeps the parts of its line that did not change (its names, each frame
    // number) and its style text while its style is the same: each of these fails when a kept
    // part is stale.
    var wider = relabelled
    wider.nodes[2].frame.width = 380.333
    var renamed = wider  // same frame, another view at the position
    renamed.nodes[0].id = "header"
    var reparented = renamed
    reparented.nodes[4].parent = "viewport"
    var rekinded = reparented
    rekinded.nodes[4].kind = .appView
    var negativeZero = rekinded  // -0 prints as 0, as 0 does
    negativeZero.nodes[1].frame.x = -0.0
    var bold = negativeZero  // the style alone changes: the line is kept, the style is not
    bold.nodes[2].style?.isBold = true
    var unstyled = bold
    unstyled.nodes[2].style = nil
    // Each printed field alone, so that a field the cache doesn't compare fails.
    var taller = unstyled
    taller.nodes[2].frame.height = 201.5
    var shown = taller
    shown.nodes[3].isHidden = false
    var faded = shown
    faded.nodes[0].alpha = 0.25
    var cornered = faded
    cornered.nodes[3].roundedCorners = ["minXminY"]
    var stated = cornered
    stated.nodes[1].state = "following"
    // Texts that `==` calls equal (canonically equivalent) but print as other bytes: a label's
    // text, an identifier and the layout line's map content, each composed, then decomposed
    // in the same event as a move (so that the layout is written again).
    var composed = stated
    composed.nodes[2].text = "K\u{F6}ln"
    composed.nodes[4].id = "caf\u{E9}"
    composed.mapContent = ["caf\u{E9}"]
    var decomposed = composed
    decomposed.nodes[2].text = "Ko\u{308}ln"
    decomposed.nodes[4].id = "cafe\u{301}"
    decomposed.mapContent = ["cafe\u{301}"]
    decomposed.nodes[0].frame.y += 1
    #expect(decomposed.nodes[2].text == composed.nodes[2].text)  // what makes it a trap
    // The same length in bytes too (marks in the other order), short and long (inline and
    // heap-stored strings): only the bytes tell them apart.
    var marked = decomposed
    marked.nodes[2].text = "a\u{301}\u{316}"
    marked.nodes[4].id = "Arriving at a\u{301}\u{316} in 4 min"
    var reordered = marked
    reordered.nodes[2].text = "a\u{316}\u{301}"
    reordered.nodes[4].id = "Arriving at a\u{316}\u{301} in 4 min"
    reordered.nodes[0].frame.y += 1
    #expect(reordered.nodes[2].text == marked.nodes[2].text)
    #expect(reordered.nodes[2].text?.utf8.count == marked.nodes[2].text?.utf8.count)
    var cache = LayoutTextCache()
    for layout in [
      sampleLayout(), moved, relabelled, relabelled, restyled, wider, renamed, reparented,
      rekinded, negativeZero, bold, unstyled, taller, shown, faded, cornered, stated, composed,
      decomposed, marked, reordered, restyled, shorter, longer, wide, withContent, resized, sampleLayout(),
    ] {
      let (stylesBefore, revisionBefore) = (cache.styles, cache.stylesRevision)
      #expect(Array(layout.text(reusing: &cache).utf8) == Array(layout.text.utf8))
      #expect(cache.styles == layout.nodes.map { $0.style?.text })
      // The revision moves exactly when the styles did (the store rebuilds its styles body
      // from it).
      #expect((cache.stylesRevision != revisionBefore) == (cache.styles != stylesBefore))
    }
  }

  /// `SnapshotNode.sameLine` compares every field a node's line shows: a new stored field
  /// fails here until it is added there (and to this list).
  @Test func sameLineKnowsEveryFieldOfANode() {
    let fields = Mirror(reflecting: sampleLayout().nodes[0]).children.compactMap(\.label)
    #expect(
      fields == [
        "id", "kind", "parent", "frame", "isHidden", "alpha", "roundedCorners", "state", "text",
        "styleRecord",
      ])
  }
}

/// `escapeToken` writes each byte that would split a token as `%XX` (uppercase) and leaves
/// every other byte, UTF-8 sequences included, as it is.
@Suite struct TokenEscapeTests {
  @Test func escapesSeparatorsAndControlBytesOnly() {
    #expect(escapeToken("Arriving in 4 min") == "Arriving%20in%204%20min")
    #expect(escapeToken("a\tb\u{7F}c=d,e%f\n") == "a%09b%7Fc%3Dd%2Ce%25f%0A")
    #expect(escapeToken("Straße → Köln") == "Straße%20→%20Köln")
    #expect(escapeToken("plain") == "plain")
    #expect(escapeToken("") == "%00")
    for token in ["a\tb\u{7F}c=d,e%f\n", "Straße → Köln", "x y"] {
      #expect(unescapeToken(escapeToken(token)) == token)
    }
  }
}
