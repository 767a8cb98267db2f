import EventLog
import Foundation
import Snapshots
import TestSupport
import Testing

/// `navsim replay`, `lint`, `diff` and `runs` through the real binary.
@Suite struct ReplayCommandTests {
  static let commute = Fixtures.repositoryRoot + "/Recordings/city-commute.sqlite"

  @Test func replaysInTwoProcessesGiveByteIdenticalSnapshots() async throws {
    let directory = TemporaryDirectory()
    var exports: [String] = []
    for index in 1...2 {
      let store = directory.file("run\(index).sqlite")
      let replay = try await launchProduct(
        "navsim", ["replay", Self.commute, "--delegate", "complete", "--snapshots", store, "--label", "v"])
      #expect(replay.status == 0, "\(replay.standardError)")
      let export = try await launchProduct("navsim", ["runs", store, "export", "v"])
      #expect(export.status == 0)
      exports.append(export.standardOutput)
    }
    #expect(exports[0].split(separator: "\n").count > 1000)
    #expect(exports[0] == exports[1])
  }

  @Test func diffExitsZeroWhenIdenticalOneWhenDifferentTwoOnError() async throws {
    let directory = TemporaryDirectory()
    let store = directory.file("snapshots.sqlite")
    for (label, delegate) in [("a", "basic"), ("b", "basic"), ("c", "complete")] {
      let result = try await launchProduct(
        "navsim", ["replay", Self.commute, "--delegate", delegate, "--snapshots", store, "--label", label])
      #expect(result.status == 0, "\(result.standardError)")
    }
    let same = try await launchProduct("navsim", ["diff", store, "a", "b"])
    #expect(same.status == 0)
    #expect(same.standardOutput.hasPrefix("identical: a (basic) and b (basic) agree on all"))
    let different = try await launchProduct("navsim", ["diff", store, "a", "c", "--json"])
    #expect(different.status == 1)
    let json = try JSONSerialization.jsonObject(with: Data(different.standardOutput.utf8)) as? [String: Any]
    #expect(json?["identical"] as? Bool == false)
    #expect((json?["differingEvents"] as? Int ?? 0) > 0)
    // Written as the diff runs, the bytes of the whole diff's report.
    let whole = try SnapshotStore(path: store, mode: .readOnly).diff(labelA: "a", labelB: "c")
    #expect(different.standardOutput == whole.json + "\n")
    let text = try await launchProduct("navsim", ["diff", store, "a", "c", "--max-events", "3"])
    #expect(text.standardOutput == whole.text(maxEvents: 3))
    let unknown = try await launchProduct("navsim", ["diff", store, "a", "zzz"])
    #expect(unknown.status == 2)
    #expect(unknown.standardError == "navsim diff: \(store): no run labelled 'zzz' (runs: a, b, c)\n")
  }

