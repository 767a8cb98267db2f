import Foundation
import OutputPolicy

/// `navsim goldens`: the golden files no test uses any more, from a test run's usage file.
struct GoldensCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "goldens", summary: "List (or delete) golden files no test uses any more",
    arguments: [
      ArgumentSpec("USAGE", "The file NAVSIM_GOLDEN_USAGE named during a test run."),
      ArgumentSpec(
        "DIR", "A folder holding tests.", repeatable: true, completion: .directories),
    ],
    options: [.flag("--delete", "Delete the unused golden files.")],
    discussion: """
      Lists the golden files (__Golden__/*.txt) under each DIR that the test run which wrote
      USAGE did not compare against. Record the usage first, with an absolute path:

      - NAVSIM_GOLDEN_USAGE=$PWD/.build/goldens-used.txt swift test
      - navsim goldens .build/goldens-used.txt Tests

      Exit status: 0 none unused (or all deleted), 1 some unused, 2 bad input (a missing or
      empty usage file: without a test run every golden file would look unused).
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let usage = try parsed.positional(0, "USAGE (the file NAVSIM_GOLDEN_USAGE named)")
    _ = try parsed.positional(1, "DIR (a folder holding tests)")
    let unused = try unusedGoldens(under: Array(parsed.positionals.dropFirst()), usage: usage)
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    func shown(_ path: String) -> String {
      path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }
    if parsed.flag("--delete") {
      // Every file is checked before any is deleted: one that cannot go stops the command
      // with nothing deleted (one that fails in between still stops it, by name).
      func failure(_ error: OutputError, _ more: String = "") -> CommandFailure {
        guard case .cannotDelete(let path, let problem) = error else {
          return CommandFailure("\(error)")
        }
        return CommandFailure(
          OutputError.cannotDelete(path: shown(path), problem: problem).description + more)
      }
      do {
        for path in unused { try OutputFile.checkRemovable(path) }
      } catch let error as OutputError {
        throw failure(error, "; nothing was deleted")
      }
      for path in unused {
        do { try OutputFile.remove(path) } catch let error as OutputError { throw failure(error) }
        context.print("deleted \(shown(path))")
      }
      context.print("\(unused.count) unused golden file\(unused.count == 1 ? "" : "s") deleted")
      return 0
    }
    for path in unused { context.print(shown(path)) }
    context.print("\(unused.count) unused golden file\(unused.count == 1 ? "" : "s")")
    return unused.isEmpty ? 0 : 1
  }

  /// The golden files (`__Golden__/*.txt`) under `directories` that `usage` does not name,
  /// sorted, as absolute paths.
  /// - Throws: `CommandFailure` when the usage file is missing or empty, or a directory
  ///   can't be listed.
  static func unusedGoldens(under directories: [String], usage: String) throws -> [String] {
    guard let data = FileManager.default.contents(atPath: usage), !data.isEmpty else {
      throw CommandFailure(
        "\(usage): no golden file use recorded; run the tests with NAVSIM_GOLDEN_USAGE set to "
          + "this file's absolute path first")
    }
    let used = Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    var unused: [String] = []
    for directory in directories {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
        isDirectory.boolValue, let enumerator = FileManager.default.enumerator(atPath: directory)
      else { throw CommandFailure("\(directory): not a directory") }
      while let relative = enumerator.nextObject() as? String {
        let parts = relative.split(separator: "/")
        guard relative.hasSuffix(".txt"), parts.count >= 2, parts[parts.count - 2] == "__Golden__",
          enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular
        else { continue }
        let path = URL(fileURLWithPath: directory + "/" + relative).standardizedFileURL.path
        if !used.contains(path) { unused.append(path) }
      }
    }
    return unused.sorted()
  }
}
