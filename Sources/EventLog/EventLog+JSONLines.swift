import Foundation
import JSON
import OutputPolicy
import SQLite
import SessionEvents
import TextBytes

// JSON Lines export and import: a lossless text form of one recording.
//
//   line 1:  {"navsimRecording":1,"name":…,"source":…,"scenario":…,"seed":…,
//             "deviceProfile":…,"createdAt":…,"navsimVersion":…,"finished":true
//             [,"attributes":{"key":"value",…}]}   (attributes only when there are any)
//   then:    one event per line, as `SessionEvent.jsonLine`: {"seq":1,"t":0,"kind":…,"payload":{…}}
//
// The header line is optional on import (a file of events alone imports as a finished
// recording named after the file, source `imported`).

/// The version of the JSON Lines export format (the header's `navsimRecording` value).
public let jsonLinesFormatVersion: Int64 = 1

// MARK: - Export

extension EventLogReading {
  /// Writes recording `id` as JSON Lines, handing `output` chunks of whole lines (each ending
  /// in a newline), so a caller can stream any size.
  /// - Throws: `EventLogError` (unknown recording, a bad stored event), or what `output` throws.
  /// - Complexity: O(n) time, constant memory.
  public func exportJSONLines(recording id: Int64, to output: (String) throws -> Void) throws {
    let info = try recording(id)
    var writer = JSONWriter(capacity: 1 << 16)
    Self.writeHeader(info, to: &writer)
    writer.raw("\n")
    let cursor = try eventStream(recording: id, kinds: nil, seqRange: nil)
    while let event = try cursor.next() {
      event.writeJSON(to: &writer)
      writer.raw("\n")
      if writer.bytes.count >= 1 << 16 {
        try output(writer.output)
        writer.removeAll()
      }
    }
    if !writer.bytes.isEmpty { try output(writer.output) }
  }

  /// Writes recording `id` as JSON Lines to the file at `path` under NavSim's output policy
  /// (`OutputFile`): replaced atomically, never the log itself, a directory or a special file.
  /// - Throws: `OutputError` naming `path`, or the log's reading errors; nothing is written
  ///   then.
  public func exportJSONLines(recording id: Int64, toFile path: String) throws {
    try OutputFile.write(to: path, inputs: [location]) { write in
      try exportJSONLines(recording: id) { chunk in try write(chunk) }
    }
  }

  static func writeHeader(_ info: RecordingInfo, to writer: inout JSONWriter) {
    func optional(_ text: String?) {
      if let text { writer.string(text) } else { writer.null() }
    }
    let metadata = info.metadata
    writer.raw("{\"navsimRecording\":")
    writer.integer(jsonLinesFormatVersion)
    writer.raw(",\"name\":")
    writer.string(metadata.name)
    writer.raw(",\"source\":")
    writer.string(metadata.source.rawValue)
    writer.raw(",\"scenario\":")
    optional(metadata.scenario)
    writer.raw(",\"seed\":")
    if let seed = metadata.seed { writer.rawText(String(seed)) } else { writer.null() }
    writer.raw(",\"deviceProfile\":")
    optional(metadata.deviceProfile)
    writer.raw(",\"createdAt\":")
    writer.string(metadata.createdAt)
    writer.raw(",\"navsimVersion\":")
    writer.string(info.navsimVersion)
    writer.raw(",\"finished\":")
    writer.bool(info.isFinished)
    if !metadata.attributes.isEmpty {
      writer.raw(",\"attributes\":{")
      for (index, key) in metadata.attributeKeys.enumerated() {
        if index > 0 { writer.raw(",") }
        writer.string(key)
        writer.raw(":")
        writer.string(metadata.attributes[key]!)
      }
      writer.raw("}")
    }
    writer.raw("}")
  }
}

// MARK: - Import

