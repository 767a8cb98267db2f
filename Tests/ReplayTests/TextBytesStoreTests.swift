import Foundation
import Lint
import NavSim
import ReplayTestSupport
import TestSupport
import Testing
@testable import Replay
@testable import Snapshots

/// A label's text is stored as the bytes the app set. Swift's `String ==` equates canonically
/// equivalent texts ("é" precomposed, U+00E9, and "e" + U+0301 decomposed), but they are other
/// bytes, and a layout's text (and the store) shows bytes: an event that changes a text's
/// normalization alone changes the layout.
@MainActor
@Suite struct TextBytesStoreTests {
  static let composed = "Caf\u{E9}"
  static let decomposed = "Cafe\u{301}"

  @Test func theTwoFormsAreEqualStringsOfOtherBytes() {
    #expect(Self.composed == Self.decomposed)
    #expect(Array(Self.composed.utf8) != Array(Self.decomposed.utf8))
  }

  /// A replay of a screen whose label switches between the two forms with the remaining
  /// distance: every event's stored layout reads back the bytes the label held after it.
  @Test func aReplayStoresTheLabelsBytesWhenOnlyTheirNormalizationChanges() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    var screen: NormalizationScreen?
    let job = ReplayJob(
      logPath: Fixtures.recording("city-commute"), screenName: "normalization",
      makeScreen: { mapView in
        let made = NormalizationScreen(mapView: mapView)
        screen = made
        return made
      }, watchers: .layoutRules)
    var shown: [(seq: Int64, bytes: [UInt8]?)] = []
    var snapshotBytes: [[UInt8]?] = []
    _ = try job.run(store: store, label: "run") { snapshot, _ in
      shown.append((snapshot.seq, screen?.label.text.map { Array($0.utf8) }))
      snapshotBytes.append(snapshot.layout.node("cafe")?.text.map { Array($0.utf8) })
    }
    // Both forms were shown, and the label switched from one to the other many times.
    let forms = shown.compactMap(\.bytes)
    #expect(forms.contains(Array(Self.composed.utf8)))
    #expect(forms.contains(Array(Self.decomposed.utf8)))
    let switches = zip(forms, forms.dropFirst()).filter { $0 != $1 }.count
    #expect(switches >= 10, "\(switches) switches")

    let stale = zip(snapshotBytes, shown).filter { $0 != $1.bytes }.map(\.1.seq)
    #expect(stale.isEmpty, "events whose snapshot's label text is not the label's bytes: \(stale)")
    let run = try store.run(label: "run")
    let frames = try store.frames(of: run)
    #expect(frames.count == shown.count)
    var wrong: [Int64] = []
    for (frame, expected) in zip(frames, shown) {
      let layout = try store.layout(hash: frame.layoutHash, seq: frame.seq)
      if layout.node("cafe")?.text.map({ Array($0.utf8) }) != expected.bytes {
        wrong.append(frame.seq)
      }
    }
    #expect(wrong.isEmpty, "events whose stored label text is not the label's bytes: \(wrong)")
    _ = directory
  }

  /// The store's writer decides for itself whether a snapshot's layout changed
  /// (`RunWriter.append(_:detail:)`): two snapshots differing only in a text's normalization
  /// are two layouts, each read back as written.
  @Test func aWriterGivenSnapshotsStoresEachFormAsWritten() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    let texts = [Self.composed, Self.decomposed, Self.decomposed, Self.composed]
    let run = try writeRun(
      store, label: "run", events: texts.map { (Self.layout(text: $0), []) })
    #expect(run.layoutChanges == 3)
    let read = try store.frames(of: run).map {
      try store.layout(hash: $0.layoutHash, seq: $0.seq).node("cafe")?.text.map { Array($0.utf8) }
    }
    #expect(read == texts.map { Array($0.utf8) })
    _ = directory
  }

  @Test func layoutsWhoseTextsDifferInNormalizationOnlyAreNotEqual() {
    let a = Self.layout(text: Self.composed), b = Self.layout(text: Self.decomposed)
    #expect(a != b)
    #expect(Array(a.text.utf8) != Array(b.text.utf8))
    #expect(a.nodes[0] != b.nodes[0])
    var c = a
    c.overlays = ["marker:" + Self.decomposed]
    var d = a
    d.overlays = ["marker:" + Self.composed]
    #expect(c != d)
  }

  static func layout(text: String) -> LayoutState {
    LayoutState(
      state: "activeGuidance", wideMode: false, mapWidth: 393, mapHeight: 852,
      safeArea: SnapshotInsets(top: 59, leading: 0, bottom: 34, trailing: 0), direction: "ltr",
      nodes: [
        SnapshotNode(
          id: "cafe", kind: .appView, parent: "map",
          frame: SnapshotRect(x: 16, y: 100, width: 60, height: 20), text: text)
      ],
      animations: [])
  }
}

/// The built-in layout and a label whose text is "Café", precomposed or decomposed by the
/// remaining distance.
@MainActor
final class NormalizationScreen: NSObject, GMSNavigatorListener {
  let mapView: GMSMapView
  let label = UILabel()

  init(mapView: GMSMapView) {
    self.mapView = mapView
    super.init()
    mapView.navigator?.add(self)
    label.accessibilityIdentifier = "cafe"
    label.frame = CGRect(x: 16, y: 100, width: 120, height: 24)
    label.text = TextBytesStoreTests.composed
    mapView.addSubview(label)
    let terms = GMSNavigationTermsAndConditionsOptions(companyName: "Bytes & Co")
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: terms) { [weak self] in
      self?.mapView.isNavigationEnabled = $0
    }
  }

  func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
  ) {
    label.text =
      Int(distance / 100) % 2 == 0 ? TextBytesStoreTests.composed : TextBytesStoreTests.decomposed
  }
}
