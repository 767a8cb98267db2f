import EventLog
import Foundation
import SessionEvents

/// Hands events from the main thread to a writer thread that appends them to the log in
/// batches, so recording never waits for the disk.
///
/// `enqueue` takes a lock, appends to an array and returns: O(1), no I/O. The writer thread
/// wakes when `batchSize` events are pending or `flushInterval` has passed, appends them
/// through `RecordingWriter` and commits them in one transaction. A killed app therefore keeps
/// every batch committed before it died: a gapless prefix, marked unfinished.
///
/// Memory is bounded whatever the drive's length: at most `capacity` events wait in memory. If
/// the disk stalls long enough to fill them, further high-rate events (progress, speed, camera)
/// are dropped and counted in `droppedEvents` rather than growing without limit; state changes
/// (navigation, guidance, prompts, sizes, settings, gestures, marks) are always kept.
final class RecorderQueue: @unchecked Sendable {
  struct Limits: Sendable {
    /// Events per transaction.
    var batchSize = 256
    /// Longest time an event waits before it is written, seconds.
    var flushInterval: TimeInterval = 0.5
    /// Events held in memory at most before high-rate kinds are dropped.
    var capacity = 65_536
  }

  private let condition = NSCondition()
  /// Guarded by `condition`.
  private var pending: [(payload: EventPayload, t: Int64)] = []
  private var stopping = false
  private var finished = false
  private var failure: (any Error)?
  private var dropped = 0
  private var written = 0
  private let limits: Limits
  /// Used by the writer thread only, once started.
  private let writer: RecordingWriter
  private var thread: Thread?

  /// - Parameter writer: the recording to append to; from now on only the writer thread uses
  ///   it (and its log).
  init(writer: RecordingWriter, limits: Limits) {
    self.writer = writer
    self.limits = limits
    pending.reserveCapacity(limits.batchSize)
  }

  func start() {
    let thread = Thread { [self] in run() }
    thread.name = "NavSimRecorder writer"
    thread.qualityOfService = .utility
    self.thread = thread
    thread.start()
  }

  // MARK: - The main thread's side

  /// Queues an event. Never blocks on I/O.
  func enqueue(_ payload: EventPayload, t: Int64) {
    condition.lock()
    defer { condition.unlock() }
    guard !stopping, failure == nil else { return }
    if pending.count >= limits.capacity {
      switch payload.kind {
      case .progress, .speed, .camera:
        dropped += 1
        return
      default: break
      }
    }
    pending.append((payload, t))
    if pending.count >= limits.batchSize { condition.signal() }
  }

  /// Events dropped because the writer fell `capacity` events behind.
  var droppedEvents: Int {
    condition.lock()
    defer { condition.unlock() }
    return dropped
  }

  /// Events written so far.
  var writtenEvents: Int {
    condition.lock()
    defer { condition.unlock() }
    return written
  }

  /// Writes what is pending, marks the recording finished, and ends the writer thread; waits
  /// for it (this is the one call that waits for the disk).
  /// - Throws: the first error the writer met (a full disk...), or what finishing throws.
  func finish() throws {
    condition.lock()
    stopping = true
    condition.broadcast()
    while !finished { condition.wait() }
    let error = failure
    // The thread's block holds this queue: let both go, so the log's connection closes (and
    // checkpoints its WAL) when the recorder is released.
    thread = nil
    condition.unlock()
    if let error { throw error }
  }

  // MARK: - The writer thread

  private func run() {
    var batch: [(payload: EventPayload, t: Int64)] = []
    batch.reserveCapacity(limits.batchSize)
    while true {
      condition.lock()
      if pending.count < limits.batchSize && !stopping {
        // Timed wait for pacing only: nothing recorded depends on this clock.
        _ = condition.wait(until: Date(timeIntervalSinceNow: limits.flushInterval))
      }
      swap(&batch, &pending)
      let stop = stopping
      condition.unlock()

      var error: (any Error)?
      do {
        for event in batch {
          // The recorder's clock is monotonic, but a listener may report late: t never
          // goes backwards in the log.
          try writer.append(event.payload, t: max(event.t, writer.lastT))
        }
        if stop { try writer.finish() } else if !batch.isEmpty { try writer.flush() }
      } catch let caught {
        error = caught
      }

      condition.lock()
      written += batch.count
      batch.removeAll(keepingCapacity: true)
      if let error, failure == nil { failure = error }
      let done = stop || failure != nil
      if done {
        pending.removeAll()
        finished = true
        stopping = true
        condition.broadcast()
      }
      condition.unlock()
      if done { return }
    }
  }
}
