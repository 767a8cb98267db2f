import ReplayTestSupport
import Testing

/// `CanonicalReplays` keeps, for the whole test process, only the replays that several
/// suites compare (the goldens' subjects); a replay one suite alone asks for (the `broken`
/// delegate's, `complete-v2`'s, which `LogRedactTests` compares against) is not kept.
@MainActor
@Suite struct CanonicalReplaysTests {
  /// Shown on `complete-v2`, the cheaper of the two subjects no other suite shares: its
  /// replay of the smallest canonical recording takes about 0.09 CPU s in a debug build,
  /// `broken`'s 0.12.
  @Test func aSubjectNoOtherSuiteSharesIsReplayedButNotKept() throws {
    let unshared = try CanonicalReplays.outcome("rtl-city", "complete-v2")
    #expect(unshared.snapshots.count > 600 && unshared.changed.count == unshared.snapshots.count)
    #expect(!CanonicalReplays.keeps("rtl-city", "complete-v2"))
    // The goldens' subjects are kept: the first call replays, the others share it.
    _ = try CanonicalReplays.outcome("rtl-city", "builtin")
    #expect(CanonicalReplays.keeps("rtl-city", "builtin"))
  }
}
