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

/// `RLIM_INFINITY`, a limit that is no limit. Its value is the platform's: Glibc's
/// `((rlim_t) -1)`, all ones, which Swift cannot import (the cast of -1 to an unsigned type
/// overflows); Darwin's `(1 << 63) - 1`, imported as it is.
#if os(Linux)
  package let noResourceLimit = rlim_t.max
#else
  package let noResourceLimit = RLIM_INFINITY
#endif
