// The Visual Format Language: `H:|-[title]-8-[badge(>=44@750)]-|`, as Apple's Auto Layout
// Guide ("Visual Format Language") defines it, with FormatOptions' alignment and direction.

import Foundation

extension NSLayoutConstraint {
  /// How `constraints(withVisualFormat:options:metrics:views:)` aligns the views it lines up
  /// and which way a horizontal format runs.
  public struct FormatOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
    public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
    public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
    public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
    public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
    public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
    public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
    public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
    public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
    public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
    public static let directionLeadingToTrailing = FormatOptions([])
    public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
    public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
    public static let directionMask = FormatOptions(rawValue: 0x3 << 16)
    public static let spacingEdgeToEdge = FormatOptions([])
    public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
    public static let spacingMask = FormatOptions(rawValue: 0x1 << 19)

    /// The attributes the alignment bits name, in UIKit's attribute order.
    var alignedAttributes: [Attribute] {
      let all: [(FormatOptions, Attribute)] = [
        (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top),
        (.alignAllBottom, .bottom), (.alignAllLeading, .leading), (.alignAllTrailing, .trailing),
        (.alignAllCenterX, .centerX), (.alignAllCenterY, .centerY),
        (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
      ]
      return all.filter { contains($0.0) }.map(\.1)
    }
  }

  /// The constraints a visual format string describes (not yet active).
  ///
  /// Spacing `-` is 8 points between views, and the superview's layout margin at `|-` / `-|`
  /// (Apple's `layoutMargins` documentation). A string UIKit can't parse (it raises) gives one
  /// inert constraint whose activation reports the parse error as an invalid constraint.
  /// - Parameters:
  ///   - format: `H:` or `V:` (default `H:`), then views in brackets and connections.
  ///   - options: alignment of every view lined up, and the direction of a horizontal format.
  ///   - metrics: numbers named in the format.
  ///   - views: the views named in the format.
  public class func constraints(
    withVisualFormat format: String, options: FormatOptions = [],
    metrics: [String: Any]?, views: [String: Any],
    file: StaticString = #filePath, line: UInt = #line
  ) -> [NSLayoutConstraint] {
    do {
      var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views)
      let parsed = try parser.parse()
      let made = parsed.constraints(options: options)
      for constraint in made {
        constraint.sourceLocation = CallSite(file: file, line: line)
        LayoutEngine.appConstraintCreated(constraint)
      }
      return made
    } catch let error as VisualFormatError {
      let inert = NSLayoutConstraint(
        first: nil, .notAnAttribute, .equal, second: nil, .notAnAttribute, kind: .app,
        invalidReason: "unable to parse constraint format '\(format)': \(error.message)")
      inert.sourceLocation = CallSite(file: file, line: line)
      return [inert]
    } catch {
      return []
    }
  }
}

// MARK: - Parsing

struct VisualFormatError: Error {
  var message: String
}

/// One predicate: `>=44@750`, `==title`.
struct VisualFormatPredicate {
  var relation = NSLayoutConstraint.Relation.equal
  var constant: CGFloat = 0
  var view: UIView?
  var priority = UILayoutPriority.required
}

/// What a format says: the axis, the views in order with their size predicates, and the
/// connections between neighbours (nil: flush, `[]`: standard spacing).
@MainActor
struct ParsedVisualFormat {
  enum Spacing {
    case flush
    case standard
    case predicates([VisualFormatPredicate])
  }

  var vertical: Bool
  var views: [(view: UIView, sizes: [VisualFormatPredicate])] = []
  var leadingEdge: Spacing?
  var gaps: [Spacing] = []
  var trailingEdge: Spacing?

