// NavSimRecorder: records a navigation trip from the SDK's own public API into a NavSim event
// log that `navsim replay` takes as it is. The same source builds against Google's SDK on iOS
// and against NavSim's model of it on Linux and macOS, where NavSim's own trips exercise it.
#if canImport(GoogleNavigation)
import EventLog
import Foundation
import GoogleNavigation
import SessionEvents
#if os(iOS)
import UIKit
#endif

/// Records what a map view shows into a NavSim event log.
///
/// ```swift
/// #if NAVSIM_RECORDER
/// let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
///   .appendingPathComponent("trip.sqlite")
/// recorder = try NavSimRecorder(mapView: mapView, path: url.path)
/// recorder.start()
/// // a debug button:  recorder.mark("prompt storm")
/// // when done:       try recorder.stop()
/// #endif
/// ```
///
/// It reads only the SDK's public API, as the app could. It listens to the map view's
/// navigator (`GMSNavigatorListener`: route changes, arrivals, nav info, speed alerts, lighting,
/// prompts shown and dismissed) and road-snapped location provider (positions, speed), and
/// reads the map view's size, safe area and layout direction, `isNavigationEnabled`, the
/// navigator's guidance state, the settings the layout depends on and the camera mode (a pan
/// turns following into free; re-centering turns it back). A header accessory view, which the
/// SDK's API sets but does not show, is recorded when the app sets it through the recorder
/// (`setHeaderAccessory(_:)`). It samples those on every frame
/// (`sample()`; a display link calls it on iOS) and writes an event when one changes; at the
/// start it writes every layout setting's value, so a replay assumes no defaults. It wraps the
/// app's layout delegate (`LayoutDelegateProxy`) to see the SDK views each state hands it, and
/// writes a `viewSize` event when one's measured size or margins change. Events go
/// to a writer thread that appends them in batches (`RecorderQueue`), so the main thread never
/// waits for the disk, memory stays bounded on a drive of any length, and a killed app leaves
/// every committed batch: a readable, gapless prefix.
///
/// The recording's attributes are the device's facts (or `Options.deviceFacts`, kept as they
/// are) and the recorder's own `recorder` fact, `NavSimRecorder` and its NavSim version; a
/// fact the app passes under `recorder` or `redacted`, or with an empty key, is refused
/// (`NavSimRecorderError`), never overwritten.
///
/// Not thread-safe: use it from the main thread, as the SDK.
@MainActor
public final class NavSimRecorder: NSObject {
  /// How a recording is made; the defaults suit a phone.
  public struct Options {
    /// The recording's name in the log.
    public var name = "device recording"
    /// The device profile a replay should use (e.g. `iphone-15-portrait`), if known.
    public var deviceProfile: String?
    /// When the recording was made, as text (default: now, ISO 8601, UTC).
    public var createdAt: String?
    /// Seconds on a monotonic clock; the recording's `t` is measured from `start()`.
    /// Default: the system's uptime clock. NavSim's own trips pass their virtual clock.
    public var clock: @MainActor () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    /// Device and OS facts for the recording's metadata (default: read from the device),
    /// kept as they are. Keys are never empty; `recorder` (the recorder's own fact, its name
    /// and NavSim version, added to every recording) and `redacted` (what marks a copy
    /// `navsim log redact` wrote) are NavSim's: `init` refuses a fact under either
    /// (`NavSimRecorderError`) rather than drop it or mislabel the recording.
    public var deviceFacts: [String: String]?
    /// Events per write transaction and the longest an event waits in memory.
    public var batchSize = 256
    public var flushInterval: TimeInterval = 0.5
    /// Events held in memory at most (see `droppedEvents`).
    public var capacity = 65_536
    /// Whether `start()` drives `sample()` from a display link (iOS only).
    public var samplesEveryFrame = true
    /// Whether the recorder wraps the app's layout delegate (`start()`) to see the SDK views
    /// the map view hands it, and `sample()` writes a `viewSize` event whenever one's measured
    /// size or layout margins change (see `sampleViewSizes()`).
    public var recordsViewSizes = true

    public init() {}
  }

