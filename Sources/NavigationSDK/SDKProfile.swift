import Foundation

/// The numbers the navigation SDK computes but does not publish: sizes of its views, its style
/// values and the wide-mode threshold.
///
/// The real SDK sizes its views itself and documents only a few figures (the trip progress
/// bar's 12 pt width, the hiding stack's 8 pt spacing). Everything else is a NavSim choice,
/// listed here with its default, and overridable - in code, or from a JSON file
/// (`SDKProfile.load(contentsOf:)`) - so a user can calibrate NavSim against screenshots of
/// the real SDK on a device.
///
/// All sizes are in points and *include* the view's built-in layout margins: an SDK view's
/// visible content is its frame inset by `layoutMargins`, which is what the overlap rules
/// compare (so `speedWidget.bottom == etaCard.layoutMarginsGuide.top` does not overlap).
///
/// | key | default | meaning |
/// |---|---|---|
/// | `style.*` | see `SDKStyleValues` | what `NavigationStyleValues` returns |
/// | `wideModeMinimumWidth` | 600 | map width from which `wideMode` is on |
/// | `wideCardWidth` | 375 | turn card, ETA card and prompt width in wide mode |
/// | `etaCardHeight` | 72 | ETA card height |
/// | `cardLayoutMargin` | 8 | layout margin of cards, prompts and the speed widget |
/// | `controlLayoutMargin` | 4 | layout margin of buttons and the logo |
/// | `tripProgressBarWidth` | 12 | published by the SDK |
/// | `speedGaugeSize` | 64 | one gauge (speed or limit), margins included |
/// | `speedGaugeSpacing` | 4 | between the two gauges, stacked vertically when both show |
/// | `logoWidth` x `logoHeight` | 72 x 32 | the Google logo |
/// | `recenterLogoWidth` x `recenterLogoHeight` | 136 x 48 | the logo as a re-center button |
/// | `buttonSize` | 48 | compass, reporting and other buttons (square) |
/// | `promptHeights.<kind>` | see below | prompt height for one line of text, by kind |
/// | `promptDefaultHeight` | 104 | height of a prompt of a kind not listed |
/// | `promptLineHeight` | 20 | added per extra line of prompt text |
/// | `promptCharactersPerLine` | 40 | prompt text wraps after this many characters |
/// | `hidingStackSpacing` | 8 | `GMSNavigationHidingStackView.spacing` default (published) |
/// | `smallOverlaySide` | 64 | an app view at most this wide and tall may sit over the viewport |
/// | `leadingEdgeTolerance` | 16 | extra room a wide-mode card may leave at the leading edge |
/// | `overlapTolerance` | 0.5 | overlaps thinner than this are rounding, not findings |
///
/// Prompt heights: incident 104, speedCamera 88, traffic 104, betterRoute 128; other kinds
/// `promptDefaultHeight`. Wide mode from 600 pt: iPhone landscape, iPad full screen and 2/3
/// split are wide; iPhone portrait and iPad 1/3 and 1/2 splits are not.
public struct SDKProfile: Equatable, Sendable {
  /// A name for reports (`default` unless a file or caller says otherwise).
  public var name: String
  /// The values `NavigationStyleValues` returns.
  public var style: SDKStyleValues
  /// The map width (points) from which wide mode is on.
  public var wideModeMinimumWidth: Double
  /// Width of the turn card, ETA card and prompts in wide mode.
  public var wideCardWidth: Double
  /// Height of the ETA card (the turn card's is `style.headerNominalHeight`).
  public var etaCardHeight: Double
  /// Built-in layout margin of cards, prompts and the speed widget.
  public var cardLayoutMargin: Double
  /// Built-in layout margin of buttons and the logo.
  public var controlLayoutMargin: Double
  /// Width of the trip progress bar (published: 12 pt).
  public var tripProgressBarWidth: Double
  /// Side of one speed gauge (speedometer or speed-limit sign), margins included.
  public var speedGaugeSize: Double
  /// Vertical space between the two gauges when both show.
  public var speedGaugeSpacing: Double
  /// Size of the Google logo.
  public var logoWidth: Double
  public var logoHeight: Double
  /// Size of the logo in its re-center form (after the user pans away).
  public var recenterLogoWidth: Double
  public var recenterLogoHeight: Double
  /// Side of a square SDK button (compass, reporting...).
  public var buttonSize: Double
  /// Prompt height for one line of text, by prompt kind (`PromptKind.rawValue`).
  public var promptHeights: [String: Double]
  /// Prompt height for kinds missing from `promptHeights`.
  public var promptDefaultHeight: Double
  /// Extra height per additional line of prompt text.
  public var promptLineHeight: Double
  /// Characters per line of prompt text (a deterministic stand-in for text measurement).
  public var promptCharactersPerLine: Int
  /// Default spacing of `GMSNavigationHidingStackView` (published: 8 pt).
  public var hidingStackSpacing: Double
  /// App views at most this wide and tall may sit over the viewport (small buttons).
  public var smallOverlaySide: Double
  /// In wide mode a card's leading edge may sit this far in from the safe area's leading edge.
  public var leadingEdgeTolerance: Double
  /// Overlaps thinner than this (points) are rounding, not findings.
  public var overlapTolerance: Double

