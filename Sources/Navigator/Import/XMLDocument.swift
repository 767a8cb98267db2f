// A small, strict XML reader for route files: elements, attributes, text, CDATA, comments,
// processing instructions and the predefined and numeric entities. Namespaces are reduced to
// local names (`gpxtpx:speed` is `speed` with prefix `gpxtpx`). No DTDs, no external entities.
//
// Foundation's `XMLParser` exists on Linux (module FoundationXML), but it needs libxml2 at run
// time and reports errors without the element they belong to; this reader keeps every
// element's line, so an importer can say `route.gpx:120: trkpt: latitude 95 is out of range`.

/// An element with its attributes, children and text.
struct XMLElement: Sendable {
  /// The local name (without a namespace prefix).
  var name: String
  var attributes: [(name: String, value: String)] = []
  var children: [XMLElement] = []
  /// The concatenated character data directly inside the element, entities resolved.
  var text = ""
  /// The 1-based line of the start tag.
  var line: Int

  /// The value of the attribute with local name `name`.
  func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// Children with local name `name`, in document order.
  func children(named name: String) -> [XMLElement] {
    children.filter { $0.name == name }
  }

  /// The first child with local name `name`.
  func child(named name: String) -> XMLElement? {
    children.first { $0.name == name }
  }
}

/// A syntax error in an XML document, with its line.
struct XMLSyntaxError: Error, Equatable {
  var line: Int
  var message: String
}

// MARK: - Reader

