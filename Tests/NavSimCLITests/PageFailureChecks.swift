import Foundation
import TestSupport
import Testing

/// Checks that a command writing an HTML page failed as a whole: exit 2, one line on stderr
/// starting with `prefix` and containing each of `words`, nothing on stdout, the previous page
/// (`previous`) as it was and nothing else in its folder.
func expectPageNotWritten(
  _ result: ProcessResult, page: String, previous: String, prefix: String, saying words: [String],
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  #expect(result.status == 2, "\(result.standardError)", sourceLocation: sourceLocation)
  #expect(result.standardOutput.isEmpty, "\(result.standardOutput.prefix(200))",
    sourceLocation: sourceLocation)
  let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
  #expect(lines.count == 2 && lines[1].isEmpty, "\(result.standardError)",
    sourceLocation: sourceLocation)
  #expect(result.standardError.hasPrefix(prefix), "\(result.standardError)",
    sourceLocation: sourceLocation)
  for word in words {
    #expect(result.standardError.contains(word), "\(result.standardError)",
      sourceLocation: sourceLocation)
  }
  #expect(try String(contentsOfFile: page, encoding: .utf8) == previous,
    sourceLocation: sourceLocation)
  let folder = (page as NSString).deletingLastPathComponent
  #expect(
    try FileManager.default.contentsOfDirectory(atPath: folder)
      == [(page as NSString).lastPathComponent], sourceLocation: sourceLocation)
}
