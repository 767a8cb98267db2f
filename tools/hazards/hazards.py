#!/usr/bin/env python3
"""The hazard suite: drives the built navsim binary over every command that writes and every
command that reads, each against the file-system hazards of docs/reliability.md, and checks
each cell: the exit status, a one-line error naming the path, no internal text, and no byte
of any file that was there before changed (or, for a killed run, the old file or the new one).

Usage: hazards.py --navsim PATH [--only SUBSTRING] [--matrix]
  --matrix   print the matrix (Markdown) with each cell's result, for docs/reliability.md

Root ignores file permissions: as root, the permission cells run the command as `nobody`
(setpriv); as another user they run as that user, and the other-user cell is skipped.
"""
import argparse
import hashlib
import os
import re
import resource
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time

from specs import READERS, WRITERS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Internal text that must never reach a user: SQL, Foundation's error domains, raw ids and
# result codes, temporary-file names, crash output.
FORBIDDEN = re.compile(
    r"PRAGMA|NSCocoaErrorDomain|Error Domain|application_id|0x[0-9a-fA-F]{4,}|\.tmp\b"
    r"|navsim-partial|\(code \d+\)|SQLITE_|Fatal error|Stack dump|backtrace|Swift runtime"
    r"|\.swift:\d+")
WRITER_HAZARDS = ["existing directory", "read-only directory", "input as output", "symlink",
                  "missing parent", "ulimit -f", "SIGKILL mid-write", "two writers"]
READER_HAZARDS = ["read-only file", "read-only directory", "another user", "zero bytes",
                  "truncated", "non-NavSim SQLite", "future schema", "being written"]
KILL_POINTS = [0.1, 0.3, 0.5, 0.7, 0.85, 0.95]  # fractions of a clean run's duration


class CellFailure(Exception):
    pass


