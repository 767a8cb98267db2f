// One way for tests to run a `navsim` command line in this process: the registered delegates
// and screens, stdout and stderr captured. (The built binary is run with TestSupport's
// `launchProduct`.)
import NavSim
import NavSimCLI

/// Runs one `navsim` command line in this process and returns its exit status, stdout and
/// stderr.
/// - Parameters:
///   - delegates: the delegates registered by name (`builtin` is always there).
///   - screens: the screens registered by name.
///   - progress: whether the command may show progress on stderr, as on a terminal.
@MainActor
public func runInProcess(
  _ arguments: [String], delegates: [String: @MainActor () -> any NavigationLayoutDelegate] = [:],
  screens: [String: @MainActor (GMSMapView) -> AnyObject] = [:], progress: Bool = false
) -> (status: Int32, out: String, err: String) {
  var out = "", err = ""
  let context = CommandContext(
    delegates: DelegateRegistry(delegates), screens: ScreenRegistry(screens),
    standardOutput: { out += $0 }, standardError: { err += $0 }, showsProgress: progress)
  let status = NavSimCLI.run(arguments, context: context)
  return (status, out, err)
}
