import Foundation
import Replay
@testable import Report
import Snapshots
import TestSupport
import Testing

/// A screen's report, written through buffers small enough that every column and both screen
/// tables (the drawn elements, the screens) spill, and with tables that keep only their last 8
/// texts in memory (the rest looked up in their databases), is the page built whole in memory,
/// byte for byte.
@MainActor
@Suite(.serialized) struct ScreenReportStreamTests {
  @Test func aScreensPageWrittenThroughSmallBuffersIsThePageBuiltWhole() throws {
    let directory = TemporaryDirectory()
    let store = try ScreenReportTests.store(directory)
    let built = try store.replayReport(label: "good")
    let limit = 16 * 256
    var page = ""
    let (counts, peak) = try store.writeReplayReportMeasuring(
      of: try store.run(label: "good"), bufferLimit: limit, recentLimit: 8
    ) { page += $0 }
    #expect(
      Array(page.utf8) == Array(built.utf8),
      "\(page.utf8.count) bytes, built whole \(built.utf8.count)")
    #expect(counts.events == 1_090)
    #expect(built.utf8.count > 100 * limit)
    #expect(peak <= limit, "held \(peak) bytes of the columns at once")
    let data = try ScreenReportTests.embeddedData(page)
    // The screens' tables are long enough to have spilled past their buffers.
    for table in ["parts", "screens"] {
      let elements = try #require(data[table] as? [Any])
      #expect(elements.count > 20, "\(table): \(elements.count)")
    }
  }
}
