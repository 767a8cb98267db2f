import Foundation
import OutputPolicy
import Replay
import ReplayTestSupport
@testable import Report
@testable import Snapshots
import Testing
import TestSupport

// `navsim diff --html` writes the page as it is built, in memory that does not grow with the
// trip: the page's columns go through buffers that spill to scratch files. The page must stay
// the one built whole in memory, byte for byte (and that one the page of the build before the
// page streamed: `DiffGoldenTests`).

@Suite struct ReportDiffStreamTests {
  /// A store whose runs differ on some events, B a few events short (so events only A has
  /// come alone), with findings on both sides.
  func store(count: Int64) throws -> (TemporaryDirectory, SnapshotStore) {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let movesA = Set(stride(from: Int64(3), through: count, by: 7))
    let movesB = Set(stride(from: Int64(5), through: count, by: 11))
    _ = try writeRun(store, label: "v1", count: count, movesAt: movesA, findingAt: 9)
    _ = try writeRun(store, label: "v2", count: count - 4, movesAt: movesB, findingAt: 12)
    return (directory, store)
  }

  @Test func aPageWrittenThroughSmallBuffersIsThePageBuiltWhole() throws {
    let (directory, store) = try store(count: 600)
    let whole = try store.diff(labelA: "v1", labelB: "v2")
    let built = try store.diffReport(whole)
    let limit = 24 * 64
    var pieces: [String] = []
    var seen: [Int64] = []
    let (summary, peak) = try store.writeDiffReportMeasuring(
      labelA: "v1", labelB: "v2", tolerance: 0, bufferLimit: limit, each: { seen.append($0.seq) }
    ) { pieces.append($0) }
    let page = pieces.joined()
    #expect(
      Array(page.utf8) == Array(built.utf8),
      "\(page.utf8.count) bytes, built whole \(built.utf8.count)")
    #expect(seen == whole.differences.map(\.seq))
    #expect(summary.differingEvents == whole.differences.count)
    // The columns are several times the buffers: they went through the scratch files.
    #expect(built.utf8.count > 20 * limit)
    #expect(peak <= limit, "held \(peak) bytes of the columns at once")
    _ = directory
  }

  @Test func aPageThatFitsTheBuffersIsTheSameAndWritesNoScratchFile() throws {
    let (directory, store) = try store(count: 40)
    let built = try store.diffReport(try store.diff(labelA: "v1", labelB: "v2"))
    var page = ""
    let (_, peak) = try store.writeDiffReportMeasuring(
      labelA: "v1", labelB: "v2", tolerance: 0, bufferLimit: 1 << 20, each: { _ in }
    ) { page += $0 }
    #expect(Array(page.utf8) == Array(built.utf8))
    #expect(peak > 0 && peak < 1 << 20)
    _ = directory
  }

  /// Every spill buffer a page writer holds, however deep (its columns, its screens' tables'
  /// elements), is in the one list `complete` writes through and `peakBufferedBytes` sums: a
  /// buffer left out would be read back unchecked, after the page has begun.
  @Test func everyBufferOfAPageIsInTheListThatCompletesThem() throws {
    let (directory, store) = try store(count: 10)
    let (runA, runB) = try store.comparableRuns(labelA: "v1", labelB: "v2")
    let writer = DiffPageWriter(runA: runA, runB: runB, bufferLimit: 1 << 20, spilling: true)
    var held: [ObjectIdentifier] = []
    func collect(_ value: Any, depth: Int) {
      if let array = value as? SpilledArray { return held.append(ObjectIdentifier(array.buffer)) }
      if let buffer = value as? SpillBuffer { return held.append(ObjectIdentifier(buffer)) }
      guard depth < 4 else { return }
      // Not the list itself: what it holds is what the search checks.
      for child in Mirror(reflecting: value).children where child.label != "buffers" {
        collect(child.value, depth: depth + 1)
      }
    }
    collect(writer, depth: 0)
    let listed = writer.buffers.map(ObjectIdentifier.init)
    // The writer's own columns (its direct children: 21 today) and, deeper, the screens' two
    // tables' elements (drawn elements, screens): the search must reach both.
    let columns = Mirror(reflecting: writer).children.filter { $0.value is SpilledArray }.count
    #expect(columns > 0 && held.count == columns + 2, "found \(held.count) buffers")
    #expect(Set(held) == Set(listed) && listed.count == Set(listed).count)
    #expect(held.count == Set(held).count)
    _ = directory
  }

  /// A page writer not told its page names it in its scratch errors as `writeDiffReport` does:
  /// the scratch files its columns and tables hold are the page's, `HTMLReport.unnamedDiffPage`.
  @Test func aPageWriterNotToldItsPageNamesItAsWriteDiffReportDoes() throws {
    let (directory, store) = try store(count: 10)
    let (runA, runB) = try store.comparableRuns(labelA: "v1", labelB: "v2")
    let writer = DiffPageWriter(runA: runA, runB: runB, bufferLimit: 1 << 20, spilling: true)
    var pages: [String?] = []
    func collect(_ value: Any, depth: Int) {
      if let files = value as? ScratchFiles { return pages.append(files.page) }
      guard depth < 3 else { return }
      for child in Mirror(reflecting: value).children { collect(child.value, depth: depth + 1) }
    }
    collect(writer, depth: 0)
    #expect(!pages.isEmpty && pages.allSatisfy { $0 == HTMLReport.unnamedDiffPage }, "\(pages)")
    _ = directory
  }

  /// A table that keeps only its recent texts in memory and looks older ones up in its
  /// database gives every text the index a table in memory gives it, texts told apart by their
  /// bytes ("é" precomposed and as "e" and a combining accent are two).
  @Test func aSpillingTableGivesTheIndicesOfOneInMemory() throws {
    let texts = (0..<500).map { "t\($0 % 37)" + ($0 % 5 == 0 ? "\u{E9}" : "e\u{301}") }
    let memory = TextTable()
    let spilling = TextTable(spilling: ScratchFiles(), limit: 64, name: "test", recentLimit: 3)
    let inMemory = try texts.map { text in try memory.index(of: text) { JSONText.quote(text) } }
    let spilled = try texts.map { text in try spilling.index(of: text) { JSONText.quote(text) } }
    #expect(spilled == inMemory)
    #expect(Set(inMemory).count == 74)
    #expect(
      try StreamedJSON.array(spilling.elements).text == StreamedJSON.array(memory.elements).text)
  }

  /// A table's database is a file of the page's scratch directory (under `TMPDIR`, as the
  /// columns' files), made only once the table forgets a text, and removed with the directory.
  @Test func aSpillingTablesDatabaseIsInTheScratchDirectoryUntilTheTableIsDone() throws {
    var files: ScratchFiles? = ScratchFiles()
    var table: TextTable? = TextTable(spilling: files!, limit: 1 << 20, name: "t", recentLimit: 3)
    for text in ["a", "b", "c"] { _ = try table!.index(of: text) { text } }
    #expect(files!.directoryPath == nil, "a table that forgot nothing made a database")
    _ = try table!.index(of: "d") { "d" }
    let directory = try #require(files!.directoryPath)
    #expect(
      (directory as NSString).deletingLastPathComponent == ScratchDirectory.base,
      "\(directory)")
    let made = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(made == ["t.sqlite"], "\(made)")
    // The forgotten texts keep their indices: they are looked up in the database.
    #expect(try ["a", "d", "b", "e"].map { text in try table!.index(of: text) { text } }
      == [0, 3, 1, 4])
    (table, files) = (nil, nil)
    #expect(!FileManager.default.fileExists(atPath: directory))
  }
}
