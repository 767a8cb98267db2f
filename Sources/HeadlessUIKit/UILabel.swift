// UILabel with text measured from real glyphs (TextModel), so custom content has the
// intrinsic sizes UIKit gives it.

import Foundation
import TextBytes

/// A read-only text view whose size comes from its text measured as UIKit measures it.
///
/// The text model (`TextModel`, docs/uikit-model.md "Text"):
/// * a line is as wide as HarfBuzz shapes it in Inter at the font's size and weight (kerning,
///   ligatures, Arabic joining), plus the system font's published tracking for that size per
///   character; a line is `font.lineHeight` tall (the system font's ascender + descender);
/// * with `numberOfLines == 1` the text is one line (newlines count as spaces); otherwise it
///   breaks at newlines and wraps greedily between words at the wrap width (a word longer than
///   a line breaks between characters), keeping at most `numberOfLines` lines (0: all);
/// * the wrap width is `preferredMaxLayoutWidth` when positive, else the label's current
///   width (a wrapping label re-measures when its width changes, as UIKit's does), else none;
/// * sizes are rounded up to the screen's pixel (20.333 pt for one 17 pt line at 3x); empty
///   text measures zero by zero; `textLines` shows what is cut off with a trailing ellipsis.
@preconcurrency @MainActor
open class UILabel: UIView {
  /// The text; changing it invalidates the intrinsic size (and shows in screen snapshots).
  /// Another form of the same text (an "é" precomposed or decomposed) is a change, as in
  /// UIKit, which compares UTF-16 code units: the new bytes are what a snapshot shows.
  // `@exclusivity(unchecked)`: set by a screen's listener on every progress event (UIView.swift's
  // storage says why).
  @exclusivity(unchecked) open var text: String? {
    didSet {
      guard !sameBytes(text, oldValue) else { return }
      UIView.noteTextChange()
      textLayoutDidChange()
    }
  }

  /// The font (system 17 pt by default; setting nil restores that, as in UIKit).
  open var font: UIFont! = .systemFont(ofSize: 17) {
    didSet {
      if font == nil { font = .systemFont(ofSize: 17) }
      if font != oldValue {
        textLayoutDidChange()
        LayoutEngine.baselinesDidChange(self)
      }
    }
  }

  /// Maximum lines; 0 means no limit. 1 by default.
  open var numberOfLines = 1 {
    didSet { if numberOfLines != oldValue { textLayoutDidChange() } }
  }

  /// The width multi-line text wraps at; 0 (the default) means the label's own width.
  open var preferredMaxLayoutWidth: CGFloat = 0 {
    didSet { if preferredMaxLayoutWidth != oldValue { textLayoutDidChange() } }
  }

  open var textColor: UIColor = .label
  open var textAlignment = NSTextAlignment.natural
  open var lineBreakMode = NSLineBreakMode.byTruncatingTail
  open var adjustsFontSizeToFitWidth = false
  /// Whether a Dynamic Type font (`preferredFont(forTextStyle:)`, or scaled by
  /// `UIFontMetrics`) follows the label's content size category when it changes; false by
  /// default, as in UIKit.
  open var adjustsFontForContentSizeCategory = false
  open var minimumScaleFactor: CGFloat = 0

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isOpaque = false
    isUserInteractionEnabled = false
    setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
    setContentHuggingPriority(UILayoutPriority(251), for: .vertical)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  // MARK: - Sizing

  /// The measured text at the wrap width (see the type's documentation).
  open override var intrinsicContentSize: CGSize {
    measure(wrapWidth: wrapWidth)
  }

  /// The measured text wrapped at `size.width` (when multi-line and positive).
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    measure(wrapWidth: numberOfLines != 1 && size.width > 0 ? size.width : nil)
  }

  /// The lines the text shows as at the label's current size: wrapped at the wrap width and,
  /// where the text doesn't fit the width or the line limit, truncated with "…" at the end.
  public var textLines: [String] {
    let full = TextModel.lines(
      of: text ?? "", font: font, numberOfLines: 0, wrapWidth: wrapWidth)
    var shown = numberOfLines > 0 ? Array(full.prefix(numberOfLines)) : full
    let width = storedFrame.width
    guard !shown.isEmpty, width > 0 else { return shown }
    let cut = shown.count < full.count
    let last = shown.count - 1
    if cut || TextModel.width(of: shown[last], font: font) > width {
      shown[last] = TextModel.truncated(shown[last], toFit: width, font: font, forced: cut)
    }
    return shown
  }

  private var wrapWidth: CGFloat? {
    guard numberOfLines != 1 else { return nil }
    if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
    return storedFrame.width > 0 ? storedFrame.width : nil
  }

  private func measure(wrapWidth: CGFloat?) -> CGSize {
    let lines = TextModel.lines(
      of: text ?? "", font: font, numberOfLines: numberOfLines, wrapWidth: wrapWidth)
    guard !lines.isEmpty else { return .zero }
    let widest = lines.map { TextModel.width(of: $0, font: font) }.max() ?? 0
    let scale = layoutRoot.displayScale
    return CGSize(
      width: TextModel.pixelCeiling(widest, scale: scale),
      height: TextModel.pixelCeiling(CGFloat(lines.count) * font.lineHeight, scale: scale))
  }

  private func textLayoutDidChange() {
    invalidateIntrinsicContentSize()
    setNeedsLayout()
  }

  override func boundsSizeDidChange() {
    if numberOfLines != 1, preferredMaxLayoutWidth <= 0 { invalidateIntrinsicContentSize() }
  }

  override func traitsDidChange(from previous: UITraitCollection?) {
    guard adjustsFontForContentSizeCategory else { return }
    let adjusted = font.adjusted(to: traitCollection.preferredContentSizeCategory)
    if adjusted != font { font = adjusted }
  }

  override var baselineInsets: (firstFromTop: CGFloat, lastFromBottom: CGFloat)? {
    (font.ascender, -font.descender)
  }
}

