import Foundation
import TestSupport
import Testing

/// Tests start processes only through the harness (`Tests/TestSupport/ChildProcesses.swift`),
/// so each child has its timeout; the exceptions are listed here, each with its reason.
@Suite struct ProcessStartScanTests {
  /// Files that start processes otherwise, and why that is safe.
  static let allowed: [(file: String, reason: String)] = [
    ("NavSimCheckTests/CheckWorkerTests.swift",
     "the worker pool under test (CheckRunner.runInWorkers); its workers are /bin/sh scripts "
       + "that end by themselves"),
    ("OutputPolicyTests/DirectoryOutputTests.swift",
     "posix_spawn of /bin/true, reaped at once with waitpid, for the id of an ended process"),
    ("ReplayTests/RunningChildTests.swift",
     "posix_spawn of /bin/sleep with no file actions (so it receives every inheritable "
       + "descriptor), killed and reaped in the same test"),
    ("TestSupport/ChildProcesses.swift", "the harness"),
  ]

  /// What starts a process: Foundation's `Process`, the C calls, the product's worker pools.
  static let starts: [(name: String, pattern: String)] = [
    ("Process", #"\bProcess\s*(\(|\.\s*(init|run|launchedProcess)\b)|:\s*Process\s*=\s*\.init\b"#),
    ("posix_spawn", #"\bposix_spawnp?\s*\("#),
    ("fork", #"\bv?fork\s*\("#),
    ("system", #"\bsystem\s*\("#),
    ("popen", #"\bpopen\s*\("#),
    ("exec", #"\bexec(v|vp|vpe|ve|l|lp|le)\s*\("#),
    ("WorkerProcess", #"\b(WorkerProcess|CheckWorkerLauncher)\s*\(|\brunInWorkers\s*\("#),
  ]

  /// Where `source` starts a process: "line: name" for each, in comments and strings none,
  /// a call of a function the file declares itself (`func system(`) not counted.
  static func processStarts(in source: String) throws -> [String] {
    let code = codeOnly(source)
    var found: [String] = []
    let names = ["Process", "spawn", "fork", "system", "popen", "exec", "Worker"]
    for (number, line) in code.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated() where names.contains(where: line.contains)
    {
      // Simple word boundaries: Unicode's keep `CheckRunner.runInWorkers` one word.
      for (name, pattern) in starts
      where line.contains(try Regex(pattern).wordBoundaryKind(.simple)) {
        let declared = try code.contains(Regex(#"\bfunc\s+"# + name + #"\b"#))
        if name != "Process" && name != "WorkerProcess" && declared { continue }
        found.append("\(number + 1): \(name)")
      }
    }
    return found
  }

  @Test func noTestStartsAProcessOutsideTheHarness() throws {
    let tests = Fixtures.repositoryRoot + "/Tests"
    var found: [String] = []
    var used: Set<String> = []
    let files = try #require(FileManager.default.subpaths(atPath: tests)).sorted()
    for file in files where file.hasSuffix(".swift") {
      let starts = try Self.processStarts(
        in: String(contentsOfFile: tests + "/" + file, encoding: .utf8))
      if Self.allowed.contains(where: { $0.file == file }) {
        if !starts.isEmpty { used.insert(file) }
        continue
      }
      found += starts.map { "Tests/\(file):\($0)" }
    }
    #expect(found == [], "start it with launch or RunningChild (Tests/TestSupport)")
    let stale = Self.allowed.map(\.file).filter { !used.contains($0) }
    #expect(stale == [], "allowed, but starts no process: remove it from the list")
  }

  /// The scan sees through comments and strings, and finds each way to start one.
  @Test func theScanFindsEachStartAndNoneInCommentsOrStrings() throws {
    let source = #"""
      // let p = Process()
      /* Process() /* nested */ fork() */
      let text = "Process() \(1 + 2) fork()"
      let raw = #"popen("x") "# ; let many = """
        system("ls")
        """
      let a = Process()
      try Process.run(url, arguments: [])
      let b: Process = .init()
      posix_spawn(&pid, path, nil, nil, argv, nil); let c = fork()
      popen("ls", "r"); execvp(path, argv); system("ls")
      let d = "\(Process())"
      let e = try CheckRunner.runInWorkers(matrix, launcher: launcher); Foundation.Process()
      """#
    let found = try Self.processStarts(in: source)
    #expect(
      found == [
        "7: Process", "8: Process", "9: Process", "10: posix_spawn", "10: fork", "11: system",
        "11: popen", "11: exec", "12: Process", "13: Process", "13: WorkerProcess",
      ], "\(found)")
    #expect(try Self.processStarts(in: "func system() {}\nsystem()") == [])
  }
}

/// `source` with its comments and string literals (not their interpolations) blanked, every
/// line kept in its place: what the compiler reads as code.
func codeOnly(_ source: String) -> String {
  var scanner = CodeScanner(text: Array(source.unicodeScalars))
  scanner.code(untilParenthesis: false)
  return String(String.UnicodeScalarView(scanner.output))
}

private struct CodeScanner {
  let text: [Unicode.Scalar]
  var index = 0
  var output: [Unicode.Scalar] = []

  init(text: [Unicode.Scalar]) { self.text = text }

  func at(_ offset: Int) -> Unicode.Scalar? {
    index + offset < text.count ? text[index + offset] : nil
  }

  func starts(with prefix: String, at offset: Int = 0) -> Bool {
    prefix.unicodeScalars.enumerated().allSatisfy { at(offset + $0.offset) == $0.element }
  }

  mutating func keep(_ count: Int = 1) {
    for _ in 0..<count where index < text.count {
      output.append(text[index])
      index += 1
    }
  }

  mutating func blank(_ count: Int = 1) {
    for _ in 0..<count where index < text.count {
      output.append(text[index] == "\n" ? "\n" : " ")
      index += 1
    }
  }

  /// Code, to the end or (in an interpolation) to its closing parenthesis.
  mutating func code(untilParenthesis: Bool) {
    var depth = 0
    while index < text.count {
      if starts(with: "//") {
        while index < text.count && text[index] != "\n" { blank() }
      } else if starts(with: "/*") {
        var comments = 0
        repeat {
          if starts(with: "/*") {
            comments += 1
            blank(2)
          } else if starts(with: "*/") {
            comments -= 1
            blank(2)
          } else {
            blank()
          }
        } while comments > 0 && index < text.count
      } else if text[index] == "#" || text[index] == "\"" {
        var hashes = 0
        while at(hashes) == "#" { hashes += 1 }
        guard at(hashes) == "\"" else {
          keep(max(hashes, 1))
          continue
        }
        keep(hashes)
        string(hashes: hashes)
      } else if text[index] == "(" {
        depth += 1
        keep()
      } else if text[index] == ")" {
        if untilParenthesis && depth == 0 { return }
        depth -= 1
        keep()
      } else {
        keep()
      }
    }
  }

  /// A string literal from its opening quote (after `hashes` #s) through its closing one.
  mutating func string(hashes: Int) {
    let multiline = starts(with: "\"\"\"")
    let quote = multiline ? "\"\"\"" : "\""
    let close = quote + String(repeating: "#", count: hashes)
    let escape = "\\" + String(repeating: "#", count: hashes)
    keep(quote.count)
    while index < text.count {
      if starts(with: close) {
        keep(close.count)
        return
      } else if starts(with: escape + "(") {
        blank(escape.count + 1)
        code(untilParenthesis: true)
        blank()
      } else if starts(with: escape) {
        blank(escape.count + 1)
      } else {
        blank()
      }
    }
  }
}
