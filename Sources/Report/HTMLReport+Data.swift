import Findings
import Foundation
import HeadlessUIKit
import Replay
import TextBytes

// The data an HTML report embeds, as one compact JSON value. A 1-hour trip has tens of
// thousands of events but few distinct layouts, so layouts, finding sets, strings and paint
// styles are stored once each in tables and events refer to them by index; the page's script
// draws a layout only when it is shown.
//
//   {"format":1,"page":"replay"|"diff",
//    "strings":[...],                       every view id, parent, state, rule, message...
//    "styles":[[role,fill,stroke,text,dashed,kind],...],
//    "layouts":[[state,wide,W,H,[top,leading,bottom,trailing],dir,nodes,anims,hash,svg],...],
//       svg: the layout's picture with empty content slots (`HTMLReport+Screen.swift`)
//       node: [id,style,parent,x,y,w,h,hidden,alpha,corners(,text)]   (corners: CACornerMask
//             bits; text, a string index, only for app labels and buttons of screen replays)
//       anim: [[views],[props],start,duration]
//    "findingSets":[[[severity(0 warning,1 error),rule,[views],message],...],...],
//    "payloadSchemas":[[key,...],...],     an event's payload is [schema,value,...] or a string
//    "runs":[{...}], "frames":{column:[...]}, "marks":[{name,color,frames}], ...}
//
// Strings in the tables are indices into "strings"; every string is JSON-escaped with `<`
// written as \u003c, so the JSON can sit inside a <script> element. Texts are interned by
// their bytes (`ByteKey`): canonically equivalent texts ("é" precomposed or as "e" and a
// combining accent) are other texts in the store, and the page shows each as stored.

/// Builds the interned tables of a report's data.
final class ReportData {
  private(set) var strings: [String] = []
  private var stringIndex: [ByteKey: Int] = [:]
  private var styles: [String] = []
  private var styleIndex: [ByteKey: Int] = [:]
  private var layouts: [String] = []
  /// Layout hash -> index in `layouts`.
  private var layoutIndex: [String: Int] = [:]
  private var findingSets: [String] = []
  private var findingSetIndex: [String: Int] = [:]
  /// Key lists of event payloads (`HTMLReport+Payload.swift`), each a JSON array text.
  var payloadSchemas: [String] = []
  var payloadSchemaIndex: [ByteKey: Int] = [:]
  /// The layouts by hash the report may draw.
  let source: [String: LayoutState]

  init(layouts: [String: LayoutState]) { source = layouts }

  // MARK: - Interning

  /// The index of `text` in the string table.
  func string(_ text: String) -> Int {
    let key = ByteKey(text)
    if let index = stringIndex[key] { return index }
    strings.append(text)
    stringIndex[key] = strings.count - 1
    return strings.count - 1
  }

  func style(_ style: NodeStyle, kind: SnapshotNode.Kind) -> Int {
    let encoded = JSONText.array([
      JSONText.quote(style.role), JSONText.quote(style.fill), JSONText.quote(style.stroke),
      JSONText.quote(style.text), style.dashed ? "1" : "0", JSONText.quote(kind.rawValue),
    ])
    if let index = styleIndex[ByteKey(encoded)] { return index }
    styles.append(encoded)
    styleIndex[ByteKey(encoded)] = styles.count - 1
    return styles.count - 1
  }

  /// The index of the layout stored under `hash`, -1 when the report has no such layout.
  func layout(hash: String) -> Int { layout(hash: hash, source[hash]) }

  /// The index of the layout stored under `hash`, which is `layout` (nil: -1, no such layout);
  /// `layout` is asked only the first time.
  func layout(hash: String, _ layout: @autoclosure () -> LayoutState?) -> Int {
    if let index = layoutIndex[hash] { return index }
    guard let layout = layout() else { return -1 }
    layouts.append(encode(layout, hash: hash))
    layoutIndex[hash] = layouts.count - 1
    return layouts.count - 1
  }

