import CLITestSupport
import Findings
import Foundation
@testable import NavSimCLI
import Replay
import Snapshots
import Testing
import TestSupport

/// `navsim report` and `navsim render` against a small store written here.
@MainActor
@Suite struct ReportCommandTests {
  static let sheetID = "sheet<script>alert(1)</script>"

  /// A store with run `v1`: ready, guidance, then a prompt covering the viewport (a finding).
  private func makeStore() throws -> (directory: TemporaryDirectory, path: String) {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let writer = try store.beginRun(RunMetadata(
      label: "v1", delegate: "classic", recordingID: 1, recordingName: "harbour", logFingerprint: "f1",
      navsimVersion: "0.1.0", sdkProfile: "default", variants: ""))
    func layout(prompt: Bool) -> LayoutState {
      var nodes = [
        SnapshotNode(id: "turnCard", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 0, y: 59, width: 393, height: 120)),
        SnapshotNode(id: "viewport", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 0, y: 179, width: 393, height: 473)),
        SnapshotNode(id: Self.sheetID, kind: .appView, parent: "map",
          frame: SnapshotRect(x: 0, y: 652, width: 393, height: 200)),
      ]
      if prompt {
        nodes.append(SnapshotNode(id: "prompt.incident#1", kind: .sdkView, parent: "map",
          frame: SnapshotRect(x: 0, y: 600, width: 393, height: 252), roundedCorners: ["minXminY", "maxXminY"]))
      }
      return LayoutState(
        state: "activeGuidance", wideMode: false, mapWidth: 393, mapHeight: 852,
        safeArea: SnapshotInsets(top: 59, leading: 0, bottom: 34, trailing: 0), direction: "ltr",
        nodes: nodes, animations: [])
    }
    let finding = Finding(ruleID: "prompt-covers-viewport", severity: .error,
      views: ["prompt.incident#1", "viewport"], message: "The prompt covers the viewport.")
    try writer.append(LayoutSnapshot(seq: 1, t: 0, event: "guidanceStarted", layout: layout(prompt: false), findings: []), detail: "{}")
    try writer.append(LayoutSnapshot(seq: 2, t: 1000, event: "progress", layout: layout(prompt: false), findings: []),
      detail: #"{"roadName":"Main <b>St</b>"}"#)
    try writer.append(LayoutSnapshot(seq: 3, t: 2000, event: "promptReady", layout: layout(prompt: true), findings: [finding]),
      detail: #"{"promptID":1}"#)
    _ = try writer.finish()
    return (directory, path)
  }

  private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    runInProcess(arguments)
  }

  @Test func reportWritesOneSelfContainedPage() throws {
    let (directory, path) = try makeStore()
    let output = directory.file("v1.html")
    let result = run(["report", path, "v1", "--html", output])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "wrote \(output) (3 events, 2 distinct layouts)\n")
    let page = try String(contentsOfFile: output, encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.components(separatedBy: "<script").count - 1 == 2)
    #expect(page.contains("sheet\\u003cscript>alert(1)\\u003c/script>"))
    #expect(!page.contains("<b>St"))
  }

  @Test func renderDrawsTheLayoutAfterOneEvent() throws {
    let (directory, path) = try makeStore()
    let output = directory.file("seq3.svg")
    let result = run(["render", path, "v1", "--seq", "3", "--svg", output])
    #expect(result.status == 0, "\(result.err)")
    let svg = try String(contentsOfFile: output, encoding: .utf8)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 393 "))
    #expect(svg.contains(#"data-id="turnCard"><title>turnCard (sdk) 0,59 393x120</title><rect class="nv-shape""#))
    #expect(svg.contains(#"x="0" y="59" width="393" height="120"/>"#))
    #expect(svg.contains("data-id=\"sheet&lt;script&gt;alert(1)&lt;/script&gt;\""))
    #expect(!svg.contains("<script"))
    #expect(svg.contains(">1 [error] prompt-covers-viewport: The prompt covers the</text>"))
  }

  @Test func renderWritesTheSameRealPNGTwiceAndAContactSheet() throws {
    let (directory, path) = try makeStore()
    let first = directory.file("a.png"), second = directory.file("b.png")
    #expect(run(["render", path, "v1", "--seq", "3", "--png", first, "--scale", "2"]).status == 0)
    #expect(run(["render", path, "v1", "--seq", "3", "--png", second, "--scale", "2"]).status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
    #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
    // The road name from event 2's payload is shown in the turn card, escaped.
    let svgPath = directory.file("seq3.svg")
    #expect(run(["render", path, "v1", "--seq", "3", "--svg", svgPath]).status == 0)
    #expect(try String(contentsOfFile: svgPath, encoding: .utf8).contains(">Main &lt;b&gt;St&lt;/b&gt;</text>"))
    let sheet = directory.file("sheet.svg")
    let result = run(["render", path, "v1", "--distinct", "--svg", sheet])
    #expect(result.status == 0, "\(result.err)")
    let text = try String(contentsOfFile: sheet, encoding: .utf8)
    #expect(text.contains(">v1 (classic): 2 distinct layouts of &#39;harbour&#39;</text>"))
    #expect(text.contains(">v1 · 0.0 s · #1 guidanceStarted</text>"))
    #expect(text.contains(">v1 · 2.0 s · #3 promptReady</text>"))
    #expect(!text.contains("#2 progress</text>"))
    let both = run(["render", path, "v1", "--seq", "3", "--distinct", "--svg", sheet])
    #expect(both.status == 2 && both.err.contains("give --seq N or --distinct, not both"))
  }

  @Test func anUnknownLabelIsAOneLineErrorAndWritesNothing() throws {
    let (directory, path) = try makeStore()
    let output = directory.file("nope.html")
    let result = run(["report", path, "nope", "--html", output])
    #expect(result.status == 2)
    #expect(result.err.split(separator: "\n").count == 1)
    #expect(result.err.contains("no run labelled 'nope' (runs: v1)"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func anUnknownSeqIsAOneLineErrorAndWritesNothing() throws {
    let (directory, path) = try makeStore()
    let output = directory.file("seq9.svg")
    let result = run(["render", path, "v1", "--seq", "9", "--svg", output])
    #expect(result.status == 2)
    #expect(result.err == "navsim render: \(path): run 'v1' has no event 9 (its events are 1...3)\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func missingOutputOptionsAreUsageErrors() throws {
    let (_, path) = try makeStore()
    let report = run(["report", path, "v1"])
    #expect(report.status == 2 && report.err.contains("missing --html OUT.html"))
    let render = run(["render", path, "v1", "--svg", "x.svg"])
    #expect(render.status == 2 && render.err.contains("missing --seq N"))
    let badSeq = run(["render", path, "v1", "--seq", "three", "--svg", "x.svg"])
    #expect(badSeq.status == 2 && badSeq.err.contains("--seq must be an integer"))
  }

  @Test func anUnwritableOutputLeavesNoPartialFile() throws {
    let (directory, path) = try makeStore()
    let output = directory.file("missing-dir/v1.html")
    let result = run(["report", path, "v1", "--html", output])
    #expect(result.status == 2)
    #expect(
      result.err == "navsim report: \(output): the directory \(directory.file("missing-dir")) "
        + "does not exist; create it first\n")
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(left.allSatisfy { !$0.contains(".tmp") })
    #expect(!FileManager.default.fileExists(atPath: directory.file("missing-dir")))
  }

  @Test func aDirectoryAtTheOutputIsRefusedAndKept() throws {
    let (directory, path) = try makeStore()
    let output = directory.file("q")
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
    try "keep".write(toFile: output + "/inside.txt", atomically: false, encoding: .utf8)
    let result = run(["report", path, "v1", "--html", output])
    #expect(result.status == 2)
    #expect(
      result.err
        == "navsim report: \(output): is a directory; give the path of a file to write "
        + "(nothing was changed)\n")
    #expect(try String(contentsOfFile: output + "/inside.txt", encoding: .utf8) == "keep")
    let input = run(["report", path, "v1", "--html", path])
    #expect(input.status == 2)
    #expect(input.err.hasSuffix("is also this command's input; write the output to another file\n"))
  }
}
