import Foundation
import Replay
@testable import Report
import ReplayTestSupport
@testable import Snapshots
import Testing
import TestSupport

// `navsim report` writes the page as it is built, in memory that does not grow with the
// trip: the page's columns go through buffers that spill to scratch files. The page must stay
// the one built whole in memory, byte for byte (and that one the page of the build before the
// page streamed: `ReportGoldenTests`).

@Suite struct ReportReplayStreamTests {
  /// A store whose run `v1` moves its turn card now and then, with a finding.
  func store(count: Int64) throws -> (TemporaryDirectory, SnapshotStore, RunInfo) {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let run = try writeRun(
      store, label: "v1", count: count, movesAt: Set(stride(from: Int64(3), through: count, by: 7)),
      findingAt: 9)
    return (directory, store, run)
  }

  @Test func aPageWrittenThroughSmallBuffersIsThePageBuiltWhole() throws {
    let (directory, store, run) = try store(count: 600)
    let built = try store.replayReport(label: "v1")
    let limit = 16 * 64
    var pieces: [String] = []
    let (counts, peak) = try store.writeReplayReportMeasuring(of: run, bufferLimit: limit) {
      pieces.append($0)
    }
    let page = pieces.joined()
    #expect(
      Array(page.utf8) == Array(built.utf8),
      "\(page.utf8.count) bytes, built whole \(built.utf8.count)")
    #expect(counts == ReplayReportCounts(events: 600, distinctLayouts: 2))
    // The columns are several times the buffers: they went through the scratch files.
    #expect(built.utf8.count > 20 * limit)
    #expect(peak <= limit, "held \(peak) bytes of the columns at once")
    _ = directory
  }

  @Test func aPageThatFitsTheBuffersIsTheSameAndWritesNoScratchFile() throws {
    let (directory, store, run) = try store(count: 40)
    let built = try store.replayReport(label: "v1")
    var page = ""
    let (counts, peak) = try store.writeReplayReportMeasuring(of: run, bufferLimit: 1 << 20) {
      page += $0
    }
    #expect(Array(page.utf8) == Array(built.utf8))
    #expect(counts.events == 40)
    #expect(peak > 0 && peak < 1 << 20)
    _ = directory
  }

  @Test func anEmptyRunsPageIsTheOneBuiltWhole() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let run = try writeRun(store, label: "empty", events: [])
    var page = ""
    let counts = try store.writeReplayReport(of: run, bufferLimit: 64) { page += $0 }
    #expect(counts == ReplayReportCounts(events: 0, distinctLayouts: 0))
    #expect(Array(page.utf8) == Array(try store.replayReport(label: "empty").utf8))
    _ = directory
  }
}
