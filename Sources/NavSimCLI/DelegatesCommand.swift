/// `navsim delegates`: lists the registered layout delegates.
struct DelegatesCommand: NavSimCommand {
  nonisolated static let name = "delegates"
  nonisolated static let summary = "List the registered layout delegates"
  nonisolated static let usage = """
    USAGE: navsim delegates

    Lists the layout delegates this binary can replay through ('builtin' is the SDK's own
    slot-based layout), then its screens as screen:NAME (replay them with --screen NAME).
    """

  static func run(_ arguments: [String], context: CommandContext) throws -> Int32 {
    let parsed = try ParsedArguments(arguments, valueOptions: [], flagOptions: [])
    try parsed.expectPositionals(atMost: 0)
    for name in context.delegates.names { context.print(name) }
    for name in context.screens.names { context.print("screen:" + name) }
    return 0
  }
}
