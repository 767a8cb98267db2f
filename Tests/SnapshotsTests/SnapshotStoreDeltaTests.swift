import Foundation
import Replay
import ReplayTestSupport
import SQLite
import Testing
import TestSupport

@testable import Snapshots

/// Layouts stored as deltas against the run's previous distinct layout, with keyframes.
@Suite struct SnapshotStoreDeltaTests {
  /// A screen of 24 labels whose `tick`th state shows the tick in two of them, as the
  /// delivery screen's ETA and distance labels do.
  static func screen(tick: Int) -> LayoutState {
    var layout = sampleLayout()
    layout.animations = []
    for index in 0..<24 {
      let text = index == 3 ? "ETA \(tick / 7)" : index == 9 ? "\(tick) m" : "row \(index)"
      layout.nodes.append(
        SnapshotNode(
          id: "label\(index)", kind: .appView, parent: "order sheet,<script>=1%",
          frame: SnapshotRect(x: 16, y: Double(660 + index * 8), width: 200, height: 8),
          text: text))
    }
    // A styled label, as the delivery screen's: styles are kept beside the text.
    layout.nodes[5].style = ViewStyle(text: "font=17 align=natural lines=1 color=#000000ff")
    return layout
  }

  /// A run of `count` events, each showing a new screen state.
  @discardableResult
  static func writeTicks(
    _ store: SnapshotStore, label: String, ticks: some Sequence<Int>
  ) throws -> RunInfo {
    let writer = try store.beginRun(
      RunMetadata(
        label: label, delegate: "delivery", recordingID: 1, recordingName: "commute",
        logFingerprint: "f1", navsimVersion: "test", sdkProfile: "default", variants: ""))
    for (seq, tick) in ticks.enumerated() {
      try writer.append(
        LayoutSnapshot(
          seq: Int64(seq + 1), t: Int64(seq * 100), event: "progress",
          layout: screen(tick: tick), findings: []),
        detail: "{}")
    }
    return try writer.finish()
  }