extension EventLogFile {
  /// Imports a JSON Lines file as a new recording of this log, in one transaction: a bad line
  /// leaves the log as it was.
  /// - Returns: the new recording.
  /// - Throws: `EventLogError.badImportLine` naming the line and the problem (invalid JSON,
  ///   unknown kind, a missing field, seq out of order or duplicated, t going backwards),
  ///   `.io` when the file cannot be read, `.readOnly`.
  /// - Complexity: O(n) time, constant memory.
  public func importJSONLines(from jsonPath: String) throws -> RecordingInfo {
    try importJSONLines(try LineReader(path: jsonPath))
  }

  private func importJSONLines(_ lines: LineReader) throws -> RecordingInfo {
    guard mode != .readOnly else { throw EventLogError.readOnly(path: path) }
    let id = try mappingErrors(path: path) {
      try connection.transaction(.immediate) {
        try JSONLinesImport(log: self, jsonPath: lines.path, lines: lines).run()
      }
    }
    return try recording(id)
  }

  /// Imports the JSON Lines `produce` hands its argument (chunks of whole lines) into the log
  /// at `logPath`, like `importJSONLines(from:intoLogAt:)`. The lines wait in a temporary file
  /// that has no name (`tmpfile`): nothing of them outlives the process, however it ends.
  /// - Parameter name: what messages call the lines (say, a library's recording).
  /// - Throws: as `importJSONLines(from:intoLogAt:)`, or what `produce` throws; the log is
  ///   left as it was then.
  public static func importJSONLines(
    named name: String, intoLogAt logPath: String,
    _ produce: ((String) throws -> Void) throws -> Void
  ) throws -> RecordingInfo {
    try OutputFile.checkStore(logPath)
    guard let file = tmpfile() else {
      throw EventLogError.io(
        path: logPath, problem: "cannot make a temporary file: \(String(cString: strerror(errno)))")
    }
    let lines = LineReader(file: file, name: name)
    try produce { chunk in
      var text = chunk
      let count = text.utf8.count
      let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
      if written != count {
        let problem = errno == EFBIG
          ? "the file-size limit (ulimit -f) was reached; nothing was written"
          : String(cString: strerror(errno))
        throw EventLogError.io(path: logPath, problem: problem)
      }
    }
    if fflush(file) != 0 {
      throw EventLogError.io(path: logPath, problem: String(cString: strerror(errno)))
    }
    rewind(file)
    return try importJSONLines(lines, intoLogAt: logPath)
  }

  /// Imports a JSON Lines file into the log at `logPath`, creating the log when it is missing;
  /// a log created here is removed again when the import fails.
  /// - Throws: as `importJSONLines(from:)`, and `EventLog` opening errors for `logPath`.
  public static func importJSONLines(from jsonPath: String, intoLogAt logPath: String) throws
    -> RecordingInfo
  {
    // Read the input's first line before creating anything: a missing input creates no log.
    let lines = try LineReader(path: jsonPath)
    try OutputFile.checkStore(logPath, inputs: [jsonPath])
    return try importJSONLines(lines, intoLogAt: logPath)
  }

  private static func importJSONLines(_ lines: LineReader, intoLogAt logPath: String) throws
    -> RecordingInfo
  {
    let existed = FileManager.default.fileExists(atPath: logPath)
    do {
      let log = try EventLogFile(path: logPath, mode: .create)
      return try log.importJSONLines(lines)
    } catch {
      if !existed { try? removeFiles(of: logPath) }
      throw error
    }
  }
}

/// One import: validates every line and inserts it inside the caller's transaction.
private struct JSONLinesImport {
  let log: EventLogFile
  let jsonPath: String
  let lines: LineReader

  func fail(_ line: Int, _ problem: String) -> EventLogError {
    .badImportLine(path: jsonPath, line: line, problem: problem)
  }

