// The matrix `navsim check` runs: every recording x every layout subject x every device x
// every direction x every text size, in one canonical order that every machine computes the
// same way.

import EventLog
import Foundation
import HeadlessUIKit
import Navigator
import Replay
import SessionEvents
import TextBytes

/// What lays out the screen in a configuration: a registered layout delegate, or (once
/// registered screens exist) a screen that sets up its own delegate and listeners.
public enum LayoutSubject: Hashable, Sendable, Comparable, CustomStringConvertible {
  case delegate(String)
  case screen(String)

  /// The registered name.
  public var name: String {
    switch self {
    case .delegate(let name), .screen(let name): name
    }
  }

  /// `complete` for a delegate, `screen:checkout` for a screen (labels, reports, the wire).
  public var description: String {
    switch self {
    case .delegate(let name): name
    case .screen(let name): "screen:" + name
    }
  }

  /// Parses `description`. The prefix is found in the bytes: a screen whose name starts with
  /// a combining mark makes `:` and the mark one `Character`, which `hasPrefix` would miss.
  public init(text: String) {
    let prefix = "screen:".utf8
    self =
      text.utf8.starts(with: prefix)
      ? .screen(String(decoding: text.utf8.dropFirst(prefix.count), as: UTF8.self))
      : .delegate(text)
  }

  /// By the bytes of `description`: `String`'s `<` ties names that differ only in Unicode
  /// normalization, which would leave their order to the sort.
  public static func < (a: LayoutSubject, b: LayoutSubject) -> Bool {
    bytesPrecede(a.description, b.description)
  }
}

/// One recording of one log file, as the matrix sees it.
public struct CheckRecording: Equatable, Sendable {
  /// The log's path as given (or found under a given directory).
  public var logPath: String
  public var id: Int64
  public var name: String
  public var eventCount: Int64
  /// The device profile it was recorded on, when it names one.
  public var device: String?
  /// `ltr` or `rtl`: the direction its first layout-direction setting asks for (`ltr` when none).
  public var direction: String

  /// `city-commute#1`, or `trips.sqlite#2` when the log holds several recordings.
  public var displayName: String

  public init(
    logPath: String, id: Int64, name: String, eventCount: Int64, device: String?,
    direction: String, displayName: String
  ) {
    self.logPath = logPath
    self.id = id
    self.name = name
    self.eventCount = eventCount
    self.device = device
    self.direction = direction
    self.displayName = displayName
  }
}

/// One cell of the matrix.
public struct CheckConfiguration: Equatable, Sendable {
  public var recording: CheckRecording
  public var subject: LayoutSubject
  /// A device profile name that replaces the recording's screen sizes; nil: as recorded.
  public var device: String?
  /// A forced direction; nil: as recorded.
  public var direction: LayoutDirectionOverride?
  /// A text size (`--content-size`); nil: `large`, and names and labels leave it out.
  public var contentSize: UIContentSizeCategory?

  public init(
    recording: CheckRecording, subject: LayoutSubject, device: String? = nil,
    direction: LayoutDirectionOverride? = nil, contentSize: UIContentSizeCategory? = nil
  ) {
    self.recording = recording
    self.subject = subject
    self.device = device
    self.direction = direction
    self.contentSize = contentSize
  }

  /// The device shown in reports: the override, else the recorded profile (`recorded` when
  /// the recording names none).
  public var deviceName: String { device ?? recording.device ?? "recorded" }
  /// The direction shown in reports.
  public var directionName: String { direction?.rawValue ?? recording.direction }
  /// The text size shown in reports: `large` when none was given.
  public var contentSizeName: String { (contentSize ?? .large).name }

  /// `recording · device · direction [· content size]`: a JUnit test case, one row of a
  /// subject. The content size is there only when one was given.
  public var caseName: String {
    "\(recording.displayName) \(deviceName) \(directionName)"
      + (contentSize.map { " " + $0.name } ?? "")
  }

  /// `complete city-commute#1 iphone-15-portrait ltr`: unique in a matrix.
  public var name: String { "\(subject) \(caseName)" }

  /// The snapshot run label: `complete/city-commute#1/iphone-15-portrait/ltr`, then
  /// `/CONTENT-SIZE` when one was given, with an optional prefix (`v2/complete/...`) so two
  /// versions can share a store.
  public func runLabel(prefix: String?) -> String {
    let base = "\(subject)/\(recording.displayName)/\(deviceName)/\(directionName)"
      + (contentSize.map { "/" + $0.name } ?? "")
    return prefix.map { "\($0)/\(base)" } ?? base
  }

  /// How much work it is: its events.
  public var weight: Int64 { recording.eventCount }
}

/// Builds the matrix.
public enum CheckMatrix {
  /// Where recordings are looked for when no LOG or DIR is given.
  public static let defaultDirectory = "Recordings"