  @Test func consecutiveLayoutsAreStoredAsSmallDeltasWithKeyframes() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let run = try Self.writeTicks(store, label: "v1", ticks: 0..<200)
    #expect(run.layoutChanges == 200)
    let keyframes = try store.db.scalar("SELECT count(*) FROM layouts WHERE base IS NULL")
    #expect(keyframes == .integer(Int64((200 + 31) / SnapshotStore.keyframeInterval)))
    #expect(try store.db.scalar("SELECT max(depth) FROM layouts") == .integer(31))
    let stored = try store.db.scalar("SELECT sum(length(body)) FROM layouts")
    let whole = (0..<200).map { Self.screen(tick: $0).text.utf8.count }.reduce(0, +)
    guard case .integer(let bytes) = stored else { Issue.record("no layouts"); return }
    #expect(bytes * 5 < whole, "\(bytes) bytes stored for \(whole) of text")
    // Every event reads back the very layout written.
    let frames = try store.frames(of: run)
    #expect(frames.map(\.layoutHash) == (0..<200).map { Self.screen(tick: $0).hash })
    let reopened = try SnapshotStore(path: path, mode: .readOnly)
    var texts: [String] = []
    try reopened.exportRun(label: "v1") { texts.append($0) }
    #expect(texts.count == 200)
    for seq in [1, 2, 32, 33, 64, 200] {
      let snapshot = try #require(try reopened.snapshot(of: run, seq: Int64(seq)))
      #expect(snapshot.layout.text == Self.screen(tick: seq - 1).text)
    }
    _ = directory
  }

  /// The bound the keyframes give: a layout read from nothing (a contact sheet's `--from`, a
  /// snapshot at one event) reads at most `keyframeInterval` rows of `layouts`; a stream
  /// reads one row per change.
  @Test func readingFromAnyEventReadsAtMostAKeyframeIntervalOfRows() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let run = try Self.writeTicks(store, label: "v1", ticks: 0..<100)
    let reader = try SnapshotStore(path: path, mode: .readOnly)
    var most = 0
    for seq in Int64(1)...100 {
      reader.recentLayouts = []
      let before = reader.layoutRowsRead
      _ = try reader.snapshot(of: run, seq: seq)
      most = max(most, reader.layoutRowsRead - before)
    }
    #expect(most == SnapshotStore.keyframeInterval)
    reader.recentLayouts = []
    let before = reader.layoutRowsRead
    var exported = 0
    try reader.exportRun(label: "v1") { _ in exported += 1 }
    #expect(exported == 100 && reader.layoutRowsRead - before == 100)
    _ = directory
  }

  @Test func aLayoutAnotherRunStoredContinuesTheChainFromItsDepth() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    try Self.writeTicks(store, label: "a", ticks: 0..<40)
    // b shows a's 31st layout (depth 30), then new ones: the chain goes on to a keyframe.
    let b = try Self.writeTicks(store, label: "b", ticks: [30, 1000, 1001, 1002])
    let depths = try [1000, 1001, 1002].map { tick in
      try store.db.scalar(
        "SELECT depth FROM layouts WHERE hash = ?", [.text(Self.screen(tick: tick).hash)])
    }
    #expect(depths == [.integer(31), .integer(0), .integer(1)])
    #expect(try store.frames(of: b).count == 4)
    _ = directory
  }

  @Test func deletingARunKeepsTheBasesOfLayoutsOtherRunsShow() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    try Self.writeTicks(store, label: "a", ticks: 0..<10)
    let b = try Self.writeTicks(store, label: "b", ticks: [8, 9])
    try store.deleteRun(label: "a")
    // b's layouts are deltas on a's: their chains down to the keyframe stay.
    #expect(try store.db.scalar("SELECT count(*) FROM layouts") == .integer(10))
    let reader = try SnapshotStore(path: path, mode: .readOnly)
    #expect(try reader.frames(of: b).count == 2)
    #expect(try reader.snapshot(of: b, seq: 2)?.layout.text == Self.screen(tick: 9).text)
    try store.deleteRun(label: "b")
    #expect(try store.db.scalar("SELECT count(*) FROM layouts") == .integer(0))
    _ = directory
  }

  @Test func aDamagedDeltaIsNamedWithTheFileTheEventAndTheProblem() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let run = try Self.writeTicks(store, label: "v1", ticks: 0..<5)
    let third = Self.screen(tick: 2).hash
    let raw = try SQLiteConnection(path: path, mode: .readWrite)
    // Cut the delta short, as a torn copy would.
    try raw.execute("UPDATE layouts SET body = substr(body, 1, 3) WHERE hash = '\(third)'")
    let reader = try SnapshotStore(path: path, mode: .readOnly)
    for read in [{ _ = try reader.frames(of: run).map { try reader.snapshot(of: run, seq: $0.seq) } },
                 { try reader.exportRun(label: "v1") { _ in } }] {
      reader.recentLayouts = []
      #expect {
        try read()
      } throws: { error in
        let message = "\(error)"
        return message.hasPrefix("\(path): event 3: layout \(third) cannot be rebuilt (delta \(third): ")
          && !message.contains("\n")
      }
    }
    // A delta whose base is gone, and one that rebuilds another layout.
    try raw.execute("UPDATE layouts SET body = '=1' || char(10) WHERE hash = '\(third)'")
    reader.recentLayouts = []
    #expect(throws: SnapshotStoreError.self) { try reader.snapshot(of: run, seq: 3) }
    try raw.execute(
      "UPDATE layouts SET body = '=26' || char(10), base = 'ffffffffffffffff' WHERE hash = '\(third)'")
    reader.recentLayouts = []
    #expect(throws: SnapshotStoreError.badLayoutDelta(
      path: path, seq: 3, hash: third, problem: "its base ffffffffffffffff is missing")) {
      try reader.snapshot(of: run, seq: 3)
    }
    _ = directory
  }

  /// A layout row deleted behind the store's back: every way of reading the event that shows
  /// it fails with one line naming the file, the event's seq and the layout's hash.
  @Test func aMissingLayoutIsNamedWithTheFileTheEventAndTheHash() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let run = try Self.writeTicks(store, label: "v1", ticks: 0..<5)
    let last = Self.screen(tick: 4).hash  // a delta no other layout is built on
    let raw = try SQLiteConnection(path: path, mode: .readWrite)
    try raw.execute("DELETE FROM layouts WHERE hash = '\(last)'")
    let message = "\(path): event 5: layout \(last) is missing (damaged store)"
    let reader = try SnapshotStore(path: path, mode: .readOnly)
    #expect(throws: SnapshotStoreError.missingLayout(path: path, seq: 5, hash: last)) {
      try reader.snapshot(of: run, seq: 5)
    }
    let reads: [() throws -> Void] = [
      { _ = try reader.snapshot(of: run, seq: 5) },
      {
        _ = try reader.frames(of: run).map { try reader.layout(hash: $0.layoutHash, seq: $0.seq) }
      },
      { try reader.exportRun(label: "v1") { _ in } },
    ]
    for read in reads {
      reader.recentLayouts = []
      #expect { try read() } throws: { "\($0)" == message }
    }
    // Without an event (`layout(hash:)`), the message names the file and the hash.
    #expect(throws: SnapshotStoreError.missingLayout(path: path, seq: nil, hash: last)) {
      try reader.layout(hash: last)
    }
    #expect(
      "\(SnapshotStoreError.missingLayout(path: path, seq: nil, hash: last))"
        == "\(path): layout \(last) is missing (damaged store)")
    _ = directory
  }

  /// Writes run "old" (ticks 0..<40) at `path`, then makes the store what schema 2 wrote:
  /// every layout whole, styles in `layout_styles`, `user_version` 2.
  static func writeSchema2Store(at path: String) throws {
    let store = try SnapshotStore(path: path, mode: .create)
    try writeTicks(store, label: "old", ticks: 0..<40)
    let texts = try store.db.prepare("SELECT hash FROM layouts ORDER BY hash")
    var rows: [(hash: String, layout: StoredLayoutText)] = []
    while try texts.step() {
      let hash = texts.text(at: 0)!
      rows.append((hash, try store.layoutText(hash: hash, seq: nil)))
    }
    #expect(rows.allSatisfy { !$0.layout.styles.isEmpty })
    try store.db.execute(
      """
      DROP TABLE layouts;
      CREATE TABLE layouts (hash TEXT PRIMARY KEY, body TEXT NOT NULL) STRICT, WITHOUT ROWID;
      CREATE TABLE layout_styles (hash TEXT PRIMARY KEY, body TEXT NOT NULL) STRICT, WITHOUT ROWID;
      PRAGMA user_version = 2;
      """)
    for row in rows {
      try store.db.prepare("INSERT INTO layouts VALUES (?, ?)")
        .run([.text(row.hash), .text(row.layout.text)])
      try store.db.prepare("INSERT INTO layout_styles VALUES (?, ?)")
        .run([.text(row.hash), .text(row.layout.styles)])
    }
    try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  /// A store written before deltas (schema 2: layouts kept whole, no `base` or `depth`) reads
  /// as it is, untouched, and the first run written into it upgrades it in that run's
  /// transaction.
  @Test func aSchema2StoreReadsAsItIsAndUpgradesWithTheNextRun() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    try Self.writeSchema2Store(at: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    func read(_ reader: SnapshotStore, _ label: String) throws -> [LayoutState] {
      try reader.frames(of: reader.run(label: label)).map { try reader.layout(hash: $0.layoutHash) }
    }
    func same(_ read: [LayoutState], _ ticks: Range<Int>) -> Bool {
      read.map(\.text) == ticks.map { Self.screen(tick: $0).text }
        && read.map { $0.nodes.map(\.style) } == ticks.map { Self.screen(tick: $0).nodes.map(\.style) }
    }
    #expect(same(try read(try SnapshotStore(path: path, mode: .readOnly), "old"), 0..<40))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    let store = try SnapshotStore(path: path, mode: .readWrite)
    try Self.writeTicks(store, label: "new", ticks: 39..<80)
    #expect(try store.db.integerPragma("user_version") == 3)
    #expect(try store.db.scalar("SELECT count(*) FROM layouts WHERE base IS NOT NULL") == .integer(39))
    let reader = try SnapshotStore(path: path, mode: .readOnly)
    #expect(same(try read(reader, "old"), 0..<40))
    #expect(same(try read(reader, "new"), 39..<80))
    _ = directory
  }

  /// Deleting a run of an old store removes the styles of the layouts it took with it: a
  /// layout of the same text stored later without styles reads without them.
  @Test func deletingARunOfASchema2StoreRemovesItsLayoutsStyles() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    try Self.writeSchema2Store(at: path)
    let store = try SnapshotStore(path: path, mode: .readWrite)
    try Self.writeTicks(store, label: "new", ticks: 100..<105)
    #expect(try store.db.scalar("SELECT count(*) FROM layout_styles") == .integer(40))
    try store.deleteRun(label: "old")
    #expect(try store.db.scalar("SELECT count(*) FROM layout_styles") == .integer(0))
    var plain = Self.screen(tick: 7)
    plain.nodes[5].style = nil
    let writer = try store.beginRun(
      RunMetadata(
        label: "plain", delegate: "delivery", recordingID: 1, recordingName: "commute",
        logFingerprint: "f1", navsimVersion: "test", sdkProfile: "default", variants: ""))
    try writer.append(
      LayoutSnapshot(seq: 1, t: 0, event: "progress", layout: plain, findings: []), detail: "{}")
    _ = try writer.finish()
    let reader = try SnapshotStore(path: path, mode: .readOnly)
    #expect(try reader.layout(hash: plain.hash).nodes[5].style == nil)
    _ = directory
  }

  @Test func aRunRolledBackLeavesASchema2StoreAsItWas() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    try Self.writeSchema2Store(at: path)
    let store = try SnapshotStore(path: path, mode: .readWrite)
    do {
      let writer = try store.beginRun(
        RunMetadata(
          label: "failed", delegate: "delivery", recordingID: 1, recordingName: "commute",
          logFingerprint: "f1", navsimVersion: "test", sdkProfile: "default", variants: ""))
      try writer.append(
        LayoutSnapshot(seq: 1, t: 0, event: "progress", layout: Self.screen(tick: 500), findings: []),
        detail: "{}")
    }  // dropped unfinished: rolled back
    #expect(try store.db.integerPragma("user_version") == 2)
    #expect(try store.layout(hash: Self.screen(tick: 7).hash).text == Self.screen(tick: 7).text)
    try Self.writeTicks(store, label: "new", ticks: 40..<45)
    #expect(try store.db.integerPragma("user_version") == 3)
    #expect(try store.runs().map(\.label) == ["old", "new"])
    _ = directory
  }
}
