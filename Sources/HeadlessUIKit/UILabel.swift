// UILabel with a deterministic text-measuring model, so custom content has real intrinsic
// sizes without a font renderer.

import Foundation

/// A read-only text view whose size comes from a documented text model.
///
/// The text model (`UIFont` metrics):
/// * every character (extended grapheme cluster) advances `glyphAdvance` = 0.5 x the point
///   size (0.55 x for semibold and heavier);
/// * each line is `lineHeight` = 1.2 x the point size tall;
/// * with `numberOfLines == 1` the text is one line (newlines count as spaces); otherwise it
///   breaks at newlines and wraps greedily at spaces to the wrap width (a word longer than a
///   line breaks between characters), keeping at most `numberOfLines` lines (0: all);
/// * the wrap width is `preferredMaxLayoutWidth` when positive, else the label's current
///   width (a wrapping label re-measures when its width changes, as UIKit's does), else none;
/// * sizes are rounded up to whole points; empty text measures zero by zero.
@preconcurrency @MainActor
open class UILabel: UIView {
  /// The text; changing it invalidates the intrinsic size (and shows in screen snapshots).
  open var text: String? {
    didSet {
      guard text != oldValue else { return }
      UIView.noteTextChange()
      textLayoutDidChange()
    }
  }

  /// The font (system 17 pt by default).
  open var font: UIFont = .systemFont(ofSize: 17) {
    didSet {
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

  /// The lines the text breaks into at the current wrap width.
  public var textLines: [String] {
    TextModel.lines(
      of: text ?? "", font: font, numberOfLines: numberOfLines, wrapWidth: wrapWidth)
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
    return CGSize(
      width: widest.rounded(.up), height: (CGFloat(lines.count) * font.lineHeight).rounded(.up))
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

/// Breaks and measures text with the documented model.
enum TextModel {
  /// The width of one line.
  static func width(of line: String, font: UIFont) -> CGFloat {
    CGFloat(line.count) * font.glyphAdvance
  }

  /// The lines `text` shows as, given the line limit and an optional wrap width.
  static func lines(
    of text: String, font: UIFont, numberOfLines: Int, wrapWidth: CGFloat?
  ) -> [String] {
    guard !text.isEmpty else { return [] }
    if numberOfLines == 1 {
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
    let perLine = max(1, Int((width / font.glyphAdvance).rounded(.down)))
    var lines: [String] = []
    var current = ""
    for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if candidate.count <= perLine {
        current = candidate
        continue
      }
      if !current.isEmpty { lines.append(current) }
      current = ""
      while word.count > perLine {
        lines.append(String(word.prefix(perLine)))
        word = word.dropFirst(perLine)
      }
      current = String(word)
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }
}
