import JSON
import TextBytes
// The readable JSON form of events: `{"seq":1,"t":0,"kind":"speed","payload":{...}}`.
// Payload members follow `EventKind.storedFields` (the same names and order as the SQL view).

// MARK: - Writing

extension EventPayload {
  /// Writes the payload as a JSON object, fields in table order.
  /// - Precondition: every real is finite (logs refuse non-finite values on append).
  public func writeJSON(to writer: inout JSONWriter) {
    let stored = self.stored
    writer.raw("{")
    var first = true
    for field in kind.storedFields {
      if !first { writer.raw(",") }
      first = false
      writer.key(field.name)
      switch field.type {
      case .integer, .real, .optionalReal:
        switch stored.number(field.slot) {
        case .integer(let value)?: writer.integer(value)
        case .real(let value)?: writer.real(value)
        case nil: writer.null()
        }
      case .text:
        if let text = stored.text(field.slot) { writer.string(text) } else { writer.null() }
      case .settingValue(_, let numberSlot, let textSlot):
        guard case .settingChanged(let change) = self else { writer.null(); continue }
        switch change.value {
        case .bool(let flag): writer.bool(flag)
        case .number: writer.real(stored.number(numberSlot)?.doubleValue ?? 0)
        case .text: writer.string(stored.text(textSlot) ?? "")
        }
      }
    }
    writer.raw("}")
  }

  /// The payload as a JSON object text.
  public var jsonText: String {
    var writer = JSONWriter()
    writeJSON(to: &writer)
    return writer.output
  }
}

extension SessionEvent {
  /// Writes `{"seq":…,"t":…,"kind":"…","payload":{…}}`.
  public func writeJSON(to writer: inout JSONWriter) {
    writer.raw("{\"seq\":")
    writer.integer(seq)
    writer.raw(",\"t\":")
    writer.integer(t)
    writer.raw(",\"kind\":")
    writer.string(kind.rawValue)
    writer.raw(",\"payload\":")
    payload.writeJSON(to: &writer)
    writer.raw("}")
  }

  /// The event as one line of JSON (no trailing newline).
  public var jsonLine: String {
    var writer = JSONWriter()
    writeJSON(to: &writer)
    return writer.output
  }
}

// MARK: - Reading

/// A JSON event that cannot be read: what is wrong, naming the key.
public struct EventJSONError: Error, Equatable, CustomStringConvertible, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension SessionEvent {
  /// Reads an event from its JSON object form.
  /// - Throws: `EventJSONError` for a missing or mistyped key, an unknown kind or payload
  ///   field, or a malformed payload.
  public init(json: JSONValue) throws(EventJSONError) {
    guard case .object(let members) = json else {
      throw EventJSONError("expected an event object, found \(json.typeName)")
    }
    for member in members where !["seq", "t", "kind", "payload"].contains(member.key) {
      throw EventJSONError("unknown key \(member.key.visiblyQuoted)")
    }
    let seq = try Self.integer(json["seq"], key: "seq")
    let t = try Self.integer(json["t"], key: "t")
    guard let kindValue = json["kind"] else { throw EventJSONError("missing key 'kind'") }
    guard case .string(let kindName) = kindValue else {
      throw EventJSONError("'kind' must be a string, found \(kindValue.typeName)")
    }
    guard let kind = EventKind(rawValue: kindName) else {
      throw EventJSONError("unknown event kind \(kindName.visiblyQuoted)")
    }
    let payload = try EventPayload(kind: kind, json: json["payload"] ?? .object([]))
    self.init(seq: seq, t: t, payload: payload)
  }

  private static func integer(_ value: JSONValue?, key: String) throws(EventJSONError) -> Int64 {
    guard let value else { throw EventJSONError("missing key '\(key)'") }
    guard case .number(let text) = value, let number = Int64(text) else {
      throw EventJSONError("'\(key)' must be an integer, found \(value.typeName)")
    }
    return number
  }
}

extension EventPayload {
  /// Reads a payload of `kind` from its JSON object form.
  /// - Throws: `EventJSONError` naming the field that is missing, mistyped or unknown.
  public init(kind: EventKind, json: JSONValue) throws(EventJSONError) {
    guard case .object(let members) = json else {
      throw EventJSONError("'payload' must be an object, found \(json.typeName)")
    }
    let fields = kind.storedFields
    for member in members where !fields.contains(where: { $0.name == member.key }) {
      throw EventJSONError("unknown \(kind.rawValue) field \(member.key.visiblyQuoted)")
    }
    var stored = StoredPayload()
    for field in fields {
      let name = "\(kind.rawValue).\(field.name)"
      guard let value = json[field.name] else {
        throw EventJSONError("\(kind.rawValue) payload is missing '\(field.name)'")
      }
      switch (field.type, value) {
      case (.optionalReal, .null):
        break
      case (.real, .number(let text)), (.optionalReal, .number(let text)):
        stored.setNumber(.real(try Self.real(text, name)), in: field.slot)
      case (.integer, .number(let text)):
        guard let number = Int64(text) ?? Double(text).flatMap({ Int64(exactly: $0) }) else {
          throw EventJSONError("'\(name)' must be an integer, got \(text)")
        }
        stored.setNumber(.integer(number), in: field.slot)
      case (.text, .string(let text)):
        stored.setText(text, in: field.slot)
      case (.settingValue(let typeSlot, let numberSlot, let textSlot), _):
        switch value {
        case .bool(let flag):
          stored.setText("bool", in: typeSlot)
          stored.setNumber(.integer(flag ? 1 : 0), in: numberSlot)
        case .number(let text):
          stored.setText("number", in: typeSlot)
          stored.setNumber(.real(try Self.real(text, name)), in: numberSlot)
        case .string(let text):
          stored.setText("text", in: typeSlot)
          stored.setText(text, in: textSlot)
        default:
          throw EventJSONError(
            "'\(name)' must be a boolean, number or string, found \(value.typeName)")
        }
      default:
        let expected =
          switch field.type {
          case .integer: "an integer"
          case .real: "a number"
          case .optionalReal: "a number or null"
          case .text: "a string"
          case .settingValue: "a boolean, number or string"
          }
        throw EventJSONError("'\(name)' must be \(expected), found \(value.typeName)")
      }
    }
    do {
      try self.init(kind: kind, stored: stored)
    } catch {
      throw EventJSONError("\(error)")
    }
  }

  private static func real(_ text: String, _ name: String) throws(EventJSONError) -> Double {
    guard let number = Double(text), number.isFinite else {
      throw EventJSONError("'\(name)' must be a finite number, got \(text)")
    }
    return number
  }
}
