import Foundation
import NavSimTesting
import TestSupport
import Testing

/// `navsim report`'s page, byte for byte, against goldens written by the build before the page
/// was written as it is built (28b9b5e, which built the page whole in memory): streaming
/// changed how the page is written, never its bytes. A delegate's run with findings, and a
/// screen's run, whose labels fill the screens' tables. The page shows the NavSim version the
/// run was replayed with (`NavSimVersion.current`): a new version changes the goldens'
/// `navsim 0.1.0` and `"version":"0.1.0"`, and nothing else.
@Suite struct ReportGoldenTests {
  static let golden = Fixtures.repositoryRoot + "/Tests/NavSimCLITests/__Golden__/"

  struct Case: Sendable, CustomTestStringConvertible {
    var recording: String
    /// What `navsim replay` is given to choose the subject.
    var subject: [String]
    var golden: String
    var testDescription: String { golden }
  }

  static let cases = [
    Case(
      recording: "rotations-wide", subject: ["--delegate", "broken"],
      golden: "report.rotations-wide.broken.html"),
    Case(
      recording: "rtl-city", subject: ["--screen", "delivery"],
      golden: "report.rtl-city.delivery.html"),
  ]

  @Test(arguments: cases)
  func thePageIsTheGoldensBytes(_ test: Case) async throws {
    // First, as `GoldenFile.compare` does: a run that fails before the comparison still
    // counts the golden as used, so `navsim goldens --delete` keeps it.
    GoldenFile.noteUse(of: Self.golden + test.golden)
    let directory = TemporaryDirectory()
    let store = directory.file("snapshots.sqlite")
    let log = Fixtures.repositoryRoot + "/Recordings/\(test.recording).sqlite"
    let replay = try await launchProduct(
      "navsim", ["replay", log] + test.subject + ["--snapshots", store, "--label", "run"])
    try #require(replay.status <= 1, "\(replay.standardError)")
    let page = directory.file("report.html")
    let report = try await launchProduct("navsim", ["report", store, "run", "--html", page])
    #expect(report.status == 0, "\(report.standardError)")
    // The same folder, compared as the diff's goldens are.
    try DiffGoldenTests().expectGoldenBytes(
      Array(try Data(contentsOf: URL(fileURLWithPath: page))), test.golden)
  }
}
