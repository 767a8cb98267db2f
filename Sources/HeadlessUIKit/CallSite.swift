// Where app code called a layout API, so that a finding can point at the line behind it.

/// A call site in the app's source (named so as not to clash with Swift Testing's
/// `SourceLocation`): the file (`#filePath`) and line of a call to an anchor's
/// constraint factory, `NSLayoutConstraint.activate`, `addSubview` or `addLayoutGuide`.
///
/// Those APIs take defaulted `file: StaticString = #filePath, line: UInt = #line` parameters,
/// so call sites stay as UIKit's and the compiler fills in the caller's position. Storing the
/// `StaticString` costs no allocation per call.
public struct CallSite: Sendable, Hashable, CustomStringConvertible {
  private let file: StaticString
  /// The 1-based line of the call.
  public let line: Int

  public init(file: StaticString, line: UInt) {
    self.file = file
    self.line = Int(line)
  }

  /// The absolute path the compiler saw (`#filePath`).
  public var filePath: String { file.description }

  /// The last two components of the path (`SampleDelegates/BrokenLayoutDelegate.swift`): stable
  /// across checkouts and machines, so it is what snapshots and findings store.
  public var shortPath: String {
    let parts = filePath.split(separator: "/", omittingEmptySubsequences: true)
    return parts.suffix(2).joined(separator: "/")
  }

  /// `BrokenLayoutDelegate.swift:47`.
  public var description: String {
    "\(filePath.split(separator: "/").last.map(String.init) ?? filePath):\(line)"
  }

  public static func == (a: CallSite, b: CallSite) -> Bool {
    a.line == b.line && a.filePath == b.filePath
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(filePath)
    hasher.combine(line)
  }
}
