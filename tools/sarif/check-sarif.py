#!/usr/bin/env python3
"""Validates SARIF files against the vendored SARIF 2.1.0 schema (tools/sarif/), with the
`jsonschema` package from PyPI, and checks what GitHub code scanning needs of each result:
a known rule, at least one location, relative URIs.

  tools/sarif/check-sarif.py FILE.sarif...

Run through tools/sarif/run, which creates .build/venv-sarif with jsonschema."""
import json
import pathlib
import sys

import jsonschema

SCHEMA = pathlib.Path(__file__).with_name("sarif-2.1.0-subset.schema.json")


def check(path):
    log = json.loads(pathlib.Path(path).read_text())
    schema = json.loads(SCHEMA.read_text())
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
    for error in errors:
        where = "/".join(str(p) for p in error.absolute_path) or "(root)"
        print(f"{path}: {where}: {error.message}", file=sys.stderr)
    problems = len(errors)
    for run in log.get("runs") or []:
        rules = [rule["id"] for rule in run["tool"]["driver"].get("rules", [])]
        for number, result in enumerate(run.get("results", [])):
            if result.get("ruleId") not in rules:
                print(f"{path}: result {number}: rule {result.get('ruleId')} not in rules", file=sys.stderr)
                problems += 1
            elif "ruleIndex" in result and rules[result["ruleIndex"]] != result["ruleId"]:
                print(f"{path}: result {number}: ruleIndex does not match ruleId", file=sys.stderr)
                problems += 1
            # GitHub code scanning rejects the whole file when a result has no location.
            if not result.get("locations"):
                print(f"{path}: result {number}: no location (GitHub rejects the file)", file=sys.stderr)
                problems += 1
            for location in result.get("locations", []):
                uri = location["physicalLocation"]["artifactLocation"]["uri"]
                if uri.startswith("/") or "://" in uri:
                    print(f"{path}: result {number}: uri {uri} is not relative", file=sys.stderr)
                    problems += 1
    results = sum(len(run.get("results", [])) for run in log.get("runs") or [])
    print(f"{path}: {'valid' if problems == 0 else 'INVALID'} SARIF 2.1.0, {results} results")
    return problems == 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    ok = all([check(path) for path in sys.argv[1:]])
    sys.exit(0 if ok else 1)
