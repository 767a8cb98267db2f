// navsim-objc-free: writes a copy of a Swift file with its Objective-C markers removed
// (ObjCMarkerRemoval) and says which markers were removed where. Used by tools/compat-check,
// tools/check-client-package.sh and the ObjCFreeCopies build-tool plugin.
//
//   navsim-objc-free [--quiet] INPUT OUTPUT
//
// Prints one line per removed marker, `INPUT:LINE:COLUMN: removed @objc` or
// `INPUT:LINE:COLUMN: #selector(didTap(_:)) -> Selector("didTap:")` (nothing with --quiet).
// Never writes INPUT. Exit status 0, or 2 with a one-line error (OUTPUT untouched).
import Foundation
import ObjCMarkers

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("navsim-objc-free: \(message)\n".utf8))
  exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let quiet = arguments.contains("--quiet")
arguments.removeAll { $0 == "--quiet" }
if let option = arguments.first(where: { $0.hasPrefix("-") }) {
  fail("unknown option '\(option)'")
}
guard arguments.count == 2 else { fail("usage: navsim-objc-free [--quiet] INPUT OUTPUT") }
let input = URL(fileURLWithPath: arguments[0])
let output = URL(fileURLWithPath: arguments[1])
guard input.standardizedFileURL.path != output.standardizedFileURL.path else {
  fail("\(arguments[0]): the output is the input: it works on a copy only")
}
guard let data = FileManager.default.contents(atPath: input.path) else {
  fail("\(arguments[0]): cannot read")
}
guard let source = String(data: data, encoding: .utf8) else {
  fail("\(arguments[0]): not UTF-8 text")
}
let removal: ObjCMarkerRemoval
do {
  removal = try ObjCMarkerRemoval(source: source)
} catch {
  fail("\(arguments[0]): \(error)")
}
do {
  try FileManager.default.createDirectory(
    at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
  // Unchanged copies keep their time stamps, so a build does not recompile them.
  if FileManager.default.contents(atPath: output.path) != Data(removal.source.utf8) {
    try Data(removal.source.utf8).write(to: output, options: .atomic)
  }
} catch {
  fail("\(arguments[1]): cannot write (\(error.localizedDescription))")
}
if !quiet {
  for marker in removal.removed {
    let what =
      marker.replacement.isEmpty
      ? "removed \(marker.text)" : "\(marker.text) -> \(marker.replacement)"
    print("\(arguments[0]):\(marker.line):\(marker.column): \(what)")
  }
}
