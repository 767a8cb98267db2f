import Foundation
import HeadlessUIKit

// The constraints of the built-in layout for one configuration: the slots of spec section 10,
// inside the controls area.

extension BuiltInLayout {
  /// Builds the constraints of one configuration (nothing is activated here).
  @MainActor
  struct Placement {
    let mapView: GMSMapView
    let configuration: Configuration

    private var insets: NSDirectionalEdgeInsets { configuration.insets }
    private var style: SDKStyleValues { mapView.profile.style }

    // MARK: - Edges of the controls area

    private var top: (NSLayoutYAxisAnchor, CGFloat) { (mapView.topAnchor, insets.top) }
    private var bottom: (NSLayoutYAxisAnchor, CGFloat) { (mapView.bottomAnchor, -insets.bottom) }

    private func leading(_ anchor: NSLayoutXAxisAnchor) -> NSLayoutConstraint {
      anchor.constraint(equalTo: mapView.leadingAnchor, constant: insets.leading)
    }

    private func trailing(_ anchor: NSLayoutXAxisAnchor, inset: CGFloat = 0) -> NSLayoutConstraint
    {
      anchor.constraint(equalTo: mapView.trailingAnchor, constant: -insets.trailing - inset)
    }

    private func y(
      _ anchor: NSLayoutYAxisAnchor, _ edge: (NSLayoutYAxisAnchor, CGFloat), _ offset: CGFloat = 0
    ) -> NSLayoutConstraint {
      anchor.constraint(equalTo: edge.0, constant: edge.1 + offset)
    }

    // MARK: - The layout

    /// Every constraint of the configuration.
    func constraints(accessory: UIView?, myLocation: UIView?, prompt: UIView?)
      -> [NSLayoutConstraint]
    {
      let sdk = mapView.sdkViews
      var made: [NSLayoutConstraint] = []
      let guidance = configuration.mode == .guidance
      var headerBottom = top
      if guidance && configuration.header {
        made += [y(sdk.turnCard.topAnchor, top), leading(sdk.turnCard.leadingAnchor)]
        if !configuration.wide { made.append(trailing(sdk.turnCard.trailingAnchor)) }
        headerBottom = (sdk.turnCard.bottomAnchor, 0)
        if let accessory, let height = configuration.accessoryHeight {
          made += [
            accessory.topAnchor.constraint(equalTo: sdk.turnCard.bottomAnchor),
            accessory.leadingAnchor.constraint(equalTo: sdk.turnCard.leadingAnchor),
            accessory.trailingAnchor.constraint(equalTo: sdk.turnCard.trailingAnchor),
            accessory.heightAnchor.constraint(equalToConstant: height),
          ]
          headerBottom = (accessory.bottomAnchor, 0)
        }
      }
      var footerTop = bottom
      if guidance && configuration.footer {
        made += [y(sdk.etaCard.bottomAnchor, bottom), leading(sdk.etaCard.leadingAnchor)]
        if !configuration.wide { made.append(trailing(sdk.etaCard.trailingAnchor)) }
        footerTop = (sdk.etaCard.topAnchor, 0)
      }
      // What the controls stand on: the footer, or a prompt covering it.
      var floor = footerTop
      if let prompt {
        made += [y(prompt.bottomAnchor, bottom), leading(prompt.leadingAnchor)]
        if !configuration.wide { made.append(trailing(prompt.trailingAnchor)) }
        floor = (prompt.topAnchor, 0)
      }
      made += viewport(
        sdk.viewport, headerBottom: headerBottom, floor: floor,
        besideCards: guidance && (configuration.header || configuration.footer || prompt != nil))
      made += [leading(sdk.googleLogo.leadingAnchor), y(sdk.googleLogo.bottomAnchor, floor)]
      if guidance {
        made += [
          leading(sdk.speedWidget.leadingAnchor),
          sdk.speedWidget.bottomAnchor.constraint(equalTo: sdk.googleLogo.topAnchor),
        ]
      }
      if let height = configuration.progressBarHeight, guidance {
        made += progressBar(sdk.tripProgressBar, height: height)
      }
      if configuration.compass {
        let below = configuration.wide ? top : headerBottom
        made += [
          y(sdk.compassButton.topAnchor, below, CGFloat(style.buttonVerticalPadding)),
          trailing(
            sdk.compassButton.trailingAnchor, inset: CGFloat(style.buttonHorizontalPadding)),
        ]
      }
      let column = [configuration.reporting ? sdk.reportingButton : nil, myLocation]
        .compactMap { $0 }
      // In wide mode the cards and prompts keep to the leading side: the column goes down to
      // the bottom of the controls area.
      made += buttonColumn(column, bottom: configuration.wide ? bottom : floor)
      made += legacyGuides(
        headerBottom: headerBottom, footerTop: footerTop, column: column,
        floors: (floor, bottom))
      return made
    }

