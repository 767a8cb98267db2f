// A command's interface as data: its arguments and options, declared once. Parsing, help,
// usage errors and shell completion scripts are all generated from these declarations
// (ParsedArguments.swift, HelpText.swift, CompletionScript.swift).

/// What a shell may offer for a value: a fixed list, the names this `navsim` knows, or paths.
public enum ValueCompletion: Equatable, Sendable {
  /// Nothing to offer (a number, a label, a URL).
  case none
  /// These words.
  case values([String])
  /// The registered delegates (`--delegate`), `builtin` included.
  case delegates
  /// The registered screens (`--screen`).
  case screens
  /// The device profiles (`--device`).
  case devices
  /// File paths.
  case files
  /// Directory paths.
  case directories
}

/// One option: `--jobs N`, `--json`.
public struct OptionSpec: Equatable, Sendable {
  /// The long name with its dashes: `--jobs`.
  public var name: String
  /// A one-letter alias with its dash (`-o`), if any.
  public var shortName: String?
  /// What the value is called in help (`N`, `FILE`); nil for a flag, which takes no value.
  public var valueName: String?
  /// One or two sentences for the OPTIONS section.
  public var help: String
  /// The default, as help shows it (`the number of cores`); nil when there is none to show.
  public var defaultText: String?
  /// Whether the option may be given more than once, each value kept.
  public var isRepeatable: Bool
  /// Whether the command needs it.
  public var isRequired: Bool
  /// The only values accepted, checked by the parser; empty: any value.
  public var allowedValues: [String]
  /// What a shell completes for the value.
  public var completion: ValueCompletion
  /// Left out of help and completion (test hooks).
  public var isHidden: Bool
  /// Other spellings the parser accepts beside `allowedValues`, not listed in help, errors
  /// or completion (UIKit's raw `UICTContentSizeCategoryL` beside `large`).
  public var alsoAccepted: [String] = []

  /// An option that takes a value.
  public static func value(
    _ name: String, _ valueName: String, _ help: String, default defaultText: String? = nil,
    repeatable: Bool = false, required: Bool = false, allowed: [String] = [],
    completion: ValueCompletion? = nil, hidden: Bool = false, alsoAccepted: [String] = []
  ) -> OptionSpec {
    OptionSpec(
      name: name, shortName: nil, valueName: valueName, help: help, defaultText: defaultText,
      isRepeatable: repeatable, isRequired: required, allowedValues: allowed,
      completion: completion ?? (allowed.isEmpty ? .none : .values(allowed)), isHidden: hidden,
      alsoAccepted: alsoAccepted)
  }

  /// An option without a value.
  public static func flag(_ name: String, _ help: String, hidden: Bool = false) -> OptionSpec {
    OptionSpec(
      name: name, shortName: nil, valueName: nil, help: help, defaultText: nil,
      isRepeatable: false, isRequired: false, allowedValues: [], completion: .none,
      isHidden: hidden)
  }

  /// Whether the option takes a value.
  public var takesValue: Bool { valueName != nil }

  /// `--jobs N` / `--json`, as usage lines show it.
  var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}

/// One positional argument: `LOG`, `[LOG | DIR]...`.
public struct ArgumentSpec: Equatable, Sendable {
  /// What it is called in help: `LOG`.
  public var name: String
  public var help: String
  /// Whether the command runs without it.
  public var isOptional: Bool
  /// Whether it may be given more than once.
  public var isRepeatable: Bool
  public var completion: ValueCompletion

  public init(
    _ name: String, _ help: String, optional: Bool = false, repeatable: Bool = false,
    completion: ValueCompletion = .files
  ) {
    self.name = name
    self.help = help
    isOptional = optional
    isRepeatable = repeatable
    self.completion = completion
  }

  /// `LOG`, `[LOG]`, `LOG...` or `[LOG]...`, as usage lines show it.
  var synopsis: String {
    (isOptional ? "[\(name)]" : name) + (isRepeatable ? "..." : "")
  }
}

/// A command's declaration: what `navsim NAME --help` shows and what its parser accepts.
public struct CommandSpec: Equatable, Sendable {
  /// The word on the command line.
  public var name: String
  /// One line for the parent's command list.
  public var summary: String
  /// Positional arguments, in order.
  public var arguments: [ArgumentSpec]
  public var options: [OptionSpec]
  /// Paragraphs after the options: what the command does beyond each option. Blank lines
  /// separate paragraphs; help wraps them to the terminal.
  public var discussion: String
  /// Left out of the parent's list and of completion (worker processes, test hooks).
  public var isHidden: Bool
  /// Arguments after the options are not checked by the parser but handed to the command as
  /// positionals (worker processes that pass arguments on).
  public var passesUnknownOptions: Bool

  public init(
    name: String, summary: String, arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
    discussion: String = "", hidden: Bool = false, passesUnknownOptions: Bool = false
  ) {
    self.name = name
    self.summary = summary
    self.arguments = arguments
    self.options = options
    self.discussion = discussion
    isHidden = hidden
    self.passesUnknownOptions = passesUnknownOptions
    precondition(
      Set(options.map(\.name)).count == options.count, "\(name): an option is declared twice")
  }

  /// The declared option named `name` (`--jobs`, or its short alias).
  func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name || $0.shortName == name }
  }

  /// The options help and completion show.
  var visibleOptions: [OptionSpec] { options.filter { !$0.isHidden } }
}
