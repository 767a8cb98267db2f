import Foundation

// `--help` for every command, generated from its declaration and wrapped to the terminal.

/// Help texts, wrapped to `width` columns: no line is wider (a word wider than a whole line
/// is cut).
struct HelpText {
  var width: Int

  /// The terminal's width: `COLUMNS` when it is a number of at least 20, else 80.
  static var terminalWidth: Int {
    if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text),
      columns >= 20
    {
      return columns
    }
    return 80
  }

  init(width: Int = HelpText.terminalWidth) { self.width = width }

  // MARK: - Commands

  /// The whole help of the command at `path` (`["log", "push"]`).
  func help(for command: any NavSimCommand.Type, path: [String], delegates: [String] = [])
    -> String
  {
    let spec = command.spec
    let invocation = (["navsim"] + path).joined(separator: " ")
    var sections: [String] = []
    sections.append(wrapped("OVERVIEW: " + spec.summary, indent: 0, hanging: 2))
    let visibleSubcommands = command.subcommands.filter { !$0.spec.isHidden }
    if command.requiresSubcommand {
      sections.append(usage(invocation, ["<subcommand>"]))
    } else {
      sections.append(usage(invocation, synopsis(of: spec)))
    }
    if !spec.arguments.isEmpty {
      sections.append(
        "ARGUMENTS:\n"
          + table(spec.arguments.map { ($0.name, $0.help) }))
    }
    let options = spec.visibleOptions.map { option in
      (optionLabel(option), optionHelp(option))
    } + [("-h, --help", "Show this help.")]
    sections.append("OPTIONS:\n" + table(options))
    if !visibleSubcommands.isEmpty {
      sections.append(
        "SUBCOMMANDS:\n" + table(visibleSubcommands.map { ($0.spec.name, $0.spec.summary) }))
    }
    if !spec.discussion.isEmpty { sections.append(paragraphs(spec.discussion)) }
    if !visibleSubcommands.isEmpty {
      sections.append(
        wrapped("See 'navsim help \(path.joined(separator: " ")) <subcommand>' for a "
          + "subcommand's help.", indent: 0, hanging: 0))
    }
    return sections.joined(separator: "\n\n")
  }

  /// `navsim --help`: the commands, the root options and the exit statuses.
  func rootHelp(commands: [any NavSimCommand.Type]) -> String {
    var sections: [String] = []
    sections.append(
      wrapped(
        "OVERVIEW: Record navigation trips, replay them through layout delegates, and "
          + "compare the layouts.", indent: 0, hanging: 2))
    sections.append(usage("navsim", ["<command>", "[<options>]"]))
    sections.append(
      "OPTIONS:\n"
        + table([
          ("--version", "Show the version."),
          (
            "--generate-completion-script SHELL",
            "Print a completion script for SHELL (bash, zsh or fish)."
          ),
          ("-h, --help", "Show this help."),
        ]))
    let visible = commands.filter { !$0.spec.isHidden }
    sections.append("COMMANDS:\n" + table(visible.map { ($0.spec.name, $0.spec.summary) }))
    sections.append(
      paragraphs(
        "See 'navsim help <command>' for a command's help.\n\n"
          + "Exit status: 0 ok, 1 findings or differences, 2 bad input."))
    return sections.joined(separator: "\n\n")
  }

  // MARK: - Pieces

  /// The usage words of a command: its arguments, required options, then the others.
  func synopsis(of spec: CommandSpec) -> [String] {
    var words = spec.arguments.map(\.synopsis)
    for option in spec.visibleOptions where option.isRequired {
      words.append(option.synopsis + (option.isRepeatable ? "..." : ""))
    }
    for option in spec.visibleOptions where !option.isRequired {
      words.append("[\(option.synopsis)]" + (option.isRepeatable ? "..." : ""))
    }
    return words
  }

  /// `USAGE: navsim check [LOG]... [--jobs N]`, continued under the first word after the
  /// command (or under a short indent when that is more than half the width).
  func usage(_ invocation: String, _ words: [String]) -> String {
    let lead = "USAGE: " + invocation + " "
    let hanging = lead.count <= width / 2 ? lead.count : 8
    return fill([lead.trimmingTrailingSpace] + words, indent: 0, hanging: hanging)
  }

  private func optionLabel(_ option: OptionSpec) -> String {
    let names = option.shortName.map { "\($0), " } ?? ""
    return names + option.synopsis + (option.isRepeatable ? " ..." : "")
  }

  private func optionHelp(_ option: OptionSpec) -> String {
    var text = option.help
    if !option.allowedValues.isEmpty, !text.contains(option.allowedValues.joined(separator: ", "))
    {
      text += " Values: " + option.allowedValues.joined(separator: ", ") + "."
    }
    if let defaultText = option.defaultText { text += " (default: \(defaultText))" }
    return text
  }

  /// Two columns: labels indented by 2, texts aligned after the widest label that fits in
  /// 30 columns; a wider label puts its text on the next line.
  func table(_ rows: [(label: String, text: String)]) -> String {
    let fitting = rows.map(\.label.count).filter { $0 <= 28 }
    let column = min(max((fitting.max() ?? 0) + 4, 12), max(width / 2, 12))
    var lines: [String] = []
    for row in rows {
      let label = "  " + row.label
      if label.count + 2 <= column {
        let padded = label + String(repeating: " ", count: column - label.count)
        lines.append(fill([padded.trimmingTrailingSpace] + words(row.text), indent: 0,
          hanging: column, firstWidth: column))
      } else {
        lines.append(label)
        lines.append(fill(words(row.text), indent: column, hanging: column))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Paragraphs separated by blank lines; a line starting with `- ` starts a list item,
  /// continued under its text; other lines join the paragraph they are in.
  func paragraphs(_ text: String) -> String {
    var blocks: [String] = []
    for paragraph in text.components(separatedBy: "\n\n") {
      var items: [String] = []
      for line in paragraph.split(separator: "\n").map(String.init) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("- ") || items.isEmpty {
          items.append(trimmed)
        } else {
          items[items.count - 1] += " " + trimmed
        }
      }
      blocks.append(
        items.map { item in
          wrapped(item, indent: 0, hanging: item.hasPrefix("- ") ? 2 : 0)
        }.joined(separator: "\n"))
    }
    return blocks.joined(separator: "\n\n")
  }

  /// `text` filled to the width, the first line at `indent`, the others at `hanging`.
  func wrapped(_ text: String, indent: Int, hanging: Int) -> String {
    fill(words(text), indent: indent, hanging: hanging)
  }

  private func words(_ text: String) -> [String] {
    text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
  }

  /// Words filled into lines no wider than `width`; `firstWidth` counts the first word as
  /// already placed (a table's padded label).
  private func fill(_ words: [String], indent: Int, hanging: Int, firstWidth: Int? = nil)
    -> String
  {
    var lines: [String] = []
    var line = String(repeating: " ", count: indent)
    var lineIsEmpty = true
    for (index, word) in words.enumerated() {
      let isPaddedLabel = index == 0 && firstWidth != nil
      if lineIsEmpty {
        line += word
        lineIsEmpty = false
        if isPaddedLabel { line += String(repeating: " ", count: firstWidth! - word.count - 1) }
        continue
      }
      if line.count + 1 + word.count > width {
        lines.append(line)
        // A word wider than a whole line (a long URL) is cut where the line ends.
        var rest = Substring(word)
        let room = max(width - hanging, 1)
        while rest.count > room {
          lines.append(String(repeating: " ", count: hanging) + rest.prefix(room))
          rest = rest.dropFirst(room)
        }
        line = String(repeating: " ", count: hanging) + rest
      } else {
        line += " " + word
      }
    }
    lines.append(line)
    return lines.map(\.trimmingTrailingSpace).joined(separator: "\n")
  }
}

extension String {
  /// The string without spaces at its end.
  fileprivate var trimmingTrailingSpace: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
