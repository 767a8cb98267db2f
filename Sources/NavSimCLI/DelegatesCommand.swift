/// `navsim delegates`: lists the registered layout delegates.
struct DelegatesCommand: NavSimCommand {
  nonisolated static let spec = CommandSpec(
    name: "delegates", summary: "List the registered layout delegates and screens",
    discussion: """
      Lists the layout delegates this binary can replay through ('builtin' is the SDK's own
      slot-based layout), then its screens as screen:NAME (replay them with --screen NAME).
      """)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> Int32 {
    let registry = context.delegates
    for name in registry.names {
      context.print(
        registry.onlyWhenNamed.contains(name)
          ? "\(name)\t(breaks rules on purpose: runs only when named)" : name)
    }
    for name in context.screens.names { context.print("screen:" + name) }
    return 0
  }
}
