// Alerts, toolbars, scroll views and text fields: what settings and demo screens put around a
// map. Alerts are view controllers presented like any other (UIViewController+Presentation);
// their actions run when a test triggers them.

import Foundation
import TextBytes

// MARK: - Alerts

/// A button of an alert.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
  public enum Style: Int, Sendable { case `default`, cancel, destructive }

  public let title: String?
  public let style: Style
  open var isEnabled = true
  private let handler: ((UIAlertAction) -> Void)?

  public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
    self.title = title
    self.style = style
    self.handler = handler
    super.init()
  }

  /// Runs the handler, as a tap on the button does (NavSim's, for tests); nothing when
  /// disabled.
  public func trigger() {
    guard isEnabled else { return }
    handler?(self)
  }
}

/// An alert or action sheet: a title, a message, actions and text fields.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
  public enum Style: Int, Sendable { case actionSheet = 0, alert = 1 }

  open var message: String?
  public let preferredStyle: Style
  public private(set) var actions: [UIAlertAction] = []
  public private(set) var textFields: [UITextField]?
  /// The action Return triggers; must be one of `actions`.
  open var preferredAction: UIAlertAction? {
    didSet {
      if let action = preferredAction, !actions.contains(where: { $0 === action }) {
        preferredAction = nil
      }
    }
  }

  public init(title: String?, message: String?, preferredStyle: Style) {
    self.message = message
    self.preferredStyle = preferredStyle
    super.init(nibName: nil, bundle: nil)
    self.title = title
    modalPresentationStyle = .custom  // UIKit presents alerts with a custom presentation
  }

  public required init?(coder: NSCoder) {
    preferredStyle = .alert
    super.init(coder: coder)
  }

  open func addAction(_ action: UIAlertAction) { actions.append(action) }

  /// Adds a text field (alerts only, as UIKit requires) and lets `configurationHandler` set it.
  open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
    precondition(preferredStyle == .alert, "Text fields can only be added to an alert controller")
    let field = UITextField(frame: .zero)
    field.borderStyle = .roundedRect
    textFields = (textFields ?? []) + [field]
    configurationHandler?(field)
  }
}

// MARK: - Toolbar

/// A bar of items: 44 points tall (UIKit's toolbar height on a phone in portrait).
@preconcurrency @MainActor
open class UIToolbar: UIView {
  public static let height: CGFloat = 44
  open var items: [UIBarButtonItem]?
  open var barTintColor: UIColor?
  open var isTranslucent = true

  open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.items = items }

  open override var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: Self.height)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: size.width, height: Self.height)
  }
}

extension UIBarButtonItem {
  /// An item whose `target` / `action` are stored (never invoked by name).
  public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
    self.init(title: title, style: style)
    self.target = target.map { $0 as AnyObject }
    self.action = action
  }

  public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
    self.init(image: image, style: style)
    self.target = target.map { $0 as AnyObject }
    self.action = action
  }

  public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
    self.init(barButtonSystemItem: systemItem)
    self.target = target.map { $0 as AnyObject }
    self.action = action
  }
}

// MARK: - Scroll view

