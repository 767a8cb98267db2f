import SessionEvents

/// A running 64-bit fingerprint of a recording's events: seq, time, kind and every storage
/// slot of the payload (`StoredPayload`, which maps one to one onto the payload). Two
/// sequences of events with equal fingerprints are, to a 2^-64 chance, the same events; a
/// snapshot store keeps it to know that a log still holds the events a run was replayed from.
///
/// Words are folded whole (texts 8 bytes at a time), so a fingerprint costs a few
/// instructions per slot; `EventCursor` keeps one over the events it reads.
public struct EventFingerprint: Equatable, Sendable {
  private var hash: UInt64 = 0x243F_6A88_85A3_08D3
  /// Events folded in.
  public private(set) var count: Int64 = 0

  public init() {}

  /// Folds one event in.
  @inline(__always)
  public mutating func add(_ event: SessionEvent) {
    add(seq: event.seq, t: event.t, kind: event.kind, stored: event.payload.stored)
  }

  /// Folds one event, given in its storage form, in.
  @inline(__always)
  public mutating func add(seq: Int64, t: Int64, kind: EventKind, stored: borrowing StoredPayload) {
    fold(UInt64(bitPattern: seq))
    fold(UInt64(bitPattern: t))
    fold(UInt64(kind.code))
    fold(stored.n1)
    fold(stored.n2)
    fold(stored.n3)
    fold(stored.n4)
    fold(stored.n5)
    fold(stored.n6)
    fold(stored.n7)
    fold(stored.n8)
    fold(stored.s1)
    fold(stored.s2)
    fold(stored.s3)
    count += 1
  }

  /// 16 lowercase hex digits.
  public var value: String {
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  // MARK: - Folding

  @inline(__always)
  mutating func fold(_ word: UInt64) {
    var h = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
    h ^= h >> 29
    hash = h
  }

  // The parts of `add`, in its order, for a decoder that folds a row's columns as it reads
  // them (`RowDecoder`'s row views): the header, each numeric slot, each text slot
  // (`fold(_:)`), then `endEvent()`.

  /// Folds an event's seq, time and kind.
  @inline(__always)
  mutating func foldHeader(seq: Int64, t: Int64, kind: EventKind) {
    fold(UInt64(bitPattern: seq))
    fold(UInt64(bitPattern: t))
    fold(UInt64(kind.code))
  }

  /// Folds a numeric slot holding a real, as `fold(StoredNumber.real(value))`.
  @inline(__always)
  mutating func foldReal(_ value: Double) {
    fold(2)
    fold(value.bitPattern)
  }

  /// Folds a numeric slot holding an integer, as `fold(StoredNumber.integer(value))`.
  @inline(__always)
  mutating func foldInteger(_ value: Int64) {
    fold(1)
    fold(UInt64(bitPattern: value))
  }

  /// Folds an empty numeric slot, as `fold(nil as StoredNumber?)`.
  @inline(__always)
  mutating func foldAbsentNumber() { fold(0) }

  /// Counts the event whose slots were folded.
  @inline(__always)
  mutating func endEvent() { count += 1 }

  @inline(__always)
  private mutating func fold(_ number: StoredNumber?) {
    switch number {
    case nil: fold(0)
    case .integer(let value)?:
      fold(1)
      fold(UInt64(bitPattern: value))
    case .real(let value)?:
      fold(2)
      fold(value.bitPattern)
    }
  }

  @inline(__always)
  mutating func fold(_ text: String?) {
    guard var text else {
      fold(3)
      return
    }
    fold(4)
    text.withUTF8 { bytes in
      fold(UInt64(bytes.count))
      // Little-endian words of 8 bytes (a whole word is loaded at once), then the last 1-7
      // bytes the same way, byte by byte.
      let raw = UnsafeRawBufferPointer(bytes)
      var index = 0
      while index + 8 <= bytes.count {
        fold(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
        index += 8
      }
      if index < bytes.count {
        var word: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
          word |= UInt64(bytes[index]) << shift
          shift += 8
          index += 1
        }
        fold(word)
      }
    }
  }
}
