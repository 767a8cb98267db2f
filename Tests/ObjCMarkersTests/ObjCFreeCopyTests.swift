import Foundation
import ObjCMarkers
import TestSupport
import Testing

/// `navsim-objc-free INPUT OUTPUT` (ObjCFreeCopy): the copy goes under the output policy.
@Suite struct ObjCFreeCopyTests {
  let original = "@objc func tap() {}\n"

  @Test func theInputReachedThroughALinkIsRefusedAndKept() throws {
    let directory = TemporaryDirectory()
    let input = directory.file("a.swift")
    try original.write(toFile: input, atomically: false, encoding: .utf8)
    #expect(symlink(".", directory.file("link")) == 0)
    #expect(throws: ObjCFreeCopy.Failure.self) {
      try ObjCFreeCopy.write(input: input, output: directory.file("link/a.swift"))
    }
    #expect(try String(contentsOfFile: input, encoding: .utf8) == original)
  }

  @Test func aDirectoryIsRefusedAndAMissingDirectoryIsMade() throws {
    let directory = TemporaryDirectory()
    let input = directory.file("a.swift")
    try original.write(toFile: input, atomically: false, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: directory.file("out"), withIntermediateDirectories: false)
    #expect(throws: ObjCFreeCopy.Failure.self) {
      try ObjCFreeCopy.write(input: input, output: directory.file("out"))
    }
    try ObjCFreeCopy.write(input: input, output: directory.file("new/deeper/a.swift"))
    #expect(
      try String(contentsOfFile: directory.file("new/deeper/a.swift"), encoding: .utf8)
        == "func tap() {}\n")
  }
}