  /// NavSim's documented defaults (see the table above).
  public static let `default` = SDKProfile(
    name: "default",
    style: .default,
    wideModeMinimumWidth: 600,
    wideCardWidth: 375,
    etaCardHeight: 72,
    cardLayoutMargin: 8,
    controlLayoutMargin: 4,
    tripProgressBarWidth: 12,
    speedGaugeSize: 64,
    speedGaugeSpacing: 4,
    logoWidth: 72,
    logoHeight: 32,
    recenterLogoWidth: 136,
    recenterLogoHeight: 48,
    buttonSize: 48,
    promptHeights: ["incident": 104, "speedCamera": 88, "traffic": 104, "betterRoute": 128],
    promptDefaultHeight: 104,
    promptLineHeight: 20,
    promptCharactersPerLine: 40,
    hidingStackSpacing: 8,
    smallOverlaySide: 64,
    leadingEdgeTolerance: 16,
    overlapTolerance: 0.5
  )

  // MARK: - Derived sizes

  /// Whether a map of this width shows the cards in wide mode.
  public func isWide(mapWidth: Double) -> Bool { mapWidth >= wideModeMinimumWidth }

  /// Height of a prompt of `kind` showing `text`.
  ///
  /// One line costs `promptHeights[kind]` (or `promptDefaultHeight`); each further line of
  /// `promptCharactersPerLine` characters adds `promptLineHeight`.
  public func promptHeight(kind: String, text: String) -> Double {
    let base = promptHeights[kind] ?? promptDefaultHeight
    let perLine = max(1, promptCharactersPerLine)
    let lines = max(1, (text.count + perLine - 1) / perLine)
    return base + Double(lines - 1) * promptLineHeight
  }
}

/// The style values of the SDK (`NavigationStyleValues`), in points.
///
/// The real values are not published; NavSim's defaults are plausible figures for an iPhone
/// layout and are meant to be overridden by a profile when calibrating.
public struct SDKStyleValues: Equatable, Sendable {
  /// Space between a button and the start or end edge of the map. Default 16.
  public var buttonHorizontalPadding: Double
  /// Space between a button and a solid element above or below it. Default 12.
  public var buttonVerticalPadding: Double
  /// Corner radius of the turn card, ETA card and prompts. Default 12.
  public var defaultCornerRadius: Double
  /// Space between a control and the edge of a non-button element (speed widget). Default 8.
  public var elementHorizontalPadding: Double
  /// Space between the turn / ETA card and the start or end edge of the map. Default 8.
  public var headerFooterHorizontalPadding: Double
  /// Nominal height of the turn card (header), enough for any content. Default 112.
  public var headerNominalHeight: Double
  /// Space between the top of the map's safe area and the turn card. Default 8.
  public var headerTopPadding: Double

  public static let `default` = SDKStyleValues(
    buttonHorizontalPadding: 16,
    buttonVerticalPadding: 12,
    defaultCornerRadius: 12,
    elementHorizontalPadding: 8,
    headerFooterHorizontalPadding: 8,
    headerNominalHeight: 112,
    headerTopPadding: 8
  )
}