  /// Every recording of the given logs and directories (a directory: every `*.sqlite` under
  /// it, recursively), in path order, then recording id.
  /// - Parameters:
  ///   - opener: opens each log; a location it names a server's (`postgres://` for the
  ///     `navsim` command's) is a recording library, not looked for on disk.
  /// - Throws: `CheckError` for a path that does not exist or holds no log, or an unreadable
  ///   log (one line naming the file).
  public static func recordings(
    in paths: [String], opener: any EventLogOpening = EventLogFileOpener()
  ) throws -> [CheckRecording] {
    var files: [String] = []
    for path in paths {
      if opener.isServerLocation(path) {  // a recording library: every recording in it
        files.append(path)
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CheckError("\(path): no such file or directory")
      }
      if isDirectory.boolValue {
        let found = try logs(under: path)
        if found.isEmpty { throw CheckError("\(path): no *.sqlite log under it") }
        files += found
      } else {
        files.append(path)
      }
    }
    // The same log named twice counts once; paths are compared by their bytes (on Linux,
    // "Café.sqlite" in either normalization is a file of its own).
    var seen: Set<ByteKey> = []
    var result: [CheckRecording] = []
    for file in files
    where seen.insert(
      ByteKey(opener.isServerLocation(file) ? file : URL(fileURLWithPath: file).standardized.path)
    ).inserted {
      result += try recordings(ofLog: file, opener: opener)
    }
    return result
  }

  /// `*.sqlite` files under `directory`, sorted by their paths' bytes (the file system's order,
  /// whatever it is, never shows; nor do ties between names equal as `String`s). A
  /// `directory` that is a symbolic link is listed through its target (paths keep the name
  /// given).
  static func logs(under directory: String) throws -> [String] {
    let target = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    guard let enumerator = FileManager.default.enumerator(atPath: target) else {
      throw CheckError("\(directory): cannot list the directory")
    }
    var found: [String] = []
    while let relative = enumerator.nextObject() as? String {
      if relative.hasSuffix(".sqlite") {
        let trimmed = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        found.append(trimmed + "/" + relative)
      }
    }
    return found.sorted(by: bytesPrecede)
  }

  static func recordings(ofLog path: String, opener: any EventLogOpening) throws
    -> [CheckRecording]
  {
    do {
      let isServer = opener.isServerLocation(path)
      let log = try opener.openForReading(path)
      let infos = try log.recordings().sorted { $0.id < $1.id }
      if infos.isEmpty { throw CheckError("\(path): the log holds no recording") }
      return try infos.map { info in
        var direction = "ltr"
        let cursor = try log.eventStream(
          recording: info.id, kinds: [.settingChanged], seqRange: 1...64)
        while let event = try cursor.next() {
          if case .settingChanged(let change) = event.payload, change.name == .layoutDirection,
            case .text(let value) = change.value
          {
            direction = value
            break
          }
        }
        let file = isServer ? log.location : URL(fileURLWithPath: path).lastPathComponent
        return CheckRecording(
          logPath: path, id: info.id, name: info.metadata.name, eventCount: info.eventCount,
          device: info.metadata.deviceProfile, direction: direction,
          displayName: infos.count == 1 || isServer ? "\(info.metadata.name)#\(info.id)" : "\(file)#\(info.id)")
      }
    } catch let error as CheckError {
      throw error
    } catch {
      throw CheckError("\(error)")
    }
  }

  /// The matrix in its canonical order: recordings (as given), then subjects, devices,
  /// directions and content sizes in the order given. An empty `devices` / `directions`
  /// means "as recorded", an empty `contentSizes` `large` (left out of names).
  /// - Throws: `CheckError` when two configurations would share a name (the same log given
  ///   twice under different names with equal recording names).
  public static func configurations(
    recordings: [CheckRecording], subjects: [LayoutSubject], devices: [String],
    directions: [LayoutDirectionOverride], contentSizes: [UIContentSizeCategory] = []
  ) throws -> [CheckConfiguration] {
    var result: [CheckConfiguration] = []
    var names: Set<ByteKey> = []  // by bytes: names equal only as `String`s are two names
    let deviceChoices: [String?] = devices.isEmpty ? [nil] : devices
    let directionChoices: [LayoutDirectionOverride?] = directions.isEmpty ? [nil] : directions
    let sizeChoices: [UIContentSizeCategory?] = contentSizes.isEmpty ? [nil] : contentSizes
    for recording in recordings {
      for subject in subjects {
        for device in deviceChoices {
          for direction in directionChoices {
            for contentSize in sizeChoices {
              let configuration = CheckConfiguration(
                recording: recording, subject: subject, device: device, direction: direction,
                contentSize: contentSize)
              guard names.insert(ByteKey(configuration.name)).inserted else {
                throw CheckError(
                  "\(recording.logPath): configuration '\(configuration.name)' appears twice "
                    + "(two logs with a recording of the same name?)")
              }
              result.append(configuration)
            }
          }
        }
      }
    }
    return result
  }
}

/// Bad input to `navsim check` / `navsim merge`: one line naming the file and the problem.
public struct CheckError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
