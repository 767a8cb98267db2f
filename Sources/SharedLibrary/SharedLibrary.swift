// A system library opened at run time: what NavSim loads when first used instead of linking
// (libpq for PostgreSQL logs, librsvg for PNG pictures), so that a process that never
// connects or draws does not load them and their dependencies at start-up.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An opened shared library whose functions are looked up by name. The handle is never
/// closed: the functions looked up stay valid for the life of the process. Not `Sendable`:
/// lookups record what is `missing`; look everything up where the library was opened.
public final class SharedLibrary {
  private let handle: UnsafeMutableRawPointer
  /// Names `function(_:as:)` did not find, in the order asked.
  public private(set) var missing: [String] = []

  /// Opens the first of `candidates` (file names or paths) that loads.
  /// - Throws: `SharedLibraryError` with the loader's message for the last candidate.
  public init(firstOf candidates: [String]) throws(SharedLibraryError) {
    var opened: UnsafeMutableRawPointer?
    var message = "no candidate"
    for name in candidates where opened == nil {
      opened = dlopen(name, RTLD_NOW | RTLD_LOCAL)
      if opened == nil, let error = dlerror() { message = String(cString: error) }
    }
    guard let opened else { throw SharedLibraryError(message: message) }
    handle = opened
  }

  /// The function named `name`, as the C function type `type` (which must match its C
  /// declaration); nil, and `name` added to `missing`, when the library lacks it.
  public func function<Function>(_ name: String, as type: Function.Type) -> Function? {
    guard let address = dlsym(handle, name) else {
      missing.append(name)
      return nil
    }
    return unsafeBitCast(address, to: type)
  }
}

/// A library that could not be opened: the loader's message.
public struct SharedLibraryError: Error, Sendable {
  public var message: String
}
