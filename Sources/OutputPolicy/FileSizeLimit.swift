#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `RLIMIT_FSIZE` (the file-size limit, `ulimit -f`) as `getrlimit` and `setrlimit` take it:
/// an enum case on Glibc, an integer on Darwin. Shared by what tells a write that failed at
/// the limit and by the tests that lower it.
#if os(Linux)
  package let fileSizeLimitResource = Int32(RLIMIT_FSIZE.rawValue)
#else
  package let fileSizeLimitResource = RLIMIT_FSIZE
#endif

