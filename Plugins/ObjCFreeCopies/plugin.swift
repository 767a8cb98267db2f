// A build-tool plugin for an app team's Linux test target: it compiles copies of app files
// with their Objective-C markers removed (`navsim-objc-free`), so screens written with
// `@objc`, `#selector` or `@IBOutlet` run under NavSim where Swift has no Objective-C runtime.
//
// The target's app files are listed in `objc-free-sources/<target name>.txt` at the package
// root: one path a line, relative to the package root; blank lines and `#` comments are
// ignored. The copies are written to the plugin's work folder, never over the app's files.
import Foundation
import PackagePlugin

@main
struct ObjCFreeCopies: BuildToolPlugin {
  static let listFolder = "objc-free-sources"

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let list = context.package.directoryURL.appending(path: Self.listFolder)
      .appending(path: "\(target.name).txt")
    guard let text = try? String(contentsOf: list, encoding: .utf8) else {
      throw PluginError("\(target.name): no \(list.path) naming the app files to copy")
    }
    let tool = try context.tool(named: "navsim-objc-free")
    var commands: [Command] = []
    var usedNames: Set<String> = []
    for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      let source = context.package.directoryURL.appending(path: line)
      guard FileManager.default.fileExists(atPath: source.path), line.hasSuffix(".swift") else {
        throw PluginError(
          "\(list.path):\(number + 1): '\(line)' is not a Swift file of the package")
      }
      var name = source.lastPathComponent
      if usedNames.contains(name) {
        name = "\(source.deletingPathExtension().lastPathComponent)_\(number + 1).swift"
      }
      usedNames.insert(name)
      let copy = context.pluginWorkDirectoryURL.appending(path: name)
      commands.append(
        .buildCommand(
          displayName: "Removing Objective-C markers from \(line)",
          executable: tool.url,
          arguments: ["--quiet", source.path, copy.path],
          inputFiles: [source, list],
          outputFiles: [copy]))
    }
    return commands
  }
}

struct PluginError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
