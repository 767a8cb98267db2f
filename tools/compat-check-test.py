#!/usr/bin/env python3
"""Tests of tools/compat-check's delegate scan (the part that needs no Swift build).

    python3 tools/compat-check-test.py
"""

import tempfile
import unittest
from importlib.machinery import SourceFileLoader
from pathlib import Path

TOOL = Path(__file__).resolve().parent / "compat-check"
compat = SourceFileLoader("compat_check", str(TOOL)).load_module()


def scan(source):
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "Layout.swift"
        path.write_text(source, encoding="utf-8")
        return compat.find_delegates(path)


class FindDelegatesTests(unittest.TestCase):
    def test_a_declaration_spread_over_lines_with_attributes(self):
        found = scan("@MainActor\npublic final class\n  Sheet: NSObject,\n"
                     "  NavigationLayoutDelegate\n{\n}\n")
        self.assertEqual(found, [("Sheet", 2, False)])

    def test_comments_and_strings_are_not_declarations(self):
        found = scan('// class A: NSObject, NavigationLayoutDelegate {}\n'
                     '/* class B: NavigationLayoutDelegate { /* nested */ } */\n'
                     'let text = "class C: NavigationLayoutDelegate {"\n'
                     'let raw = #"class D: NavigationLayoutDelegate {"#\n')
        self.assertEqual(found, [])

    def test_nested_and_qualified_and_generic_conformances(self):
        found = scan("enum Layouts {\n"
                     "  final class Ride: NSObject, GoogleNavigation.NavigationLayoutDelegate {\n"
                     "    func f() { let x = { 1 }() }\n  }\n}\n"
                     "class Box<T>: NSObject, NavigationLayoutDelegate where T: Equatable {}\n")
        self.assertEqual(found, [("Layouts.Ride", 2, False), ("Box", 6, False)])

    def test_a_conformance_in_an_extension_names_the_class_once(self):
        found = scan("final class Fleet: NSObject {}\n"
                     "extension Fleet: NavigationLayoutDelegate {}\n"
                     "extension Fleet: NavigationLayoutDelegate {}\n")
        self.assertEqual(found, [("Fleet", 1, False)])

    def test_other_protocols_and_private_classes(self):
        found = scan("class Screen: NSObject, GMSMapViewNavigationUIDelegate {}\n"
                     "private final class Hidden: NSObject, NavigationLayoutDelegate {}\n")
        self.assertEqual(found, [("Hidden", 2, True)])

    def test_the_generated_main_registers_each_class_by_name(self):
        main = compat.main_swift([("Ride", 1, "a.swift"), ("Layouts.Fleet", 3, "b.swift")])
        self.assertIn('"Ride": { Ride() },', main)
        self.assertIn('"Layouts.Fleet": { Layouts.Fleet() },', main)
        self.assertIn("NavSimCLI.main(delegates: [", main)



def objc_uses(source):
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "Screen.swift"
        path.write_text(source, encoding="utf-8")
        return compat.objc_runtime_uses(path), compat.objc_runtime_line(
            path, compat.objc_runtime_uses(path)).replace(str(path), "Screen.swift")


class ObjCRuntimeTests(unittest.TestCase):
    def test_selector_targets_and_interface_builder_attributes_are_found_in_line_order(self):
        uses, line = objc_uses(
            "import UIKit\n"
            "final class Screen: UIViewController {\n"
            "  @IBOutlet weak var label: UILabel!\n"
            "  func wire(_ b: UIButton) { b.addTarget(self, action: #selector(tap), for: .touchUpInside) }\n"
            "  @objc func tap() {}\n"
            "}\n")
        self.assertEqual(uses, [("@IBAction/@IBOutlet", 3), ("#selector", 4), ("@objc", 5)])
        self.assertTrue(line.startswith(
            "Screen.swift: needs the Objective-C runtime (@IBAction/@IBOutlet at line 3, "
            "#selector at line 4, @objc at line 5); left out on Linux"))
        self.assertEqual(line.count("\n"), 0)

    def test_objc_members_count_but_dynamic_comments_strings_and_names_do_not(self):
        # `dynamic` compiles on Linux (dynamic replacement): it needs no Objective-C runtime.
        uses, _ = objc_uses("@objcMembers class A: NSObject { dynamic var x = 0 }\n")
        self.assertEqual(uses, [("@objc", 1)])
        uses, _ = objc_uses('// @objc func a() {}\nlet s = "#selector(b)"\n'
                            "let objcBridge = 1\nlet dynamicType = 2\n")
        self.assertEqual(uses, [])


if __name__ == "__main__":
    unittest.main()
