import Foundation
import JSON
import NavSimCheck
import SessionEvents
import Testing
import TestSupport
#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The CI reports of the `broken` sample: SARIF results that point at the line that made the
/// mistake, and a JUnit file that parses and counts the test cases.
@MainActor
@Suite(.serialized) struct CheckReportTests {
  /// What the line a result points at must contain, per rule: the call that made the mistake.
  static let mistakes: [String: [String]] = [
    "fixed-size-constraint": ["heightAnchor.constraint(equalToConstant: 90)"],
    "left-right-anchor": ["etaCard.leftAnchor.constraint", "etaCard.rightAnchor.constraint"],
    "unsatisfiable-constraints": [
      "turnCard.heightAnchor.constraint", "etaCard.leftAnchor.constraint",
      "etaCard.rightAnchor.constraint", "newPrompt.trailingAnchor.constraint",
    ],
    "sdk-views-overlap": [
      "turnCard.heightAnchor.constraint", "etaCard.bottomAnchor.constraint",
      "speedWidget.centerYAnchor.constraint",
    ],
    "prompt-covers-logo": ["newPrompt.bottomAnchor.constraint"],
    "leftover-after-stop-guidance": ["mapView.addSubview(turnCard)"],
    "leftover-after-disable": [
      "mapView.addSubview(turnCard)", "mapView.addSubview(stack)", "mapView.addSubview(logo)",
      "stack.addArrangedSubview(button.view)",
    ],
  ]
  /// Mistakes no call can be blamed for: a property set (`isHidden`, a legacy setting, reading
  /// `subviews`) or something the delegate never did (add the viewport).
  static let withoutCallSite: Set<String> = [
    "hiding-stack-hidden-set", "legacy-api-with-delegate", "sdk-internals-touched",
    "missing-viewport",
  ]

  /// What one check of every recording through `broken` and `complete` printed and wrote.
  struct BrokenRun {
    var status: Int32
    var err: String
    var sarif: String
    var junit: String
  }

  /// The check both tests read, run once for the suite (it replays 10 configurations).
  private static var brokenRun: Result<BrokenRun, any Error>?

  private func runBroken() throws -> (sarif: JSONValue, junit: String) {
    let run = try (Self.brokenRun ?? {
      let computed = Result { () throws -> BrokenRun in
        let directory = TemporaryDirectory()
        let sarifPath = directory.file("broken.sarif"), junitPath = directory.file("broken.xml")
        let result = runCLI([
          "check", CanonicalRecordings.directory, "--delegate", "broken", "--delegate", "complete",
          "--sarif", sarifPath, "--junit", junitPath,
        ])
        return BrokenRun(
          status: result.status, err: result.err,
          sarif: try String(contentsOfFile: sarifPath, encoding: .utf8),
          junit: try String(contentsOfFile: junitPath, encoding: .utf8))
      }
      Self.brokenRun = computed
      return computed
    }()).get()
    #expect(run.status == 1, "\(run.err)")
    return (try JSONValue(parsing: run.sarif), run.junit)
  }

  @Test func everySarifResultOfTheBrokenSamplePointsAtTheLineThatMadeTheMistake() throws {
    let (sarif, _) = try runBroken()
    #expect(sarif["version"] == .string("2.1.0"))
    guard case .array(let runs)? = sarif["runs"], runs.count == 1,
      case .array(let results)? = runs[0]["results"],
      case .array(let rules)? = runs[0]["tool"]?["driver"]?["rules"]
    else {
      Issue.record("not one run with results and rules")
      return
    }
    #expect(runs[0]["tool"]?["driver"]?["name"] == .string("NavSim"))
    let ruleIDs = rules.compactMap { rule -> String? in
      if case .string(let id)? = rule["id"] { return id } else { return nil }
    }
    #expect(Set(ruleIDs).count == ruleIDs.count)
    #expect(results.count > 20)
    var located = 0
    for result in results {
      guard case .string(let rule)? = result["ruleId"] else {
        Issue.record("a result without ruleId")
        continue
      }
      #expect(ruleIDs.contains(rule))
      #expect(result["level"] == .string("error"))
      // Every result has a location (GitHub rejects a file with one that has none).
      guard case .array(let locations)? = result["locations"],
        let physical = locations.first?["physicalLocation"],
        case .string(let uri)? = physical["artifactLocation"]?["uri"]
      else {
        Issue.record("\(rule) has no location")
        continue
      }
      guard case .number(let lineText)? = physical["region"]?["startLine"], let line = Int(lineText)
      else {
        // No line: only for mistakes no call can be blamed for, anchored to the file of the
        // sample's other findings, with a message saying so.
        #expect(Self.withoutCallSite.contains(rule), "\(rule) has no line")
        #expect(uri == "Sources/SampleDelegates/BrokenLayoutDelegate.swift")
        #expect(locations.first?["message"] != nil)
        continue
      }
      located += 1
      #expect(uri == "Sources/SampleDelegates/BrokenLayoutDelegate.swift")
      let source = try String(
        contentsOfFile: Fixtures.repositoryRoot + "/" + uri, encoding: .utf8
      ).components(separatedBy: "\n")
      let text = source[line - 1]
      let expected = Self.mistakes[rule] ?? []
      #expect(
        expected.contains { text.contains($0) },
        "\(rule) points at line \(line): '\(text.trimmingCharacters(in: .whitespaces))'")
    }
    #expect(located >= results.count - Self.withoutCallSite.count)
  }

  @Test func theJUnitFileParsesAndCountsTheTestCases() throws {
    let (_, junit) = try runBroken()
    #if canImport(FoundationXML) || os(macOS)
      let document = try XMLDocument(xmlString: junit)
      let suites = try document.nodes(forXPath: "/testsuites/testsuite")
      #expect(suites.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue } == ["broken", "complete"])
      let cases = try document.nodes(forXPath: "//testcase")
      #expect(cases.count == 10)  // 5 recordings x 2 delegates, each on its own device and direction
      let failed = try document.nodes(forXPath: "//testcase[failure]")
      #expect(failed.count == 5)
      #expect(document.rootElement()?.attribute(forName: "tests")?.stringValue == "10")
      #expect(document.rootElement()?.attribute(forName: "failures")?.stringValue == "5")
      let failures = try document.nodes(forXPath: "//failure")
      #expect(failures.count == 97)  // one per error finding of each configuration
      let messages = failures.compactMap { ($0 as? XMLElement)?.attribute(forName: "message")?.stringValue }
      #expect(messages.contains {
        $0.hasPrefix("fixed-size-constraint [turnCard] first at event 22")
          && $0.hasSuffix("at Sources/SampleDelegates/BrokenLayoutDelegate.swift:\(turnCardHeightLine)")
      })
    #endif
  }
}
