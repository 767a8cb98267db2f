// A fresh PostgreSQL database per test, on the server `.ci/run` starts
// (tools/postgres-test-server.sh exports its URL as NAVSIM_TEST_POSTGRES_URL).
import Foundation
import PostgreSQL

/// An empty database on the test server, dropped when released.
public final class PostgresTestDatabase: @unchecked Sendable {
  /// The environment variable holding the test server's admin URL.
  public static let environmentVariable = "NAVSIM_TEST_POSTGRES_URL"

  /// The server's admin URL, or nil (with the reason to print) when tests cannot use one.
  public static var serverURL: (url: String?, reason: String) {
    guard let url = ProcessInfo.processInfo.environment[environmentVariable], !url.isEmpty else {
      return (nil, "no PostgreSQL test server: \(environmentVariable) is not set "
        + "(bash .ci/run starts one with tools/postgres-test-server.sh)")
    }
    return (url, "")
  }

  /// The database's URL (the admin user, a superuser).
  public let url: String
  /// The database's name.
  public let name: String
  private let adminURL: String

  nonisolated(unsafe) private static var created = 0
  private static let lock = NSLock()

  /// Creates a fresh database, or returns nil with the reason printed when no server is set.
  public init(adminURL: String) throws {
    Self.lock.lock()
    Self.created += 1
    let number = Self.created
    Self.lock.unlock()
    name = "navsim_test_\(getpid())_\(number)"
    self.adminURL = adminURL
    let admin = try PostgreSQLConnection(url: adminURL)
    try admin.execute("DROP DATABASE IF EXISTS \(name)")
    try admin.execute("CREATE DATABASE \(name)")
    url = Self.replacingDatabase(in: adminURL, with: name)
  }

  deinit {
    if let admin = try? PostgreSQLConnection(url: adminURL) {
      _ = try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }
  }

  /// `url` with its database (the path after the host) replaced by `database`.
  public static func replacingDatabase(in url: String, with database: String) -> String {
    let schemeEnd = url.range(of: "://")!.upperBound
    let rest = url[schemeEnd...]
    let query = rest.firstIndex(of: "?").map { String(rest[$0...]) } ?? ""
    let authority = rest.prefix { $0 != "/" && $0 != "?" }
    return url[..<schemeEnd] + authority + "/" + database + query
  }

  /// `url` with the user and password replaced.
  public static func replacingCredentials(in url: String, user: String, password: String)
    -> String
  {
    let schemeEnd = url.range(of: "://")!.upperBound
    let rest = url[schemeEnd...]
    let at = rest.firstIndex(of: "@")!
    return url[..<schemeEnd] + "\(user):\(password)" + rest[at...]
  }
}
