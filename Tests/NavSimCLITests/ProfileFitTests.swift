import CLITestSupport
import EventLog
import Foundation
import NavSim
import Replay
import SampleDelegates
import Navigator
import SessionEvents
import TestSupport
import Testing

@testable import NavSimCLI

/// Calibration end to end: the canonical trips recorded through the recorder on a model with a
/// non-default profile give back that profile's keys, and `navsim profile fit` writes them.
@MainActor
@Suite struct ProfileFitTests {
  static var device: SDKProfile {
    var profile = SDKProfile.default
    profile.style.headerNominalHeight = 126
    profile.etaCardHeight = 66
    profile.wideCardWidth = 360
    profile.cardLayoutMargin = 6
    profile.controlLayoutMargin = 3
    profile.speedGaugeSize = 58
    profile.speedGaugeSpacing = 2
    profile.logoWidth = 80
    profile.logoHeight = 28
    profile.recenterLogoWidth = 128
    profile.recenterLogoHeight = 44
    profile.buttonSize = 44
    return profile
  }

  /// Every canonical trip through the recorder with sizes, on `device`'s sizes.
  static func deviceLogs(_ directory: TemporaryDirectory) throws -> [String] {
    try RecordingsTests.names.map { name in
      let scenario = try Scenario.load(path: RecordingsTests.directory + "/\(name).json")
      let path = directory.file("\(name).sqlite")
      _ = try ThroughRecorder.record(
        try Trip(scenario: scenario), name: name, into: path, profile: device, viewSizes: true,
        delegate: BasicLayoutDelegate())
      return path
    }
  }

  @Test func aFitOfRecordingsMadeWithAProfileGivesBackItsKeys() throws {
    let directory = TemporaryDirectory()
    let fit = try ProfileFitCommand.fit(logs: try Self.deviceLogs(directory))
    let device = Self.device
    for key in fit.keys {
      #expect(
        key.disagreeing == 0 && key.value == SDKProfileFit.value(of: key.key, in: device),
        "\(key.key): fitted \(key.value) from \(key.observations)")
    }
    #expect(
      Set(fit.keys.map(\.key)).isSuperset(of: [
        "style.headerNominalHeight", "etaCardHeight", "wideCardWidth", "cardLayoutMargin",
        "controlLayoutMargin", "speedGaugeSize", "speedGaugeSpacing", "logoWidth", "logoHeight",
        "recenterLogoWidth", "recenterLogoHeight", "buttonSize",
      ]))
  }

  @Test func theCommandWritesTheProfileAndPrintsTheTable() throws {
    let directory = TemporaryDirectory()
    let logs = try Self.deviceLogs(directory)
    let out = directory.file("profile.json")
    let (status, stdout, stderr) = runInProcess(["profile", "fit"] + logs + ["--out", out])
    #expect(status == 0, "\(stderr)")
    let profile = try SDKProfile.load(contentsOf: URL(fileURLWithPath: out))
    #expect(profile.etaCardHeight == 66 && profile.speedGaugeSize == 58)
    #expect(profile.name == "profile")
    #expect(stdout.contains("| `etaCardHeight` | 66 | etaCard height ("))
    #expect(stdout.contains("| `wideModeMinimumWidth` | 600 | guess: no size event determines it |"))
    #expect(
      stdout.contains(
        "| `promptHeights.incident` | 104 | guess: no size event of a prompt of this kind "
          + "(a recorder cannot see prompt kinds) |"))

    // Bad input: one line naming the file, nothing written.
    let missing = directory.file("missing.sqlite")
    let noOut = directory.file("none.json")
    let failed = runInProcess(["profile", "fit", missing, "--out", noOut])
    #expect(failed.status != 0)
    #expect(failed.err.contains(missing) && !FileManager.default.fileExists(atPath: noOut))
    let plain = directory.file("plain.sqlite")
    _ = try ThroughRecorder.record(
      try Trip(scenario: Scenario.load(path: RecordingsTests.directory + "/pan-reroute.json")),
      name: "plain", into: plain)
    let sizeless = runInProcess(["profile", "fit", plain, "--out", noOut])
    #expect(sizeless.status != 0)
    #expect(
      sizeless.err.contains("no viewSize events") && !FileManager.default.fileExists(atPath: noOut))
  }
}