  @Test func lintExitsOneOnErrorFindingsAndZeroOnACleanDelegate() async throws {
    let broken = try await launchProduct("navsim", ["lint", Self.commute, "--delegate", "broken"])
    #expect(broken.status == 1)
    #expect(broken.standardOutput.contains("error: missing-viewport [viewport]"))
    let source = try String(
      contentsOfFile: Fixtures.repositoryRoot + "/Sources/SampleDelegates/BrokenLayoutDelegate.swift",
      encoding: .utf8
    ).components(separatedBy: "\n")
    let line = try #require(source.firstIndex { $0.contains("heightAnchor.constraint(equalToConstant: 90)") }) + 1
    #expect(broken.standardOutput.contains(
      "error: fixed-size-constraint [turnCard] at BrokenLayoutDelegate.swift:\(line) first at event 22, 1 event"))
    let clean = try await launchProduct("navsim", ["lint", Self.commute, "--delegate", "complete"])
    #expect(clean.status == 0)
    #expect(clean.standardOutput.contains(", 0 errors, 0 warnings"))
  }

  @Test func screensReplayLintAndStoreWithTheirLabelTexts() async throws {
    let directory = TemporaryDirectory()
    let store = directory.file("screens.sqlite")
    let replay = try await launchProduct(
      "navsim", ["replay", Self.commute, "--screen", "delivery", "--snapshots", store, "--print"])
    #expect(replay.status == 0, "\(replay.standardError)")
    #expect(replay.standardOutput.contains(
      "view orderETA parent=orderSheet frame=16,647.667,122.667,20.3333 text=Arriving%20in%204%20min"))
    #expect(replay.standardOutput.contains("text=Arrived%20at%20Schulweg"))
    #expect(replay.standardOutput.contains(
      "replayed recording 1 'city-commute' through 'screen:delivery': 1090 events"))
    #expect(replay.standardOutput.hasSuffix("stored run 'screen:delivery' in \(store)\n"))
    let lint = try await launchProduct("navsim", ["lint", Self.commute, "--screen", "delivery"])
    #expect(lint.status == 0)
    #expect(lint.standardOutput.hasSuffix(
      "1090 events, 0 errors, 0 warnings ('screen:delivery' on recording 1)\n"))
    let listed = try await launchProduct("navsim", ["delegates"])
    #expect(listed.standardOutput.hasSuffix("complete-v2\nscreen:delivery\n"))
  }

  @Test func badArgumentsAreOneLineErrors() async throws {
    let unknownScreen = try await launchProduct("navsim", ["lint", Self.commute, "--screen", "nope"])
    #expect(unknownScreen.status == 2)
    #expect(unknownScreen.standardError == "navsim lint: unknown screen 'nope' (known: delivery)\n")
    let both = try await launchProduct(
      "navsim", ["replay", Self.commute, "--screen", "delivery", "--delegate", "basic"])
    #expect(both.status == 2)
    #expect(both.standardError.hasPrefix(
      "navsim replay: give --delegate NAME or --screen NAME, not both\n"))
    let unknownDelegate = try await launchProduct("navsim", ["replay", Self.commute, "--delegate", "nope"])
    #expect(unknownDelegate.status == 2)
    #expect(unknownDelegate.standardError ==
      "navsim replay: unknown delegate 'nope' (known: basic, broken, builtin, complete, complete-v2)\n")
    let missingLog = try await launchProduct("navsim", ["replay", "/nonexistent.sqlite", "--delegate", "basic"])
    #expect(missingLog.status == 2)
    #expect(missingLog.standardError.contains("/nonexistent.sqlite"))
    #expect(missingLog.standardError.split(separator: "\n").count == 1)
    let badRecording = try await launchProduct("navsim", ["replay", Self.commute, "--delegate", "basic", "--recording", "7"])
    #expect(badRecording.standardError == "navsim replay: \(Self.commute): no recording 7 (recordings: 1)\n")
  }
}

/// `navsim demo`, the newcomer's first command.
@Suite struct DemoCommandTests {
  /// One `navsim demo` (a recording, 6 replays, diffs and reports: the slowest command) both
  /// tests read, run once from the repository root as after `swift run`, into a folder that
  /// holds an earlier demo's files for it to replace (`staleFiles`): one run checks both a
  /// demo's outputs and that a demo into the same folder again replaces what was there.
  static let demo = Task { () async throws -> DemoRun in
    let directory = TemporaryDirectory.untilExit()
    let out = directory.file("demo")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    for (file, source) in staleFiles {
      try FileManager.default.copyItem(atPath: source, toPath: out + "/" + file)
    }
    let result = try await launchProduct(
      "navsim", ["demo", "--out", out], currentDirectory: Fixtures.repositoryRoot)
    return (out, result, directory)
  }
  typealias DemoRun = (out: String, result: ProcessResult, directory: TemporaryDirectory)

  /// What an earlier demo left in the folder, each file another than this demo writes: the log
  /// of another trip, a store that is a log (a demo that opened it as a store would fail), and
  /// reports, diffs and a picture with that log's bytes.
  static let staleFiles = [
    "trip.sqlite", "snapshots.sqlite", "report-complete.html", "diff-basic-complete.html",
    "diff-complete-broken.html", "wide-mode.svg", "report-screen-delivery.html",
  ].map { ($0, ReplayCommandTests.commute) }