  func constraints(options: NSLayoutConstraint.FormatOptions) -> [NSLayoutConstraint] {
    let direction = options.intersection(.directionMask)
    let start: NSLayoutConstraint.Attribute
    let end: NSLayoutConstraint.Attribute
    if vertical {
      (start, end) = (.top, .bottom)
    } else if direction == .directionLeftToRight {
      (start, end) = (.left, .right)
    } else if direction == .directionRightToLeft {
      (start, end) = (.right, .left)
    } else {
      (start, end) = (.leading, .trailing)
    }
    let size: NSLayoutConstraint.Attribute = vertical ? .height : .width
    // Right to left runs the other way: the gap's constant is measured leftwards.
    let sign: CGFloat = direction == .directionRightToLeft && !vertical ? -1 : 1
    var made: [NSLayoutConstraint] = []
    for (view, sizes) in views {
      for predicate in sizes {
        let other: NSLayoutConstraint.Attribute = predicate.view == nil ? .notAnAttribute : size
        made.append(
          Self.make(
            view, size, predicate.relation, predicate.view, other, predicate.constant,
            predicate.priority))
      }
    }
    func connect(
      _ earlier: (any LayoutItem, NSLayoutConstraint.Attribute),
      _ later: (any LayoutItem, NSLayoutConstraint.Attribute), _ spacing: Spacing
    ) {
      let predicates: [VisualFormatPredicate]
      switch spacing {
      case .flush: predicates = [VisualFormatPredicate()]
      case .standard: predicates = [VisualFormatPredicate(constant: systemSpacing)]
      case .predicates(let list): predicates = list
      }
      for predicate in predicates {
        // later.start relation earlier.end + gap (mirrored when running leftwards).
        var relation = predicate.relation
        if sign < 0, relation != .equal {
          relation = relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual
        }
        made.append(
          Self.make(
            later.0, later.1, relation, earlier.0, earlier.1, sign * predicate.constant,
            predicate.priority))
      }
    }
    if let first = views.first, let superview = first.view.superview, let edge = leadingEdge {
      let margin: NSLayoutConstraint.Attribute = vertical ? .topMargin : startMargin(start)
      if case .standard = edge {
        connect((superview, margin), (first.view, start), .flush)
      } else {
        connect((superview, start), (first.view, start), edge)
      }
    }
    for (index, gap) in gaps.enumerated() {
      connect((views[index].view, end), (views[index + 1].view, start), gap)
    }
    if let last = views.last, let superview = last.view.superview, let edge = trailingEdge {
      let margin: NSLayoutConstraint.Attribute = vertical ? .bottomMargin : endMargin(end)
      if case .standard = edge {
        connect((last.view, end), (superview, margin), .flush)
      } else {
        connect((last.view, end), (superview, end), edge)
      }
    }
    for attribute in options.alignedAttributes {
      for pair in zip(views, views.dropFirst()) {
        made.append(
          Self.make(pair.1.view, attribute, .equal, pair.0.view, attribute, 0, .required))
      }
    }
    return made
  }

  private func startMargin(_ start: NSLayoutConstraint.Attribute) -> NSLayoutConstraint.Attribute {
    switch start {
    case .left: .leftMargin
    case .right: .rightMargin
    default: .leadingMargin
    }
  }

  private func endMargin(_ end: NSLayoutConstraint.Attribute) -> NSLayoutConstraint.Attribute {
    switch end {
    case .left: .leftMargin
    case .right: .rightMargin
    default: .trailingMargin
    }
  }

  private static func make(
    _ first: any LayoutItem, _ attr1: NSLayoutConstraint.Attribute,
    _ relation: NSLayoutConstraint.Relation, _ second: (any LayoutItem)?,
    _ attr2: NSLayoutConstraint.Attribute, _ constant: CGFloat, _ priority: UILayoutPriority
  ) -> NSLayoutConstraint {
    NSLayoutConstraint(
      first: first, attr1, relation, second: second, attr2, constant: constant,
      priority: priority, kind: .app,
      invalidReason: NSLayoutConstraint.validate(
        attr1, second: second, attr2, secondGiven: second != nil))
  }
}

/// A recursive-descent reader of the format grammar in Apple's Auto Layout Guide.
@MainActor
struct VisualFormatParser {
  private let text: [Character]
  private var position = 0
  private let metrics: [String: Any]
  private let views: [String: Any]

  init(format: String, metrics: [String: Any], views: [String: Any]) {
    text = Array(format.filter { !$0.isWhitespace })
    self.metrics = metrics
    self.views = views
  }

  mutating func parse() throws -> ParsedVisualFormat {
    var parsed = ParsedVisualFormat(vertical: false)
    if peek("H:") || peek("V:") {
      parsed.vertical = text[position] == "V"
      position += 2
    }
    var openedAtSuperview = false
    if accept("|") { openedAtSuperview = true }
    var pending: ParsedVisualFormat.Spacing? = openedAtSuperview ? try connection() : nil
    if openedAtSuperview, pending == nil { pending = .flush }
    while position < text.count, text[position] == "[" {
      let view = try viewItem()
      if parsed.views.isEmpty {
        if openedAtSuperview { parsed.leadingEdge = pending }
      } else {
        guard let gap = pending else { throw error("views must be joined by a connection") }
        parsed.gaps.append(gap)
      }
      parsed.views.append(view)
      pending = try connection()
      if pending == nil, position < text.count, text[position] == "[" { pending = .flush }
    }
    guard !parsed.views.isEmpty else { throw error("expected a view in brackets") }
    if accept("|") {
      parsed.trailingEdge = pending ?? .flush
    } else if pending != nil {
      throw error("a connection must end at a view or the superview")
    }
    guard position == text.count else { throw error("unexpected '\(text[position])'") }
    return parsed
  }