    /// The viewport: between header and footer (or the prompt over it); in wide mode, where
    /// the cards form a `wideCardWidth` column at the leading edge, beside that column over the
    /// whole height of the controls area.
    private func viewport(
      _ viewport: UIView, headerBottom: (NSLayoutYAxisAnchor, CGFloat),
      floor: (NSLayoutYAxisAnchor, CGFloat), besideCards: Bool
    ) -> [NSLayoutConstraint] {
      guard configuration.wide, besideCards else {
        return [
          y(viewport.topAnchor, headerBottom), y(viewport.bottomAnchor, floor),
          leading(viewport.leadingAnchor), trailing(viewport.trailingAnchor),
        ]
      }
      return [
        y(viewport.topAnchor, top), y(viewport.bottomAnchor, bottom),
        viewport.leadingAnchor.constraint(
          equalTo: mapView.leadingAnchor,
          constant: insets.leading + mapView.sdkViews.wideCardWidth),
        trailing(viewport.trailingAnchor),
      ]
    }

    /// The trip progress bar: 12 pt wide (its own size), on the trailing edge, bottom edge
    /// `progressBarBottomOffset` above the screen's bottom (plus bottom padding).
    private func progressBar(_ bar: UIView, height: CGFloat) -> [NSLayoutConstraint] {
      let padding = mapView.padding
      return [
        trailing(bar.trailingAnchor),
        bar.bottomAnchor.constraint(
          equalTo: mapView.bottomAnchor,
          constant: -BuiltInLayout.progressBarBottomOffset - padding.bottom),
        bar.heightAnchor.constraint(equalToConstant: height),
      ]
    }

    /// Buttons stacked top to bottom, the last one `buttonVerticalPadding` above `bottom`.
    private func buttonColumn(_ buttons: [UIView], bottom: (NSLayoutYAxisAnchor, CGFloat))
      -> [NSLayoutConstraint]
    {
      var made: [NSLayoutConstraint] = []
      var below = (bottom.0, bottom.1 - CGFloat(style.buttonVerticalPadding))
      for button in buttons.reversed() {
        made += [
          y(button.bottomAnchor, below),
          trailing(button.trailingAnchor, inset: CGFloat(style.buttonHorizontalPadding)),
        ]
        below = (button.topAnchor, -CGFloat(mapView.profile.hidingStackSpacing))
      }
      return made
    }

    // MARK: - Legacy layout guides

    /// Constrains the legacy guides the app asked for (see `GMSMapView` for their meaning).
    private func legacyGuides(
      headerBottom: (NSLayoutYAxisAnchor, CGFloat), footerTop: (NSLayoutYAxisAnchor, CGFloat),
      column: [UIView],
      floors: (standard: (NSLayoutYAxisAnchor, CGFloat), wide: (NSLayoutYAxisAnchor, CGFloat))
    ) -> [NSLayoutConstraint] {
      let guides = mapView.legacyGuides
      let sdk = mapView.sdkViews
      var made: [NSLayoutConstraint] = []
      let guidance = configuration.mode == .guidance
      if let guide = guides[LegacyGuide.header] {
        if guidance && configuration.header {
          made += [
            guide.topAnchor.constraint(equalTo: sdk.turnCard.topAnchor),
            guide.leadingAnchor.constraint(equalTo: sdk.turnCard.leadingAnchor),
            guide.trailingAnchor.constraint(equalTo: sdk.turnCard.trailingAnchor),
            y(guide.bottomAnchor, headerBottom),
          ]
        } else {
          made += [
            y(guide.topAnchor, top), guide.heightAnchor.constraint(equalToConstant: 0),
            leading(guide.leadingAnchor), trailing(guide.trailingAnchor),
          ]
        }
      }
      if let guide = guides[LegacyGuide.footer] {
        if guidance && configuration.footer {
          made += [
            guide.topAnchor.constraint(equalTo: sdk.etaCard.topAnchor),
            guide.bottomAnchor.constraint(equalTo: sdk.etaCard.bottomAnchor),
            guide.leadingAnchor.constraint(equalTo: sdk.etaCard.leadingAnchor),
            guide.trailingAnchor.constraint(equalTo: sdk.etaCard.trailingAnchor),
          ]
        } else {
          made += [
            y(guide.bottomAnchor, bottom), guide.heightAnchor.constraint(equalToConstant: 0),
            leading(guide.leadingAnchor), trailing(guide.trailingAnchor),
          ]
        }
      }
      // The buttons' own sizes: a recording's size events may have set them.
      let profileSize = CGFloat(mapView.profile.buttonSize)
      let sides = column.map { view in
        let sdkView = view as? SDKView
        return (sdkView?.fixedWidth ?? profileSize, sdkView?.fixedHeight ?? profileSize)
      }
      let size = sides.map(\.0).max() ?? profileSize
      let spacing = CGFloat(mapView.profile.hidingStackSpacing)
      let count = CGFloat(column.count)
      let columnHeight = count > 0 ? sides.map(\.1).reduce(0, +) + (count - 1) * spacing : 0
      let slots: [(String, Bool, (NSLayoutYAxisAnchor, CGFloat))] = [
        (LegacyGuide.bottomTrailing, !configuration.wide, floors.standard),
        (LegacyGuide.bottomTrailingAlternate, configuration.wide, floors.wide),
      ]
      for (name, active, slotBottom) in slots {
        guard let guide = guides[name] else { continue }
        made += [
          y(guide.bottomAnchor, slotBottom, -CGFloat(style.buttonVerticalPadding)),
          trailing(guide.trailingAnchor, inset: CGFloat(style.buttonHorizontalPadding)),
          guide.widthAnchor.constraint(equalToConstant: size),
          guide.heightAnchor.constraint(equalToConstant: active ? columnHeight : 0),
        ]
      }
      return made
    }
  }
}
