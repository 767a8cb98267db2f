import Foundation
import NavSimCheck
import Testing
import TestSupport

@MainActor
@Suite struct CheckMatrixTests {
  private func matrix() throws -> [CheckConfiguration] {
    try CheckMatrix.configurations(
      recordings: try CheckMatrix.recordings(in: [CanonicalRecordings.directory]),
      subjects: ["basic", "broken", "complete"].map(LayoutSubject.delegate),
      devices: ["iphone-se-portrait", "ipad-mini-landscape"], directions: [.ltr, .rtl])
  }

  @Test func aDirectoryMeansEveryLogUnderItInPathOrder() throws {
    let recordings = try CheckMatrix.recordings(in: [CanonicalRecordings.directory])
    #expect(recordings.map(\.name) == [
      "city-commute", "highway-cameras", "pan-reroute", "rotations-wide", "rtl-city",
    ])
    #expect(recordings.first { $0.name == "rtl-city" }?.direction == "rtl")
    #expect(recordings.first { $0.name == "city-commute" }?.device == "iphone-15-portrait")
  }

  /// A directory given through a symbolic link (a CI cache, a shared trip library) is
  /// listed like the directory itself, under the name given.
  @Test func aSymlinkedDirectoryIsListedThroughItsTarget() throws {
    let directory = TemporaryDirectory()
    let link = directory.file("trips")
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: CanonicalRecordings.directory)
    let recordings = try CheckMatrix.recordings(in: [link])
    #expect(recordings.map(\.name) == [
      "city-commute", "highway-cameras", "pan-reroute", "rotations-wide", "rtl-city",
    ])
    #expect(recordings.allSatisfy { $0.logPath.hasPrefix(link + "/") })
  }

  @Test func theMatrixIsEveryCombinationOnce() throws {
    let configurations = try matrix()
    #expect(configurations.count == 5 * 3 * 2 * 2)
    #expect(Set(configurations.map(\.name)).count == configurations.count)
    #expect(configurations[0].name == "basic city-commute#1 iphone-se-portrait ltr")
    #expect(configurations[1].name == "basic city-commute#1 iphone-se-portrait rtl")
  }

  @Test func theUnionOfTheShardsIsTheMatrixAndNoConfigurationRunsTwice() throws {
    let configurations = try matrix()
    for count in 1...7 {
      var seen: [String] = []
      var loads: [Int64] = []
      for index in 1...count {
        let part = try CheckShard(index: index, count: count).select(configurations)
        seen += part.map(\.name)
        loads.append(part.map(\.weight).reduce(0, +))
        // A shard keeps the matrix's order.
        let positions = part.map { c in configurations.firstIndex { $0.name == c.name }! }
        #expect(positions == positions.sorted())
      }
      #expect(seen.sorted() == configurations.map(\.name).sorted(), "N = \(count)")
      #expect(Set(seen).count == seen.count, "N = \(count): a configuration ran twice")
      // Balanced: no shard exceeds another by more than the largest configuration.
      let largest = configurations.map(\.weight).max()!
      #expect(loads.max()! - loads.min()! <= largest, "N = \(count): loads \(loads)")
    }
  }

  @Test func shardsDependOnlyOnTheMatrix() throws {
    let first = try CheckShard(index: 2, count: 3).select(try matrix()).map(\.name)
    let again = try CheckShard(index: 2, count: 3).select(try matrix()).map(\.name)
    #expect(first == again)
    // Longest first onto the least loaded shard: 9 -> 0, 9 -> 1, 5 -> 0 (tie: the lower
    // shard), 3 -> 1, 1 -> 1; loads 14 and 13.
    #expect(CheckShard.assignment(weights: [5, 9, 1, 9, 3], shards: 2) == [0, 0, 1, 1, 1])
  }

  @Test func badShardsAndPathsAreOneLineErrors() {
    #expect(throws: CheckError.self) { try CheckShard(text: "3/2") }
    #expect(throws: CheckError.self) { try CheckShard(text: "1-2") }
    #expect(throws: CheckError("no/such/dir: no such file or directory")) {
      try CheckMatrix.recordings(in: ["no/such/dir"])
    }
  }

  /// `--content-size` is a dimension after the direction; without it, names and labels are
  /// as before (the runs are at `large`).
  @Test func contentSizesAreTheLastDimensionAndNamedOnlyWhenGiven() throws {
    let recordings = try CheckMatrix.recordings(in: [CanonicalRecordings.log("rtl-city")])
    let sized = try CheckMatrix.configurations(
      recordings: recordings, subjects: [.delegate("complete")], devices: [],
      directions: [.ltr, .rtl], contentSizes: [.large, .accessibilityExtraExtraExtraLarge])
    #expect(sized.map(\.name) == [
      "complete rtl-city#1 iphone-15-portrait ltr large",
      "complete rtl-city#1 iphone-15-portrait ltr accessibility-extra-extra-extra-large",
      "complete rtl-city#1 iphone-15-portrait rtl large",
      "complete rtl-city#1 iphone-15-portrait rtl accessibility-extra-extra-extra-large",
    ])
    #expect(sized[1].runLabel(prefix: "v2")
      == "v2/complete/rtl-city#1/iphone-15-portrait/ltr/accessibility-extra-extra-extra-large")
    #expect(sized[1].contentSizeName == "accessibility-extra-extra-extra-large")
    let plain = try CheckMatrix.configurations(
      recordings: recordings, subjects: [.delegate("complete")], devices: [], directions: [])
    #expect(plain.map(\.name) == ["complete rtl-city#1 iphone-15-portrait rtl"])
    #expect(plain[0].runLabel(prefix: nil) == "complete/rtl-city#1/iphone-15-portrait/rtl")
    #expect(plain[0].contentSizeName == "large")
  }

  /// Names and paths are told apart by their bytes: on Linux "Café.sqlite" precomposed and with
  /// a combining accent are two files, and two recordings so named are two configurations.
  @Test func namesEqualOnlyAsStringsStayApart() throws {
    let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
    #expect(composed == decomposed)  // what `String` says; NavSim must not
    let directory = TemporaryDirectory()
    for name in [composed, decomposed] {
      try FileManager.default.copyItem(
        atPath: CanonicalRecordings.log("city-commute"), toPath: directory.file(name + ".sqlite"))
    }
    let listed = try CheckMatrix.recordings(in: [directory.path])
    try #require(listed.count == 2)
    // Byte order: "e" (0x65) before "é" (0xC3 0xA9), whatever the directory's own order.
    #expect(listed.map { Array($0.logPath.utf8) } == [decomposed, composed].map {
      Array(directory.file($0 + ".sqlite").utf8)
    })
    let given = try CheckMatrix.recordings(
      in: [directory.file(composed + ".sqlite"), directory.file(decomposed + ".sqlite")])
    #expect(given.count == 2)
  }

  @Test func configurationNamesEqualOnlyAsStringsAreTwoNames() throws {
    let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
    let (a, b) = (recording(displayName: decomposed + "#1"), recording(displayName: composed + "#1"))
    let configurations = try CheckMatrix.configurations(
      recordings: [a, b], subjects: [.delegate("basic")], devices: [], directions: [])
    #expect(configurations.count == 2)
  }

  /// A screen whose name starts with a combining mark is still a screen.
  @Test func aScreenPrefixIsFoundInTheBytes() {
    #expect(LayoutSubject(text: "screen:\u{301}trip") == .screen("\u{301}trip"))
    #expect(LayoutSubject(text: "screen:trip") == .screen("trip"))
    #expect(LayoutSubject(text: "basic") == .delegate("basic"))
    #expect(LayoutSubject.delegate("Cafe\u{301}") < .delegate("Caf\u{E9}"))
    #expect(!(LayoutSubject.delegate("Caf\u{E9}") < .delegate("Cafe\u{301}")))
  }

  private func recording(displayName: String) -> CheckRecording {
    CheckRecording(
      logPath: displayName + ".sqlite", id: 1, name: displayName, eventCount: 10, device: nil,
      direction: "ltr", displayName: displayName)
  }
}
