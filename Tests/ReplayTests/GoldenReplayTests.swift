import Foundation
import NavSim
import NavSimTesting
import Replay
import ReplayTestSupport
import SampleDelegates
import TestSupport
import Testing
import XCTest

/// Every canonical recording replayed through the sample delegates, compared snapshot by
/// snapshot with the golden files in `__Golden__/` (re-record with `NAVSIM_RECORD=1`, then
/// review the change in the pull request).
@MainActor
@Suite struct GoldenReplayTests {
  nonisolated static let recordings = ["city-commute", "highway-cameras", "pan-reroute", "rotations-wide", "rtl-city"]

  @Test(arguments: recordings)
  func basicDelegate(recordingName: String) {
    CanonicalGolden.expectMatches(recordingName, "basic", golden: "\(recordingName).basic")
  }

  @Test(arguments: recordings)
  func completeDelegate(recordingName: String) {
    CanonicalGolden.expectMatches(recordingName, "complete", golden: "\(recordingName).complete")
  }

  /// The delivery screen: its listener writes the order sheet's ETA and distance and the
  /// arrival banner, and the goldens hold those texts.
  @Test(arguments: recordings)
  func deliveryScreen(recordingName: String) {
    CanonicalGolden.expectMatches(recordingName, "delivery", golden: "\(recordingName).delivery")
  }

  @Test(arguments: recordings)
  func theGoodDelegatesRaiseNoErrors(recordingName: String) {
    CanonicalGolden.expectNoErrorFindings(recordingName, "complete")
    CanonicalGolden.expectNoErrorFindings(recordingName, "basic")
  }