  // MARK: - Properties

  public let mapView: GMSMapView
  /// The log file.
  public let path: String
  /// The recording's id in the log.
  public let recordingID: Int64
  private let options: Options
  private let queue: RecorderQueue
  private var state: RecordedState?
  private var startTime: Double?
  private var isStopped = false
  var listeners = ListenerState()
  /// The SDK views the app's layout delegate was handed, and the sizes written for them.
  let viewObserver = SDKViewObserver()
  /// The stand-in for the app's layout delegate, while it is the map view's.
  var layoutProxy: LayoutDelegateProxy?
  /// The header accessory the app set through `setHeaderAccessory(_:)`.
  var headerAccessory = RecordedAccessory()
  #if os(iOS)
  private var displayLink: CADisplayLink?
  #endif

  // MARK: - Life cycle

  /// Creates the log file (or adds a recording to an existing log) and the recording.
  /// - Throws: `NavSimRecorderError` for `options.deviceFacts` holding an empty key or one of
  ///   NavSim's own (`recorder`, `redacted`), before the file is touched; `EventLogError`
  ///   naming the file (not a NavSim log, a newer schema, no space...).
  public init(mapView: GMSMapView, path: String, options: Options = Options()) throws {
    self.mapView = mapView
    self.path = path
    self.options = options
    var facts = options.deviceFacts ?? Self.deviceFacts(of: mapView)
    try Self.checkFactKeys(facts)
    facts[Self.recorderKey] = "NavSimRecorder \(NavSimVersion.current)"
    let log = try EventLogFile(path: path, mode: .create)
    let writer = try log.beginRecording(
      RecordingMetadata(
        name: options.name, source: .imported, deviceProfile: options.deviceProfile,
        createdAt: options.createdAt ?? Self.now(), attributes: facts),
      batchSize: options.batchSize)
    recordingID = writer.recordingID
    queue = RecorderQueue(
      writer: writer,
      limits: RecorderQueue.Limits(
        batchSize: options.batchSize, flushInterval: options.flushInterval,
        capacity: options.capacity))
    super.init()
  }