/// Parses a whole UTF-8 XML document into its root element.
struct XMLReader {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // UTF-8 byte-order mark
  }

  /// The root element of `bytes`.
  /// - Throws: `XMLSyntaxError` for malformed markup, an empty document or a second root.
  /// - Complexity: O(n) in the document's size.
  static func parse(_ bytes: [UInt8]) throws -> XMLElement {
    var reader = XMLReader(bytes)
    return try reader.document()
  }

  private mutating func document() throws -> XMLElement {
    var root: XMLElement?
    var stack: [XMLElement] = []
    while index < bytes.count {
      if bytes[index] != UInt8(ascii: "<") {
        let text = try characterData()
        if stack.isEmpty {
          guard text.allSatisfy(\.isWhitespace) else { throw fail("text outside the root element") }
        } else {
          stack[stack.count - 1].text += text
        }
        continue
      }
      if try skipMarkupDeclaration(appendingCDATA: &stack) { continue }
      if peek(1) == UInt8(ascii: "/") {
        let name = try endTag()
        guard let open = stack.popLast() else { throw fail("unexpected end tag </\(name)>") }
        guard localName(name) == open.name else {
          throw fail("end tag </\(name)> does not match <\(open.name)> of line \(open.line)")
        }
        attach(open, to: &stack, root: &root)
        continue
      }
      let (element, selfClosing) = try startTag()
      if stack.isEmpty && root != nil { throw fail("a second root element <\(element.name)>") }
      if selfClosing { attach(element, to: &stack, root: &root) } else { stack.append(element) }
    }
    if let open = stack.last { throw fail("<\(open.name)> of line \(open.line) is never closed") }
    guard let root else { throw fail("no root element (the document is empty)") }
    return root
  }

  private func attach(
    _ element: XMLElement, to stack: inout [XMLElement], root: inout XMLElement?
  ) {
    if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
  }

  // MARK: - Markup

  /// Skips `<?...?>`, `<!--...-->`, `<!DOCTYPE...>`; appends `<![CDATA[...]]>` to the open
  /// element. Returns false when the markup at `index` is a tag.
  private mutating func skipMarkupDeclaration(appendingCDATA stack: inout [XMLElement]) throws
    -> Bool
  {
    if peek(1) == UInt8(ascii: "?") {
      try skip(past: Array("?>".utf8), what: "processing instruction")
      return true
    }
    guard peek(1) == UInt8(ascii: "!") else { return false }
    if matches("<!--") {
      try skip(past: Array("-->".utf8), what: "comment")
    } else if matches("<![CDATA[") {
      index += 9
      let start = index
      try skip(past: Array("]]>".utf8), what: "CDATA section")
      guard !stack.isEmpty else { throw fail("CDATA outside the root element") }
      stack[stack.count - 1].text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
    } else if matches("<!DOCTYPE") {
      var depth = 0
      while index < bytes.count {
        let byte = bytes[index]
        advance()
        if byte == UInt8(ascii: "[") { depth += 1 }
        if byte == UInt8(ascii: "]") { depth -= 1 }
        if byte == UInt8(ascii: ">") && depth <= 0 { return true }
      }
      throw fail("unterminated DOCTYPE")
    } else {
      throw fail("unexpected '<!'")
    }
    return true
  }

  private mutating func startTag() throws -> (XMLElement, selfClosing: Bool) {
    let line = self.line
    index += 1  // <
    let name = try xmlName("element name")
    var element = XMLElement(name: localName(name), line: line)
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw fail("unterminated start tag <\(name)>") }
      if bytes[index] == UInt8(ascii: ">") {
        index += 1
        return (element, false)
      }
      if matches("/>") {
        index += 2
        return (element, true)
      }
      let attribute = try xmlName("attribute name in <\(name)>")
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw fail("attribute '\(attribute)' of <\(name)> has no value")
      }
      index += 1
      skipWhitespace()
      guard index < bytes.count,
        bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
      else { throw fail("attribute '\(attribute)' of <\(name)> is not quoted") }
      let quote = bytes[index]
      index += 1
      let start = index
      while index < bytes.count && bytes[index] != quote {
        if bytes[index] == UInt8(ascii: "<") { throw fail("'<' in attribute '\(attribute)'") }
        advance()
      }
      guard index < bytes.count else { throw fail("unterminated attribute '\(attribute)'") }
      let raw = String(decoding: bytes[start..<index], as: UTF8.self)
      index += 1
      if attribute.hasPrefix("xmlns") { continue }
      element.attributes.append((localName(attribute), try resolveEntities(raw)))
    }
  }

  private mutating func endTag() throws -> String {
    index += 2  // </
    let name = try xmlName("end tag name")
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
      throw fail("malformed end tag </\(name)")
    }
    index += 1
    return name
  }

  private mutating func characterData() throws -> String {
    let start = index
    while index < bytes.count && bytes[index] != UInt8(ascii: "<") { advance() }
    return try resolveEntities(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  // MARK: - Lexical helpers

  private mutating func xmlName(_ what: String) throws -> String {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      let isNameByte =
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x3A || byte == 0x2D
        || byte == 0x2E
      guard isNameByte else { break }
      index += 1
    }
    guard index > start else { throw fail("expected an \(what)") }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private func localName(_ qualified: String) -> String {
    guard let colon = qualified.lastIndex(of: ":") else { return qualified }
    return String(qualified[qualified.index(after: colon)...])
  }

  private func resolveEntities(_ raw: String) throws -> String {
    guard raw.contains("&") else { return raw }
    var result = ""
    var rest = Substring(raw)
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      guard let semicolon = rest[ampersand...].firstIndex(of: ";") else {
        throw fail("'&' without ';'")
      }
      let entity = rest[rest.index(after: ampersand)..<semicolon]
      switch entity {
      case "amp": result += "&"
      case "lt": result += "<"
      case "gt": result += ">"
      case "quot": result += "\""
      case "apos": result += "'"
      default:
        guard entity.hasPrefix("#"),
          let code = entity.hasPrefix("#x")
            ? UInt32(entity.dropFirst(2), radix: 16) : UInt32(entity.dropFirst(), radix: 10),
          let scalar = Unicode.Scalar(code)
        else { throw fail("unknown entity '&\(entity);'") }
        result.unicodeScalars.append(scalar)
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }

  private mutating func skip(past terminator: [UInt8], what: String) throws {
    while index < bytes.count {
      if bytes[index] == terminator[0] && bytes[index...].starts(with: terminator) {
        index += terminator.count
        return
      }
      advance()
    }
    throw fail("unterminated \(what)")
  }

  private mutating func skipWhitespace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D
    {
      advance()
    }
  }

  private mutating func advance() {
    if bytes[index] == 0x0A { line += 1 }
    index += 1
  }

  private func peek(_ offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private func matches(_ text: String) -> Bool {
    bytes[index...].starts(with: text.utf8)
  }

  private func fail(_ message: String) -> XMLSyntaxError {
    XMLSyntaxError(line: line, message: message)
  }
}