  func run() throws -> Int64 {
    var pendingFirst: (line: Int, json: JSONValue)?
    var header = defaultHeader()
    // The first non-blank line: a header, or already an event.
    while let (number, text) = try nextLine() {
      let json = try parse(text, number)
      if json["navsimRecording"] != nil {
        header = try readHeader(json, number)
      } else {
        pendingFirst = (number, json)
      }
      break
    }
    if pendingFirst == nil && lines.lineNumber == 0 {
      throw EventLogError.io(path: jsonPath, problem: "empty file: nothing to import")
    }
    let id = try log.insertRecording(
      header.metadata, navsimVersion: header.navsimVersion, finished: false)
    let insert = try log.connection.prepare(EventRows.insertSQL)
    var expectedSeq: Int64 = 1
    var lastT: Int64 = 0
    func add(_ json: JSONValue, _ number: Int) throws {
      if json["navsimRecording"] != nil {
        throw fail(number, "a recording header must be the first line")
      }
      let event: SessionEvent
      do {
        event = try SessionEvent(json: json)
      } catch {
        throw fail(number, error.description)
      }
      if event.seq != expectedSeq {
        throw fail(
          number,
          event.seq < expectedSeq && event.seq >= 1
            ? "duplicate seq \(event.seq) (expected \(expectedSeq))"
            : "seq \(event.seq) is out of order (expected \(expectedSeq))")
      }
      if event.t < 0 { throw fail(number, "t \(event.t) is negative") }
      if event.t < lastT {
        throw fail(number, "t \(event.t) is before the previous event's t \(lastT)")
      }
      try mappingErrors(path: log.path) {
        try EventRows.insert(event, recording: id, with: insert)
      }
      expectedSeq += 1
      lastT = event.t
    }
    if let first = pendingFirst { try add(first.json, first.line) }
    while let (number, text) = try nextLine() { try add(try parse(text, number), number) }
    insert.reset()
    if header.finished {
      try log.connection.prepare("UPDATE recordings SET finished = 1 WHERE id = ?1")
        .run([.integer(id)])
    }
    return id
  }

  /// The next non-blank line and its 1-based number.
  func nextLine() throws -> (Int, String)? {
    while let text = try lines.next() {
      if !text.allSatisfy({ $0 == " " || $0 == "\t" }) { return (lines.lineNumber, text) }
    }
    return nil
  }

  func parse(_ text: String, _ number: Int) throws -> JSONValue {
    do {
      return try JSONValue(parsing: text)
    } catch {
      throw fail(number, error.description)
    }
  }

  struct Header {
    var metadata: RecordingMetadata
    var navsimVersion: String
    var finished: Bool
  }

  func defaultHeader() -> Header {
    let name = URL(fileURLWithPath: jsonPath).deletingPathExtension().lastPathComponent
    return Header(
      metadata: RecordingMetadata(name: name, source: .imported, createdAt: "unknown"),
      navsimVersion: NavSimVersion.current, finished: true)
  }