  /// Starts recording: the current state becomes the first events, at t = 0.
  ///
  /// With `recordsViewSizes`, it also wraps the app's layout delegate (see
  /// `isObservingSDKViews`): call it after `setLayoutDelegate` and before navigation is enabled,
  /// as the SDK lets a delegate change only then.
  public func start() {
    guard startTime == nil, !isStopped else { return }
    startTime = options.clock()
    queue.start()
    if options.recordsViewSizes { watchLayoutDelegate() }
    sample()
    attachListeners()
    #if os(iOS)
    if options.samplesEveryFrame {
      let link = CADisplayLink(target: FrameTarget(self), selector: #selector(FrameTarget.frame))
      link.add(to: .main, forMode: .common)
      displayLink = link
    }
    #endif
  }

  /// Finishes the recording: samples a last time, writes what is pending and marks the
  /// recording finished. Waits for the writer thread.
  /// - Throws: the first error the writer met (e.g. a full disk); the events before it are kept.
  public func stop() throws {
    guard !isStopped else { return }
    if startTime == nil { start() }
    sample()
    flushPendingSpeed()
    detachListeners()
    unwatchLayoutDelegate()
    if listeners.startedProvider { mapView.roadSnappedLocationProvider?.stopUpdatingLocation() }
    #if os(iOS)
    displayLink?.invalidate()
    displayLink = nil
    #endif
    isStopped = true
    try queue.finish()
  }

  /// Adds a bookmark (`mark` event) at the current time, e.g. from a debug button.
  public func mark(_ text: String) {
    record(.mark(text: text))
  }

  /// Events dropped because the disk fell far behind (0 normally).
  public var droppedEvents: Int { queue.droppedEvents }

  // MARK: - Sampling

  /// Reads the map view's state and records what changed since the last sample. Cheap (a few
  /// dozen property reads); `start()` has a display link call it every frame on iOS, and
  /// NavSim's own trips call it after every simulated step.
  public func sample() {
    guard startTime != nil, !isStopped else { return }
    // A fix's tick is over once the clock has moved on from it.
    if let pending = listeners.pendingSpeed, currentT > pending.t { flushPendingSpeed() }
    flushPromptDismissal()
    sampleState()
    if options.recordsViewSizes {
      watchLayoutDelegate()
      sampleViewSizes()
    }
  }

  /// Writes a `viewSize` event for every SDK view of the current state whose measured size or
  /// margins changed since it was last written: the views the map view handed the app's layout
  /// delegate (logo, viewport and buttons once navigation is enabled; the cards, the progress
  /// bar, the speed widget and the shown prompt in guidance), measured through UIKit's public
  /// API (`SDKViewObserver.measure`) on the main thread, the write through the queue. Only
  /// `sample()` calls it, after the events of the change that resized a view, so replay applies
  /// the size with that change. Without a wrapped layout delegate it sees no view and writes
  /// nothing.
  func sampleViewSizes() {
    for size in viewObserver.changedSizes() { record(.viewSize(size)) }
  }

  /// Records state changes (listener callbacks call it first, so a change the app made just
  /// before is written before what the callback reports).
  func sampleState() {
    guard startTime != nil, !isStopped else { return }
    let now = RecordedState(mapView, headerAccessory: headerAccessory.height(on: mapView))
    for payload in now.changes(from: state) { record(payload) }
    state = now
  }

  /// Writes an event now (after the last fix's speed event, if that is still waiting).
  func record(_ payload: EventPayload) {
    guard startTime != nil, !isStopped else { return }
    flushPendingSpeed()
    enqueue(payload, t: currentT)
  }

  func enqueue(_ payload: EventPayload, t: Int64) {
    guard startTime != nil, !isStopped else { return }
    queue.enqueue(payload, t: t)
  }

  /// Milliseconds since `start()`.
  var currentT: Int64 {
    guard let startTime else { return 0 }
    return max(0, Int64(((options.clock() - startTime) * 1000).rounded()))
  }

  // MARK: - Metadata

  /// The attribute key of the recorder's own fact: `NavSimRecorder` and its NavSim version.
  static let recorderKey = "recorder"

  /// - Throws: `NavSimRecorderError` for an empty key or one NavSim sets itself.
  private static func checkFactKeys(_ facts: [String: String]) throws(NavSimRecorderError) {
    if facts.keys.contains("") { throw .emptyFactKey }
    for key in [recorderKey, RecordingMetadata.redactedKey] where facts[key] != nil {
      throw .reservedFactKey(key)
    }
  }

  private static func now() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: Date())
  }

  /// The facts a replay needs to pick a device profile.
  static func deviceFacts(of mapView: GMSMapView) -> [String: String] {
    var facts: [String: String] = [:]
    #if os(iOS)
    var system = utsname()
    uname(&system)
    facts["device.model"] = withUnsafeBytes(of: system.machine) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    facts["device.idiom"] = UIDevice.current.userInterfaceIdiom == .pad ? "pad" : "phone"
    let screen = UIScreen.main
    facts["device.screen"] = "\(Int(screen.bounds.width))x\(Int(screen.bounds.height))"
    facts["device.scale"] = "\(screen.scale)"
    facts["os.version"] = "\(UIDevice.current.systemName) \(UIDevice.current.systemVersion)"
    facts["sdk.version"] = GMSNavigationServices.navSDKVersion()
    #else
    facts["device.model"] = "NavSim headless"
    facts["device.screen"] = "\(Int(mapView.bounds.width))x\(Int(mapView.bounds.height))"
    facts["os.version"] = ProcessInfo.processInfo.operatingSystemVersionString
    facts["sdk.version"] = "NavSim \(NavSimVersion.current)"
    #endif
    return facts
  }
}

#if os(iOS)
/// The display link's target: holds the recorder weakly, so the link does not keep it alive.
@MainActor
private final class FrameTarget: NSObject {
  weak var recorder: NavSimRecorder?
  init(_ recorder: NavSimRecorder) { self.recorder = recorder }
  @objc func frame() { recorder?.sample() }
}
#endif
#endif
