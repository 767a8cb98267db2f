import Foundation
import TestSupport
import Testing

@testable import EventLog

/// The libraries' default opener: SQLite log files, and a one-line refusal for a URL.
@Suite struct EventLogOpeningTests {
  @Test func theFileOpenerOpensALogFileReadOnly() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("trip.sqlite")
    _ = try EventLogFile(path: path, mode: .create)
    let opener = EventLogFileOpener()
    let log = try opener.openForReading(path)
    #expect(log is EventLogFile)
    #expect(log.location == path)
    #expect(!opener.isServerLocation(path))
    #expect(try log.recordings().isEmpty)
  }

  @Test func theFileOpenerRefusesAURLWithoutItsPassword() {
    let url = "postgres://ci:s3cret@db:5432/navsim?sslmode=disable"
    #expect(!EventLogFileOpener().isServerLocation(url))
    #expect(throws: EventLogLocationError(location: url, scheme: "postgres")) {
      try EventLogFileOpener().openForReading(url)
    }
    let text = "\(EventLogLocationError(location: url, scheme: "postgres"))"
    #expect(text.hasPrefix("postgres://ci:***@db:5432/navsim?sslmode=disable: "), "\(text)")
    #expect(!text.contains("s3cret") && !text.contains("\n"), "\(text)")
  }

  @Test func aMissingFileIsTheLogsOwnError() {
    let path = TemporaryDirectory().file("missing.sqlite")
    #expect(throws: EventLogError.fileNotFound(path: path)) {
      try EventLogFileOpener().openForReading(path)
    }
  }

  @Test func onlyAURLShapedLocationHasAScheme() {
    #expect(urlScheme(of: "postgresql://db/navsim") == "postgresql")
    #expect(urlScheme(of: "Recordings/city-commute.sqlite") == nil)
    #expect(urlScheme(of: "odd dir://trip.sqlite") == nil)
    #expect(redactingPassword("postgres://ci@db/x@y") == "postgres://ci@db/x@y")
  }
}
