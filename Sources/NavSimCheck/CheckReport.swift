// The results of a check, and what every report shares: the distinct findings across
// configurations, and where their source files are.

import Findings
import HeadlessUIKit
import Foundation
import Replay
import TextBytes

/// The results of one `navsim check` (one shard of it, with `--shard`).
public struct CheckReport: Sendable {
  /// In matrix order.
  public var results: [ConfigurationResult]
  /// The shard run, nil for the whole matrix.
  public var shard: CheckShard?
  /// Configurations in the whole matrix (all shards).
  public var matrixSize: Int

  public init(results: [ConfigurationResult], shard: CheckShard?, matrixSize: Int) {
    self.results = results
    self.shard = shard
    self.matrixSize = matrixSize
  }

  public var errorCount: Int { results.map(\.errorCount).reduce(0, +) }
  public var warningCount: Int { results.map(\.warningCount).reduce(0, +) }
  /// 0 when no finding is an error, 1 otherwise.
  public var exitStatus: Int32 { errorCount > 0 ? 1 : 0 }

  /// One finding across the matrix: rule, views and source, with every configuration that
  /// raised it.
  public struct DistinctFinding: Sendable {
    public var finding: Finding
    /// (configuration, first seq, events) in matrix order.
    public var occurrences: [(configuration: CheckConfiguration, firstSeq: Int64, count: Int)]

    public var first: (configuration: CheckConfiguration, firstSeq: Int64, count: Int) {
      occurrences[0]
    }
  }

  /// The distinct findings (by rule, views and source, their bytes: views whose names differ
  /// only in Unicode normalization are other findings, as the replay's tally counts them), in
  /// the order of their first occurrence in the matrix, errors and warnings alike.
  public var distinctFindings: [DistinctFinding] {
    var index: [ByteKey: Int] = [:]
    var result: [DistinctFinding] = []
    for configurationResult in results {
      for entry in configurationResult.findings {
        let key = ByteKey(entry.finding.key + " " + (entry.finding.source?.description ?? ""))
        let occurrence = (configurationResult.configuration, entry.firstSeq, entry.count)
        if let position = index[key] {
          result[position].occurrences.append(occurrence)
        } else {
          index[key] = result.count
          result.append(DistinctFinding(finding: entry.finding, occurrences: [occurrence]))
        }
      }
    }
    return result
  }

  /// The message CI reports show for a distinct finding: what, which views, where first.
  static func message(_ distinct: DistinctFinding) -> String {
    let finding = distinct.finding
    var text = "\(finding.ruleID) [\(finding.views.joined(separator: ", "))]: \(finding.message)"
    text += " (\(distinct.first.configuration.name), first at event \(distinct.first.firstSeq)"
    let others = distinct.occurrences.count - 1
    if others > 0 { text += "; and in \(others) other configuration\(others == 1 ? "" : "s")" }
    return text + ")"
  }
}

/// Finds the files behind findings' sources (`SampleDelegates/BrokenLayoutDelegate.swift`)
/// under a directory, so reports can name them relative to it, as GitHub wants.
public final class SourceResolver {
  public let root: String
  private var files: [String]?
  private var cache: [String: String] = [:]

  /// - Parameter root: the directory to search (the current directory).
  public init(root: String = FileManager.default.currentDirectoryPath) {
    self.root = root
  }

  /// The path of the file, relative to `root`, whose path ends with `source.path`; the
  /// first in path order when several do; `source.path` itself when none does.
  public func relativePath(of source: FindingSource) -> String {
    if let known = cache[source.path] { return known }
    let candidates = allFiles().filter { $0 == source.path || $0.hasSuffix("/" + source.path) }
    let found = candidates.min { ($0.count, $0) < ($1.count, $1) } ?? source.path
    cache[source.path] = found
    return found
  }

  /// Swift files under `root`, skipping hidden directories and build products.
  private func allFiles() -> [String] {
    if let files { return files }
    var found: [String] = []
    if let enumerator = FileManager.default.enumerator(atPath: root) {
      while let relative = enumerator.nextObject() as? String {
        let last = (relative as NSString).lastPathComponent
        if last.hasPrefix(".") || last == "node_modules" {
          enumerator.skipDescendants()
          continue
        }
        if relative.hasSuffix(".swift") { found.append(relative) }
      }
    }
    files = found.sorted(by: bytesPrecede)  // bytes: no ties
    return files!
  }
}
