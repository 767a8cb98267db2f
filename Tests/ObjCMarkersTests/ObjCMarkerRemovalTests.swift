import ObjCMarkers
import Testing

@Suite struct ObjCMarkerRemovalTests {
  @Test func attributesGoAndSelectorsBecomeSelectorsWithTheirObjectiveCNames() throws {
    let source = """
      @objcMembers final class Screen: UIViewController {
        @IBOutlet weak var mapView: GMSMapView!
        @objc(tapRecenter:) func recenter(_ sender: Any) {}
        @IBAction func didTap(_ sender: UIButton) {}
        override func viewDidLoad() {
          button.addTarget(self, action: #selector(didTap(_:)), for: .touchUpInside)
          toggle.addTarget(self, action: #selector(Self.toggle(mode:animated:)), for: .valueChanged)
        }
      }
      """
    let removal = try ObjCMarkerRemoval(source: source)
    #expect(
      removal.source == """
        final class Screen: UIViewController {
          weak var mapView: GMSMapView!
          func recenter(_ sender: Any) {}
          func didTap(_ sender: UIButton) {}
          override func viewDidLoad() {
            button.addTarget(self, action: Selector("didTap:"), for: .touchUpInside)
            toggle.addTarget(self, action: Selector("toggleWithMode:animated:"), for: .valueChanged)
          }
        }
        """)
    #expect(
      removal.removed.map { "\($0.line):\($0.column) \($0.text)" } == [
        "1:1 @objcMembers", "2:3 @IBOutlet", "3:3 @objc(tapRecenter:)", "4:3 @IBAction",
        "6:36 #selector(didTap(_:))", "7:36 #selector(Self.toggle(mode:animated:))",
      ])
  }

  @Test func markersInCommentsAndStringsStay() throws {
    let source = ##"""
      /* outer /* nested @objc */ still a comment #selector(x) */
      // @IBOutlet in a line comment
      let a = "@objc \(label("#selector(y)")) \"@IBAction\""
      let b = #"raw \(not) @objc "quoted" \#(value) #selector(z)"#
      let c = """
        @objc
        #selector(w) \(f(g("nested")))
        """
      @objc func kept() {}
      """##
    let removal = try ObjCMarkerRemoval(source: source)
    #expect(removal.removed.map { $0.text } == ["@objc"])
    #expect(removal.removed.first?.line == 9)
    #expect(removal.source.hasSuffix("\nfunc kept() {}"))
  }

  @Test func aMethodsExplicitObjectiveCNameIsItsSelector() throws {
    let source = """
      let s = #selector(recenter(_:))
      @objc(recenterWith:) private func recenter(_ sender: Any) {}
      """
    let removal = try ObjCMarkerRemoval(source: source)
    #expect(removal.source.hasPrefix("let s = Selector(\"recenterWith:\")\n"))
  }

  @Test func aSelectorSpanningLinesKeepsTheLinesAfterIt() throws {
    let source = "let s = #selector(\n  Screen.show(\n    sheet:))\nlet after = 1"
    let removal = try ObjCMarkerRemoval(source: source)
    #expect(removal.source == "let s = Selector(\"showWithSheet:\")\n\n\nlet after = 1")
    // The report is one line: each run of spaces and line breaks is one space.
    #expect(removal.removed.map(\.text) == ["#selector( Screen.show( sheet:))"])
  }

  // Swift's rule (swiftlang/swift lib/AST/Decl.cpp getObjCSelector, prepositions from
  // include/swift/Basic/PartsOfSpeech.def): "With" joins the first label unless the label
  // starts with a preposition or the base name ends with one.
  @Test func aFirstLabelOrBaseNameWithAPrepositionTakesNoWith() {
    #expect(ObjCMarkerRemoval.objcSelectorName(["move", "(", "to", ":", ")"]) == "moveTo:")
    #expect(
      ObjCMarkerRemoval.objcSelectorName(["scroll", "(", "toIndex", ":", "animated", ":", ")"])
        == "scrollToIndex:animated:")
    #expect(ObjCMarkerRemoval.objcSelectorName(["moveTo", "(", "x", ":", ")"]) == "moveToX:")
    #expect(
      ObjCMarkerRemoval.objcSelectorName(["zoom", "(", "within", ":", ")"]) == "zoomWithin:")
    #expect(
      ObjCMarkerRemoval.objcSelectorName(["show", "(", "sheet", ":", ")"]) == "showWithSheet:")
    #expect(
      ObjCMarkerRemoval.objcSelectorName(["tone", "(", "down", ":", ")"]) == "toneWithDown:",
      "down is not one of the compiler's prepositions")
  }

  @Test func aBareNameTakesItsLabelsFromTheFilesDeclaration() throws {
    let source = """
      let a = #selector(keyboardWillShow)
      let b = #selector(refresh)
      let c = #selector(unknown)
      let d = #selector(overloaded)
      func keyboardWillShow(_ n: Notification) {}
      func refresh(handler: @escaping (Int) -> Void, after delay: [String: Int]) {}
      func overloaded(_ a: Int) {}
      func overloaded(b: Int) {}
      """
    let removal = try ObjCMarkerRemoval(source: source)
    #expect(
      removal.removed.map(\.replacement) == [
        "Selector(\"keyboardWillShow:\")", "Selector(\"refreshWithHandler:after:\")",
        "Selector(\"unknown\")", "Selector(\"overloaded\")",
      ])
  }

  @Test func aThrowingMethodsErrorIsItsLastPiece() throws {
    let source = """
      let a = #selector(load)
      let b = #selector(save(to:))
      let c = #selector(save(_:))
      func load() throws {}
      func save(to url: URL) async throws {}
      func save(_ url: URL) {}
      """
    let removal = try ObjCMarkerRemoval(source: source)
    #expect(
      removal.removed.map(\.replacement) == [
        "Selector(\"loadAndReturnError:\")", "Selector(\"saveTo:error:\")",
        "Selector(\"save:\")",
      ])
  }

  @Test func propertySelectorsNameTheAccessor() {
    #expect(ObjCMarkerRemoval.objcSelectorName(["getter", ":", "UIView", ".", "frame"]) == "frame")
    #expect(
      ObjCMarkerRemoval.objcSelectorName(["setter", ":", "Screen", ".", "isDimmed"])
        == "setIsDimmed:")
    #expect(ObjCMarkerRemoval.objcSelectorName(["self", ".", "refresh"]) == "refresh")
    #expect(
      ObjCMarkerRemoval.objcSelectorName(["f", "(", "_", ":", "_", ":", ")", "as", "X"])
        == "f::")
  }

  @Test func unterminatedCommentsAndStringsAreErrorsWithTheirPlace() {
    #expect(throws: SwiftSourceError(line: 2, column: 3, message: "unterminated block comment")) {
      try ObjCMarkerRemoval(source: "let a = 1\n  /* open /* nested */")
    }
    #expect(throws: SwiftSourceError(line: 1, column: 9, message: "unterminated string literal")) {
      try ObjCMarkerRemoval(source: "let a = \"open\nlet b = 2")
    }
    #expect(
      throws: SwiftSourceError(line: 1, column: 9, message: "#selector without its ( ... )")
    ) {
      try ObjCMarkerRemoval(source: "let s = #selector(open(_:)")
    }
  }

  @Test func tokensCoverTheSourceExactly() throws {
    let source = "@objc func f() { let s = #\"a\"# + \"\\(x)\" /* c */ }\n"
    let tokens = try SwiftTokenizer.tokens(of: source)
    #expect(tokens.first?.start == 0 && tokens.last?.end == source.utf8.count)
    #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0.end == $1.start })
    #expect(tokens.filter { $0.kind == .string }.count == 2)
    #expect(tokens.first?.kind == .attribute)
  }
}
