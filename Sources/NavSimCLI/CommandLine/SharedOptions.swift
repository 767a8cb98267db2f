import Foundation
import NavSim
import Replay

// Options that several commands declare alike.

/// `--delegate NAME` / `--screen NAME`: the layout a command replays through.
enum LayoutSubjectOptions {
  /// One delegate or one screen (replay, lint, explore).
  static let one: [OptionSpec] = [
    .value(
      "--delegate", "NAME", "The layout delegate (see 'navsim delegates').",
      completion: .delegates),
    .value("--screen", "NAME", "A registered screen instead of a delegate.", completion: .screens),
  ]

  /// Any number of delegates and screens (check).
  static let many: [OptionSpec] = [
    .value(
      "--delegate", "NAME", "A layout delegate to check.",
      default: "every registered one but builtin", repeatable: true, completion: .delegates),
    .value(
      "--screen", "NAME", "A registered screen to check.", default: "every registered one",
      repeatable: true, completion: .screens),
  ]

  /// `--direction ltr|rtl`.
  static func direction(_ help: String, default defaultText: String? = nil,
    repeatable: Bool = false) -> OptionSpec
  {
    .value(
      "--direction", "ltr|rtl", help, default: defaultText, repeatable: repeatable,
      allowed: LayoutDirectionOverride.allCases.map(\.rawValue))
  }
}

/// `--content-size NAME`: the Dynamic Type text size a replay runs at.
enum ContentSizeOptions {
  /// The option, its values `UIContentSizeCategory.names` (`extra-small` ...
  /// `accessibility-extra-extra-extra-large`), which help lists and completion offers; UIKit's
  /// raw values (`UICTContentSizeCategoryL`) are accepted too.
  static func option(_ help: String, default defaultText: String? = "large",
    repeatable: Bool = false) -> OptionSpec
  {
    .value(
      "--content-size", "NAME", help, default: defaultText, repeatable: repeatable,
      allowed: UIContentSizeCategory.names, alsoAccepted: rawValues)
  }

  /// UIKit's raw values of the categories (`UICTContentSizeCategoryAccessibilityXXXL`).
  nonisolated static let rawValues = UIContentSizeCategory.allSizes.map(\.rawValue)

  /// The category the parser let through (`option`'s allowed values).
  static func category(_ name: String) -> UIContentSizeCategory {
    guard let category = UIContentSizeCategory(name: name) else {
      preconditionFailure("--content-size: the parser let '\(name)' through")
    }
    return category
  }
}

/// `--jobs N`: how many worker processes.
enum WorkerOptions {
  static let jobs = OptionSpec.value(
    "--jobs", "N", "Worker processes at a time, 1-256; results do not depend on it.",
    default: "the number of cores")
}

extension SDKProfileFile {
  /// `--profile FILE`.
  static let option = OptionSpec.value(
    "--profile", "FILE",
    "The SDK's view sizes and style values from an SDKProfile JSON file (such as 'navsim "
      + "profile fit' writes).", default: "NavSim's", completion: .files)
}
