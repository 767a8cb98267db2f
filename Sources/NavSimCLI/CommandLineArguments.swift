// Each command's own options, read by its `run(_:context:)` after swift-argument-parser has
// routed the command line to it (see NavSimCLI+Commands.swift): validation throws a message
// naming the bad argument.

/// A mistake in how a command was called. Printed with the command's usage.
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

/// Parsed arguments of one command: options with values, flags and positionals.
public struct ParsedArguments {
  public private(set) var positionals: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// Parses `arguments` against the declared options.
  /// - Parameters:
  ///   - arguments: the command's arguments, after its name.
  ///   - valueOptions: options that take a value (`--out FILE`); `--out=FILE` works too.
  ///   - flagOptions: options without a value (`--json`).
  /// - Throws: `UsageError` for an unknown option or a missing value.
  public init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
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
      if flagOptions.contains(name) {
        guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
        flags.insert(name)
      } else if valueOptions.contains(name) {
        if let inlineValue {
          values[name, default: []].append(inlineValue)
        } else {
          guard index < arguments.count else { throw UsageError("\(name) needs a value") }
          values[name, default: []].append(arguments[index])
          index += 1
        }
      } else {
        throw UsageError("unknown option '\(name)'")
      }
    }
  }

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
      throw UsageError("\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
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
