import Explore
import Foundation
import Lint
import NavSim
import NavSimCheck
import Navigator
import Replay
import Testing
import XCTest

// `navsim explore` inside an app's unit tests: one call searches a fixed seed and budget of
// generated trips, so the suite searches on every run and fails with explore's table.

/// Runs explore in tests.
@MainActor
public enum ExploreTesting {
  /// The trips a test explores by default: few enough for a debug build to run in seconds.
  public nonisolated static let defaultBudget = 12

  /// Explores `budget` trips of `seed` through a new delegate (in this process) and returns
  /// explore's table when any error finding shows, nil when none does.
  /// - Parameters:
  ///   - delegateName: the delegate's name in the table and the minimal trips' file names.
  ///   - delegate: makes the layout delegate, once per replayed trip.
  ///   - seed: the generator's seed; the same seed gives the same trips.
  ///   - budget: how many trips to generate and replay.
  ///   - devices: device profile names the trips start on (default: every profile).
  ///   - outputDirectory: where minimal trips are written (default: none).
  /// - Returns: the table of findings, or nil when explore found no error.
  public static func errorFindings(
    delegateName: String = "delegate",
    delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?, seed: UInt64 = 1,
    budget: Int = defaultBudget, devices: [String] = [], outputDirectory: String? = nil
  ) -> String? {
    table(
      delegateName, delegate, seed, budget, devices, outputDirectory, failsOn: { $0.errorCount > 0 }
    )
  }

  /// As `errorFindings`, but warnings count too: the table when any finding shows.
  /// - Parameters:
  ///   - delegateName: the delegate's name in the table and the minimal trips' file names.
  ///   - delegate: makes the layout delegate, once per replayed trip.
  ///   - seed: the generator's seed; the same seed gives the same trips.
  ///   - budget: how many trips to generate and replay.
  ///   - devices: device profile names the trips start on (default: every profile).
  ///   - outputDirectory: where minimal trips are written (default: none).
  /// - Returns: the table of findings, or nil when explore found none.
  public static func findings(
    delegateName: String = "delegate",
    delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?, seed: UInt64 = 1,
    budget: Int = defaultBudget, devices: [String] = [], outputDirectory: String? = nil
  ) -> String? {
    table(
      delegateName, delegate, seed, budget, devices, outputDirectory,
      failsOn: { !$0.findings.isEmpty })
  }

  private static func table(
    _ delegateName: String, _ delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?,
    _ seed: UInt64, _ budget: Int, _ devices: [String], _ outputDirectory: String?,
    failsOn: (ExploreResult) -> Bool
  ) -> String? {
    do {
      var space = TripSpace()
      if !devices.isEmpty { space.devices = try devices.map(DeviceProfiles.profile(named:)) }
      let result = try Explorer(
        seed: seed, budget: budget, space: space,
        job: ReplayJob(logPath: "", delegateName: delegateName, makeDelegate: delegate,
        watchers: .layoutRules),
        subject: .delegate(delegateName), outputDirectory: outputDirectory
      ).run()
      return failsOn(result) ? result.text() : nil
    } catch {
      return "explore of '\(delegateName)' failed: \(error)"
    }
  }
}

/// Records an issue, with explore's table, when `budget` generated trips of `seed` raise an
/// error finding in `delegate`.
/// - Parameters:
///   - delegate: makes the layout delegate, once per replayed trip.
///   - seed: the generator's seed; the same seed gives the same trips.
///   - budget: how many trips to generate and replay.
///   - devices: device profile names the trips start on (default: every profile).
///   - outputDirectory: where minimal trips are written (default: none).
///   - sourceLocation: where the issue is recorded (the caller's line).
public func expectExploreFindsNoErrors(
  delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?, seed: UInt64 = 1,
  budget: Int = ExploreTesting.defaultBudget, devices: [String] = [],
  outputDirectory: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
  let message = onMainActor {
    ExploreTesting.errorFindings(
      delegate: delegate, seed: seed, budget: budget, devices: devices,
      outputDirectory: outputDirectory)
  }
  if let message { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
}

/// XCTest form of `expectExploreFindsNoErrors`.
/// - Parameters:
///   - delegate: makes the layout delegate, once per replayed trip.
///   - seed: the generator's seed; the same seed gives the same trips.
///   - budget: how many trips to generate and replay.
///   - devices: device profile names the trips start on (default: every profile).
///   - outputDirectory: where minimal trips are written (default: none).
///   - file: the file the failure is reported in (the caller's).
///   - line: the line the failure is reported at (the caller's).
public func XCTAssertExploreFindsNoErrors(
  delegate: @escaping @MainActor () -> (any NavigationLayoutDelegate)?, seed: UInt64 = 1,
  budget: Int = ExploreTesting.defaultBudget, devices: [String] = [],
  outputDirectory: String? = nil, file: StaticString = #filePath, line: UInt = #line
) {
  let message = onMainActor {
    ExploreTesting.errorFindings(
      delegate: delegate, seed: seed, budget: budget, devices: devices,
      outputDirectory: outputDirectory)
  }
  if let message { XCTFail(message, file: file, line: line) }
}
