#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// A fresh directory under the temporary directory for a command's own working files (trips
/// being checked or explored), removed with everything in it on deinit. Its name carries the
/// process id (`navsim-KIND-PID-XXXXXX`): a killed process cannot remove its own, so the next
/// one of the same kind removes those of this user whose process is gone.
public final class ScratchDirectory {
  public let path: String

  /// Makes the directory, after removing the stale ones of `kind`.
  /// - Throws: `OutputError.cannotWrite` naming the temporary directory.
  public init(kind: String) throws {
    let base = Self.base
    Self.removeStale(kind: kind, in: base)
    var template = Array((base + "/navsim-\(kind)-\(getpid())-XXXXXX").utf8CString)
    guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) })
    else {
      throw OutputError.cannotWrite(
        path: base, problem: "cannot make a scratch directory: " + systemMessage(errno))
    }
    path = String(cString: created)
  }

  /// The temporary directory scratch directories are made in (`TMPDIR`), without a trailing
  /// slash.
  public static var base: String {
    var base = NSTemporaryDirectory()
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
    return base
  }

  /// The path of `name` in the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Removes `navsim-KIND-PID-*` directories in `base` that belong to this user and whose
  /// process is gone. A directory of a live process (or of a process id reused since) stays.
  static func removeStale(kind: String, in base: String) {
    let prefix = "navsim-\(kind)-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
    for name in names.sorted() where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count).split(separator: "-")
      guard rest.count == 2, let pid = pid_t(rest[0]) else { continue }
      var info = stat()
      let path = base + "/" + name
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid()
      else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { try? FileManager.default.removeItem(atPath: path) }
    }
  }
}
