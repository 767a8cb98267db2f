import Foundation
import Testing

@_spi(Replay) @testable import NavigationSDK

@Suite struct SDKProfileTests {
  @Test func defaultsAreTheDocumentedOnes() {
    let profile = SDKProfile.default
    #expect(profile.tripProgressBarWidth == 12)
    #expect(profile.hidingStackSpacing == 8)
    #expect(profile.style.headerNominalHeight == 112)
    #expect(profile.wideModeMinimumWidth == 600)
  }

  @Test func wideModeStartsAtTheThreshold() {
    let profile = SDKProfile.default
    #expect(!profile.isWide(mapWidth: 393))
    #expect(!profile.isWide(mapWidth: 599.5))
    #expect(profile.isWide(mapWidth: 600))
    #expect(profile.isWide(mapWidth: 852))
  }

  @Test func promptHeightGrowsByLine() {
    let profile = SDKProfile.default
    #expect(profile.promptHeight(kind: "incident", text: "Crash ahead") == 104)
    #expect(profile.promptHeight(kind: "incident", text: String(repeating: "x", count: 41)) == 124)
    #expect(profile.promptHeight(kind: "somethingNew", text: "") == 104)
    #expect(profile.promptHeight(kind: "betterRoute", text: "Faster by 5 min") == 128)
  }

  @Test func jsonOverridesOnlyTheKeysItNames() throws {
    let json = """
      { "name": "calibrated", "wideModeMinimumWidth": 700,
        "style": { "headerNominalHeight": 120 },
        "promptHeights": { "incident": 96, "roadWork": 90 } }
      """
    let profile = try SDKProfile.decode(Data(json.utf8), file: "p.json")
    #expect(profile.name == "calibrated")
    #expect(profile.wideModeMinimumWidth == 700)
    #expect(profile.style.headerNominalHeight == 120)
    #expect(profile.style.headerTopPadding == SDKStyleValues.default.headerTopPadding)
    #expect(profile.promptHeights["incident"] == 96)
    #expect(profile.promptHeights["roadWork"] == 90)
    #expect(profile.promptHeights["betterRoute"] == 128)
    #expect(profile.etaCardHeight == SDKProfile.default.etaCardHeight)
  }

  @Test func unknownKeysAreRejectedByName() {
    #expect(
      throws: SDKProfileError(file: "p.json", key: "wideModeMinWidth", message: "unknown key")
    ) {
      try SDKProfile.decode(Data(#"{"wideModeMinWidth": 700}"#.utf8), file: "p.json")
    }
    #expect(
      throws: SDKProfileError(file: "p.json", key: "style.headerHeight", message: "unknown key")
    ) {
      try SDKProfile.decode(Data(#"{"style": {"headerHeight": 1}}"#.utf8), file: "p.json")
    }
  }

  @Test func badValuesAreRejectedWithTheirKey() throws {
    let cases: [(String, String)] = [
      (#"{"buttonSize": true}"#, "buttonSize"),
      (#"{"buttonSize": "48"}"#, "buttonSize"),
      (#"{"buttonSize": 0}"#, "buttonSize"),
      (#"{"cardLayoutMargin": -1}"#, "cardLayoutMargin"),
      (#"{"promptCharactersPerLine": 2.5}"#, "promptCharactersPerLine"),
      (#"{"style": 3}"#, "style"),
      (#"{"name": ""}"#, "name"),
    ]
    for (json, key) in cases {
      do {
        _ = try SDKProfile.decode(Data(json.utf8), file: "p.json")
        Issue.record("\(json) was accepted")
      } catch let error as SDKProfileError {
        #expect(error.key == key, "\(json): \(error)")
        #expect(error.description.hasPrefix("p.json: key '\(key)'"))
      }
    }
    #expect(throws: SDKProfileError.self) { try SDKProfile.decode(Data("[1]".utf8)) }
    #expect(throws: SDKProfileError.self) { try SDKProfile.decode(Data("{".utf8)) }
  }

  @Test func loadsFromAFileAndNamesItInErrors() throws {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("navsim-profile-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = dir.appendingPathComponent("good.json")
    try Data(#"{"buttonSize": 44}"#.utf8).write(to: good)
    #expect(try SDKProfile.load(contentsOf: good).buttonSize == 44)
    let bad = dir.appendingPathComponent("bad.json")
    try Data(#"{"buttonSise": 44}"#.utf8).write(to: bad)
    #expect(throws: SDKProfileError(file: bad.path, key: "buttonSise", message: "unknown key")) {
      try SDKProfile.load(contentsOf: bad)
    }
    let missing = dir.appendingPathComponent("missing.json")
    #expect(throws: SDKProfileError.self) { try SDKProfile.load(contentsOf: missing) }
  }
}
