import Foundation
import HeadlessUIKit

extension SDKProfile {
  /// The profile whose style values `NavigationStyleValues` returns: the bound replay's
  /// (`LayoutContext.sdkProfile`, set by the replay that made the context), `.default` outside
  /// any replay. Readable from any isolation: the SDK's style values are plain class properties
  /// that app code may read anywhere.
  public static var active: SDKProfile { LayoutContext.currentEnvironment.activeProfile }
}

/// Style values to align custom views with the SDK's UI, in points (spec section 6).
///
/// The real values are not published: these come from the active `SDKProfile` (see
/// `SDKStyleValues` for NavSim's defaults). Not main-actor isolated, as in the SDK.
public final class NavigationStyleValues: NSObject {
  private static var style: SDKStyleValues { SDKProfile.active.style }

  /// Space between a button and the start or end edge of the map.
  public class var buttonHorizontalPadding: CGFloat { CGFloat(style.buttonHorizontalPadding) }
  /// Space between a button and a solid element above or below it.
  public class var buttonVerticalPadding: CGFloat { CGFloat(style.buttonVerticalPadding) }
  /// Corner radius of the turn card, ETA card and prompts.
  public class var defaultCornerRadius: CGFloat { CGFloat(style.defaultCornerRadius) }
  /// Space between a control and the edge of a non-button element (speed widget).
  public class var elementHorizontalPadding: CGFloat { CGFloat(style.elementHorizontalPadding) }
  /// Space between the turn / ETA card and the start or end edge of the map.
  public class var headerFooterHorizontalPadding: CGFloat {
    CGFloat(style.headerFooterHorizontalPadding)
  }
  /// Nominal height of the turn card.
  public class var headerNominalHeight: CGFloat { CGFloat(style.headerNominalHeight) }
  /// Space between the top of the safe area and the turn card.
  public class var headerTopPadding: CGFloat { CGFloat(style.headerTopPadding) }
}

/// The Objective-C name of `NavigationStyleValues`.
public typealias GMSNavigationStyleValues = NavigationStyleValues

/// Marks SDK-internal work (the hiding stack managing its views...), so the rule watcher does
/// not mistake it for the delegate's.
@_spi(Replay) @MainActor
public enum SDKInternal {
  public private(set) static var depth = 0

  public static var isActive: Bool { depth > 0 }

  public static func perform<T>(_ work: () throws -> T) rethrows -> T {
    depth += 1
    defer { depth -= 1 }
    return try work()
  }
}
