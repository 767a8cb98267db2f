// How the app styled one of its views: background, corner radius, border, alpha is in the
// snapshot already; a label's font size, alignment and lines; an image view's placeholder.
// Pictures draw app views with it (`SVGRenderer+AppStyle.swift`). It is a record kept beside
// the snapshot, never part of its text, hash or equality: goldens and diffs stay as they were,
// and the store keeps it in its own table (`SnapshotStore+Styles.swift`).

import Foundation
import HeadlessUIKit

/// The look an app gave a view, as recorded when its layout was snapshot.
public struct ViewStyle: Equatable, Sendable {
  /// `#rrggbbaa`, nil when clear or unset.
  public var background: String?
  public var cornerRadius: Double = 0
  /// The corners `cornerRadius` rounds (`CACornerMask` bits: minXminY 1, maxXminY 2,
  /// minXmaxY 4, maxXmaxY 8); all four unless the layer's `maskedCorners` says otherwise.
  public var corners = 15
  public var borderWidth: Double = 0
  /// `#rrggbbaa`; nil when unset.
  public var borderColor: String?
  /// A label's font size in points, its alignment (`left`, `center`, `right`, `justified`,
  /// `natural`), its number of lines (0: as many as it needs) and text colour.
  public var fontSize: Double?
  public var isBold = false
  public var alignment: String?
  public var lines: Int?
  public var textColor: String?
  /// An image view, drawn as a placeholder of its size.
  public var isImage = false

  public init() {}

  /// The style of `view`; nil when the app left it unstyled (no background, corners, border,
  /// not a label or image view).
  @MainActor public init?(_ view: UIView) {
    background = view.backgroundColor.flatMap(Self.hex)
    cornerRadius = Self.rounded(view.layer.cornerRadius)
    let mask = view.layer.maskedCorners
    corners = (mask.contains(.layerMinXMinYCorner) ? 1 : 0) | (mask.contains(.layerMaxXMinYCorner) ? 2 : 0)
      | (mask.contains(.layerMinXMaxYCorner) ? 4 : 0) | (mask.contains(.layerMaxXMaxYCorner) ? 8 : 0)
    borderWidth = Self.rounded(view.layer.borderWidth)
    borderColor = borderWidth > 0 ? view.layer.borderColor.flatMap { Self.hex($0.color) } : nil
    if let label = view as? UILabel {
      fontSize = Self.rounded(label.font.pointSize)
      isBold = label.font.weight.rawValue >= UIFont.Weight.semibold.rawValue
      alignment = Self.name(label.textAlignment)
      lines = label.numberOfLines
      textColor = Self.hex(label.textColor)
    }
    isImage = view is UIImageView
    if background == nil, cornerRadius == 0, borderWidth == 0, fontSize == nil, !isImage { return nil }
  }

  // MARK: - Text form

  /// `bg=#ffcc00ff r=8 corners=3 bw=1 bc=#000000ff font=17 bold align=center lines=2
  /// color=#000000ff image`, the parts that apply, in this order.
  public var text: String {
    var parts: [String] = []
    if let background { parts.append("bg=\(background)") }
    if cornerRadius != 0 { parts.append("r=\(num(cornerRadius))") }
    if cornerRadius != 0, corners != 15 { parts.append("corners=\(corners)") }
    if borderWidth != 0 { parts.append("bw=\(num(borderWidth))") }
    if let borderColor { parts.append("bc=\(borderColor)") }
    if let fontSize { parts.append("font=\(num(fontSize))") }
    if isBold { parts.append("bold") }
    if let alignment { parts.append("align=\(alignment)") }
    if let lines { parts.append("lines=\(lines)") }
    if let textColor { parts.append("color=\(textColor)") }
    if isImage { parts.append("image") }
    return parts.joined(separator: " ")
  }

  /// Parses `text`; nil for a part it does not know or a bad value.
  public init?(text: String) {
    for part in text.split(separator: " ") {
      let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
      let value = pair.count == 2 ? pair[1] : ""
      switch pair[0] {
      case "bg" where Self.isHex(value): background = value
      case "r": guard let v = Double(value) else { return nil }; cornerRadius = v
      case "corners": guard let v = Int(value), (0...15).contains(v) else { return nil }; corners = v
      case "bw": guard let v = Double(value) else { return nil }; borderWidth = v
      case "bc" where Self.isHex(value): borderColor = value
      case "font": guard let v = Double(value) else { return nil }; fontSize = v
      case "bold" where pair.count == 1: isBold = true
      case "align" where ["left", "center", "right", "justified", "natural"].contains(value): alignment = value
      case "lines": guard let v = Int(value), v >= 0 else { return nil }; lines = v
      case "color" where Self.isHex(value): textColor = value
      case "image" where pair.count == 1: isImage = true
      default: return nil
      }
    }
  }

  // MARK: - Helpers

  static func hex(_ color: UIColor) -> String? {
    guard color.alpha > 0 else { return nil }
    // Written into one small string: every app view's colours are read on each full read of
    // the tree, and four radix conversions and concatenations cost more than the rest.
    return String(unsafeUninitializedCapacity: 9) { buffer in
      buffer[0] = UInt8(ascii: "#")
      for (index, value) in [color.red, color.green, color.blue, color.alpha].enumerated() {
        let byte = Int((Double(value) * 255).rounded())  // components are clamped to 0...1
        buffer[1 + 2 * index] = digit(byte >> 4)
        buffer[2 + 2 * index] = digit(byte & 15)
      }
      return 9
    }
  }

  /// The lowercase hexadecimal digit of `value` (0...15).
  private static func digit(_ value: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: value < 10 ? 48 + value : 87 + value)
  }

  static func isHex(_ text: String) -> Bool {
    text.count == 9 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
  }

  static func rounded(_ value: CGFloat) -> Double {
    let result = (Double(value) * 100).rounded() / 100
    return result == 0 ? 0 : result
  }

  static func name(_ alignment: NSTextAlignment) -> String {
    switch alignment {
    case .left: "left"
    case .center: "center"
    case .right: "right"
    case .justified: "justified"
    case .natural: "natural"
    }
  }
}

/// A view's style carried by its snapshot node. Every record equals every other, so a
/// layout's equality (and with it replay, diffs and the store's change points) is its text's,
/// as before styles were recorded.
public struct StyleRecord: Equatable, Sendable {
  public var style: ViewStyle?

  public init(_ style: ViewStyle? = nil) { self.style = style }

  public static func == (_: StyleRecord, _: StyleRecord) -> Bool { true }
}

extension SnapshotNode {
  /// How the app styled this view, when recorded (app views only).
  public var style: ViewStyle? {
    get { styleRecord.style }
    set { styleRecord.style = newValue }
  }
}
