import EventLog
import TestSupport
import Testing

/// What `EventLogReading` gives a conformer outside the package that implements only its
/// requirements (a custom store behind an `EventLogOpening`).
@Suite struct EventLogReadingDefaultsTests {
  @Test func aConformerWithoutRecordingIDsListsItsRecordingsIDs() throws {
    let recordings = [3, 5, 9].map { id in
      RecordingInfo(
        id: Int64(id),
        metadata: RecordingMetadata(name: "drive \(id)", source: .imported, createdAt: ""),
        navsimVersion: "1", eventCount: 0, firstT: nil, lastT: nil, isFinished: true)
    }
    let log: any EventLogReading = HeaderOnlyLog(location: "memory", recordings: recordings)
    #expect(try log.recordingIDs() == [3, 5, 9])
  }
}