  /// The index of a set of findings, -1 for none.
  func findingSet(_ findings: [Finding]) -> Int {
    guard !findings.isEmpty else { return -1 }
    let encoded = JSONText.array(findings.map { finding in
      JSONText.array([
        finding.severity == .error ? "1" : "0", String(string(finding.ruleID)),
        JSONText.array(finding.views.map { String(string($0)) }),
        String(string(finding.message + (finding.source.map { " (\($0.shortDescription))" } ?? ""))),
      ])
    })
    if let index = findingSetIndex[encoded] { return index }
    findingSets.append(encoded)
    findingSetIndex[encoded] = findingSets.count - 1
    return findingSets.count - 1
  }

  // MARK: - Encoding

  private func encode(_ layout: LayoutState, hash: String) -> String {
    let nodes = layout.nodes.map { node -> String in
      let frame = node.frame
      return JSONText.array([
        String(string(node.id)), String(style(NodeStyle(node), kind: node.kind)),
        String(string(node.parent)), pointText(frame.x), pointText(frame.y),
        pointText(frame.width), pointText(frame.height), node.isHidden ? "1" : "0",
        pointText(node.alpha),
        String(SVGRenderer.cornerMask(node.roundedCorners)),
      ] + (node.text.map { [String(string($0))] } ?? []))
    }
    let animations = layout.animations.map { animation in
      JSONText.array([
        JSONText.array(animation.views.map { String(string($0)) }),
        JSONText.array(animation.properties.map { String(string($0)) }),
        formatFixed(animation.start, 3), formatFixed(animation.duration, 3),
      ])
    }
    let safe = layout.safeArea
    return JSONText.array([
      String(string(layout.state)), layout.wideMode ? "1" : "0", pointText(layout.mapWidth),
      pointText(layout.mapHeight),
      JSONText.array([
        pointText(safe.top), pointText(safe.leading), pointText(safe.bottom),
        pointText(safe.trailing),
      ]),
      String(string(layout.direction)), JSONText.array(nodes), JSONText.array(animations),
      JSONText.quote(hash), JSONText.quote(SVGRenderer.reportPicture(layout)),
    ])
  }

  static func runJSON(_ run: RunInfo) -> String {
    JSONText.object([
      ("delegate", JSONText.quote(run.delegate)), ("events", String(run.eventCount)),
      ("finished", JSONText.bool(run.isFinished)), ("label", JSONText.quote(run.label)),
      ("profile", JSONText.quote(run.sdkProfile)), ("recording", JSONText.quote(run.recordingName)),
      ("variants", JSONText.array(run.variantList.map(JSONText.quote))),
      ("version", JSONText.quote(run.navsimVersion)),
    ])
  }

  /// The whole data object: the tables plus `extra` (page-specific keys, already encoded).
  func json(page: String, extra: [(String, String)]) -> String {
    JSONText.object(members(page: page) + extra)
  }

  /// The tables as the first members of the data object, in order.
  func members(page: String) -> [(String, String)] {
    streamedMembers(page: page).map { member in
      (member.0, HTMLReport.inMemory { try member.1.text })
    }
  }

  /// The tables as `members` gives them, each element a piece of its own: a diff page writes
  /// them without joining a table's elements into one text.
  func streamedMembers(page: String) -> [(String, StreamedJSON)] {
    [
      ("findingSets", .list(findingSets.map(StreamedJSON.text))), ("format", .text("1")),
      ("layouts", .list(layouts.map(StreamedJSON.text))), ("page", .text(JSONText.quote(page))),
      ("payloadSchemas", .list(payloadSchemas.map(StreamedJSON.text))),
      ("strings", .list(strings.map { .text(JSONText.quote($0)) })),
      ("styles", .list(styles.map(StreamedJSON.text))),
    ]
  }
}

// MARK: - Timeline marks

/// A row of the timeline: the frames (by index) it marks.
struct TimelineRow {
  var name: String
  var color: String
  var frames: [Int]

  var json: String {
    JSONText.object([
      ("color", JSONText.quote(color)), ("frames", JSONText.array(frames.map(String.init))),
      ("name", JSONText.quote(name)),
    ])
  }
}

