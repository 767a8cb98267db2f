import Navigator

// `navsim --generate-completion-script bash|zsh|fish`: shell completion generated from the
// command declarations. Each script holds the command tree as data (the subcommands, options
// and option values of every command path) and one small function per shell that finds the
// command path in the words typed so far and offers subcommands, options, an option's values
// or file paths. The names this `navsim` registered (delegates, screens) are written into
// the script, so a team's own `navsim` completes its own delegates.

/// The completion script of one `navsim` executable.
struct CompletionScript {
  enum Shell: String, CaseIterable { case bash, zsh, fish }

  /// What the shell offers for a word: these words, file paths or directory paths.
  enum Offer: Equatable {
    case words([String])
    case files
    case directories

    /// The offer in the scripts' data functions: the words, `@files` or `@dirs`.
    var scriptText: String {
      switch self {
      case .words(let words): return words.joined(separator: " ")
      case .files: return "@files"
      case .directories: return "@dirs"
      }
    }
  }

  /// One command path's completions.
  struct Node {
    /// The command words after `navsim`, space-separated (`log push`; `` for the root).
    var path: String
    var subcommands: [String]
    var options: [String]
    /// The offer for each option that takes a value, by option name.
    var values: [(option: String, offer: Offer)]
    /// The offer for positional arguments; nil when the command takes none.
    var arguments: Offer?
  }

  let nodes: [Node]

  /// - Parameters:
  ///   - commands: the top-level commands.
  ///   - delegates: the registered delegate names (`--delegate`).
  ///   - screens: the registered screen names (`--screen`).
  init(commands: [any NavSimCommand.Type], delegates: [String], screens: [String]) {
    func offer(_ completion: ValueCompletion) -> Offer {
      switch completion {
      case .none: return .words([])
      case .values(let words): return .words(words)
      case .delegates: return .words(delegates)
      case .screens: return .words(screens)
      case .devices: return .words(DeviceProfiles.all.map(\.name))
      case .files: return .files
      case .directories: return .directories
      }
    }
    let visible = commands.filter { !$0.spec.isHidden }
    var nodes = [
      Node(
        path: "", subcommands: visible.map { $0.spec.name } + ["help"],
        options: ["--help", "--version", "--generate-completion-script"],
        values: [
          ("--generate-completion-script", .words(Shell.allCases.map(\.rawValue)))
        ], arguments: nil)
    ]
    func add(_ command: any NavSimCommand.Type, path: [String]) {
      let spec = command.spec
      let subcommands = command.subcommands.filter { !$0.spec.isHidden }
      let options = spec.visibleOptions
      nodes.append(
        Node(
          path: path.joined(separator: " "), subcommands: subcommands.map { $0.spec.name },
          options: options.map(\.name) + ["--help"],
          values: options.filter(\.takesValue).map { ($0.name, offer($0.completion)) },
          arguments: spec.arguments.first.map { offer($0.completion) }))
      // `navsim help log <TAB>`: the same subcommands.
      if !subcommands.isEmpty {
        nodes.append(
          Node(
            path: (["help"] + path).joined(separator: " "),
            subcommands: subcommands.map { $0.spec.name }, options: [], values: [], arguments: nil))
      }
      for subcommand in subcommands { add(subcommand, path: path + [subcommand.spec.name]) }
    }
    nodes.append(
      Node(
        path: "help", subcommands: visible.map { $0.spec.name }, options: [], values: [],
        arguments: nil))
    for command in visible { add(command, path: [command.spec.name]) }
    self.nodes = nodes
  }

  func text(for shell: Shell) -> String {
    switch shell {
    case .bash: return bash
    case .zsh: return zsh
    case .fish: return fish
    }
  }

  // MARK: - Data, as shell functions

