@testable import Replay
import ReplayTestSupport
@testable import Snapshots
import Testing

// `none` in a change line means absent (no list, no animation). A token spelled `none` is
// printed with its first byte escaped, as the layout text's `%XX` escapes read back.
@Suite struct LayoutDiffNoneTokenTests {
  @Test func anEmptyListAndAListOfTheTokenNonePrintApart() {
    #expect(listText([]) == "none")
    #expect(listText(["none"]) == "%6Eone")
    #expect(listText(["none", "a b"]) == "%6Eone,a%20b")
    #expect(listText(["nonesuch", "None"]) == "nonesuch,None")
    // The escape reads back as the token.
    #expect(unescapeToken("%6Eone") == "none")
  }

  @Test func mapContentOfNoneAgainstNothingReadsAsTwoValues() {
    var a = sampleLayout(), b = sampleLayout()
    a.mapContent = []
    b.mapContent = ["none"]
    #expect(a.changes(to: b).state == [StateChange(field: "mapContent", from: "none", to: "%6Eone")])
    a.overlays = ["none"]
    #expect(
      a.changes(to: sampleLayout()).state.filter { $0.field == "overlays" }
        == [StateChange(field: "overlays", from: "%6Eone", to: "none")])
  }

  @Test func animationsOfNoViewsAndOfAViewNamedNonePrintApart() {
    var a = sampleLayout(), b = sampleLayout()
    a.animations[0].views = []
    b.animations[0].views = ["none"]
    #expect(
      a.changes(to: b).state.map { "\($0.field): \($0.from) -> \($0.to)" } == [
        "animation views=%6Eone props=frame: none -> start=12.000 duration=0.300",
        "animation views=none props=frame: start=12.000 duration=0.300 -> none",
      ])
  }
}
