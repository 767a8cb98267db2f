// navsim-objc-free: writes a copy of a Swift file with its Objective-C markers removed
// (ObjCMarkerRemoval) and says which markers were removed where. Used by tools/compat-check,
// tools/check-client-package.sh and the ObjCFreeCopies build-tool plugin.
//
//   navsim-objc-free [--quiet] INPUT OUTPUT
//
// Prints one line per removed marker, `INPUT:LINE:COLUMN: removed @objc` or
// `INPUT:LINE:COLUMN: #selector(didTap(_:)) -> Selector("didTap:")` (nothing with --quiet).
// Never writes INPUT (compared by device and inode, links resolved): OutputFile's policy.
// Exit status 0, or 2 with a one-line error (OUTPUT untouched).
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
let removal: ObjCMarkerRemoval
do {
  removal = try ObjCFreeCopy.write(input: arguments[0], output: arguments[1])
} catch {
  fail("\(error)")
}
if !quiet {
  for marker in removal.removed {
    let what =
      marker.replacement.isEmpty
      ? "removed \(marker.text)" : "\(marker.text) -> \(marker.replacement)"
    print("\(arguments[0]):\(marker.line):\(marker.column): \(what)")
  }
}