  func readHeader(_ json: JSONValue, _ number: Int) throws -> Header {
    guard case .object(let members) = json else { throw fail(number, "expected an object") }
    let known = [
      "navsimRecording", "name", "source", "scenario", "seed", "deviceProfile", "createdAt",
      "navsimVersion", "finished", "attributes",
    ]
    // `json[key]` reads a key's first value: a second would be dropped unseen.
    for (index, member) in members.enumerated() {
      if !known.contains(member.key) {
        throw fail(number, "unknown header key \(member.key.visiblyQuoted)")
      }
      if members[..<index].contains(where: { $0.key == member.key }) {
        throw fail(number, "header key \(member.key.visiblyQuoted) appears twice")
      }
    }
    guard case .number(let formatText)? = json["navsimRecording"], let format = Int64(formatText)
    else { throw fail(number, "'navsimRecording' must be an integer") }
    if format > jsonLinesFormatVersion {
      throw fail(
        number,
        "export format \(format) is newer than this NavSim reads (\(jsonLinesFormatVersion))")
    }
    func text(_ key: String, optional: Bool) throws -> String? {
      switch json[key] {
      case .string(let value)?: return value
      case .null?, nil:
        if optional { return nil }
        throw fail(number, "header is missing '\(key)' (a string)")
      case let value?: throw fail(number, "'\(key)' must be a string, found \(value.typeName)")
      }
    }
    let sourceName = try text("source", optional: false) ?? ""
    guard let source = RecordingSource(rawValue: sourceName) else {
      throw fail(number, "unknown source \(sourceName.visiblyQuoted) (scenario, imported)")
    }
    var seed: UInt64?
    switch json["seed"] {
    case .number(let seedText)?:
      guard let value = UInt64(seedText) else {
        throw fail(number, "'seed' must be an integer in 0...\(UInt64.max), got \(seedText)")
      }
      seed = value
    case .null?, nil: seed = nil
    case let value?: throw fail(number, "'seed' must be an integer, found \(value.typeName)")
    }
    var finished = true
    switch json["finished"] {
    case .bool(let value)?: finished = value
    case nil: finished = true
    case let value?: throw fail(number, "'finished' must be a boolean, found \(value.typeName)")
    }
    var attributes: [String: String] = [:]
    switch json["attributes"] {
    case .object(let members)?:
      var pairs: [(key: String, value: String)] = []
      for member in members {
        guard case .string(let value) = member.value else {
          throw fail(
            number,
            "attribute \(member.key.visiblyQuoted) must be a string, found "
              + member.value.typeName)
        }
        pairs.append((member.key, value))
      }
      // Keys as their bytes: two that differ only in normalization are refused, not merged;
      // an empty key is refused too.
      do throws(BadAttributeKey) {
        attributes = try RecordingMetadata.checkedAttributes(pairs)
      } catch {
        throw fail(number, error.description)
      }
    case .null?, nil: break
    case let value?:
      throw fail(number, "'attributes' must be an object, found \(value.typeName)")
    }
    return Header(
      metadata: RecordingMetadata(
        name: try text("name", optional: false) ?? "", source: source,
        scenario: try text("scenario", optional: true), seed: seed,
        deviceProfile: try text("deviceProfile", optional: true),
        createdAt: try text("createdAt", optional: false) ?? "", attributes: attributes),
      navsimVersion: try text("navsimVersion", optional: true) ?? NavSimVersion.current,
      finished: finished)
  }
}

// MARK: - Reading lines

/// Reads a text file line by line with constant memory (`getline`).
final class LineReader {
  let path: String
  private let file: UnsafeMutablePointer<FILE>
  private var buffer: UnsafeMutablePointer<CChar>?
  private var capacity = 0
  /// The 1-based number of the line last returned (0 before the first).
  private(set) var lineNumber = 0

  /// Reads `file` (open for reading, positioned at its start), which it closes; messages
  /// call it `name`.
  init(file: UnsafeMutablePointer<FILE>, name: String) {
    self.path = name
    self.file = file
  }

  /// - Throws: `EventLogError.fileNotFound` or `.io`.
  init(path: String) throws {
    self.path = path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw EventLogError.fileNotFound(path: path)
    }
    if isDirectory.boolValue { throw EventLogError.io(path: path, problem: "is a directory") }
    guard let file = fopen(path, "r") else {
      throw EventLogError.io(path: path, problem: String(cString: strerror(errno)))
    }
    self.file = file
  }

  deinit {
    free(buffer)
    fclose(file)
  }

  /// The next line without its line terminator (`\n` or `\r\n`), or nil at the end.
  /// - Throws: `EventLogError.io` for a read error or text that is not UTF-8.
  func next() throws -> String? {
    errno = 0
    let count = getline(&buffer, &capacity, file)
    if count < 0 {
      if ferror(file) != 0 {
        throw EventLogError.io(path: path, problem: String(cString: strerror(errno)))
      }
      return nil
    }
    lineNumber += 1
    guard let buffer else { return "" }
    var length = count
    let bytes = UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self)
    if length > 0 && bytes[length - 1] == 0x0A { length -= 1 }
    if length > 0 && bytes[length - 1] == 0x0D { length -= 1 }
    if lineNumber == 1 && length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      return try decode(UnsafeBufferPointer(start: bytes + 3, count: length - 3))
    }
    return try decode(UnsafeBufferPointer(start: bytes, count: length))
  }

  private func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw EventLogError.badImportLine(path: path, line: lineNumber, problem: "not UTF-8 text")
    }
    return text
  }
}
