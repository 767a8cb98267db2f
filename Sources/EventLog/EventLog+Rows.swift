import SQLite
import SessionEvents

// How one event maps to one row of `events`: the insert used by writers and imports, the
// decoding used by cursors.

enum EventRows {
  // MARK: - Writing

  static let insertSQL = """
    INSERT INTO events (recording_id, seq, t, kind, n1, n2, n3, n4, n5, n6, n7, n8, s1, s2, s3)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
    """

  /// Binds `event` of `recording` to a statement compiled from `insertSQL` and runs it.
  /// - Throws: `SQLiteError` (a duplicate seq, a trigger refusing a finished recording...).
  @inline(__always)
  static func insert(_ event: SessionEvent, recording: Int64, with statement: SQLiteStatement)
    throws
  {
    try insert(event, stored: event.payload.stored, recording: recording, with: statement)
  }

  /// Like `insert(_:recording:with:)`, with the payload's stored form already computed.
  @inline(__always)
  static func insert(
    _ event: SessionEvent, stored: StoredPayload, recording: Int64,
    with statement: SQLiteStatement
  ) throws {
    statement.reset()
    try statement.bind(recording, at: 1)
    try statement.bind(event.seq, at: 2)
    try statement.bind(event.t, at: 3)
    try statement.bind(Int64(event.kind.code), at: 4)
    try bind(stored.n1, at: 5, statement)
    try bind(stored.n2, at: 6, statement)
    try bind(stored.n3, at: 7, statement)
    try bind(stored.n4, at: 8, statement)
    try bind(stored.n5, at: 9, statement)
    try bind(stored.n6, at: 10, statement)
    try bind(stored.n7, at: 11, statement)
    try bind(stored.n8, at: 12, statement)
    try bind(stored.s1, at: 13, statement)
    try bind(stored.s2, at: 14, statement)
    try bind(stored.s3, at: 15, statement)
    while try statement.step() {}
  }

  @inline(__always)
  private static func bind(_ number: StoredNumber?, at index: Int32, _ statement: SQLiteStatement)
    throws
  {
    switch number {
    case .integer(let value)?: try statement.bind(value, at: index)
    case .real(let value)?: try statement.bind(value, at: index)
    case nil: try statement.bindNull(at: index)
    }
  }

  @inline(__always)
  private static func bind(_ text: String?, at index: Int32, _ statement: SQLiteStatement) throws
  {
    if let text { try statement.bind(text, at: index) } else { try statement.bindNull(at: index) }
  }

  // MARK: - Reading

  /// The columns `RowDecoder.decode` expects, in order.
  static let selectColumns = "seq, t, kind, n1, n2, n3, n4, n5, n6, n7, n8, s1, s2, s3"

  @inline(__always)
  static func number(_ row: SQLiteStatement, _ index: Int32) throws(RowProblem)
    -> StoredNumber?
  {
    switch row.type(at: index) {
    case .null: return nil
    case .integer: return .integer(row.int64(at: index))
    case .real: return .real(row.double(at: index))
    case .text, .blob:
      throw RowProblem("column \(row.columnName(at: index)) holds text, expected a number")
    }
  }
}

/// Decodes rows one after another: what a read carries from row to row is the fingerprint of
/// the events so far, and each kind's texts of its last row, reused while rows repeat them (a
/// road name, a maneuver). Kept per kind, so that rows of other kinds in between (a speed
/// sample between two progress ticks) do not make a text decode again.
struct RowDecoder {
  /// The fingerprint of the rows decoded so far.
  var fingerprint = EventFingerprint()
  /// Each kind's texts of its last row, by kind code (the row views share them).
  var texts = [TextSlots](
    repeating: TextSlots(), count: (EventKind.allCases.map(\.code).max() ?? 0) + 1)

  /// The delay and severity of the last progress and speed rows, with their stored names:
  /// a name that repeats (most rows) is not looked up again.
  var lastDelay: (name: String, value: DelayCategory)?
  var lastSeverity: (name: String, value: SpeedAlertSeverity)?

  /// The last texts of one kind's slots s1, s2, s3.
  struct TextSlots {
    var s1: String?
    var s2: String?
    var s3: String?
  }

  /// Decodes the current row of a statement selecting `EventRows.selectColumns`, and folds
  /// the event into `fingerprint`.
  /// - Throws: a problem description (unknown kind, a slot of the wrong type, a malformed
  ///   payload) for the caller to attach to the file, recording and seq.
  @inline(__always)
  mutating func decode(_ row: SQLiteStatement) throws(RowProblem) -> SessionEvent {
    let code = row.int64(at: 2)
    guard let kind = EventKind.byStorageCode(code) else {
      throw RowProblem("unknown event kind code \(code) (written by a newer NavSim?)")
    }
    // A tick's rows, as writers store them, read through their row views (RowDecoder+Ticks).
    if kind == .progress, let event = decodeProgress(row) { return event }
    if kind == .speed, let event = decodeSpeed(row) { return event }
    var stored = StoredPayload()
    stored.n1 = try EventRows.number(row, 3)
    stored.n2 = try EventRows.number(row, 4)
    stored.n3 = try EventRows.number(row, 5)
    stored.n4 = try EventRows.number(row, 6)
    stored.n5 = try EventRows.number(row, 7)
    stored.n6 = try EventRows.number(row, 8)
    stored.n7 = try EventRows.number(row, 9)
    stored.n8 = try EventRows.number(row, 10)
    let index = Int(code)
    stored.s1 = row.column(11).text(updating: &texts[index].s1)
    stored.s2 = row.column(12).text(updating: &texts[index].s2)
    stored.s3 = row.column(13).text(updating: &texts[index].s3)
    let seq = row.int64(at: 0), t = row.int64(at: 1)
    // Folded first, so that the payload's init is `stored`'s last use and takes it uncopied
    // (a row that fails to decode ends the read, fingerprint and all).
    fingerprint.add(seq: seq, t: t, kind: kind, stored: stored)
    do {
      let payload = try EventPayload(kind: kind, stored: stored)
      return SessionEvent(seq: seq, t: t, payload: payload)
    } catch {
      throw RowProblem(error.description)
    }
  }
}

/// Why a stored row cannot be decoded.
struct RowProblem: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

extension EventKind {
  private static let byCode: [EventKind?] = {
    var table = [EventKind?](repeating: nil, count: (allCases.map(\.code).max() ?? 0) + 1)
    for kind in allCases { table[kind.code] = kind }
    return table
  }()

  /// The kind stored as `code`, nil for a code this NavSim does not know.
  /// - Complexity: O(1).
  @inline(__always)
  static func byStorageCode(_ code: Int64) -> EventKind? {
    guard code >= 0, code < byCode.count else { return nil }
    return byCode[Int(code)]
  }
}
