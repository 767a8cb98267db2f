import Foundation
import Replay
import Snapshots
import Testing
import TestSupport

/// Expects the outputs of two `navsim check` runs written into `directory` as `1.sarif`,
/// `1.xml`, `1.sqlite` and `2.*` to be the same: the SARIF and JUnit files byte for byte,
/// the snapshot stores run for run (labels in order, every frame). Answers the first store
/// and its runs, for a test's own checks.
func expectSameCheckOutputs(
  in directory: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation
) throws -> (store: SnapshotStore, runs: [RunInfo]) {
  for ext in ["sarif", "xml"] {
    let serial = try String(contentsOfFile: directory.file("1.\(ext)"), encoding: .utf8)
    let parallel = try String(contentsOfFile: directory.file("2.\(ext)"), encoding: .utf8)
    #expect(serial == parallel, "\(ext) differs", sourceLocation: sourceLocation)
  }
  let serial = try SnapshotStore(path: directory.file("1.sqlite"), mode: .readOnly)
  let parallel = try SnapshotStore(path: directory.file("2.sqlite"), mode: .readOnly)
  let runs = try serial.runs()
  #expect(
    runs.map(\.label) == (try parallel.runs()).map(\.label), sourceLocation: sourceLocation)
  for run in runs {
    let other = try parallel.run(label: run.label)
    #expect(
      try serial.frames(of: run) == (try parallel.frames(of: other)), "\(run.label)",
      sourceLocation: sourceLocation)
  }
  return (serial, runs)
}
