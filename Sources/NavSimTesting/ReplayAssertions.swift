import Foundation
import Lint
import NavSim
import Replay
import Testing
import XCTest

/// Replays recordings in tests and compares them with golden files checked in next to the
/// test: one call per test, in Swift Testing or XCTest.
@MainActor
public enum ReplayTesting {
  /// Replays `recording` of `log` through a new delegate and returns the golden text and the
  /// replay's summary.
  /// - Throws: what opening the log throws.
  public static func replay(
    log: String, recording: Int64? = nil, delegateName: String = "delegate",
    delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?,
    direction: LayoutDirectionOverride? = nil, profile: SDKProfile = .default
  ) throws -> (golden: GoldenText, summary: ReplayJob.Summary) {
    var golden = GoldenText()
    let job = ReplayJob(
      logPath: log, recordingID: recording, delegateName: delegateName, makeDelegate: delegate,
      watchers: .layoutRules,
      profile: profile, direction: direction)
    let summary = try job.run { snapshot, _ in golden.append(snapshot) }
    golden.font = summary.font
    return (golden, summary)
  }

  /// Replays `recording` of `log` through a screen: `screen` gets the map view before the
  /// first event (and its returned object is kept alive for the replay); snapshots show app
  /// labels' and buttons' texts.
  /// - Throws: what opening the log throws.
  public static func replay(
    log: String, recording: Int64? = nil, screenName: String = "screen",
    screen: @escaping @MainActor (GMSMapView) -> AnyObject,
    direction: LayoutDirectionOverride? = nil, profile: SDKProfile = .default
  ) throws -> (golden: GoldenText, summary: ReplayJob.Summary) {
    var golden = GoldenText()
    let job = ReplayJob(
      logPath: log, recordingID: recording, screenName: screenName, makeScreen: screen,
      watchers: .layoutRules,
      profile: profile, direction: direction)
    let summary = try job.run { snapshot, _ in golden.append(snapshot) }
    golden.font = summary.font
    return (golden, summary)
  }

  /// `compareWithGolden` through a screen.
  public static func compareWithGolden(
    log: String, recording: Int64? = nil, screen: @escaping @MainActor (GMSMapView) -> AnyObject,
    golden name: String, direction: LayoutDirectionOverride? = nil, filePath: String
  ) -> String? {
    do {
      let result = try replay(log: log, recording: recording, screen: screen, direction: direction)
      return GoldenFile.compare(
        result.golden, withFileAt: goldenPath(named: name, filePath: filePath)
      )
      .failureMessage
    } catch {
      return "replay of \(log) failed: \(error)"
    }
  }

  /// Where a golden file named `name` lives for the test file `filePath`:
  /// `<test folder>/__Golden__/<name>.txt`.
  public static func goldenPath(named name: String, filePath: String) -> String {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    return folder.appendingPathComponent("__Golden__").appendingPathComponent(name + ".txt").path
  }

  /// Replays and compares every snapshot with the golden file; returns the failure message,
  /// nil when it matches. In record mode (`NAVSIM_RECORD=1`) it writes the file and still
  /// returns a failure once.
  public static func compareWithGolden(
    log: String, recording: Int64? = nil,
    delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?,
    golden name: String, direction: LayoutDirectionOverride? = nil, filePath: String
  ) -> String? {
    do {
      let result = try replay(
        log: log, recording: recording, delegate: delegate, direction: direction)
      return GoldenFile.compare(
        result.golden, withFileAt: goldenPath(named: name, filePath: filePath)
      )
      .failureMessage
    } catch {
      return "replay of \(log) failed: \(error)"
    }
  }