  /// The tree as lookup tables, each a shell function from a key to words: the subcommands
  /// and the options of each command path, the values of each "PATH|OPTION" (words, @files
  /// or @dirs; with `valuesNeverEmpty`, a space where there is nothing to offer, so that
  /// every option that takes a value has an entry), the arguments of each command path.
  private func tables(valuesNeverEmpty: Bool)
    -> [(name: String, comment: String, cases: [(String, String)])]
  {
    [
      (
        "subcommands", "The subcommands of a command path.",
        nodes.filter { !$0.subcommands.isEmpty }
          .map { ($0.path, $0.subcommands.joined(separator: " ")) }
      ),
      (
        "options", "The options of a command path.",
        nodes.filter { !$0.options.isEmpty }.map { ($0.path, $0.options.joined(separator: " ")) }
      ),
      (
        "values", "What an option's value may be, by \"PATH|OPTION\": words, @files or @dirs.",
        nodes.flatMap { node in
          node.values.map {
            ("\(node.path)|\($0.option)", $0.offer.scriptText + (valuesNeverEmpty ? " " : ""))
          }
        }
      ),
      (
        "arguments", "What a command path's arguments may be.",
        nodes.compactMap { node in node.arguments.map { (node.path, $0.scriptText) } }
      ),
    ]
  }

