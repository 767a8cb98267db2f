// Parsing one command's arguments against its declaration (CommandSpec).

/// A mistake in how a command was called: printed as one line, with a pointer to the
/// command's help, exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// A failure while running a command: printed as one line on stderr, exit status 2.
public struct CommandFailure: Error, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// One command's arguments, parsed against its declaration: options with values, flags and
/// positionals.
public struct ParsedArguments {
  public private(set) var positionals: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// Parses `arguments` against `spec`: every option must be declared (`--out FILE` and
  /// `--out=FILE` alike), a value must be one of the allowed ones, required options and
  /// arguments must be there, and no more positionals than declared. `--` ends the options.
  /// An option's value is the next word, whatever it looks like (`--seed -1`).
  /// - Throws: `UsageError` naming the option or argument and the problem.
  public init(_ arguments: [String], spec: CommandSpec) throws {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !Self.looksLikeOption(argument) {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = spec.option(named: name) else {
        if spec.passesUnknownOptions {
          positionals.append(argument)
          continue
        }
        throw UsageError(Self.unknownOptionMessage(name, spec: spec))
      }
      guard option.takesValue else {
        guard inlineValue == nil else { throw UsageError("\(option.name) takes no value") }
        flags.insert(option.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else {
          throw UsageError("\(option.name) needs a value (\(option.synopsis))")
        }
        value = arguments[index]
        index += 1
      }
      if !option.allowedValues.isEmpty, !option.allowedValues.contains(value),
        !option.alsoAccepted.contains(value)
      {
        let allowed = option.allowedValues.joined(separator: ", ")
        throw UsageError("\(option.name) takes one of \(allowed); got '\(value)'")
      }
      values[option.name, default: []].append(value)
    }
    try check(against: spec)
  }

  /// Required options and arguments are there; no more positionals than declared.
  private func check(against spec: CommandSpec) throws {
    for option in spec.options where option.isRequired && values[option.name] == nil {
      throw UsageError("missing \(option.synopsis)")
    }
    let required = spec.arguments.filter { !$0.isOptional }
    if positionals.count < required.count {
      throw UsageError("missing \(required[positionals.count].name)")
    }
    if !spec.passesUnknownOptions, !spec.arguments.contains(where: \.isRepeatable),
      positionals.count > spec.arguments.count
    {
      throw UsageError("unexpected argument '\(positionals[spec.arguments.count])'")
    }
  }

  /// `-x`, `--name`, `--`; not `-` (standard input) or `-1` (a number).
  private static func looksLikeOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    let second = word[word.index(after: word.startIndex)]
    return second == "-" || second.isLetter
  }

  /// "unknown option '--jbos' (did you mean '--jobs'?)".
  static func unknownOptionMessage(_ name: String, spec: CommandSpec) -> String {
    let known = spec.visibleOptions.map(\.name) + ["--help"]
    guard let suggestion = closestWord(to: name, in: known) else {
      return "unknown option '\(name)'"
    }
    return "unknown option '\(name)' (did you mean '\(suggestion)'?)"
  }

  // MARK: - Reading

  public func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The last value given for `name`, if any.
  public func value(_ name: String) -> String? { values[name]?.last }

  /// All values given for a repeatable option, in command-line order.
  public func values(_ name: String) -> [String] { values[name] ?? [] }

  /// An integer option. - Throws: `UsageError` when it is not an integer in `range`.
  public func int(_ name: String, in range: ClosedRange<Int64> = Int64.min...Int64.max) throws
    -> Int64?
  {
    guard let text = value(name) else { return nil }
    guard let number = Int64(text), range.contains(number) else {
      throw UsageError(
        "\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
    }
    return number
  }

  /// A floating-point option. - Throws: `UsageError` when it is not a finite number.
  public func double(_ name: String) throws -> Double? {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), number.isFinite else {
      throw UsageError("\(name) must be a number, got '\(text)'")
    }
    return number
  }

  /// The positional at `index`. - Throws: `UsageError` naming `what` when it is missing.
  public func positional(_ index: Int, _ what: String) throws -> String {
    guard index < positionals.count else { throw UsageError("missing \(what)") }
    return positionals[index]
  }

  /// - Throws: `UsageError` when more than `count` positionals were given.
  public func expectPositionals(atMost count: Int) throws {
    if positionals.count > count {
      throw UsageError("unexpected argument '\(positionals[count])'")
    }
  }
}

/// The word of `candidates` nearest to `word` by edit distance, when it is near enough to be
/// a likely typo (at most a third of the word's letters, and at most 3); ties go to the
/// earlier candidate.
func closestWord(to word: String, in candidates: [String]) -> String? {
  let limit = min(3, max(1, word.count / 3))
  var best: (word: String, distance: Int)?
  for candidate in candidates {
    let distance = editDistance(word, candidate)
    if distance <= limit, distance < (best?.distance ?? Int.max) {
      best = (candidate, distance)
    }
  }
  return best?.word
}

/// Levenshtein distance (insertions, deletions, substitutions) between two words.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a), b = Array(b)
  if a.isEmpty { return b.count }
  var previous = Array(0...b.count)
  var current = previous
  for i in 1...a.count {
    current[0] = i
    for j in stride(from: 1, through: b.count, by: 1) {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