// MARK: - Text model

/// Breaks and measures text with the process's measurer (`TextMeasurers.shared()`: shaped
/// glyphs and the system font's tracking) and the system font's metrics.
@MainActor
enum TextModel {
  /// The width of one line: shaped advance at the font's size plus its tracking.
  static func width(of line: String, font: UIFont) -> CGFloat {
    guard !line.isEmpty else { return 0 }
    do {
      return CGFloat(
        try TextMeasurers.shared().width(
          of: line, size: Double(font.pointSize), weight: font.weight))
    } catch {
      TextMeasuring.fail(error)
    }
  }

  /// `value` rounded up to the next pixel at `scale` (a hair over a pixel doesn't count).
  static func pixelCeiling(_ value: CGFloat, scale: CGFloat) -> CGFloat {
    let pixels = Double(value * scale)
    return CGFloat((pixels - 1e-6).rounded(.up) / Double(scale))
  }

  /// `line` cut at the end to fit `width` with an ellipsis ("…" alone if nothing fits);
  /// `forced` adds the ellipsis even when the line fits (text below it was cut off).
  static func truncated(_ line: String, toFit width: CGFloat, font: UIFont, forced: Bool) -> String {
    if !forced, self.width(of: line, font: font) <= width { return line }
    var kept = Substring(line)
    while !kept.isEmpty {
      let candidate = String(kept.trimmingTrailingSpaces) + "…"
      if self.width(of: candidate, font: font) <= width { return candidate }
      kept = kept.dropLast()
    }
    return "…"
  }

  /// The lines `text` shows as, given the line limit and an optional wrap width.
  static func lines(
    of text: String, font: UIFont, numberOfLines: Int, wrapWidth: CGFloat?
  ) -> [String] {
    guard !text.isEmpty else { return [] }
    if numberOfLines == 1 {
      // Foundation's replacing costs about 13 k instructions even when there is nothing to
      // replace (a label's every new text).
      guard text.utf8.contains(UInt8(ascii: "\n")) else { return [text] }
      return [text.replacingOccurrences(of: "\n", with: " ")]
    }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if let wrapWidth {
        lines += wrap(String(paragraph), font: font, width: wrapWidth)
      } else {
        lines.append(String(paragraph))
      }
    }
    return numberOfLines > 0 ? Array(lines.prefix(numberOfLines)) : lines
  }

  /// Greedy word wrap of one paragraph at `width`; over-long words break between characters.
  private static func wrap(_ paragraph: String, font: UIFont, width: CGFloat) -> [String] {
    var lines: [String] = []
    var current = ""
    func fits(_ candidate: String) -> Bool { self.width(of: candidate, font: font) <= width }
    for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if fits(candidate) {
        current = candidate
        continue
      }
      if !current.isEmpty { lines.append(current) }
      current = ""
      var rest = Substring(word)
      while !rest.isEmpty, !fits(String(rest)) {
        var cut = rest.count - 1
        while cut > 1, !fits(String(rest.prefix(cut))) { cut -= 1 }
        lines.append(String(rest.prefix(max(cut, 1))))
        rest = rest.dropFirst(max(cut, 1))
      }
      current = String(rest)
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }
}

extension Substring {
  fileprivate var trimmingTrailingSpaces: Substring {
    var result = self
    while result.last == " " { result = result.dropLast() }
    return result
  }
}

/// What to do when text can't be measured: say so in one line and stop, never guess.
enum TextMeasuring {
  static func fail(_ error: TextMeasuringError) -> Never {
    FileHandle.standardError.write(Data(("navsim: " + error.message + "\n").utf8))
    exit(70)  // EX_SOFTWARE: the environment lacks what the program needs
  }
}