class Suite:
    def __init__(self, navsim):
        self.navsim = navsim
        self.is_root = os.geteuid() == 0
        self.base = tempfile.mkdtemp(prefix="navsim-hazards-")
        os.chmod(self.base, 0o755)
        self.fixtures = os.path.join(self.base, "fixtures")
        os.mkdir(self.fixtures)
        self.results = {}  # (command, hazard) -> "pass" | "skip: why" | "FAIL: why"
        self.reference = {}

    # MARK: - Running navsim

    def run(self, args, cwd, as_nobody=False, limit=None, timeout=60):
        command = [self.navsim] + args
        if as_nobody and self.is_root:
            command = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command

        def limits():
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

        started = time.monotonic()
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                              preexec_fn=limits, env=self.environment())
        return done.returncode, done.stdout, done.stderr, time.monotonic() - started

    def start(self, args, cwd):
        return subprocess.Popen([self.navsim] + args, cwd=cwd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=self.environment())

    @staticmethod
    def environment():
        env = dict(os.environ)
        env["COLUMNS"] = "80"
        return env

    # MARK: - Fixtures

    def prepare(self):
        f = self.fixtures
        shutil.copy(os.path.join(ROOT, "Recordings", "rtl-city.sqlite"), f + "/log.sqlite")
        shutil.copy(os.path.join(ROOT, "Recordings", "rtl-city.json"), f + "/scenario.json")
        steps = [
            ["replay", "log.sqlite", "--delegate", "basic", "--snapshots", "store.sqlite",
             "--label", "a"],
            ["replay", "log.sqlite", "--delegate", "complete", "--snapshots", "store.sqlite",
             "--label", "b"],
            ["log", "export", "log.sqlite", "--out", "log.jsonl"],
            ["record", "--scenario", "scenario.json", "--through-recorder", "--view-sizes",
             "--out", "sizes.sqlite"],
        ]
        for args in steps:
            status, out, err, _ = self.run(args, f)
            if status != 0:
                sys.exit("hazards: preparing fixtures failed: navsim %s: %s" % (" ".join(args), err))
        # A non-NavSim SQLite database, in rollback mode as most programs leave theirs.
        other = sqlite3.connect(f + "/other.sqlite")
        other.execute("CREATE TABLE contacts (name TEXT)")
        other.execute("INSERT INTO contacts VALUES ('Ada')")
        other.commit()
        other.close()
        for name in os.listdir(f):
            os.chmod(os.path.join(f, name), 0o644)

    def world(self):
        """A fresh copy of the fixtures: in/ holds the inputs, out/ is where outputs go."""
        world = tempfile.mkdtemp(prefix="cell-", dir=self.base)
        os.chmod(world, 0o755)
        shutil.copytree(self.fixtures, world + "/in")
        os.mkdir(world + "/out")
        for directory in (world + "/in", world + "/out"):
            os.chmod(directory, 0o755)
        return world

    # MARK: - Checks

    @staticmethod
    def snapshot(world):
        """Every file under `world`: its kind, permissions and content hash (links: target)."""
        state = {}
        for directory, names, files in os.walk(world):
            for name in names + files:
                path = os.path.join(directory, name)
                info = os.lstat(path)
                if stat.S_ISLNK(info.st_mode):
                    state[path] = ("link", os.readlink(path))
                elif stat.S_ISDIR(info.st_mode):
                    state[path] = ("dir", stat.S_IMODE(info.st_mode))
                else:
                    with open(path, "rb") as handle:
                        digest = hashlib.sha256(handle.read()).hexdigest()
                    state[path] = ("file", stat.S_IMODE(info.st_mode), digest)
        return state

    @staticmethod
    def changes(before, after, allowed=()):
        problems = []
        for path in sorted(set(before) | set(after)):
            if path in allowed:
                continue
            if path not in after:
                problems.append("removed " + path)
            elif path not in before:
                problems.append("created " + path)
            elif before[path] != after[path]:
                problems.append("changed " + path)
        return problems

    @staticmethod
    def check_refusal(status, err, path, expected=2):
        if status != expected:
            raise CellFailure("exit %d, expected %d: %s" % (status, expected, err.strip()[:200]))
        lines = err.strip().splitlines()
        if len(lines) != 1:
            raise CellFailure("%d lines on stderr, expected one: %r" % (len(lines), err[:300]))
        if path not in lines[0]:
            raise CellFailure("error does not name %s: %s" % (path, lines[0]))
        Suite.check_clean(err)

    @staticmethod
    def check_clean(text):
        match = FORBIDDEN.search(text)
        if match:
            raise CellFailure("internal text %r in: %s" % (match.group(0), text.strip()[:300]))

    @staticmethod
    def sqlite_intact(path):
        """True when the SQLite file at `path` passes integrity_check (read from a copy, so
        nothing is made beside the original)."""
        scratch = tempfile.mkdtemp()
        try:
            for suffix in ("", "-wal"):
                if os.path.exists(path + suffix):
                    shutil.copy(path + suffix, scratch + "/db" + suffix)
            connection = sqlite3.connect(scratch + "/db")
            result = connection.execute("PRAGMA integrity_check").fetchone()[0]
            connection.close()
            return result == "ok"
        finally:
            shutil.rmtree(scratch)

    # MARK: - Cells

    def cell(self, command, hazard, body):
        key = (command, hazard)
        try:
            outcome = body()
            self.results[key] = outcome or "pass"
        except CellFailure as failure:
            self.results[key] = "FAIL: %s" % failure
        except subprocess.TimeoutExpired:
            self.results[key] = "FAIL: timed out"
        mark = "ok  " if self.results[key] == "pass" else self.results[key][:4]
        print("%s %-28s %-22s %s" % (mark, command, hazard,
                                     "" if self.results[key] == "pass" else self.results[key]))
        sys.stdout.flush()

    def reference_run(self, spec):
        """A clean run of a writer: its output's bytes, for comparing, and its duration."""
        world = self.world()
        out = world + "/out/" + spec.output_name
        status, stdout, err, seconds = self.run(spec.args(world + "/in", out), world)
        if status != spec.status:
            sys.exit("hazards: a clean run of %s failed (exit %d): %s" % (spec.name, status, err))
        data = open(out, "rb").read() if spec.kind == "file" else None
        return {"bytes": data, "seconds": seconds, "world": world}

    def writer_cells(self, spec):
        ref = self.reference_run(spec)
        name = spec.name

        def prepare_old(world, out):
            """A pre-existing output: old text for a file, a clean run's output for a store."""
            if spec.kind == "file":
                with open(out, "w") as handle:
                    handle.write("old content\n")
            elif spec.appends:
                shutil.copy(ref["world"] + "/out/" + spec.output_name, out)
            os.chmod(out, 0o644) if os.path.exists(out) else None

        def existing_directory():
            world = self.world()
            out = world + "/out/" + spec.output_name
            os.mkdir(out)
            with open(out + "/keep.txt", "w") as handle:
                handle.write("keep")
            before = self.snapshot(world)
            status, _, err, _ = self.run(spec.args(world + "/in", out), world)
            self.check_refusal(status, err, out)
            self.expect_unchanged(before, world)

        def read_only_directory():
            world = self.world()
            out = world + "/out/" + spec.output_name
            prepare_old(world, out)
            os.chmod(world + "/out", 0o555)
            before = self.snapshot(world)
            status, _, err, _ = self.run(spec.args(world + "/in", out), world, as_nobody=True)
            self.check_refusal(status, err, out)
            self.expect_unchanged(before, world)

        def input_as_output():
            world = self.world()
            out = world + "/in/" + spec.self_input
            before = self.snapshot(world)
            status, _, err, _ = self.run(spec.args(world + "/in", out), world)
            self.check_refusal(status, err, out)
            self.expect_unchanged(before, world)

        def symlink():
            world = self.world()
            os.mkdir(world + "/elsewhere")
            target = world + "/elsewhere/" + spec.output_name
            prepare_old(world, target)
            if not os.path.exists(target):
                open(target, "w").close()
            out = world + "/out/" + spec.output_name
            os.symlink("../elsewhere/" + spec.output_name, out)
            before = self.snapshot(world)
            status, _, err, _ = self.run(spec.args(world + "/in", out), world)
            if spec.symlink_status != 0:
                self.check_refusal(status, err, out, spec.symlink_status)
                self.expect_unchanged(before, world)
                return
            if status != spec.status:
                raise CellFailure("exit %d through a link: %s" % (status, err.strip()[:200]))
            if os.readlink(out) != "../elsewhere/" + spec.output_name:
                raise CellFailure("the link was replaced")
            if spec.kind == "file" and open(target, "rb").read() != ref["bytes"]:
                raise CellFailure("the link's target does not hold the new output")
            self.expect_unchanged(before, world, allowed={target})

        def missing_parent():
            world = self.world()
            out = world + "/out/missing/" + spec.output_name
            before = self.snapshot(world)
            status, _, err, _ = self.run(spec.args(world + "/in", out), world)
            self.check_refusal(status, err, out)
            self.expect_unchanged(before, world)

        def file_size_limit():
            world = self.world()
            out = world + "/out/" + spec.output_name
            prepare_old(world, out)
            before = self.snapshot(world)
            limit = 256 if spec.kind == "store" else min(256, len(ref["bytes"]) // 2)
            status, _, err, _ = self.run(spec.args(world + "/in", out), world, limit=limit)
            self.check_refusal(status, err, out)
            if spec.kind == "store" and os.path.exists(out):
                if not self.sqlite_intact(out):
                    raise CellFailure("the store is damaged after the limit was reached")
                self.expect_unchanged(before, world, allowed=sidecars(out))
            else:
                self.expect_unchanged(before, world)

        def killed():
            for point in KILL_POINTS:
                world = self.world()
                out = world + "/out/" + spec.output_name
                prepare_old(world, out)
                before = self.snapshot(world)
                old = open(out, "rb").read() if os.path.exists(out) else None
                process = self.start(spec.args(world + "/in", out), world)
                time.sleep(ref["seconds"] * point)
                process.kill()
                process.communicate()
                allowed = {out}
                if spec.kind == "store":
                    allowed |= sidecars(out)
                    if spec.temporary_until_next_run:
                        allowed |= temporaries(world + "/out", spec.output_name)
                problems = self.changes(before, self.snapshot(world), allowed)
                if problems:
                    raise CellFailure("killed at %d%%: %s" % (point * 100, "; ".join(problems)))
                if spec.kind == "file" and os.path.exists(out):
                    now = open(out, "rb").read()
                    if now not in (old, ref["bytes"]):
                        raise CellFailure("killed at %d%%: a torn file" % (point * 100))
                if spec.kind == "store" and os.path.exists(out) and not self.sqlite_intact(out):
                    raise CellFailure("killed at %d%%: a damaged store" % (point * 100))
                if spec.temporary_until_next_run and temporaries(world + "/out", spec.output_name):
                    # A hidden temporary file of the killed run: the next run removes it.
                    if os.path.exists(out):
                        os.unlink(out)
                    status, _, err, _ = self.run(spec.args(world + "/in", out), world)
                    left = temporaries(world + "/out", spec.output_name)
                    if status != spec.status or left:
                        raise CellFailure("the next run left %s (exit %d)" % (left, status))

        def two_writers():
            world = self.world()
            out = world + "/out/" + spec.output_name
            prepare_old(world, out)
            before = self.snapshot(world)
            first = self.start(spec.args(world + "/in", out), world)
            second = self.start(spec.args(world + "/in", out), world)
            results = [(p.wait(timeout=60), p.communicate()[1]) for p in (first, second)]
            for status, err in results:
                if status == spec.status:
                    continue
                self.check_refusal(status, err, out)
            if all(status != spec.status for status, _ in results):
                raise CellFailure("neither writer succeeded: %s" % [e for _, e in results])
            if spec.kind == "file" and open(out, "rb").read() != ref["bytes"]:
                raise CellFailure("the output is not one writer's whole file")
            if spec.kind == "store" and not self.sqlite_intact(out):
                raise CellFailure("the store is damaged")
            self.expect_unchanged(before, world, allowed={out})

        cells = [existing_directory, read_only_directory, input_as_output, symlink, missing_parent,
                 file_size_limit, killed, two_writers]
        for hazard, body in zip(WRITER_HAZARDS, cells):
            self.cell(name, hazard, body)

    def expect_unchanged(self, before, world, allowed=()):
        problems = self.changes(before, self.snapshot(world), set(allowed))
        if problems:
            raise CellFailure("; ".join(problems[:4]))

    def reader_cells(self, spec):
        name = spec.name
        world = self.world()
        status0, stdout0, err0, _ = self.run(spec.args(world + "/in"), world)
        if status0 != spec.status:
            sys.exit("hazards: a clean run of %s failed (exit %d): %s" % (name, status0, err0))

        def succeeds(world, as_nobody):
            before = self.snapshot(world)
            status, stdout, err, _ = self.run(spec.args(world + "/in"), world, as_nobody=as_nobody)
            if status != spec.status:
                raise CellFailure("exit %d: %s" % (status, err.strip()[:300]))
            self.check_clean(err)
            if stdout != stdout0:
                raise CellFailure("the output differs from a run in a writable place")
            self.expect_unchanged(before, world)

        def read_only_file():
            world = self.world()
            os.chmod(world + "/in/" + spec.input, 0o444)
            succeeds(world, as_nobody=True)

        def read_only_directory():
            world = self.world()
            os.chmod(world + "/in", 0o555)
            succeeds(world, as_nobody=True)

        def another_user():
            if not self.is_root:
                return "skip: needs root to run as nobody"
            world = self.world()
            os.chmod(world + "/in", 0o1777)  # nobody may create files here, but must not need to
            succeeds(world, as_nobody=True)

        def broken(make):
            world = self.world()
            path = world + "/in/" + spec.input
            make(path)
            before = self.snapshot(world)
            status, _, err, _ = self.run(spec.args(world + "/in"), world)
            self.check_refusal(status, err, path)
            self.expect_unchanged(before, world)

        def zero_bytes():
            broken(lambda path: open(path, "wb").close())

        def truncated():
            def cut(path):
                data = open(path, "rb").read()
                with open(path, "wb") as handle:
                    handle.write(data[: len(data) // 3])
            broken(cut)

        def non_navsim():
            broken(lambda path: shutil.copy(self.fixtures + "/other.sqlite", path))

        def future_schema():
            def bump(path):
                with open(path, "r+b") as handle:  # user_version: offset 60, big-endian
                    handle.seek(60)
                    handle.write((99).to_bytes(4, "big"))
            broken(bump)

        def being_written():
            world = self.world()
            path = world + "/in/" + spec.input
            if not spec.live_keeps_input:
                os.unlink(path)
            writer = self.start(spec.live_writer(world + "/in", path), world)
            deadline = time.monotonic() + 20
            while not os.path.exists(path + "-wal") and writer.poll() is None:
                if time.monotonic() > deadline:
                    raise CellFailure("the writer never started")
                time.sleep(0.02)
            time.sleep(0.2)
            status, stdout, err, _ = self.run(spec.args(world + "/in"), world)
            writer_status = writer.wait(timeout=60)
            writer_err = writer.communicate()[1]
            if status not in (spec.status, spec.live_status):
                raise CellFailure("reader exit %d: %s" % (status, err.strip()[:300]))
            if status == 2:
                self.check_refusal(status, err, path)
            self.check_clean(err)
            if writer_status != 0:
                raise CellFailure("the writer failed (exit %d): %s" % (writer_status, writer_err))
            if os.path.exists(path + "-wal") or os.path.exists(path + "-shm"):
                raise CellFailure("-wal/-shm left once the writer closed")

        cells = [read_only_file, read_only_directory, another_user, zero_bytes, truncated,
                 non_navsim, future_schema, being_written]
        for hazard, body in zip(READER_HAZARDS, cells):
            self.cell(name, hazard, body)

    def committed_recordings(self):
        """Reading the committed recordings in place makes nothing beside them."""
        def body():
            directory = os.path.join(ROOT, "Recordings")
            for name in sorted(os.listdir(directory)):
                if name.endswith(".sqlite"):
                    status, _, err, _ = self.run(["log", "info", os.path.join(directory, name)],
                                                 self.base)
                    if status != 0:
                        raise CellFailure("log info %s: %s" % (name, err))
            left = [n for n in os.listdir(directory) if n.endswith(("-wal", "-shm", "-journal"))]
            if left:
                raise CellFailure("beside the committed recordings: %s" % ", ".join(sorted(left)))
        self.cell("Recordings/*.sqlite", "read in place", body)


def sidecars(path):
    return {path + "-wal", path + "-shm", path + "-journal"}


def temporaries(directory, name):
    prefix = "." + name + ".navsim-"
    return {os.path.join(directory, n) for n in os.listdir(directory) if n.startswith(prefix)}


def matrix(results, commands, hazards):
    lines = ["| command | " + " | ".join(hazards) + " |",
             "|---|" + "---|" * len(hazards)]
    for command in commands:
        cells = []
        for hazard in hazards:
            result = results.get((command, hazard), "-")
            cells.append("ok" if result == "pass" else ("skip" if result.startswith("skip")
                                                         else ("FAIL" if result != "-" else "-")))
        lines.append("| `%s` | %s |" % (command, " | ".join(cells)))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--navsim", required=True)
    parser.add_argument("--only", default="")
    parser.add_argument("--matrix", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the scratch directory")
    options = parser.parse_args()
    started = time.monotonic()
    suite = Suite(os.path.abspath(options.navsim))
    try:
        suite.prepare()
        suite.committed_recordings()
        for spec in WRITERS:
            if options.only in spec.name:
                suite.writer_cells(spec)
        for spec in READERS:
            if options.only in spec.name:
                suite.reader_cells(spec)
        suite.committed_recordings()
    finally:
        if not options.keep:
            for directory, names, _ in os.walk(suite.base):
                for name in names:
                    os.chmod(os.path.join(directory, name), 0o755)
            shutil.rmtree(suite.base, ignore_errors=True)
    results = suite.results
    passed = sum(1 for r in results.values() if r == "pass")
    skipped = sum(1 for r in results.values() if r.startswith("skip"))
    failed = [(k, r) for k, r in results.items() if r.startswith("FAIL")]
    if options.matrix:
        print()
        print(matrix(results, [s.name for s in WRITERS], WRITER_HAZARDS))
        print()
        print(matrix(results, [s.name for s in READERS], READER_HAZARDS))
    print("\nhazards: %d cells, %d passed, %d skipped, %d failed in %.0f s"
          % (len(results), passed, skipped, len(failed), time.monotonic() - started))
    for (command, hazard), result in sorted(failed):
        print("  %s / %s: %s" % (command, hazard, result))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