  /// `-`, `-8-`, `-(>=8@750)-`, or nothing (returns nil).
  private mutating func connection() throws -> ParsedVisualFormat.Spacing? {
    guard accept("-") else { return nil }
    if position < text.count, text[position] == "[" || text[position] == "|" {
      return .standard
    }
    let predicates: [VisualFormatPredicate]
    if position < text.count, text[position] == "(" {
      predicates = try predicateList()
    } else {
      predicates = [VisualFormatPredicate(constant: try number())]
    }
    guard accept("-") else { throw error("expected '-' after a spacing") }
    return .predicates(predicates)
  }

  /// `[name]` or `[name(predicates)]`.
  private mutating func viewItem() throws -> (view: UIView, sizes: [VisualFormatPredicate]) {
    guard accept("[") else { throw error("expected '['") }
    let name = identifier()
    guard let view = views[name] as? UIView else {
      throw error("'\(name)' is not a key in the views dictionary")
    }
    var sizes: [VisualFormatPredicate] = []
    if position < text.count, text[position] == "(" { sizes = try predicateList() }
    guard accept("]") else { throw error("expected ']'") }
    return (view, sizes)
  }

  /// `(p, p...)`.
  private mutating func predicateList() throws -> [VisualFormatPredicate] {
    guard accept("(") else { throw error("expected '('") }
    var list = [try predicate()]
    while accept(",") { list.append(try predicate()) }
    guard accept(")") else { throw error("expected ')'") }
    return list
  }

  /// `(==|<=|>=)? (number | metric | view) (@priority)?`.
  private mutating func predicate() throws -> VisualFormatPredicate {
    var result = VisualFormatPredicate()
    if accept("==") {
      result.relation = .equal
    } else if accept("<=") {
      result.relation = .lessThanOrEqual
    } else if accept(">=") {
      result.relation = .greaterThanOrEqual
    }
    if position < text.count, text[position].isLetter || text[position] == "_" {
      let name = identifier()
      if let view = views[name] as? UIView {
        result.view = view
      } else if let value = metric(name) {
        result.constant = value
      } else {
        throw error("'\(name)' is neither a view nor a metric")
      }
    } else {
      result.constant = try number()
    }
    if accept("@") {
      let value: CGFloat
      if position < text.count, text[position].isLetter {
        let name = identifier()
        guard let metric = metric(name) else { throw error("unknown priority metric '\(name)'") }
        value = metric
      } else {
        value = try number()
      }
      result.priority = UILayoutPriority(Float(value))
    }
    return result
  }

  private func metric(_ name: String) -> CGFloat? {
    switch metrics[name] {
    case let value as CGFloat: value
    case let value as Double: CGFloat(value)
    case let value as Int: CGFloat(value)
    case let value as Float: CGFloat(value)
    case let value as NSNumber: CGFloat(value.doubleValue)
    default: nil
    }
  }

  private mutating func number() throws -> CGFloat {
    let start = position
    if position < text.count, text[position] == "-" { position += 1 }
    while position < text.count, text[position].isNumber || text[position] == "." {
      position += 1
    }
    if position < text.count, text[position].isLetter || text[position] == "_" {
      position = start
      let name = identifier()
      guard let value = metric(name) else { throw error("unknown metric '\(name)'") }
      return value
    }
    guard let value = Double(String(text[start..<position])) else {
      throw error("expected a number")
    }
    return CGFloat(value)
  }

  private mutating func identifier() -> String {
    let start = position
    while position < text.count,
      text[position].isLetter || text[position].isNumber || text[position] == "_"
    {
      position += 1
    }
    return String(text[start..<position])
  }

  private func peek(_ token: String) -> Bool {
    let characters = Array(token)
    guard position + characters.count <= text.count else { return false }
    return Array(text[position..<position + characters.count]) == characters
  }

  private mutating func accept(_ token: String) -> Bool {
    guard peek(token) else { return false }
    position += token.count
    return true
  }

  private func error(_ message: String) -> VisualFormatError {
    VisualFormatError(message: "\(message) at character \(position)")
  }
}
