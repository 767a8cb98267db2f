import ReplayTestSupport
import Testing

@testable import Replay

/// The built-in layout's additions to the snapshot text: `state=` on SDK views it styles and
/// `content=` on the layout line; text without them (custom delegates, older stores) reads
/// as before.
@Suite struct BuiltInSnapshotTextTests {
  @Test func stylingAndMapContentRoundTripThroughTheText() throws {
    var layout = sampleLayout()
    layout.mapContent = ["alternates:2", "destinationMarkers", "trafficLights"]
    layout.nodes[0].state = "primary:#1A73E6FF/secondary:#00000080"
    let text = layout.text
    #expect(text.hasPrefix(
      "layout activeGuidance wide=no map=393x852 safe=59,0,34,0 dir=ltr "
        + "content=alternates:2,destinationMarkers,trafficLights\n"
        + "sdk turnCard parent=map frame=0,59,393,120 "
        + "state=primary:#1A73E6FF/secondary:#00000080\n"))
    let parsed = try LayoutState(text: text)
    #expect(parsed.text == text)
    #expect(parsed.mapContent == layout.mapContent)
    #expect(parsed.node("turnCard")?.state == "primary:#1A73E6FF/secondary:#00000080")
  }

  @Test func layoutsWithoutBuiltInFactsKeepTheirTextAndHash() throws {
    let layout = sampleLayout()
    #expect(!layout.text.contains("content="))
    #expect(!layout.text.contains("state="))
    let parsed = try LayoutState(text: layout.text)
    #expect(parsed.mapContent.isEmpty)
    #expect(parsed.nodes.allSatisfy { $0.state == nil })
    #expect(parsed.hash == layout.hash)
  }
}
