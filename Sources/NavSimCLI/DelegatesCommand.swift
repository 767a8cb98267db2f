/// `navsim delegates`: lists the registered layout delegates.
struct DelegatesCommand: NavSimCommand {
  static let name = "delegates"
  static let summary = "List the registered layout delegates"
  static let usage = """
    USAGE: navsim delegates

    Lists the layout delegates this binary can replay through ('builtin' is the SDK's own
    slot-based layout).
    """

  static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let parsed = try ParsedArguments(arguments, valueOptions: [], flagOptions: [])
    try parsed.expectPositionals(atMost: 0)
    for name in context.delegates.names { context.print(name) }
    return 0
  }
}
