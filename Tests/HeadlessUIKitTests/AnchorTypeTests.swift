// Anchors keep axes apart at compile time, as in UIKit: this compiles a small file against the
// built HeadlessUIKit module and checks which lines the type checker rejects.

import Foundation
import TestSupport
import Testing

@Suite struct AnchorTypeTests {
  @Test func mixingAxesDoesNotCompileButAspectRatiosDo() throws {
    let source = """
      import HeadlessUIKit
      @MainActor func f(a: UIView, b: UIView, g: UILayoutGuide) {
        _ = a.leadingAnchor.constraint(equalTo: b.topAnchor)
        _ = a.widthAnchor.constraint(equalTo: b.leadingAnchor)
        _ = g.centerYAnchor.constraint(equalTo: a.centerXAnchor, constant: 4)
        _ = a.heightAnchor.constraint(equalTo: b.widthAnchor, multiplier: 2)
        _ = a.leadingAnchor.constraint(equalTo: g.trailingAnchor, constant: 8)
        _ = a.topAnchor.constraint(greaterThanOrEqualTo: g.bottomAnchor)
        _ = a.widthAnchor.constraint(lessThanOrEqualToConstant: 10)
      }
      """
    let errorLines = try typecheck(source)
    #expect(errorLines == [3, 4, 5])
  }

  /// The lines of `source` the compiler reports errors on, type-checked against the modules
  /// next to the test bundle.
  private func typecheck(_ source: String) throws -> [Int] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("navsim-anchor-types-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Mixed.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let modules = URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("Modules")
    let result = try launch(
      path: "/usr/bin/env",
      ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path])
    let text = result.standardOutput + result.standardError
    let prefix = file.lastPathComponent + ":"
    var lines: [Int] = []
    for line in text.split(separator: "\n") where line.contains(": error:") {
      guard let range = line.range(of: prefix) else { continue }
      let number = line[range.upperBound...].prefix { $0.isNumber }
      if let value = Int(number), !lines.contains(value) { lines.append(value) }
    }
    if lines.isEmpty && result.status != 0 {
      Issue.record("swiftc failed without line errors: \(text)")
    }
    return lines.sorted()
  }
}
