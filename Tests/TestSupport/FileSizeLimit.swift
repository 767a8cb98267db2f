#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import OutputPolicy
import Testing

// Running code under a small file-size limit (`ulimit -f`) to make a file fail where it would
// on a full disk, deterministically. The limit is the process's: only a test case running in
// a child process of its own (`ChildProcessTest`) may lower it.

/// Runs `body` under a file-size limit of `limit` bytes, with `TMPDIR` a fresh directory that
/// it hands to `body` and expects empty when `body` returns; restores both after.
/// - Throws: what `body` throws.
public func underFileSizeLimit(_ limit: Int, _ body: (String) throws -> Void) throws {
  let temporary = TemporaryDirectory()
  let scratch = temporary.file("tmp")
  try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
  let previous = ProcessInfo.processInfo.environment["TMPDIR"]
  setenv("TMPDIR", scratch, 1)
  var saved = rlimit()
  #expect(getrlimit(fileSizeLimitResource, &saved) == 0)
  var limited = saved
  limited.rlim_cur = rlim_t(limit)
  #expect(setrlimit(fileSizeLimitResource, &limited) == 0)
  defer {
    _ = setrlimit(fileSizeLimitResource, &saved)
    if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") }
  }
  try body(scratch)
  #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == [])
}
