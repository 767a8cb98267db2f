import Replay

// How views look in pictures: one palette for the SDK's views by role, another for the app's
// views, dashed outlines for layout guides. The SVG renderer and the HTML report's script
// both take their colours from here, so a view looks the same in `navsim render` and in a
// report.

/// The paint of one view or guide.
struct NodeStyle: Equatable {
  /// `turnCard`, `etaCard`, `speedWidget`, `tripProgressBar`, `googleLogo`, `viewport`,
  /// `prompt`, `button`, `sdk` (other SDK views), `app`, `guide`.
  var role: String
  var fill: String
  var stroke: String
  /// Label colour, chosen for contrast with `fill`.
  var text: String
  var dashed: Bool

  /// SDK views: saturated colours, white labels, by role.
  static let sdkPalette: [(role: String, fill: String, stroke: String, text: String)] = [
    ("turnCard", "#188038", "#0d652d", "#ffffff"),
    ("etaCard", "#1a73e8", "#174ea6", "#ffffff"),
    ("speedWidget", "#e37400", "#b06000", "#ffffff"),
    ("tripProgressBar", "#7627bb", "#4a148c", "#ffffff"),
    ("googleLogo", "#5f6368", "#3c4043", "#ffffff"),
    ("prompt", "#f9ab00", "#b06000", "#202124"),
    ("button", "#129eaf", "#007b83", "#ffffff"),
    ("sdk", "#3c4043", "#202124", "#ffffff"),
  ]

  /// App views: pastel fills with dark outlines and labels, picked by a stable hash of the
  /// identity so a view keeps its colour through a trip.
  static let appPalette: [String] = [
    "#e9d7fe", "#ccf2e3", "#fddccb", "#d6e8fb", "#f3e9c6", "#f8d5e3",
  ]

  /// The role an identity names: its part before the first `.` or `#` (`prompt.incident#3` is
  /// a `prompt`, `button.compass` a `button`).
  static func role(of id: String) -> String {
    let head = id.prefix { $0 != "." && $0 != "#" }
    switch head {
    case "compass", "reporting", "buttons", "recenter": return "button"
    default: return String(head)
    }
  }

  init(_ node: SnapshotNode) {
    switch node.kind {
    case .guide:
      self.init(role: "guide", fill: "none", stroke: "#5f6368", text: "#3c4043", dashed: true)
    case .appView:
      let slot = Int(fnv1a(node.id) % UInt64(Self.appPalette.count))
      self.init(role: "app", fill: Self.appPalette[slot], stroke: "#5f6368", text: "#202124", dashed: false)
    case .sdkView:
      let role = Self.role(of: node.id)
      if role == "viewport" {
        self.init(role: "viewport", fill: "none", stroke: "#1a73e8", text: "#174ea6", dashed: true)
        return
      }
      let entry = Self.sdkPalette.first { $0.role == role } ?? Self.sdkPalette.last!
      self.init(role: entry.role, fill: entry.fill, stroke: entry.stroke, text: entry.text, dashed: false)
    }
  }

  init(role: String, fill: String, stroke: String, text: String, dashed: Bool) {
    self.role = role
    self.fill = fill
    self.stroke = stroke
    self.text = text
    self.dashed = dashed
  }
}

/// 64-bit FNV-1a of the UTF-8 bytes (stable across processes, unlike `Hasher`).
func fnv1a(_ text: String) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash ^= UInt64(byte)
    hash = hash &* 0x0000_0100_0000_01B3
  }
  return hash
}

extension SVGRenderer {
  /// The picture's style sheet, shared by standalone SVGs and the HTML report.
  /// Hidden views are in the picture but displayed only under `.nv-show-hidden`, faintly.
  static let css = """
    .nv-map{fill:#e8eee0}
    .nv-unsafe rect{fill:#3c4043;fill-opacity:.16}
    .nv-safe{fill:none;stroke:#5f6368;stroke-opacity:.5;stroke-width:1;stroke-dasharray:2 3}
    .nv-shape{stroke-width:1.2}
    .nv-guide .nv-shape{fill:none;stroke-width:1}
    .nv-role-viewport .nv-shape{fill:#1a73e8;fill-opacity:.07;stroke-width:2.5;stroke-dasharray:8 4}
    .nv-vehicle{fill:#1a73e8;stroke:#fff;stroke-width:1.5}
    .nv-label{font-size:11px;pointer-events:none}
    .nv-guide .nv-label{font-style:italic;font-size:10px}
    .nv-hidden,.nv-invisible{display:none}
    .nv-show-hidden .nv-hidden,.nv-show-hidden .nv-invisible{display:inline;opacity:.28}
    .nv-show-hidden .nv-hidden .nv-shape,.nv-show-hidden .nv-invisible .nv-shape{stroke-dasharray:3 2}
    .nv-finding-outline{fill:none;stroke:#d93025;stroke-width:3}
    .nv-warning .nv-finding-outline{stroke:#e8710a;stroke-dasharray:6 3}
    .nv-badge{fill:#d93025;stroke:#fff;stroke-width:1.5}
    .nv-warning .nv-badge{fill:#e8710a}
    .nv-badge-text{fill:#fff;font-size:10px;font-weight:bold}
    .nv-note{fill:#a50e0e;font-size:11px}
    .nv-changed .nv-shape{stroke:#d01884;stroke-width:3.5;stroke-dasharray:none}
    .nv-ghost{fill:none;stroke:#d01884;stroke-width:1.5;stroke-dasharray:4 3}
    .nv-delta{fill:#d01884;font-size:11px;font-weight:bold;paint-order:stroke;stroke:#fff;stroke-width:3}
    .nv-hover .nv-shape{stroke:#202124;stroke-width:3}
    """
}