  /// The data functions in POSIX `case` syntax, which bash and zsh share.
  private var posixData: String {
    var lines: [String] = []
    func function(_ name: String, _ comment: String, _ cases: [(String, String)]) {
      lines.append("# \(comment)")
      lines.append("_navsim_\(name)() {")
      lines.append("  case \"$1\" in")
      for (key, value) in cases { lines.append("    \(quoted(key))) echo \(quoted(value)) ;;") }
      lines.append("  esac")
      lines.append("}")
    }
    for table in tables(valuesNeverEmpty: false) {
      function(table.name, table.comment, table.cases)
    }
    lines.append("# Whether an option of a command path takes a value.")
    lines.append("_navsim_takes_value() {")
    lines.append("  case \"$1|$2\" in")
    for node in nodes {
      for value in node.values {
        lines.append("    \(quoted("\(node.path)|\(value.option)"))) return 0 ;;")
      }
    }
    lines.append("  esac")
    lines.append("  return 1")
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// `'text'` for a shell, with single quotes inside escaped.
  private func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  // MARK: - bash

  private var bash: String {
    """
    # bash completion for navsim: source this file, or install it as
    # /etc/bash_completion.d/navsim (navsim --generate-completion-script bash > FILE).
    \(posixData)

    # Offers $1 (words, @files or @dirs) for the word being completed.
    _navsim_offer() {
      case "$1" in
        @files) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
        @dirs) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W "$1" -- "$cur")) ;;
      esac
    }

    _navsim() {
      local cur="${COMP_WORDS[COMP_CWORD]}" prev="" cmdpath="" word i=1
      [ "$COMP_CWORD" -gt 0 ] && prev="${COMP_WORDS[COMP_CWORD-1]}"
      # The command path: the leading words that name a command and its subcommands.
      while [ "$i" -lt "$COMP_CWORD" ]; do
        word="${COMP_WORDS[i]}"
        case " $(_navsim_subcommands "$cmdpath") " in
          *" $word "*) cmdpath="${cmdpath:+$cmdpath }$word" ;;
          *) break ;;
        esac
        i=$((i + 1))
      done
      COMPREPLY=()
      if [ "$COMP_CWORD" -gt 1 ] && _navsim_takes_value "$cmdpath" "$prev"; then
        _navsim_offer "$(_navsim_values "$cmdpath|$prev")"
      elif [[ "$cur" == -* ]]; then
        _navsim_offer "$(_navsim_options "$cmdpath")"
      elif [ -n "$(_navsim_subcommands "$cmdpath")" ] && [ "$i" -eq "$COMP_CWORD" ]; then
        _navsim_offer "$(_navsim_subcommands "$cmdpath")"
      else
        local offer
        offer="$(_navsim_arguments "$cmdpath")"
        [ -n "$offer" ] && _navsim_offer "$offer"
      fi
      return 0
    }
    complete -F _navsim navsim

    """
  }

  // MARK: - zsh

  private var zsh: String {
    """
    #compdef navsim
    # zsh completion for navsim: put this file on $fpath as _navsim
    # (navsim --generate-completion-script zsh > _navsim), or source it after compinit.
    \(posixData)

    # Offers $1 (words, @files or @dirs) for the word being completed.
    _navsim_offer() {
      case "$1" in
        @files) _files ;;
        @dirs) _files -/ ;;
        *) compadd -- ${=1} ;;
      esac
    }

    _navsim() {
      local cmdpath="" word i=2 prev="${words[CURRENT-1]}" cur="${words[CURRENT]}"
      # The command path: the leading words that name a command and its subcommands.
      while (( i < CURRENT )); do
        word="${words[i]}"
        case " $(_navsim_subcommands "$cmdpath") " in
          *" $word "*) cmdpath="${cmdpath:+$cmdpath }$word" ;;
          *) break ;;
        esac
        (( i++ ))
      done
      if (( CURRENT > 2 )) && _navsim_takes_value "$cmdpath" "$prev"; then
        _navsim_offer "$(_navsim_values "$cmdpath|$prev")"
      elif [[ "$cur" == -* ]]; then
        _navsim_offer "$(_navsim_options "$cmdpath")"
      elif [[ -n "$(_navsim_subcommands "$cmdpath")" ]] && (( i == CURRENT )); then
        _navsim_offer "$(_navsim_subcommands "$cmdpath")"
      else
        local offer="$(_navsim_arguments "$cmdpath")"
        [[ -n "$offer" ]] && _navsim_offer "$offer"
      fi
      return 0
    }
    if (( $+functions[compdef] )); then compdef _navsim navsim; fi

    """
  }

  // MARK: - fish

  private var fish: String {
    var lines = [
      "# fish completion for navsim: save as ~/.config/fish/completions/navsim.fish",
      "# (navsim --generate-completion-script fish > FILE).",
    ]
    func function(_ name: String, _ comment: String, _ cases: [(String, String)]) {
      lines.append("# \(comment)")
      lines.append("function __navsim_\(name)")
      lines.append("    switch \"$argv[1]\"")
      for (key, value) in cases {
        lines.append("        case \(quoted(key))")
        lines.append("            echo \(quoted(value))")
      }
      lines.append("    end")
      lines.append("end")
    }
    for table in tables(valuesNeverEmpty: true) {
      function(table.name, table.comment, table.cases)
    }
    lines.append(
      """
      # Prints the candidates for the word being completed.
      function __navsim_complete
          set -l tokens (commandline -opc)
          set -l cur (commandline -ct)
          set -l cmdpath ''
          set -l i 2
          # The command path: the leading words that name a command and its subcommands.
          while test $i -le (count $tokens)
              if contains -- $tokens[$i] (string split ' ' -- (__navsim_subcommands "$cmdpath"))
                  set cmdpath (string trim -- "$cmdpath $tokens[$i]")
                  set i (math $i + 1)
              else
                  break
              end
          end
          set -l offer
          set -l subcommands (__navsim_subcommands "$cmdpath")
          set -l values (__navsim_values "$cmdpath|$tokens[-1]")
          if test (count $tokens) -gt 1; and test -n "$values"
              set offer (string trim -- $values)
          else if string match -q -- '-*' $cur
              set offer (__navsim_options "$cmdpath")
          else if test -n "$subcommands"; and test $i -gt (count $tokens)
              set offer $subcommands
          else
              set offer (__navsim_arguments "$cmdpath")
          end
          switch "$offer"
              case @files
                  __fish_complete_path $cur
              case @dirs
                  __fish_complete_directories $cur
              case '*'
                  string split ' ' -- $offer | string match -v ''
          end
      end
      complete -c navsim -f -a '(__navsim_complete)'

      """)
    return lines.joined(separator: "\n")
  }
}
