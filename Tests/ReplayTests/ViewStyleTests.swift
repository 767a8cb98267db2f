import Foundation
import HeadlessUIKit
import ReplayTestSupport
import SQLite
import TestSupport
import Testing
@testable import Replay
@testable import Report
@testable import Snapshots

/// App views' styles: read from the views, kept beside the snapshot (never in its text),
/// stored in their own table, drawn as set.
@MainActor @Suite struct ViewStyleTests {
  static func styledLayout() -> LayoutState {
    var layout = sampleLayout(turnCardY: 59)
    var sheet = SnapshotNode(
      id: "orderSheet", kind: .appView, parent: "map", frame: SnapshotRect(x: 10, y: 600, width: 200, height: 60),
      text: "Arriving in 3 min")
    var style = ViewStyle()
    style.background = "#ffcc00ff"
    style.cornerRadius = 12
    style.borderWidth = 2
    style.borderColor = "#202124ff"
    style.fontSize = 20
    style.alignment = "center"
    style.lines = 1
    style.textColor = "#000000ff"
    sheet.style = style
    layout.nodes.append(sheet)
    return layout
  }

  @Test func aStyledLabelIsReadAsUIKitHoldsItAndAPlainViewHasNoStyle() throws {
    let label = UILabel()
    label.font = .systemFont(ofSize: 15)
    label.textAlignment = .right
    label.numberOfLines = 2
    label.backgroundColor = UIColor(red: 1, green: 0.8, blue: 0, alpha: 1)
    label.layer.cornerRadius = 8
    label.layer.borderWidth = 1
    label.layer.borderColor = UIColor(red: 0, green: 0, blue: 0, alpha: 0.5).cgColor
    let style = try #require(ViewStyle(label))
    #expect(style.text == "bg=#ffcc00ff r=8 bw=1 bc=#00000080 font=15 align=right lines=2 color=#000000ff")
    #expect(ViewStyle(text: style.text) == style)
    #expect(ViewStyle(UIView()) == nil)
    label.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    #expect(ViewStyle(label)?.text.hasPrefix("bg=#ffcc00ff r=8 corners=3 bw=1") == true)
    #expect(ViewStyle(text: "r=8 corners=3")?.corners == 3)
    #expect(ViewStyle(UIImageView())?.text == "image")
    #expect(ViewStyle(text: "bg=red") == nil)
    #expect(ViewStyle(text: "lines=-1") == nil)
  }

  @Test func stylesAreNotPartOfTheSnapshotsTextHashOrEquality() {
    let plain = sampleLayout(turnCardY: 59)
    var styled = Self.styledLayout(), unstyled = Self.styledLayout()
    unstyled.nodes[unstyled.nodes.count - 1].style = nil
    #expect(styled.text == unstyled.text && styled.hash == unstyled.hash)
    #expect(styled == unstyled)
    #expect(styled != plain)
    styled.nodes[0].style = ViewStyle(text: "bg=#000000ff")
    #expect(styled.text == unstyled.text)
  }

  @Test func theStoreKeepsStylesBesideTheLayoutAndOldStoresReadAsUnstyled() throws {
    let (directory, path) = freshDatabase(named: "snapshots.sqlite")
    let store = try SnapshotStore(path: path, mode: .create)
    // A store before any styled view: no table, layouts read as unstyled.
    try writeRun(store, label: "plain")
    #expect(try store.db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'layout_styles'") == .integer(0))
    #expect(try store.layout(hash: sampleLayout(turnCardY: 59).hash).nodes.allSatisfy { $0.style == nil })
    let writer = try store.beginRun(
      RunMetadata(
        label: "styled", delegate: "basic", recordingID: 1, recordingName: "commute",
        logFingerprint: "f1", navsimVersion: "test", sdkProfile: "default", variants: ""))
    let layout = Self.styledLayout()
    try writer.append(LayoutSnapshot(seq: 1, t: 0, event: "progress", layout: layout, findings: []), detail: "{}")
    _ = try writer.finish()
    let read = try store.layout(hash: layout.hash)
    #expect(read.text == layout.text)
    #expect(read.nodes.map(\.style) == layout.nodes.map(\.style))
    // A damaged record names the table, the hash and the line.
    try store.db.execute("UPDATE layouts SET styles = '99 bg=#000000ff'")
    let reader = try SnapshotStore(path: path, mode: .readOnly)  // nothing read yet
    #expect(throws: SnapshotStoreError.self) { try reader.layout(hash: layout.hash) }
    _ = directory
  }

  @Test func picturesDrawAStyledViewWithItsColoursCornersBorderAndText() throws {
    var content = ScreenContent()
    content.apply(event: "progress", detail: #"{"roadName":"Seestrasse"}"#)
    let svg = SVGRenderer.svg(layout: Self.styledLayout(), findings: [], content: content)
    #expect(svg.contains(
      #"data-style="bg=#ffcc00ff r=12 bw=2 bc=#202124ff font=20 align=center lines=1 color=#000000ff""#))
    #expect(svg.contains(
      #"<rect class="nv-shape" style="fill:#ffcc00;fill-opacity:1;stroke:#202124;stroke-opacity:1;stroke-width:2" rx="12" x="10" y="600" width="200" height="60"/>"#))
    // 17 characters of 10 pt (0.4 em, as measured text averages) fit 200 pt: whole, centred.
    #expect(svg.contains(#"text-anchor="middle" style="fill:#000000;fill-opacity:1">Arriving in 3 min</text>"#))
    #expect(svg.contains(#"<text class="nv-app-text" x="110" y="#))
    // Without content (the demo's wide-mode picture) the wireframe is unchanged.
    #expect(!SVGRenderer.svg(layout: Self.styledLayout(), findings: []).contains("data-style"))
    // The report embeds the same drawing.
    #expect(SVGRenderer.reportPicture(Self.styledLayout()).contains("<rect class=\"nv-shape\" style=\"fill:#ffcc00"))
  }

  @Test func longTextIsWrappedToItsLinesAndCutWithAnEllipsis() throws {
    var style = ViewStyle()
    style.fontSize = 10
    style.lines = 2
    let frame = SnapshotRect(x: 0, y: 0, width: 60, height: 40)
    let source = "one two three four five six seven eight nine ten"
    let text = SVGRenderer.labelText(source, in: frame, size: 10, style: style, rtl: false)
    let lines = text.components(separatedBy: "</text>").dropLast().map { $0.components(separatedBy: ">").last! }
    // Two lines at most, the text in order, the rest cut with an ellipsis.
    #expect(lines.count == 2)
    let last = try #require(lines.last)
    #expect(last.hasSuffix("…"))
    let shown = (lines.dropLast() + [String(last.dropLast())]).joined(separator: " ")
    #expect(source.hasPrefix(shown) && shown.count < source.count, "\(lines)")
    // No line is drawn wider than the frame: each is squeezed to the width it measures.
    let lengths = text.components(separatedBy: "textLength=\"").dropFirst()
      .compactMap { Double($0.prefix { $0 != "\"" }) }
    #expect(!lengths.isEmpty && lengths.allSatisfy { $0 <= frame.width }, "\(text)")
  }
}
