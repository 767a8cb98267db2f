import Foundation
@testable import Replay
import ReplayTestSupport
@testable import Snapshots
import Testing
import TestSupport

// Every fact of a node's line is compared: its kind, an SDK view's `state=`, and every node of
// a repeated id (the n-th node of an id in A against the n-th in B, in z-order). Two layouts
// whose texts differ there are never "identical".

@Suite struct LayoutDiffNodeTests {
  @Test func aNodeWhoseKindChangesIsAChange() {
    let b = sampleLayout { $0.nodes[0].kind = .appView }
    #expect(sampleLayout().text != b.text)
    let views = sampleLayout().changes(to: b).views
    #expect(views == [ViewChange(view: "turnCard", change: .kind(from: .sdkView, to: .appView))])
    #expect(views.map(\.textLine) == ["turnCard kind sdk -> view"])
  }

  @Test func anSDKViewWhoseStateChangesIsAChange() {
    let a = sampleLayout { $0.nodes[0].state = "both/major" }
    let b = sampleLayout { $0.nodes[0].state = "major" }
    #expect(a.text != b.text)
    #expect(a.changes(to: b).views.map(\.textLine) == ["turnCard state both/major -> major"])
    // No state and a state spelled `none` print apart; the state's token is escaped.
    let none = sampleLayout { $0.nodes[0].state = "none" }
    #expect(sampleLayout().changes(to: none).views.map(\.textLine) == ["turnCard state none -> %6Eone"])
    let spaced = sampleLayout { $0.nodes[0].state = "a b" }
    #expect(spaced.changes(to: sampleLayout()).views.map(\.textLine) == ["turnCard state a%20b -> none"])
    // Byte for byte: "é" precomposed against "e" and a combining accent.
    let composed = sampleLayout { $0.nodes[0].state = "caf\u{E9}" }
    let decomposed = sampleLayout { $0.nodes[0].state = "cafe\u{301}" }
    #expect(composed.changes(to: decomposed).views.count == 1)
  }

  /// Two nodes named `badge`: the n-th in A is compared with the n-th in B.
  func badges(_ frames: [SnapshotRect], texts: [String?]? = nil) -> LayoutState {
    sampleLayout { layout in
      for (index, frame) in frames.enumerated() {
        layout.nodes.append(
          SnapshotNode(
            id: "badge", kind: .appView, parent: "map", frame: frame,
            text: texts?[index]))
      }
    }
  }

