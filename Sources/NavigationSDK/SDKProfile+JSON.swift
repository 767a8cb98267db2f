import Foundation

// MARK: - Errors

/// Why a profile file was rejected. Each case names the file and the offending key.
public struct SDKProfileError: Error, Equatable, CustomStringConvertible {
  /// The file, or `<json>` for in-memory data.
  public var file: String
  /// The key path (`style.headerNominalHeight`), empty when the whole file is at fault.
  public var key: String
  public var message: String

  public var description: String {
    key.isEmpty ? "\(file): \(message)" : "\(file): key '\(key)': \(message)"
  }
}

// MARK: - Loading

extension SDKProfile {
  /// Reads a profile from a JSON file: an object whose keys override the defaults.
  ///
  /// Every key is optional; a missing key keeps its default. An unknown key is rejected by
  /// name (so a typo never silently keeps a default), and so is a value of the wrong type or
  /// a negative, zero or non-finite size.
  /// ```json
  /// { "name": "pixel-calibrated", "wideModeMinimumWidth": 700,
  ///   "style": { "headerNominalHeight": 120 }, "promptHeights": { "incident": 96 } }
  /// ```
  /// - Throws: `SDKProfileError` naming the file and key.
  public static func load(contentsOf url: URL) throws -> SDKProfile {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw SDKProfileError(file: url.path, key: "", message: "cannot read the file")
    }
    return try decode(data, file: url.path)
  }

  /// Decodes a profile from JSON data (see `load(contentsOf:)`).
  /// - Parameter file: the name used in error messages.
  /// - Throws: `SDKProfileError` naming the file and key.
  public static func decode(_ data: Data, file: String = "<json>") throws -> SDKProfile {
    let root: JSONTree
    do {
      root = try JSONDecoder().decode(JSONTree.self, from: data)
    } catch {
      throw SDKProfileError(file: file, key: "", message: "not valid JSON")
    }
    guard case .object(let object) = root else {
      throw SDKProfileError(file: file, key: "", message: "expected a JSON object")
    }
    var reader = ProfileReader(file: file)
    return try reader.read(object)
  }
}

// MARK: - Reader

/// Applies a JSON object's keys onto the default profile, one known key at a time.
private struct ProfileReader {
  let file: String

  /// Top-level keys holding one size each, with where they go.
  static var sizeKeys: [(String, WritableKeyPath<SDKProfile, Double>)] {
    [
      ("wideModeMinimumWidth", \.wideModeMinimumWidth),
      ("wideCardWidth", \.wideCardWidth),
      ("etaCardHeight", \.etaCardHeight),
      ("tripProgressBarWidth", \.tripProgressBarWidth),
      ("speedGaugeSize", \.speedGaugeSize),
      ("logoWidth", \.logoWidth),
      ("logoHeight", \.logoHeight),
      ("recenterLogoWidth", \.recenterLogoWidth),
      ("recenterLogoHeight", \.recenterLogoHeight),
      ("buttonSize", \.buttonSize),
      ("promptDefaultHeight", \.promptDefaultHeight),
      ("smallOverlaySide", \.smallOverlaySide),
    ]
  }

  /// Top-level keys that may be zero.
  static var lengthKeys: [(String, WritableKeyPath<SDKProfile, Double>)] {
    [
      ("cardLayoutMargin", \.cardLayoutMargin),
      ("controlLayoutMargin", \.controlLayoutMargin),
      ("speedGaugeSpacing", \.speedGaugeSpacing),
      ("promptLineHeight", \.promptLineHeight),
      ("hidingStackSpacing", \.hidingStackSpacing),
      ("leadingEdgeTolerance", \.leadingEdgeTolerance),
      ("overlapTolerance", \.overlapTolerance),
    ]
  }

  static var styleKeys: [(String, WritableKeyPath<SDKStyleValues, Double>)] {
    [
      ("buttonHorizontalPadding", \.buttonHorizontalPadding),
      ("buttonVerticalPadding", \.buttonVerticalPadding),
      ("defaultCornerRadius", \.defaultCornerRadius),
      ("elementHorizontalPadding", \.elementHorizontalPadding),
      ("headerFooterHorizontalPadding", \.headerFooterHorizontalPadding),
      ("headerNominalHeight", \.headerNominalHeight),
      ("headerTopPadding", \.headerTopPadding),
    ]
  }

  mutating func read(_ object: [String: JSONTree]) throws -> SDKProfile {
    var profile = SDKProfile.default
    for key in object.keys.sorted() {
      let value = object[key]!
      if let (_, path) = Self.sizeKeys.first(where: { $0.0 == key }) {
        profile[keyPath: path] = try number(value, key: key, allowZero: false)
      } else if let (_, path) = Self.lengthKeys.first(where: { $0.0 == key }) {
        profile[keyPath: path] = try number(value, key: key, allowZero: true)
      } else {
        switch key {
        case "name":
          guard case .string(let name) = value, !name.isEmpty else {
            throw error(key, "expected a non-empty string")
          }
          profile.name = name
        case "promptCharactersPerLine":
          let count = try number(value, key: key, allowZero: false)
          guard count == count.rounded() else { throw error(key, "expected a whole number") }
          profile.promptCharactersPerLine = Int(count)
        case "style":
          profile.style = try style(value)
        case "promptHeights":
          profile.promptHeights = try promptHeights(value, over: profile.promptHeights)
        default:
          throw error(key, "unknown key")
        }
      }
    }
    return profile
  }

  private func style(_ value: JSONTree) throws -> SDKStyleValues {
    guard case .object(let object) = value else {
      throw error("style", "expected an object")
    }
    var style = SDKStyleValues.default
    for key in object.keys.sorted() {
      guard let (_, path) = Self.styleKeys.first(where: { $0.0 == key }) else {
        throw error("style.\(key)", "unknown key")
      }
      style[keyPath: path] = try number(object[key]!, key: "style.\(key)", allowZero: true)
    }
    return style
  }

  /// Prompt kinds are open (new kinds come with new recordings), so any key is accepted here.
  private func promptHeights(_ value: JSONTree, over base: [String: Double]) throws -> [String:
    Double]
  {
    guard case .object(let object) = value else {
      throw error("promptHeights", "expected an object")
    }
    var heights = base
    for key in object.keys.sorted() {
      heights[key] = try number(object[key]!, key: "promptHeights.\(key)", allowZero: false)
    }
    return heights
  }

  private func number(_ value: JSONTree, key: String, allowZero: Bool) throws -> Double {
    guard case .number(let double) = value else { throw error(key, "expected a number") }
    guard double.isFinite, double > 0 || (allowZero && double == 0) else {
      throw error(key, allowZero ? "expected a finite number >= 0" : "expected a number > 0")
    }
    return double
  }

  private func error(_ key: String, _ message: String) -> SDKProfileError {
    SDKProfileError(file: file, key: key, message: message)
  }
}

// MARK: - JSON tree

/// A parsed JSON value, keeping booleans and numbers apart (JSONSerialization does not).
private enum JSONTree: Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONTree])
  case object([String: JSONTree])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONTree].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONTree].self))
    }
  }
}
