#!/usr/bin/env python3
"""Checks that the libraries below the CLI do not reach PostgreSQL's client library.

What app teams link into their unit tests (NavSimTesting) and the libraries that read logs
(Replay, Snapshots, Report, NavSimCheck, Explore) read logs through EventLog's protocols;
opening a postgres:// URL is the CLI's choice. This script walks each one's module closure
both ways a module can come in - the target dependencies Package.swift declares, and every
`import` line of the target's sources (a module imported but not declared still links) - and
fails naming the path from the library to the first forbidden module it finds.

Usage: check-module-closure.py [--self-test] [PACKAGE_DESCRIPTION_JSON]
Without a file it runs `swift package describe --type json` in the repository.
--self-test doctors the description twice (a declared dependency, an import line) and
checks that each is reported.
"""
import json
import os
import re
import subprocess
import sys

ROOTS = ["NavSimTesting", "Replay", "Snapshots", "Report", "NavSimCheck", "Explore"]
FORBIDDEN = {"PostgresEventLog", "PostgreSQL"}

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)")


def describe(root):
    output = subprocess.run(
        ["swift", "package", "describe", "--type", "json"], cwd=root, check=True,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    return json.loads(output[output.index("{"):])


def imports_of(target, root, extra_imports):
    """Module names the target's sources import, in sorted order."""
    names = set(extra_imports.get(target["name"], ()))
    for source in target.get("sources", []):
        path = os.path.join(root, target["path"], source)
        if not path.endswith(".swift"):
            continue
        with open(path, encoding="utf-8") as file:
            for line in file:
                match = IMPORT.match(line)
                if match:
                    names.add(match.group(1))
    return sorted(names)


def violations(description, root, extra_imports=None):
    """One message per root whose closure holds a forbidden module."""
    extra_imports = extra_imports or {}
    targets = {target["name"]: target for target in description["targets"]}
    edges = {}
    for name, target in sorted(targets.items()):
        declared = target.get("target_dependencies", []) + target.get("product_dependencies", [])
        edges[name] = sorted(set(declared) | set(imports_of(target, root, extra_imports)))
    problems = []
    for start in ROOTS:
        if start not in targets:
            problems.append(f"{start}: not a target of the package")
            continue
        # Breadth first, in sorted order, so the reported path is the same on every run.
        parent = {start: None}
        queue = [start]
        found = None
        while queue and not found:
            current = queue.pop(0)
            for module in edges.get(current, []):
                if module in parent:
                    continue
                parent[module] = current
                if module in FORBIDDEN:
                    found = module
                    break
                if module in targets:
                    queue.append(module)
        if found:
            path = [found]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            problems.append(
                f"{start}: reaches {found} ({' -> '.join(reversed(path))}); read logs through "
                "EventLog's EventLogOpening and leave postgres:// to the CLI")
    return problems


def self_test(description, root):
    doctored = json.loads(json.dumps(description))
    for target in doctored["targets"]:
        if target["name"] == "Explore":
            target["target_dependencies"] = target.get("target_dependencies", []) + [
                "PostgresEventLog"]
    declared = violations(doctored, root)
    imported = violations(description, root, {"Snapshots": ["PostgreSQL"]})
    clean = violations(description, root)
    ok = (any(p.startswith("NavSimTesting: reaches PostgresEventLog") for p in declared)
          and any(p.startswith("Explore: reaches PostgresEventLog") for p in declared)
          and any(p.startswith("Report: reaches PostgreSQL") for p in imported)
          and not any(p.startswith("Replay:") for p in imported))
    if not ok:
        print("check-module-closure: self-test failed:", declared, imported, sep="\n  ",
              file=sys.stderr)
        return 1
    print("check-module-closure: self-test: a doctored dependency and a doctored import are "
          f"reported ({len(declared)} and {len(imported)} roots); the package itself has "
          f"{len(clean)}")
    return 0


def main(argv):
    args = argv[1:]
    test = "--self-test" in args
    args = [arg for arg in args if arg != "--self-test"]
    root = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    if len(args) > 1:
        print(__doc__, file=sys.stderr)
        return 2
    if args:
        with open(args[0], encoding="utf-8") as file:
            description = json.load(file)
    else:
        description = describe(root)
    if test:
        return self_test(description, root)
    problems = violations(description, root)
    for problem in problems:
        print(f"Package.swift: {problem}", file=sys.stderr)
    if not problems:
        print(f"check-module-closure: {', '.join(ROOTS)} reach none of "
              f"{', '.join(sorted(FORBIDDEN))}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