  @Test func theSecondNodeOfARepeatedIDIsComparedWithTheSecond() {
    let one = SnapshotRect(x: 10, y: 10, width: 20, height: 20)
    let two = SnapshotRect(x: 50, y: 10, width: 20, height: 20)
    let moved = SnapshotRect(x: 50, y: 30, width: 20, height: 20)
    let a = badges([one, two], texts: ["1", "2"])
    let b = badges([one, moved], texts: ["1", "3"])
    #expect(a.text != b.text)
    let views = a.changes(to: b).views
    #expect(views.map(\.occurrence) == [2, 2])
    #expect(
      views.map(\.textLine) == [
        "badge (2nd) moved (50, 10, 20x20) -> (50, 30, 20x20) Δy 20",
        "badge (2nd) text \"2\" -> \"3\"",
      ])
    // A third appears; the first of B's two pairs with A's first when one goes.
    let three = badges([one, two, moved])
    #expect(
      badges([one, two]).changes(to: three).views.map(\.textLine)
        == ["badge (3rd) appeared at (50, 30, 20x20)"])
    #expect(
      badges([one, two]).changes(to: badges([two])).views.map(\.textLine) == [
        "badge moved (10, 10, 20x20) -> (50, 10, 20x20) Δx 40",
        "badge (2nd) disappeared (was at (50, 10, 20x20))",
      ])
  }

  /// A diff of a long trip holds millions of changes: the occurrence costs them no memory.
  @Test func theOccurrenceTakesNoRoomInAChange() {
    #expect(
      MemoryLayout<ViewChange>.stride
        <= MemoryLayout<String>.stride + MemoryLayout<ViewChange.Change>.stride)
  }

  @Test func ordinalsReadAsEnglish() {
    #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)
      == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"])
  }

  /// Whatever fact of a layout's text differs, the diff reports it, and only it (short of the
  /// tolerances it documents); a layout against itself reports nothing.
  @Test func layoutsWhoseTextsDifferAlwaysDiffer() {
    let base = badges([
      SnapshotRect(x: 1, y: 2, width: 3, height: 4), SnapshotRect(x: 5, y: 6, width: 7, height: 8),
    ])
    #expect(base.changes(to: base) == ([], []))
    // What is changed, and the exact lines the diff must give (layout-line fields first).
    let mutations: [(String, [String], (inout LayoutState) -> Void)] = [
      ("kind", ["viewport kind sdk -> guide"], { $0.nodes[1].kind = .guide }),
      ("state", ["viewport state none -> x"], { $0.nodes[1].state = "x" }),
      ("id", [
        "other appeared at (0, 179, 393x473)", "viewport disappeared (was at (0, 179, 393x473))",
      ], { $0.nodes[1].id = "other" }),
      ("parent", ["UILayoutGuide#1 parent order sheet,<script>=1% -> turnCard"], {
        $0.nodes[4].parent = "turnCard"
      }),
      ("frame", ["order sheet,<script>=1% moved (0, 652, 393x200) -> (1, 652, 393x200) Δx 1"], {
        $0.nodes[2].frame.x += 1
      }),
      ("hidden", ["prompt.incident#3 shown (was hidden)"], { $0.nodes[3].isHidden = false }),
      ("alpha", ["order sheet,<script>=1% alpha 0.5 -> 1"], { $0.nodes[2].alpha = 1 }),
      ("corners", ["prompt.incident#3 corners [minXminY,maxXminY] -> []"], {
        $0.nodes[3].roundedCorners = []
      }),
      ("text", ["turnCard text none -> \"\""], { $0.nodes[0].text = "" }),
      ("second badge frame", ["badge (2nd) moved (5, 6, 7x8) -> (5, 7, 7x8) Δy 1"], {
        $0.nodes[6].frame.y += 1
      }),
      ("second badge kind", ["badge (2nd) kind view -> sdk"], { $0.nodes[6].kind = .sdkView }),
      ("second badge state", ["badge (2nd) state none -> s"], { $0.nodes[6].state = "s" }),
      ("second badge text", ["badge (2nd) text none -> \"t\""], { $0.nodes[6].text = "t" }),
      ("second badge hidden", ["badge (2nd) hidden (was visible)"], {
        $0.nodes[6].isHidden = true
      }),
      ("second badge alpha", ["badge (2nd) alpha 1 -> 0.2"], { $0.nodes[6].alpha = 0.2 }),
      ("second badge corners", ["badge (2nd) corners [] -> [minXminY]"], {
        $0.nodes[6].roundedCorners = ["minXminY"]
      }),
      ("third badge", ["badge (3rd) appeared at (5, 6, 7x8)"], { $0.nodes.append($0.nodes[6]) }),
      ("z-order", ["viewport z-order 1 -> 0", "turnCard z-order 0 -> 1"], {
        $0.nodes.swapAt(0, 1)
      }),
      ("state line", ["state activeGuidance -> navigationReady"], {
        $0.state = "navigationReady"
      }),
      ("wide", ["wideMode no -> yes"], { $0.wideMode = true }),
      ("map", ["map 393x852 -> 393x800"], { $0.mapHeight = 800 }),
      ("safe", ["safeArea 59,0,34,0 -> 59,4,34,0"], { $0.safeArea.leading = 4 }),
      ("direction", ["direction ltr -> rtl"], { $0.direction = "rtl" }),
      ("content", ["mapContent none -> %6Eone"], { $0.mapContent = ["none"] }),
      ("overlays", ["overlays none -> marker"], { $0.overlays = ["marker"] }),
      ("animation", [
        "animation views=prompt.incident#3 props=frame start=12.000 duration=0.300"
          + " -> start=1.000 duration=0.300",
      ], { $0.animations[0].start = 1 }),
    ]
    for (name, expected, mutate) in mutations {
      var b = base
      mutate(&b)
      #expect(base.text != b.text, "\(name): the texts should differ")
      let (state, views) = base.changes(to: b)
      let lines = state.map { "\($0.field) \($0.from) -> \($0.to)" } + views.map(\.textLine)
      #expect(lines == expected, "\(name)")
    }
    // Every stored field of a node is mutated above but the style record, which is beside
    // the snapshot (not in its text or equality). A new field needs a mutation here.
    let fields = Mirror(reflecting: base.nodes[0]).children.compactMap(\.label)
    #expect(
      fields == [
        "id", "kind", "parent", "frame", "isHidden", "alpha", "roundedCorners", "state", "text",
        "styleRecord",
      ],
      "SnapshotNode's stored fields changed: add a mutation of the new field above")
  }

  /// The user's view: two runs that differ only in the speed widget's state are not
  /// identical, in the text report and the JSON.
  @Test func aStoreDiffReportsStateKindAndRepeatedIDChanges() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let a = badges([SnapshotRect(x: 1, y: 2, width: 3, height: 4)] + [SnapshotRect(x: 5, y: 6, width: 7, height: 8)])
    var b = a
    b.nodes[0].state = "both/major"
    b.nodes[1].kind = .appView
    b.nodes[6].isHidden = true
    b.nodes[6].alpha = 0.5
    try writeRun(store, label: "v1", events: [(a, [])])
    try writeRun(store, label: "v2", events: [(b, [])])
    let diff = try store.diff(labelA: "v1", labelB: "v2")
    #expect(!diff.isIdentical)
    let text = diff.text()
    #expect(text.hasPrefix("1 of 1 events differ"))
    #expect(text.contains("  turnCard state none -> both/major\n"))
    #expect(text.contains("  viewport kind sdk -> view\n"))
    #expect(text.contains("  badge (2nd) hidden (was visible)\n"))
    // The per-view summary names the kinds of the other changes, the first seen first.
    #expect(text.contains("  badge (2nd): 1 event, other changes on 1 (hidden, alpha)\n"))
    #expect(text.contains("  turnCard: 1 event, state on 1\n"))
    #expect(text.contains("  viewport: 1 event, kind on 1\n"))
    let json = diff.json
    #expect(json.contains(#"{"change":"state","from":null,"to":"both/major","view":"turnCard"}"#))
    #expect(json.contains(#"{"change":"kind","from":"sdk","to":"view","view":"viewport"}"#))
    #expect(
      json.contains(#"{"change":"hidden","from":false,"occurrence":2,"to":true,"view":"badge"}"#))
    #expect(json.contains(#""occurrence":2,"other":1,"texts":0,"view":"badge"}"#))
    _ = directory
  }

  /// The impact across runs names a repeated id's later node as the diff does.
  @Test func theImpactTellsARepeatedIDsNodesApart() {
    let change = ViewChange.Change.hidden(from: false, to: true)
    let diff = RunDiff(
      labelA: "a", labelB: "b", delegateA: "d", delegateB: "d", tolerance: 0, eventsCompared: 2,
      differences: [1, 2].map { seq in
        EventDifference(
          seq: seq, t: 0, event: "progress", stateChanges: [],
          viewChanges: [ViewChange(view: "badge", occurrence: 2, change: change)]
            + (seq == 2 ? [ViewChange(view: "badge", change: change)] : []),
          findingsIntroduced: [], findingsFixed: [], missingIn: nil)
      })
    let impact = ChangeImpact(
      nameA: "v1", nameB: "v2", pairs: [.init(name: "one", recording: "r", diff: diff)],
      onlyInA: [], onlyInB: [])
    #expect(impact.views.map(\.name) == ["badge (2nd)", "badge"])
    #expect(impact.views.map(\.events) == [2, 1])
    #expect(impact.text().contains("  badge (2nd): 2 events in 1 configuration; first at one event 1\n"))
    #expect(impact.json.contains(#"{"view":"badge","occurrence":2,"events":2,"#))
    #expect(diff.viewSummaries.map(\.name) == ["badge (2nd)", "badge"])
  }
}