  @Test func demoRecordsReplaysDiffsAndWritesReports() async throws {
    let (out, result, _) = try await Self.demo.value
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "")
    let story = result.standardOutput
    #expect(story.contains("1. Recorded a trip: demo-commute"))
    #expect(story.contains("   complete  ") && story.contains("no findings"))
    #expect(story.contains("   broken    ") && story.contains("errors"))
    #expect(story.contains("basic vs complete: "))
    // Two versions of one delegate, 16 pt apart above prompts, differ only while one shows.
    let versions = try #require(story.split(separator: "\n").first { $0.contains("complete vs complete-v2:") })
    #expect(!versions.contains("1089 of") && !versions.contains("1090 of"))
    for file in ["trip.sqlite", "snapshots.sqlite", "report-complete.html", "diff-basic-complete.html",
                 "diff-complete-broken.html", "wide-mode.svg", "report-screen-delivery.html"] {
      #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file)")
    }
    let runs = try await launchProduct("navsim", ["runs", out + "/snapshots.sqlite"])
    #expect(runs.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0] }
      == ["basic", "broken", "builtin", "complete", "complete-v2", "screen:delivery"])
    #expect(story.contains("   screen:delivery "))
    // The earlier demo's files were replaced whole: the log holds this demo's trip alone, the
    // store this demo's runs alone (above), the report is this demo's.
    let recordings = try EventLogFile(path: out + "/trip.sqlite", mode: .readOnly).recordings()
    #expect(recordings.map(\.metadata.name) == ["demo-commute"])
    let stale = try Data(contentsOf: URL(fileURLWithPath: ReplayCommandTests.commute))
    for (file, _) in Self.staleFiles where file != "trip.sqlite" {
      #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/" + file)) != stale, "\(file)")
    }
  }

  @Test func theNextCommandsWorkAsPrinted() async throws {
    // As after `swift run`: the binary is not on the PATH, the shell runs the lines as shown.
    let result = try await Self.demo.value.result
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    let start = try #require(lines.firstIndex { $0.hasPrefix("Next: ") })
    let commands = lines[start...].map {
      $0.hasPrefix("Next: ") ? String($0.dropFirst(6)) : $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(commands.count == 4)
    for command in commands {
      #expect(!command.hasPrefix("navsim "), "\(command): navsim is not on the PATH")
      let runnable = command.replacingOccurrences(of: " | less", with: " > /dev/null")
      let shell = try launch(
        path: "/bin/sh", ["-c", runnable + " > /dev/null 2>&1"],
        currentDirectory: Fixtures.repositoryRoot, environment: ["PATH": "/usr/bin:/bin"],
        inheritEnvironment: false)
      // lint and check exit 1 (the broken delegate's errors); 127 would be "not found".
      #expect([0, 1].contains(shell.status), "\(command) exited \(shell.status)")
    }
  }

  /// Two runs measured with different font files (here Inter with one byte appended: same
  /// glyphs, another hash) get a note from `diff`, with both fonts named.
  @Test func diffNotesRunsMeasuredWithDifferentFonts() throws {
    let directory = TemporaryDirectory()
    let fonts = directory.file("fonts")
    try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
    let inter = "/usr/share/fonts/opentype/inter"
    for name in try FileManager.default.contentsOfDirectory(atPath: inter) where name.hasPrefix("Inter-") {
      try FileManager.default.copyItem(atPath: inter + "/" + name, toPath: fonts + "/" + name)
    }
    let regular = try FileHandle(forWritingTo: URL(fileURLWithPath: fonts + "/Inter-Regular.otf"))
    try regular.seekToEnd()
    try regular.write(contentsOf: Data([0]))
    try regular.close()
    let store = directory.file("s.sqlite")
    for (label, environment) in [("a", [:]), ("b", ["NAVSIM_FONT_DIR": fonts])] {
      let replay = try launchProduct(
        "navsim", ["replay", ReplayCommandTests.commute, "--screen", "delivery", "--snapshots", store,
          "--label", label], environment: environment)
      #expect(replay.status == 0, "\(replay.standardError)")
    }
    let diff = try launchProduct("navsim", ["diff", store, "a", "b"])
    #expect(diff.status == 0, "the same glyphs: the same frames")
    let lines = diff.standardOutput.split(separator: "\n")
    #expect(lines.first?.hasPrefix("identical: ") == true)
    let note = try #require(lines.last)
    #expect(note.hasPrefix("note: 'a' measured text with Inter-Regular.otf revision "))
    #expect(note.contains(", 'b' with Inter-Regular.otf revision "))
    #expect(note.hasSuffix("; text-dependent frames differ with the font"))
    // Two stores (main's and a branch's, say), paired by label: the note names the stores.
    let other = directory.file("t.sqlite")
    let replay = try launchProduct(
      "navsim", ["replay", ReplayCommandTests.commute, "--screen", "delivery", "--snapshots", other,
        "--label", "a"], environment: ["NAVSIM_FONT_DIR": fonts])
    #expect(replay.status == 0, "\(replay.standardError)")
    let stores = try launchProduct("navsim", ["diff", store, other])
    #expect(stores.standardOutput.split(separator: "\n").last?
      .hasPrefix("note: \(store) measured text with Inter-Regular.otf revision ") == true,
      "\(stores.standardOutput)")
  }

  /// `NAVSIM_TEXT_MEASURER` picks the measurer: `harfbuzz` is Linux's default, `coretext`
  /// needs macOS, anything else is refused; each refusal is one line, exit 70.
  @Test func theTextMeasurerIsChosenByNameAndAWrongChoiceIsOneLine() throws {
    let replay = try launchProduct(
      "navsim", ["replay", ReplayCommandTests.commute, "--screen", "delivery", "--print"],
      environment: ["NAVSIM_TEXT_MEASURER": "harfbuzz"])
    #expect(replay.status == 0, "\(replay.standardError)")
    #expect(replay.standardOutput.contains(
      "view orderETA parent=orderSheet frame=16,647.667,122.667,20.3333 text=Arriving"))
    var refusals = [
      ("skia", "NAVSIM_TEXT_MEASURER=skia is not a text measurer (harfbuzz or coretext)")
    ]
    #if !canImport(CoreText)  // on macOS Core Text is there and `coretext` is a choice
      refusals.append(
        ("coretext", "NAVSIM_TEXT_MEASURER=coretext needs macOS (Core Text); use harfbuzz or "
          + "leave it unset"))
    #endif
    for (name, message) in refusals {
      let refused = try launchProduct(
        "navsim", ["replay", ReplayCommandTests.commute, "--screen", "delivery"],
        environment: ["NAVSIM_TEXT_MEASURER": name])
      #expect(refused.status == 70)
      #expect(refused.standardError == "navsim: \(message)\n")
    }
  }

  /// NavSim's names of the content size categories, smallest first, as help lists them.
  private enum UIContentSizeNames {
    static let all = [
      "extra-small", "small", "medium", "large", "extra-large", "extra-extra-large",
      "extra-extra-extra-large", "accessibility-medium", "accessibility-large",
      "accessibility-extra-large", "accessibility-extra-extra-large",
      "accessibility-extra-extra-extra-large",
    ]
  }

  /// `--content-size` takes UIKit's categories by NavSim's names (help lists them) or by
  /// UIKit's raw values (`UICTContentSizeCategoryAccessibilityXXXL`, not listed); the run
  /// stores it as a variant by name, and `runs` shows it with the font text was measured with.
  @Test func aReplayAtAnotherContentSizeIsStoredAsAVariant() throws {
    let directory = TemporaryDirectory()
    let store = directory.file("s.sqlite")
    let replay = try launchProduct("navsim", [
      "replay", ReplayCommandTests.commute, "--screen", "delivery", "--content-size",
      "UICTContentSizeCategoryAccessibilityXXXL", "--snapshots", store, "--label", "ax5",
    ])
    #expect(replay.status == 0, "\(replay.standardError)")
    let runs = try launchProduct("navsim", ["runs", store])
    let fields = runs.standardOutput.split(separator: "\n")[0].split(separator: "\t")
    #expect(fields.contains { $0 == "content-size=accessibility-extra-extra-extra-large" })
    #expect(fields.contains { $0.hasPrefix("font=Inter-Regular.otf revision ") })
    let bad = try launchProduct("navsim", [
      "lint", ReplayCommandTests.commute, "--delegate", "complete", "--content-size", "huge",
    ])
    #expect(bad.status == 2)
    let expected = "navsim lint: --content-size takes one of "
      + UIContentSizeNames.all.joined(separator: ", ") + "; got 'huge'"
    #expect(bad.standardError.split(separator: "\n").first.map(String.init) == expected)
    let help = try launchProduct("navsim", ["replay", "--help"], environment: ["COLUMNS": "200"])
    #expect(help.standardOutput.contains("Values: extra-small, small, medium, large"))
    #expect(!help.standardOutput.contains("UICTContentSizeCategory"))
  }
}
