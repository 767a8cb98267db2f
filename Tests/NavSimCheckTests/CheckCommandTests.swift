import CLITestSupport
import Foundation
import JSON
import NavSimCheck
@testable import NavSimCLI
import Replay
import SampleDelegates
import SessionEvents
import Snapshots
import Testing
import TestSupport

@MainActor
@Suite struct CheckCommandTests {
  let logs = ["rtl-city", "pan-reroute"].map(CanonicalRecordings.log)

  @Test func aCheckPrintsATableAndFailsOnErrors() {
    let result = runCLI(["check"] + logs + ["--delegate", "complete", "--delegate", "broken", "--jobs", "1"])
    #expect(result.status == 1, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("configuration"))
    #expect(lines[0].contains("first finding"))
    #expect(lines.contains { $0.hasPrefix("complete rtl-city#1 iphone-15-portrait rtl") && $0.hasSuffix("  -") })
    #expect(lines.contains {
      $0.hasPrefix("broken pan-reroute#1 iphone-15-portrait ltr") && $0.contains("hiding-stack-hidden-set at event 1")
    })
    // Findings name the line of code behind them.
    #expect(result.out.contains("error fixed-size-constraint BrokenLayoutDelegate.swift:\(turnCardHeightLine) [turnCard]"))
    #expect(lines.last == "4 configurations: 39 errors, 0 warnings")
  }

  @Test func aCleanCheckExitsZero() {
    let result = runCLI(["check", logs[0], "--delegate", "complete", "--direction", "ltr", "--direction", "rtl"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("complete rtl-city#1 iphone-15-portrait ltr"))
    #expect(result.out.contains("2 configurations: 0 errors, 0 warnings"))
  }

  @Test func aTerminalSeesProgressAndStdoutStaysTheSame() {
    let (status, out, err) = runInProcess(
      ["check", logs[0], "--delegate", "complete", "--delegate", "basic"],
      delegates: SampleDelegateCatalog.all, progress: true)
    #expect(status == 0)
    #expect(err.contains("\rchecking 1/2 configurations"))
    #expect(err.contains("\rchecking 2/2 configurations"))
    #expect(out == runCLI(["check", logs[0], "--delegate", "complete", "--delegate", "basic"]).out)
  }

  @Test func screensAreLayoutSubjectsToo() throws {
    let directory = TemporaryDirectory()
    let junit = directory.file("j.xml")
    let result = runCLI(["check", logs[0], "--screen", "delivery", "--delegate", "complete", "--junit", junit])
    #expect(result.status != 2, "\(result.err)")
    #expect(result.out.contains("screen:delivery rtl-city#1 iphone-15-portrait rtl"))
    #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuite name=\"screen:delivery\""))
    let unknown = runCLI(["check", logs[0], "--screen", "nope"])
    #expect(unknown.status == 2)
    #expect(unknown.err.contains("unknown screen 'nope'"))
  }

  /// `--profile` sizes the SDK's views from a profile file in every configuration, in this
  /// process and in workers alike, and the runs record the profile's name.
  @Test func aProfileFileSizesEveryConfiguration() async throws {
    let directory = TemporaryDirectory()
    let profile = directory.file("tall-cards.json")
    try #"{"style": {"headerNominalHeight": 150}, "etaCardHeight": 90}"#
      .write(toFile: profile, atomically: true, encoding: .utf8)
    var exports: [String] = []
    // `--jobs 1` in this process; `--jobs 2` in worker processes of the built binary (a
    // command run in this process knows no executable to start workers from).
    let hasBinary = Fixtures.executable("navsim") != nil
    if !hasBinary { print("workers not checked: the navsim executable is not built") }
    for jobs in hasBinary ? ["1", "2"] : ["1"] {
      let store = directory.file("s\(jobs).sqlite")
      let arguments = [
        "check", logs[0], "--delegate", "complete", "--delegate", "basic", "--profile", profile,
        "--snapshots", store, "--jobs", jobs,
      ]
      let result = jobs == "1"
        ? runCLI(arguments)
        : try await launchProduct("navsim", arguments).cliResult
      #expect(result.status == 0, "\(result.err)")
      let snapshots = try SnapshotStore(path: store, mode: .readOnly)
      let runs = try snapshots.runs()
      #expect(runs.count == 2)
      #expect(runs.allSatisfy { $0.sdkProfile == "tall-cards" })
      var text = ""
      try snapshots.exportRun(label: "complete/rtl-city#1/iphone-15-portrait/rtl") { text += $0 }
      #expect(
        text.contains(#""frame":{"height":150,"width":393,"x":0,"y":59},"hidden":false,"id":"turnCard""#),
        "the turn card is the profile's 150 pt tall")
      exports.append(text)
    }
    if hasBinary { #expect(exports[0] == exports[1], "workers replay as this process does") }
    let plain = directory.file("plain.sqlite")
    #expect(runCLI(["check", logs[0], "--delegate", "complete", "--snapshots", plain]).status == 0)
    var text = ""
    try SnapshotStore(path: plain, mode: .readOnly)
      .exportRun(label: "complete/rtl-city#1/iphone-15-portrait/rtl") { text += $0 }
    #expect(text != exports[0], "the profile changed the layout")

    let bad = directory.file("bad.json")
    try #"{"etaCardHeight": "tall"}"#.write(toFile: bad, atomically: true, encoding: .utf8)
    let refused = runCLI(["check", logs[0], "--delegate", "complete", "--profile", bad])
    #expect(refused.status == 2)
    #expect(refused.err.contains("bad.json") && refused.err.contains("etaCardHeight"), "\(refused.err)")
    #expect(refused.out.isEmpty)
  }

  @Test func badInputExitsTwoWithOneLine() {
    for arguments in [
      ["check", "nowhere.sqlite", "--delegate", "complete"],
      ["check", logs[0], "--delegate", "nope"],
      ["check", logs[0], "--delegate", "complete", "--device", "nokia-3310"],
      ["check", logs[0], "--delegate", "complete", "--shard", "0/2"],
      ["check", logs[0], "--delegate", "complete", "--annotations", "gitlab"],
      ["check", logs[0], "--delegate", "complete", "--content-size", "huge"],
    ] {
      let result = runCLI(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.out.isEmpty, "\(arguments)")
      #expect(result.err.hasPrefix("navsim check: "), "\(arguments): \(result.err)")
    }
  }

  @Test func anotherDeviceReplaysAtItsSizes() throws {
    let directory = TemporaryDirectory()
    let store = directory.file("s.sqlite")
    let result = runCLI([
      "check", logs[1], "--delegate", "complete", "--device", "ipad-mini-portrait", "--snapshots", store,
    ])
    #expect(result.status == 0, "\(result.err)")
    let snapshots = try SnapshotStore(path: store, mode: .readOnly)
    let run = try snapshots.run(label: "complete/pan-reroute#1/ipad-mini-portrait/ltr")
    #expect(run.variants == "device=ipad-mini-portrait")
    let last = try snapshots.snapshot(of: run, seq: Int64(run.eventCount))!
    #expect(last.layout.mapWidth == 744)
    #expect(last.layout.mapHeight == 1133)
  }

  @Test func jsonListsEveryConfiguration() throws {
    let result = runCLI(["check", logs[0], "--delegate", "broken", "--json"])
    #expect(result.status == 1)
    let value = try JSONValue(parsing: result.out.trimmingCharacters(in: .whitespacesAndNewlines))
    guard case .array(let configurations)? = value["configurations"] else {
      Issue.record("no configurations")
      return
    }
    #expect(configurations.count == 1)
    #expect(configurations[0]["configuration"] == .string("broken rtl-city#1 iphone-15-portrait rtl"))
    #expect(value["errors"] == .number("21"))
  }

  @Test func githubAnnotationsPointAtTheLine() {
    let result = runCLI(["check", logs[0], "--delegate", "broken", "--annotations", "github"])
    let annotations = result.out.split(separator: "\n").filter { $0.hasPrefix("::") }
    #expect(annotations.count == 21)
    #expect(annotations.contains {
      $0.hasPrefix("::error file=Sources/SampleDelegates/BrokenLayoutDelegate.swift,line=\(turnCardHeightLine),")
        && $0.contains("fixed-size-constraint")
    })
    // Without a call site (a property set), an annotation has no file.
    #expect(annotations.contains { $0.hasPrefix("::error title=navsim hiding-stack-hidden-set::") })
  }

  /// Each `--content-size` is a configuration, stored with its variant, named in the JSON,
  /// JUnit and SARIF reports; a worker process gets it on its command line.
  @Test func eachContentSizeIsAConfigurationNamedInEveryReport() throws {
    let directory = TemporaryDirectory()
    let store = directory.file("s.sqlite"), junit = directory.file("r.xml")
    let sarif = directory.file("r.sarif")
    let result = runCLI([
      "check", logs[0], "--delegate", "broken", "--content-size", "extra-small",
      "--content-size", "accessibility-large", "--snapshots", store, "--junit", junit,
      "--sarif", sarif, "--json",
    ])
    #expect(result.status == 1, "\(result.err)")
    let value = try JSONValue(parsing: result.out.trimmingCharacters(in: .whitespacesAndNewlines))
    guard case .array(let configurations)? = value["configurations"] else {
      Issue.record("no configurations")
      return
    }
    #expect(configurations.map { $0["contentSize"] }
      == [.string("extra-small"), .string("accessibility-large")])
    #expect(configurations[1]["configuration"]
      == .string("broken rtl-city#1 iphone-15-portrait rtl accessibility-large"))
    let runs = try SnapshotStore(path: store, mode: .readOnly).runs()
    #expect(runs.map(\.label) == [
      "broken/rtl-city#1/iphone-15-portrait/rtl/extra-small",
      "broken/rtl-city#1/iphone-15-portrait/rtl/accessibility-large",
    ])
    #expect(runs.map(\.variants) == ["content-size=extra-small", "content-size=accessibility-large"])
    let junitText = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(junitText.contains("name=\"rtl-city#1 iphone-15-portrait rtl accessibility-large\""))
    let sarifText = try String(contentsOfFile: sarif, encoding: .utf8)
    #expect(sarifText.contains("broken rtl-city#1 iphone-15-portrait rtl extra-small"))

    let worker = CheckWorkerCommand.arguments(
      for: CheckConfiguration(
        recording: try #require(try CheckMatrix.recordings(in: [logs[0]]).first),
        subject: .delegate("complete"), contentSize: .accessibilityMedium),
      store: directory.file("w.sqlite"), labelPrefix: nil)
    #expect(worker.contains("accessibility-medium"))
    let answer = runCLI(worker)
    #expect(answer.status == 0, "\(answer.err)")
    let workerRun = try SnapshotStore(path: directory.file("w.sqlite"), mode: .readOnly).runs()
    #expect(workerRun.map(\.variants) == ["content-size=accessibility-medium"])
  }
}
