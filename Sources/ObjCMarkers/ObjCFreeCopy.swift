import Foundation
import OutputPolicy

/// What `navsim-objc-free INPUT OUTPUT` does: reads INPUT, removes its Objective-C markers and
/// writes the copy to OUTPUT under NavSim's output policy (`OutputFile`), so OUTPUT is never
/// INPUT, however it is spelled (links and `..` included: the files are compared by device and
/// inode), never a directory or a special file. Missing directories above OUTPUT are made.
public enum ObjCFreeCopy {
  /// Why a copy was not written: one line naming the path.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Writes the marker-free copy of `input` to `output`, unless `output` already holds exactly
  /// that text (then its time stamp stays, so a build does not recompile it).
  /// - Returns: the removal (what was removed where).
  /// - Throws: `Failure`; `output` is untouched then.
  @discardableResult
  public static func write(input: String, output: String) throws -> ObjCMarkerRemoval {
    do {
      // Refuse the input as output before anything else is done.
      _ = try OutputFile.checkReplaceable(output, inputs: [input])
    } catch OutputError.missingDirectory {
      // Made below, once the copy is known.
    } catch let error as OutputError {
      throw Failure(description: error.description)
    }
    guard let data = FileManager.default.contents(atPath: input) else {
      throw Failure(description: "\(input): cannot read")
    }
    guard let source = String(data: data, encoding: .utf8) else {
      throw Failure(description: "\(input): not UTF-8 text")
    }
    let removal: ObjCMarkerRemoval
    do {
      removal = try ObjCMarkerRemoval(source: source)
    } catch {
      throw Failure(description: "\(input): \(error)")
    }
    let bytes = Array(removal.source.utf8)
    if let existing = FileManager.default.contents(atPath: output), Array(existing) == bytes {
      return removal
    }
    do {
      try FileManager.default.createDirectory(
        at: URL(fileURLWithPath: output).deletingLastPathComponent(),
        withIntermediateDirectories: true)
    } catch {
      throw Failure(description: "\(output): cannot create its directory")
    }
    do {
      try OutputFile.write(bytes, to: output, inputs: [input])
    } catch let error as OutputError {
      throw Failure(description: error.description)
    }
    return removal
  }
}
