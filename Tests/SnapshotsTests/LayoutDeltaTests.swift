import Testing

@testable import Snapshots

@Suite struct LayoutDeltaTests {
  /// A layout-like text of `count` node lines, line `i` showing `texts[i]` when given.
  static func text(_ count: Int, texts: [Int: String] = [:]) -> String {
    var out = "layout activeGuidance wide=no map=393.00x852.00 safe=59.00,0.00,34.00,0.00 dir=ltr\n"
    for index in 0..<count {
      out += "view label\(index) parent=map frame=16.00,\(100 + index * 20).00,200.00,20.00"
      out += " text=\(texts[index] ?? "row%20\(index)")\n"
    }
    return out
  }

  @Test func aChangedLabelCostsItsLineAndTheCounts() throws {
    let base = Self.text(30)
    let text = Self.text(30, texts: [12: "ETA%2012:41"])
    let delta = try #require(LayoutDelta.encode(text, base: base))
    #expect(
      delta
        == "=13\n-1\n+view label12 parent=map frame=16.00,340.00,200.00,20.00 text=ETA%2012:41\n=17\n")
    #expect(try LayoutDelta.apply(delta, to: base) == text)
    #expect(delta.utf8.count * 10 < text.utf8.count)
  }

  /// Every insertion, removal and replacement of one or two lines at every place, and lines
  /// moved, rebuild exactly, and the same pair always gives the same bytes.
  @Test func editsAnywhereRoundTrip() throws {
    let lines = Self.text(12).split(separator: "\n").map(String.init)
    var cases: [[String]] = []
    for at in 0...lines.count {
      var inserted = lines
      inserted.insert("view new parent=map frame=0.00,0.00,1.00,1.00", at: at)
      cases.append(inserted)
      if at < lines.count {
        var removed = lines
        removed.remove(at: at)
        cases.append(removed)
        var replaced = lines
        replaced[at] += " hidden"
        cases.append(replaced)
        for other in at..<lines.count {
          var two = replaced
          two[other] += " alpha=0.50"
          cases.append(two)
          var moved = lines
          moved.insert(moved.remove(at: at), at: other)
          cases.append(moved)
        }
      }
    }
    cases.append([lines[0]])
    cases.append(lines.reversed())
    let base = lines.joined(separator: "\n") + "\n"
    for edited in cases {
      let text = edited.joined(separator: "\n") + "\n"
      guard text != base else { continue }
      let delta = LayoutDelta.encode(text, base: base)
      #expect(delta == LayoutDelta.encode(text, base: base))
      if let delta {
        #expect(try LayoutDelta.apply(delta, to: base) == text)
        #expect(delta.utf8.count < text.utf8.count)
      }
    }
  }

  @Test func aDeltaNoSmallerThanTheTextIsNotMade() {
    let base = Self.text(3)
    let other = "layout other wide=yes map=1.00x1.00 safe=0.00,0.00,0.00,0.00 dir=rtl\n"
    #expect(LayoutDelta.encode(other, base: base) == nil)
  }

  @Test func damagedDeltasNameTheirProblem() {
    let base = Self.text(4)
    let cases: [(String, String)] = [
      ("", "operation 1 is empty"),
      ("=2\n", "truncated: it stops at line 2 of the base's 5"),
      ("=6\n", "operation 1 reads past the base's 5 lines"),
      ("=2\n\n=3\n", "operation 2 is empty"),
      ("=x\n", "operation 1 is not =N, -N or +LINE: '=x'"),
      ("=0\n=5\n", "operation 1 is not =N, -N or +LINE: '=0'"),
      ("*1\n", "operation 1 is not =N, -N or +LINE: '*1'"),
    ]
    for (delta, problem) in cases {
      #expect(throws: LayoutDelta.Problem(description: problem), "\(delta)") {
        try LayoutDelta.apply(delta, to: base)
      }
    }
  }
}
