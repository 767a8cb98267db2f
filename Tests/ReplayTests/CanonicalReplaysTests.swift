import ReplayTestSupport
import Testing

/// `CanonicalReplays` keeps, for the whole test process, only the replays that several
/// suites compare (the goldens' subjects); a replay one suite alone asks for (the `broken`
/// delegate's, `complete-v2`'s, which `LogRedactTests` compares against) is not kept.
@MainActor
@Suite struct CanonicalReplaysTests {
  @Test func aSubjectNoOtherSuiteSharesIsReplayedButNotKept() throws {
    let broken = try CanonicalReplays.outcome("rtl-city", "broken")
    #expect(broken.snapshots.count > 600 && broken.changed.count == broken.snapshots.count)
    #expect(!CanonicalReplays.keeps("rtl-city", "broken"))
    // The goldens' subjects are kept: the first call replays, the others share it.
    _ = try CanonicalReplays.outcome("rtl-city", "builtin")
    #expect(CanonicalReplays.keeps("rtl-city", "builtin"))
  }
}