  /// The error findings of a replay, as a message; nil when there are none.
  public static func errorFindings(
    log: String, recording: Int64? = nil,
    delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?,
    direction: LayoutDirectionOverride? = nil
  ) -> String? {
    do {
      let summary = try replay(
        log: log, recording: recording, delegate: delegate, direction: direction
      ).summary
      let errors = summary.findings.filter { $0.finding.severity == .error }
      guard !errors.isEmpty else { return nil }
      return "\(errors.count) error finding(s) replaying \(log):\n"
        + errors.map {
          "  \($0.finding.ruleID) [\($0.finding.views.joined(separator: ", "))] "
            + ($0.finding.source.map { "at \($0.shortDescription) " } ?? "")
            + "first at event \($0.firstSeq): \($0.finding.message)"
        }.joined(separator: "\n")
    } catch {
      return "replay of \(log) failed: \(error)"
    }
  }
}

// MARK: - Swift Testing

/// Replays `log` through `delegate` and records an issue when any snapshot differs from the
/// golden file `__Golden__/<golden>.txt` beside the calling test file.
public func expectReplayMatchesGolden(
  log: String, recording: Int64? = nil,
  delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?,
  golden: String, direction: LayoutDirectionOverride? = nil,
  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let message = onMainActor {
    ReplayTesting.compareWithGolden(
      log: log, recording: recording, delegate: delegate, golden: golden, direction: direction,
      filePath: filePath)
  }
  if let message { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
}

/// Replays `log` through a screen (`screen` gets the map view before the first event) and
/// records an issue when any snapshot differs from the golden file `__Golden__/<golden>.txt`
/// beside the calling test file. The snapshots show the screen's label and button texts.
public func expectReplayMatchesGolden(
  log: String, recording: Int64? = nil, screen: @escaping @MainActor (GMSMapView) -> AnyObject,
  golden: String, direction: LayoutDirectionOverride? = nil,
  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let message = onMainActor {
    ReplayTesting.compareWithGolden(
      log: log, recording: recording, screen: screen, golden: golden, direction: direction,
      filePath: filePath)
  }
  if let message { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
}

/// Records an issue when replaying `log` through `delegate` raises any error finding.
public func expectNoErrorFindings(
  log: String, recording: Int64? = nil,
  delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?,
  direction: LayoutDirectionOverride? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
  let message = onMainActor {
    ReplayTesting.errorFindings(
      log: log, recording: recording, delegate: delegate, direction: direction)
  }
  if let message { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
}

// MARK: - XCTest

/// XCTest form of `expectReplayMatchesGolden`: call it from a plain test method (XCTest on
/// Linux cannot run `@MainActor` test methods; the replay runs on the main actor inside).
public func XCTAssertReplayMatchesGolden(
  log: String, recording: Int64? = nil,
  delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?,
  golden: String, direction: LayoutDirectionOverride? = nil,
  file: StaticString = #filePath, line: UInt = #line
) {
  let message = onMainActor {
    ReplayTesting.compareWithGolden(
      log: log, recording: recording, delegate: delegate, golden: golden, direction: direction,
      filePath: "\(file)")
  }
  if let message { XCTFail(message, file: file, line: line) }
}

/// XCTest form of `expectReplayMatchesGolden(log:screen:golden:)`.
public func XCTAssertReplayMatchesGolden(
  log: String, recording: Int64? = nil, screen: @escaping @MainActor (GMSMapView) -> AnyObject,
  golden: String, direction: LayoutDirectionOverride? = nil,
  file: StaticString = #filePath, line: UInt = #line
) {
  let message = onMainActor {
    ReplayTesting.compareWithGolden(
      log: log, recording: recording, screen: screen, golden: golden, direction: direction,
      filePath: "\(file)")
  }
  if let message { XCTFail(message, file: file, line: line) }
}

/// XCTest form of `expectNoErrorFindings`.
public func XCTAssertNoErrorFindings(
  log: String, recording: Int64? = nil,
  delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?,
  direction: LayoutDirectionOverride? = nil, file: StaticString = #filePath, line: UInt = #line
) {
  let message = onMainActor {
    ReplayTesting.errorFindings(
      log: log, recording: recording, delegate: delegate, direction: direction)
  }
  if let message { XCTFail(message, file: file, line: line) }
}