/// Told about scrolling; headless, nothing scrolls by itself.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
  func scrollViewDidScroll(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
  public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

/// A scrolling container. Its subviews lay out in its bounds as in any view; `contentSize`,
/// `contentOffset` and the insets are stored, and setting the offset tells the delegate.
@preconcurrency @MainActor
open class UIScrollView: UIView {
  open var contentSize: CGSize = .zero
  open var contentOffset: CGPoint = .zero {
    didSet { if contentOffset != oldValue { delegate?.scrollViewDidScroll(self) } }
  }
  open var contentInset: UIEdgeInsets = .zero
  open var isScrollEnabled = true
  open var isPagingEnabled = false
  open var bounces = true
  open var alwaysBounceVertical = false
  open var alwaysBounceHorizontal = false
  open var showsVerticalScrollIndicator = true
  open var showsHorizontalScrollIndicator = true
  open var keyboardDismissMode = KeyboardDismissMode.none
  open weak var delegate: (any UIScrollViewDelegate)?

  public enum KeyboardDismissMode: Int, Sendable { case none, onDrag, interactive }

  open func setContentOffset(_ offset: CGPoint, animated: Bool) { contentOffset = offset }
}

// MARK: - Text field

/// Told about editing. Every method has a default (UIKit's are optional).
@preconcurrency @MainActor
public protocol UITextFieldDelegate: NSObjectProtocol {
  func textFieldShouldReturn(_ textField: UITextField) -> Bool
  func textFieldDidBeginEditing(_ textField: UITextField)
  func textFieldDidEndEditing(_ textField: UITextField)
}

extension UITextFieldDelegate {
  public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
  public func textFieldDidBeginEditing(_ textField: UITextField) {}
  public func textFieldDidEndEditing(_ textField: UITextField) {}
}

/// A one-line text input. Intrinsic size (NavSim's model): the text's (or the placeholder's)
/// width plus 7 points each side; the font's line height, or 34 points for `.roundedRect`
/// (UIKit's rounded text field height at the default 17 pt font) when that is taller.
@preconcurrency @MainActor
open class UITextField: UIControl {
  public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
  public enum ViewMode: Int, Sendable { case never, whileEditing, unlessEditing, always }

  /// The text; another form of the same text (an equal `String` of other bytes) is a change,
  /// as for a label: it can measure differently.
  open var text: String? = "" {
    didSet {
      if !sameBytes(text, oldValue) { UIView.noteTextChange(); invalidateIntrinsicContentSize() }
    }
  }
  open var placeholder: String? {
    didSet { invalidateIntrinsicContentSize() }
  }
  open var font: UIFont? = .systemFont(ofSize: 17) {
    didSet { invalidateIntrinsicContentSize() }
  }
  open var textColor: UIColor?
  open var textAlignment = NSTextAlignment.natural
  open var borderStyle = BorderStyle.none {
    didSet { invalidateIntrinsicContentSize() }
  }
  open var clearButtonMode = ViewMode.never
  open var isSecureTextEntry = false
  open var returnKeyType = UIReturnKeyType.default
  open var keyboardType = UIKeyboardType.default
  open var autocapitalizationType = UITextAutocapitalizationType.sentences
  open var leftView: UIView?
  open var rightView: UIView?
  open var leftViewMode = ViewMode.never
  open var rightViewMode = ViewMode.never
  open weak var delegate: (any UITextFieldDelegate)?

  public static let roundedRectHeight: CGFloat = 34
  static let horizontalPadding: CGFloat = 7

  /// The text field being edited, if any (one at a time, as UIKit's first responder).
  private static weak var editing: UITextField?

  /// Whether this field is being edited.
  open var isEditing: Bool { Self.editing === self }
  open var isFirstResponder: Bool { isEditing }
  open var canBecomeFirstResponder: Bool { isEnabled }

  /// Starts editing: the field being edited stops first, then the delegate hears
  /// `textFieldDidBeginEditing` and `.editingDidBegin` actions run. No keyboard appears and
  /// no keyboard notification is posted.
  @discardableResult open func becomeFirstResponder() -> Bool {
    guard canBecomeFirstResponder else { return false }
    guard !isEditing else { return true }
    Self.editing?.resignFirstResponder()
    Self.editing = self
    delegate?.textFieldDidBeginEditing(self)
    sendActions(for: .editingDidBegin)
    return true
  }

  /// Stops editing: the delegate hears `textFieldDidEndEditing`, `.editingDidEnd` actions run.
  @discardableResult open func resignFirstResponder() -> Bool {
    guard isEditing else { return true }
    Self.editing = nil
    delegate?.textFieldDidEndEditing(self)
    sendActions(for: .editingDidEnd)
    return true
  }

  open override var intrinsicContentSize: CGSize {
    let font = font ?? .systemFont(ofSize: 17)
    let shown = (text?.isEmpty ?? true) ? (placeholder ?? "") : (text ?? "")
    let scale = layoutRoot.displayScale
    let width = TextModel.pixelCeiling(TextModel.width(of: shown, font: font), scale: scale)
    let line = TextModel.pixelCeiling(font.lineHeight, scale: scale)
    let height = borderStyle == .roundedRect ? max(line, Self.roundedRectHeight) : line
    return CGSize(width: width + 2 * Self.horizontalPadding, height: height)
  }
}

extension UIView {
  /// Ends editing of the text field being edited in this view's subtree; true when none is
  /// left editing there.
  @discardableResult public func endEditing(_ force: Bool) -> Bool {
    var stack: [UIView] = [self]
    while let view = stack.popLast() {
      if let field = view as? UITextField, field.isEditing { return field.resignFirstResponder() }
      stack += view.subviews
    }
    return true
  }
}

public enum UIReturnKeyType: Int, Sendable {
  case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall
  case `continue`
}

public enum UIKeyboardType: Int, Sendable {
  case `default`, asciiCapable, numbersAndPunctuation, url, numberPad, phonePad, namePhonePad
  case emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
}

public enum UITextAutocapitalizationType: Int, Sendable {
  case none, words, sentences, allCharacters
}
