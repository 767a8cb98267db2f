// The storage form of an event payload, shared by the SQLite log, JSON and the SQL view.
//
// Format version 1 (documented here, stable: old logs keep replaying):
//   Every payload is stored in eleven typed slots: eight numbers `n1`...`n8` (integers stay
//   integers, reals stay reals, NULL means absent / unknown) and three texts `s1`...`s3`.
//   Which field of which kind lives in which slot is the table `EventKind.storedFields`
//   (EventPayload+Storage.swift). Closed enums are stored as their `rawValue` text, so a
//   log stays readable with plain SQL. A field is never moved to another slot and a slot is
//   never re-purposed; a new field takes a free slot, and readers treat a NULL slot written
//   by an older NavSim as the field's documented default. A change that cannot follow these
//   rules bumps `StoredPayload.formatVersion`, and the decoder keeps reading older formats.

/// A number as stored: integers stay integers, so SQL and JSON show `3`, not `3.0`.
public enum StoredNumber: Equatable, Sendable {
  case integer(Int64)
  case real(Double)

  /// The value as a double (integers convert exactly up to 2^53).
  @inlinable
  public var doubleValue: Double {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value
    }
  }
}

/// One payload in its storage form: up to eight numbers and three texts.
public struct StoredPayload: Equatable, Sendable {
  /// The storage format this code writes. Readers accept this and every older version.
  public static let formatVersion = 1

  public var n1: StoredNumber?
  public var n2: StoredNumber?
  public var n3: StoredNumber?
  public var n4: StoredNumber?
  public var n5: StoredNumber?
  public var n6: StoredNumber?
  public var n7: StoredNumber?
  public var n8: StoredNumber?
  public var s1: String?
  public var s2: String?
  public var s3: String?

  /// Inlinable: a log's reader builds one per row.
  @inlinable
  public init(
    n1: StoredNumber? = nil, n2: StoredNumber? = nil, n3: StoredNumber? = nil,
    n4: StoredNumber? = nil, n5: StoredNumber? = nil, n6: StoredNumber? = nil,
    n7: StoredNumber? = nil, n8: StoredNumber? = nil, s1: String? = nil, s2: String? = nil,
    s3: String? = nil
  ) {
    self.n1 = n1
    self.n2 = n2
    self.n3 = n3
    self.n4 = n4
    self.n5 = n5
    self.n6 = n6
    self.n7 = n7
    self.n8 = n8
    self.s1 = s1
    self.s2 = s2
    self.s3 = s3
  }

  // MARK: - Slots by name

  /// The number in a numeric slot (nil for a text slot).
  public func number(_ slot: StoredSlot) -> StoredNumber? {
    switch slot {
    case .n1: n1
    case .n2: n2
    case .n3: n3
    case .n4: n4
    case .n5: n5
    case .n6: n6
    case .n7: n7
    case .n8: n8
    case .s1, .s2, .s3: nil
    }
  }

  /// The text in a text slot (nil for a numeric slot).
  public func text(_ slot: StoredSlot) -> String? {
    switch slot {
    case .s1: s1
    case .s2: s2
    case .s3: s3
    default: nil
    }
  }

  /// Stores `number` in a numeric slot.
  public mutating func setNumber(_ number: StoredNumber?, in slot: StoredSlot) {
    switch slot {
    case .n1: n1 = number
    case .n2: n2 = number
    case .n3: n3 = number
    case .n4: n4 = number
    case .n5: n5 = number
    case .n6: n6 = number
    case .n7: n7 = number
    case .n8: n8 = number
    case .s1, .s2, .s3: preconditionFailure("\(slot) is a text slot")
    }
  }

  /// Stores `text` in a text slot.
  public mutating func setText(_ text: String?, in slot: StoredSlot) {
    switch slot {
    case .s1: s1 = text
    case .s2: s2 = text
    case .s3: s3 = text
    default: preconditionFailure("\(slot) is a numeric slot")
    }
  }
}

/// A storage slot; its raw value is the SQL column name.
public enum StoredSlot: String, CaseIterable, Sendable {
  case n1, n2, n3, n4, n5, n6, n7, n8, s1, s2, s3

  public var isNumeric: Bool { rawValue.hasPrefix("n") }
}

/// How a payload field is typed, which decides how JSON and SQL show it.
public enum StoredFieldType: Sendable, Equatable {
  /// An integer in a numeric slot.
  case integer
  /// A finite real in a numeric slot.
  case real
  /// A finite real, or NULL / JSON `null` meaning unknown.
  case optionalReal
  /// Text (free text or an enum's raw value) in a text slot.
  case text
  /// A setting value: the type (`bool`, `number`, `text`) in `typeSlot`, a bool (0/1) or number
  /// in `numberSlot`, a text in `textSlot`.
  case settingValue(typeSlot: StoredSlot, numberSlot: StoredSlot, textSlot: StoredSlot)
}

/// One field of a kind's payload and where it is stored.
public struct StoredField: Sendable, Equatable {
  /// The field's name in JSON and in the SQL view.
  public var name: String
  /// The slot it lives in (for a setting value: its type slot).
  public var slot: StoredSlot
  public var type: StoredFieldType

  public init(_ name: String, _ slot: StoredSlot, _ type: StoredFieldType) {
    self.name = name
    self.slot = slot
    self.type = type
  }
}

/// A payload that cannot be built from its stored or JSON form: which field and what is wrong.
public struct PayloadDecodingError: Error, Equatable, CustomStringConvertible, Sendable {
  public var kind: EventKind
  public var field: String
  public var problem: String

  public init(kind: EventKind, field: String, problem: String) {
    self.kind = kind
    self.field = field
    self.problem = problem
  }

  public var description: String { "\(kind.rawValue).\(field): \(problem)" }
}
