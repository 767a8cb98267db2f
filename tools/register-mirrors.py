#!/usr/bin/env python3
"""Registers ../shared/mirrors for every package on this machine.

Writes SwiftPM's machine-wide mirror configuration (~/.swiftpm/configuration/mirrors.json) so
that each dependency's usual GitHub URL, as Package.swift declares it, resolves from a bare git
mirror beside the checkout. Client packages that depend on NavSim by path read the same file.
Entries for other URLs are kept; the file is replaced atomically, in a stable order.

Usage: register-mirrors.py MIRRORS_DIR [CONFIG_FILE]
"""
import json
import os
import sys
import tempfile

# Each mirror folder and the URL Package.swift declares for it (SwiftPM matches by URL).
UPSTREAMS = {
    "swift-argument-parser.git": "https://github.com/apple/swift-argument-parser.git",
    "swift-docc-plugin.git": "https://github.com/swiftlang/swift-docc-plugin",
    "swift-docc-symbolkit.git": "https://github.com/swiftlang/swift-docc-symbolkit",
}


def main(argv):
    if len(argv) not in (2, 3):
        print("usage: register-mirrors.py MIRRORS_DIR [CONFIG_FILE]", file=sys.stderr)
        return 2
    if argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    mirrors = os.path.realpath(argv[1])
    if not os.path.isdir(mirrors):
        print(f"register-mirrors: {argv[1]}: no such directory", file=sys.stderr)
        return 2
    config = argv[2] if len(argv) == 3 else os.path.expanduser(
        "~/.swiftpm/configuration/mirrors.json")
    entries = {}
    if os.path.exists(config):
        try:
            with open(config, encoding="utf-8") as file:
                document = json.load(file)
            for entry in document.get("object", []):
                entries[entry["original"]] = entry["mirror"]
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            print(f"register-mirrors: {config}: not a SwiftPM mirrors file ({error})",
                  file=sys.stderr)
            return 2
    registered = []
    for folder, original in sorted(UPSTREAMS.items()):
        path = os.path.join(mirrors, folder)
        if os.path.isdir(path):
            # Both spellings of the URL (with and without .git) reach the same mirror.
            bare = original.removesuffix(".git")
            entries[bare] = path
            entries[bare + ".git"] = path
            registered.append(folder)
    os.makedirs(os.path.dirname(config) or ".", exist_ok=True)
    document = {"version": 1, "object": [
        {"original": original, "mirror": entries[original]} for original in sorted(entries)]}
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(config) or ".", suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        json.dump(document, file, indent=2)
        file.write("\n")
    os.replace(temporary, config)
    print(f"register-mirrors: {len(registered)} mirrors from {mirrors} in {config}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
