import Foundation
import NavSimTesting
import TestSupport
import Testing

/// `navsim diff`'s text and JSON, byte for byte, against goldens written by the build before
/// the diff streamed its output (8cd2d4b, which held the whole diff and formatted it at once):
/// streaming changed how the report is written, never its bytes. Two canonical recordings,
/// each replayed through two sample delegates: one pair differs in a constant (moves only),
/// the other introduces findings. The same pairs' HTML pages likewise (`pages`).
@Suite struct DiffGoldenTests {
  static let golden = Fixtures.repositoryRoot + "/Tests/NavSimCLITests/__Golden__/"

  struct Case: Sendable, CustomTestStringConvertible {
    var recording: String
    var delegates: (String, String)
    var arguments: [String]
    var golden: String
    var testDescription: String { golden }
  }

  static let cases = [
    Case(
      recording: "rtl-city", delegates: ("complete", "complete-v2"),
      arguments: ["--max-events", "3"], golden: "diff.rtl-city.complete.complete-v2.txt"),
    Case(
      recording: "rtl-city", delegates: ("complete", "complete-v2"), arguments: ["--json"],
      golden: "diff.rtl-city.complete.complete-v2.json"),
    Case(
      recording: "rotations-wide", delegates: ("basic", "broken"),
      arguments: ["--max-events", "1"], golden: "diff.rotations-wide.basic.broken.txt"),
  ]

  @Test(arguments: cases)
  func theDiffIsTheGoldensBytes(_ test: Case) async throws {
    // First, as `GoldenFile.compare` does: a run that fails before the comparison still
    // counts the golden as used, so `navsim goldens --delete` keeps it.
    GoldenFile.noteUse(of: Self.golden + test.golden)
    let (directory, store) = try await replayed(test)
    let diff = try await launchProduct(
      "navsim", ["diff", store, test.delegates.0, test.delegates.1] + test.arguments)
    #expect(diff.status == 1, "\(diff.standardError)")
    try expectGoldenBytes(Array(diff.standardOutput.utf8), test.golden)
    _ = directory
  }

  /// The pages of two pairs (`--html`), as the build before the page was written as it is
  /// built (ebbe312, which built the page whole in memory) wrote them. The page shows the
  /// NavSim version the runs were replayed with (`NavSimVersion.current`): a new version
  /// changes the goldens' `navsim 0.1.0 / 0.1.0` and `"version":"0.1.0"`, and nothing else.
  static let pages = [
    Case(
      recording: "rtl-city", delegates: ("complete", "complete-v2"), arguments: [],
      golden: "diff.rtl-city.complete.complete-v2.html"),
    Case(
      recording: "rotations-wide", delegates: ("basic", "broken"), arguments: ["--json"],
      golden: "diff.rotations-wide.basic.broken.html"),
  ]

  @Test(arguments: pages)
  func thePageIsTheGoldensBytes(_ test: Case) async throws {
    GoldenFile.noteUse(of: Self.golden + test.golden)
    let (directory, store) = try await replayed(test)
    let page = directory.file("diff.html")
    let diff = try await launchProduct(
      "navsim",
      ["diff", store, test.delegates.0, test.delegates.1, "--html", page] + test.arguments)
    #expect(diff.status == 1, "\(diff.standardError)")
    try expectGoldenBytes(Array(try Data(contentsOf: URL(fileURLWithPath: page))), test.golden)
  }

  /// A store of the case's recording replayed through both its delegates, labelled by them.
  func replayed(_ test: Case) async throws -> (TemporaryDirectory, store: String) {
    let directory = TemporaryDirectory()
    let store = directory.file("snapshots.sqlite")
    let log = Fixtures.repositoryRoot + "/Recordings/\(test.recording).sqlite"
    for delegate in [test.delegates.0, test.delegates.1] {
      let replay = try await launchProduct(
        "navsim",
        ["replay", log, "--delegate", delegate, "--snapshots", store, "--label", delegate])
      try #require(replay.status == 0, "\(replay.standardError)")
    }
    return (directory, store)
  }

  /// Expects `got` to be the golden file's bytes; says where they part when not.
  func expectGoldenBytes(_ got: [UInt8], _ golden: String) throws {
    let want = Array(try Data(contentsOf: URL(fileURLWithPath: Self.golden + golden)))
    let first =
      (0..<min(got.count, want.count)).first { got[$0] != want[$0] }
      ?? min(got.count, want.count)
    #expect(
      got == want,
      Comment(
        rawValue: "\(golden): \(got.count) bytes, golden \(want.count); first "
          + "difference at byte \(first): \(excerpt(got, first)) vs \(excerpt(want, first))"))
  }

  /// The bytes around `offset`, to say where output and golden part.
  func excerpt(_ bytes: [UInt8], _ offset: Int) -> String {
    let start = max(0, offset - 40), end = min(bytes.count, offset + 40)
    return "'" + String(decoding: bytes[start..<end], as: UTF8.self) + "'"
  }
}
