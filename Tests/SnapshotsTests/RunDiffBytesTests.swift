import Replay
@testable import Snapshots
import Testing

// `RunDiff.ViewSummary ==` compares its texts byte for byte, as the diff that makes them does.

@Suite struct RunDiffBytesTests {
  static let composed = "caf\u{E9}", decomposed = "cafe\u{301}"

  func summary(view: String, texts: (String?, String?)? = nil) -> RunDiff.ViewSummary {
    var summary = RunDiff.ViewSummary(
      view: view, events: 1, appeared: 0, disappeared: 0, moved: 0, other: 0, largestMove: 0,
      firstFrames: nil)
    if let texts {
      summary.texts = 1
      summary.firstTexts = (from: texts.0, to: texts.1)
    }
    return summary
  }

  @Test func summariesOfViewsNamedInOtherNormalizationsDiffer() {
    #expect(Self.composed == Self.decomposed)
    #expect(summary(view: Self.composed) == summary(view: Self.composed))
    #expect(summary(view: Self.composed) != summary(view: Self.decomposed))
  }

  @Test func summariesOfTextsInOtherNormalizationsDiffer() {
    let a = summary(view: "x", texts: ("a", Self.composed))
    #expect(a == summary(view: "x", texts: ("a", Self.composed)))
    #expect(a != summary(view: "x", texts: ("a", Self.decomposed)))
    #expect(summary(view: "x", texts: (Self.decomposed, nil)) != summary(view: "x", texts: (Self.composed, nil)))
    #expect(summary(view: "x", texts: (nil, nil)) != summary(view: "x"))
  }
}