/// Event kinds by the timeline row that marks them.
enum EventKindGroups {
  static let state: Set<String> = [
    "navigationEnabled", "navigationDisabled", "guidanceStarted", "guidanceStopped", "arrived",
    "routeSet", "routeChanged",
  ]
  static let prompts: Set<String> = ["promptReady", "promptDismissed"]
  static let size: Set<String> = ["mapResized"]
}

/// The timeline of one run: which frames change the layout, the state, the map size, the
/// speed widget; which bring prompts or findings.
struct Timeline {
  var layout = TimelineRow(name: "layout change", color: "#5f6368", frames: [])
  var state = TimelineRow(name: "state", color: "#188038", frames: [])
  var prompts = TimelineRow(name: "prompt", color: "#f9ab00", frames: [])
  var size = TimelineRow(name: "size", color: "#1a73e8", frames: [])
  var speed = TimelineRow(name: "speed widget", color: "#e37400", frames: [])
  var findings = TimelineRow(name: "finding", color: "#d93025", frames: [])

  var rows: [TimelineRow] { [layout, state, prompts, size, speed, findings] }
}

/// The timeline of one run's frames, given each frame's layout hash (nil: no snapshot).
/// - Complexity: O(frames), plus O(nodes) for each frame whose layout differs from the last.
func timeline(
  events: [String], layoutHashes: [String?], layouts: [String: LayoutState], findings: [Bool]
) -> Timeline {
  var line = Timeline()
  var tracker = TimelineTracker()
  for index in events.indices {
    let marks = tracker.step(
      event: events[index], layoutHash: layoutHashes[index], findings: findings[index]
    ) { layouts[$0] }
    if marks.layout { line.layout.frames.append(index) }
    if marks.state { line.state.frames.append(index) }
    if marks.prompt { line.prompts.frames.append(index) }
    if marks.size { line.size.frames.append(index) }
    if marks.speed { line.speed.frames.append(index) }
    if marks.findings { line.findings.frames.append(index) }
  }
  return line
}

/// Which rows of a run's timeline mark one frame.
struct TimelineMarks {
  var layout = false, state = false, prompt = false, size = false, speed = false
  var findings = false
}

/// Walks a run's frames in order and says which timeline rows mark each: the layout, the
/// state, the map size or the speed widget changes, a prompt, findings.
struct TimelineTracker {
  private var index = 0
  private var previousHash: String?
  private var previous: LayoutState?

  /// The marks of the next frame.
  /// - Parameters:
  ///   - layoutHash: the frame's layout hash; nil when the run has no frame for the event.
  ///   - findings: whether the frame has findings.
  ///   - layout: the layout of a hash, asked only when the hash differs from the last frame's.
  /// - Complexity: O(1), plus O(nodes) when the layout differs from the last.
  mutating func step(
    event: String, layoutHash: String?, findings: Bool,
    layout: (String) throws -> LayoutState?
  ) rethrows -> TimelineMarks {
    defer { index += 1 }
    var marks = TimelineMarks()
    let changed = index == 0 || layoutHash != previousHash
    let current = changed ? try layoutHash.flatMap(layout) : previous
    marks.layout = changed
    marks.state =
      EventKindGroups.state.contains(event) || (changed && current?.state != previous?.state)
    marks.prompt = EventKindGroups.prompts.contains(event)
    marks.size =
      EventKindGroups.size.contains(event)
      || (index > 0 && changed
        && (current?.mapWidth != previous?.mapWidth || current?.mapHeight != previous?.mapHeight
          || current?.wideMode != previous?.wideMode))
    marks.speed = index > 0 && changed && speedWidgetLook(current) != speedWidgetLook(previous)
    marks.findings = findings
    previousHash = layoutHash
    previous = current
    return marks
  }
}

/// What of the speed widget a driver sees: its size and whether it shows.
private func speedWidgetLook(_ layout: LayoutState?) -> String {
  guard let node = layout?.nodes.first(where: { $0.kind == .sdkView && $0.id == "speedWidget" })
  else { return "none" }
  if node.isHidden || node.alpha < 0.01 { return "hidden" }
  return pointText(node.frame.width) + "x" + pointText(node.frame.height)
}