  @Test func aChangedLayoutFailsWithTheFirstDifferingEvents() throws {
    let (golden, _) = try ReplayTesting.replay(
      log: recording("city-commute"), delegate: { MarginDelegate(logoMargin: 16) })
    let (changed, _) = try ReplayTesting.replay(
      log: recording("city-commute"), delegate: { MarginDelegate(logoMargin: 20) })
    let directory = TemporaryDirectory()
    let path = directory.path + "/margin.txt"
    #expect(GoldenFile.compare(golden, withFileAt: path, record: false) == .missing(
      "no golden file at \(path); run once with NAVSIM_RECORD=1 to record it, then review it"))
    guard case .recorded = GoldenFile.compare(golden, withFileAt: path, record: true) else {
      Issue.record("record mode must still fail once")
      return
    }
    #expect(GoldenFile.compare(golden, withFileAt: path, record: false) == .matches)
    let message = try #require(GoldenFile.compare(changed, withFileAt: path, record: false).failureMessage)
    #expect(message.contains("--- event 1\n- sdk googleLogo parent=map frame=16,"))
    #expect(message.contains("+ sdk googleLogo parent=map frame=20,"))
    #expect(message.hasSuffix("re-record with NAVSIM_RECORD=1 if the change is intended"))
  }

  @Test func recordModeRewritesOnlyGoldensThatChanged() throws {
    let (golden, _) = try ReplayTesting.replay(
      log: recording("rtl-city"), delegate: { MarginDelegate(logoMargin: 16) })
    let (changed, _) = try ReplayTesting.replay(
      log: recording("rtl-city"), delegate: { MarginDelegate(logoMargin: 20) })
    let directory = TemporaryDirectory()
    let path = directory.path + "/margin.txt"
    guard case .recorded = GoldenFile.compare(golden, withFileAt: path, record: true) else {
      Issue.record("a missing golden file is recorded (and fails once)")
      return
    }
    // Same replay in record mode: nothing written, the test passes.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: path)
    #expect(GoldenFile.compare(golden, withFileAt: path, record: true) == .matches)
    let untouched = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    #expect(untouched == Date(timeIntervalSince1970: 1_000_000))
    // A changed replay is rewritten and fails once.
    guard case .recorded = GoldenFile.compare(changed, withFileAt: path, record: true) else {
      Issue.record("a changed golden file is re-recorded (and fails once)")
      return
    }
    #expect(GoldenFile.compare(changed, withFileAt: path, record: false) == .matches)
  }
  /// A golden file names the font it was measured with; made with another font, a check
  /// says so in one line instead of listing every frame the other widths moved.
  @Test func aGoldenFromAnotherFontSaysSoInOneLine() throws {
    let (golden, _) = try ReplayTesting.replay(
      log: recording("city-commute"), delegate: { MarginDelegate(logoMargin: 16) })
    let (changed, _) = try ReplayTesting.replay(
      log: recording("city-commute"), delegate: { MarginDelegate(logoMargin: 20) })
    let font = try #require(golden.font)
    #expect(font == ReplayJob.fontIdentity)
    let directory = TemporaryDirectory()
    let path = directory.path + "/margin.txt"
    _ = GoldenFile.compare(golden, withFileAt: path, record: true)
    let recorded = try String(contentsOfFile: path, encoding: .utf8)
    #expect(recorded.hasPrefix("font \(font)\nevent 1 "))

    let other = "Inter-Regular.otf revision 3.019 fnv1a64 0123456789abcdef harfbuzz 2.7.4"
    try ("font " + other + "\n" + golden.text).write(toFile: path, atomically: true, encoding: .utf8)
    // The same frames: the font line is a record, not a failure.
    #expect(GoldenFile.compare(golden, withFileAt: path, record: false) == .matches)
    let message = try #require(
      GoldenFile.compare(changed, withFileAt: path, record: false).failureMessage)
    #expect(!message.contains("\n"))
    #expect(message.hasPrefix(
      "golden file \(path) was made with font \(other), this run measures with \(font); "))
    #expect(message.contains(" event(s) differ: install that font"))
    // A golden file that names no font (recorded before) shows the frames that differ.
    try golden.text.write(toFile: path, atomically: true, encoding: .utf8)
    let plain = try #require(
      GoldenFile.compare(changed, withFileAt: path, record: false).failureMessage)
    #expect(plain.contains("+ sdk googleLogo parent=map frame=20,"))
  }

  /// A golden recorded when points printed with two decimals (`map=393.00x852.00`, 388.67)
  /// fails in one line saying so and how to re-record, not with every line of the file.
  @Test func aTwoDecimalGoldenSaysSoInOneLine() throws {
    let (golden, _) = try ReplayTesting.replay(
      log: recording("rtl-city"), delegate: { MarginDelegate(logoMargin: 16) })
    let directory = TemporaryDirectory()
    let path = directory.path + "/margin.txt"
    // The old format: every point with exactly two decimals.
    let old = golden.fileText.split(separator: "\n", omittingEmptySubsequences: false).map {
      line -> String in
      guard line.hasPrefix("layout ") || line.contains(" frame=") else { return String(line) }
      return line.split(separator: " ").map { token -> String in
        guard let equals = token.firstIndex(of: "="),
          ["map", "safe", "frame"].contains(token[..<equals])
        else { return String(token) }
        let separator: Character = token.hasPrefix("map=") ? "x" : ","
        let values = token[token.index(after: equals)...].split(separator: separator).map {
          formatFixed(Double($0)!, 2)
        }
        return String(token[...equals]) + values.joined(separator: String(separator))
      }.joined(separator: " ")
    }.joined(separator: "\n")
    #expect(old.contains(" map=393.00x852.00 safe=59.00,0.00,34.00,0.00 "))
    try old.write(toFile: path, atomically: true, encoding: .utf8)
    let message = try #require(
      GoldenFile.compare(golden, withFileAt: path, record: false).failureMessage)
    #expect(message == "golden file \(path) was recorded with the old snapshot format (points "
      + "with two decimals, 388.67; now as UIKit prints them, 388.667): re-record it with "
      + "NAVSIM_RECORD=1 and review the diff")
    // Re-recorded, it matches.
    guard case .recorded = GoldenFile.compare(golden, withFileAt: path, record: true) else {
      Issue.record("record mode rewrites the old golden")
      return
    }
    #expect(GoldenFile.compare(golden, withFileAt: path, record: false) == .matches)
  }
}

/// The XCTest twin of the screen golden helper, on the same golden file: a plain synchronous
/// test method, as users write them.
final class DeliveryScreenXCTests: XCTestCase {
  func testDeliveryScreenMatchesItsGoldenFromXCTest() {
    XCTAssertReplayMatchesGolden(
      log: recording("city-commute"), screen: { DeliveryMapScreen(mapView: $0) },
      golden: "city-commute.delivery")
    XCTAssertNoErrorFindings(log: recording("city-commute"), delegate: { BasicLayoutDelegate() })
  }
}

/// The helpers from a nonisolated Swift Testing function, which runs off the main thread:
/// the replay runs on the main actor all the same.
@Test func theGoldenHelpersWorkFromANonisolatedTest() {
  expectReplayMatchesGolden(
    log: recording("rtl-city"), delegate: { CompleteLayoutDelegate() },
    golden: "rtl-city.complete")
  expectNoErrorFindings(log: recording("rtl-city"), delegate: { BasicLayoutDelegate() })
}
