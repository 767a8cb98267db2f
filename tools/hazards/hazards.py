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
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time

sys.dont_write_bytecode = True  # nothing written into the checkout

from directories import DIRECTORY_HAZARDS, DirectoryCells
from specs import DIRECTORY_WRITERS, READERS, WRITERS
from suite import (
    KILL_POINTS, READER_HAZARDS, ROOT, WRITER_HAZARDS, CellFailure, SuiteBase, holds_open,
    sidecars, temporaries,
)


class Suite(SuiteBase, DirectoryCells):
    def reference_run(self, spec):
        """A clean run of a writer: its output's bytes, for comparing, and its duration. A
        failed one fails the cell it runs in."""
        world = self.world()
        out = world + "/out/" + spec.output_name
        status, stdout, err, seconds = self.run(spec.args(world + "/in", out), world)
        if status not in (0, 1):  # 1: findings or differences, which are not failures here
            raise CellFailure("a clean run failed (exit %d): %s" % (status, err.strip()[:300]))
        spec.status = status
        data = open(out, "rb").read() if spec.kind == "file" else None
        return {"bytes": data, "seconds": seconds, "world": world}

    def writer_cells(self, spec):
        if self.without_library(spec, WRITER_HAZARDS):
            return
        try:
            ref = self.reference_run(spec)
        except CellFailure as failure:  # no cell of this writer can run
            sys.exit("hazards: %s: %s" % (spec.name, failure))
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
            if spec.self_input is None:
                return "skip: it reads a server, no file"
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
            if spec.kind == "file":  # a store is made anew: an existing one may take nothing
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
            exercised = kills(ref["seconds"])
            if not exercised:
                # Every run had finished before its kill: the clean run the points are taken
                # of was slower than these (a loaded machine). Once more, after a fresh one.
                exercised = kills(self.reference_run(spec)["seconds"])
            if not exercised:
                raise CellFailure("not exercised: every run had finished before its kill")

        def kills(seconds):
            """Kills a run at each of KILL_POINTS of `seconds`; how many ended a running one."""
            exercised = 0
            for point in KILL_POINTS:
                world = self.world()
                out = world + "/out/" + spec.output_name
                prepare_old(world, out)
                before = self.snapshot(world)
                old = open(out, "rb").read() if os.path.exists(out) else None
                process = self.start(spec.args(world + "/in", out), world)
                time.sleep(seconds * point)
                exercised += self.kill(process, spec.name, point)
                allowed = {out} | temporaries(world + "/out", spec.output_name)
                if spec.kind == "store":
                    allowed |= sidecars(out)
                problems = self.changes(before, self.snapshot(world), allowed)
                if problems:
                    raise CellFailure("killed at %d%%: %s" % (point * 100, "; ".join(problems)))
                if spec.kind == "file" and os.path.exists(out):
                    now = open(out, "rb").read()
                    if now not in (old, ref["bytes"]):
                        raise CellFailure("killed at %d%%: a torn file" % (point * 100))
                if spec.kind == "store" and os.path.exists(out) and not self.sqlite_intact(out):
                    raise CellFailure("killed at %d%%: a damaged store" % (point * 100))
                if temporaries(world + "/out", spec.output_name):
                    # The killed run's hidden temporary file (killed in the instant between
                    # naming it and renaming it): the next run of the same output removes it.
                    self.leftovers.append(spec.name)
                    status, _, err, _ = self.run(spec.args(world + "/in", out), world)
                    left = temporaries(world + "/out", spec.output_name)
                    if status != spec.status or left:
                        raise CellFailure("the next run left %s (exit %d)" % (left, status))
            return exercised

        def two_writers():
            world = self.world()
            out = world + "/out/" + spec.output_name
            prepare_old(world, out)
            before = self.snapshot(world)
            first = self.start(spec.args(world + "/in", out), world)
            second = self.start(spec.args(world + "/in", out), world)
            results = [self.finish(p) for p in (first, second)]
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
            # Two processes writing one store (merge writes into it in place) may close at the
            # same moment, and then neither can take the lock SQLite needs to delete its WAL
            # and shared-memory files: they stay beside the store, already checkpointed or
            # folded in by the next open (`sqlite_intact` read the store with its WAL). Seen
            # once in a loaded CI run; nothing else may appear.
            companions = {out + "-wal", out + "-shm"} if spec.kind == "store" else set()
            self.expect_unchanged(before, world, allowed={out} | companions)

        cells = [existing_directory, read_only_directory, input_as_output, symlink, missing_parent,
                 file_size_limit, killed, two_writers]
        for hazard, body in zip(WRITER_HAZARDS, cells):
            self.cell(name, hazard, body)

    def without_library(self, spec, hazards):
        """Skips `spec`'s cells when it needs the PostgreSQL test server and none runs."""
        if spec.uses_library and not os.environ.get("NAVSIM_HAZARDS_LIBRARY"):
            for hazard in hazards:
                self.cell(spec.name, hazard,
                          lambda: "skip: no PostgreSQL test server (NAVSIM_TEST_POSTGRES_URL)")
            return True
        return False

    def reader_run(self, spec, world):
        """`spec`'s arguments for `world`'s inputs, its output path (in a fresh directory
        outside `world` that anyone may write, or None), and a function that replaces both
        directories in a text."""
        out = None
        if spec.output_name:
            # Numbered, as the cells' folders are: a random name could spell internal text.
            self.output_folders += 1
            directory = os.path.join(self.base, "output-%04d" % self.output_folders)
            os.mkdir(directory)
            os.chmod(directory, 0o777)
            out = directory + "/" + spec.output_name

        def neutral(text):
            text = text.replace(world, "WORLD")
            return text.replace(os.path.dirname(out), "OUTPUT") if out else text
        return spec.args(world + "/in", out), out, neutral

    @staticmethod
    def written(out):
        """The files in the output directory `out` is in: name -> bytes."""
        if out is None:
            return {}
        directory = os.path.dirname(out)
        return {name: open(os.path.join(directory, name), "rb").read()
                for name in sorted(os.listdir(directory))}

    def reader_cells(self, spec):
        if self.without_library(spec, READER_HAZARDS):
            return
        name = spec.name
        world = self.world()
        args, out, neutral = self.reader_run(spec, world)
        status0, stdout0, err0, _ = self.run(args, world)
        stdout0 = neutral(stdout0)
        if status0 not in (0, 1):
            sys.exit("hazards: a clean run of %s failed (exit %d): %s" % (name, status0, err0))
        spec.status = status0
        written0 = self.written(out)
        if spec.output_name and list(written0) != [spec.output_name]:
            sys.exit("hazards: a clean run of %s wrote %s" % (name, sorted(written0)))

        def succeeds(world, as_nobody):
            before = self.snapshot(world)
            args, out, neutral = self.reader_run(spec, world)
            status, stdout, err, _ = self.run(args, world, as_nobody=as_nobody)
            if status != spec.status:
                raise CellFailure("exit %d: %s" % (status, err.strip()[:300]))
            self.check_clean(err)
            if neutral(stdout) != stdout0:
                raise CellFailure("the output differs from a run in a writable place")
            if self.written(out) != written0:
                raise CellFailure("the file written differs from a run in a writable place")
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
            args, out, _ = self.reader_run(spec, world)
            status, _, err, _ = self.run(args, world)
            self.check_refusal(status, err, path)
            self.expect_unchanged(before, world)
            if self.written(out):
                raise CellFailure("wrote %s from a bad input" % ", ".join(self.written(out)))

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
            deadline = time.monotonic() + 60
            while not os.path.exists(path + "-wal") and writer.poll() is None:
                if time.monotonic() > deadline:
                    writer.kill()
                    writer.communicate()
                    raise CellFailure("the writer never started")
                time.sleep(0.02)
            time.sleep(0.2)
            args, out, _ = self.reader_run(spec, world)
            # A writer that closes the file last removes the -wal and -shm. One that closed it
            # while the reader had it open could not, nor could the read-only reader after it
            # (docs/reliability.md): they stay until the next writer closes the file. A reader
            # slower than the rest of the recording does that (a loaded machine): excused only
            # when the writer's end was seen while the reader held the file open.
            status, err, alone = self.read_while_written(args, world, writer, path)
            writer_status, writer_err = self.finish(writer)
            if status not in (spec.status, spec.live_status):
                raise CellFailure("reader exit %d: %s" % (status, err.strip()[:300]))
            if status == 2:
                self.check_refusal(status, err, path)
            self.check_clean(err)
            if writer_status != 0:
                raise CellFailure("the writer failed (exit %d): %s" % (writer_status, writer_err))
            wrote = list(self.written(out))
            if out and wrote != ([spec.output_name] if status in (0, 1) else []):
                raise CellFailure("exit %d, and the output directory holds %s" % (status, wrote))
            left = [path + suffix for suffix in ("-wal", "-shm") if os.path.exists(path + suffix)]
            if left and not alone:
                self.outlived.append(name)  # what the next writer's close does, then
                closing = sqlite3.connect(path)
                intact = closing.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
                closing.close()
                if not intact:
                    raise CellFailure("the file is damaged once the writer closed")
                left = [companion for companion in left if os.path.exists(companion)]
                if left:
                    raise CellFailure("-wal/-shm left after the next writer closed the file")
            elif left:
                raise CellFailure("-wal/-shm left once the writer closed")

        cells = [read_only_file, read_only_directory, another_user, zero_bytes, truncated,
                 non_navsim, future_schema, being_written]
        for hazard, body in zip(READER_HAZARDS, cells):
            self.cell(name, hazard, body)

    def read_while_written(self, args, world, writer, path):
        """Runs a reader while `writer` writes `path`: its exit status and standard error,
        and False only when the writer was seen to end while the reader held `path` open."""
        reader = self.start(args, world)
        ended = {}

        def wait():
            try:
                ended["result"] = self.finish(reader)
            except subprocess.TimeoutExpired as error:
                ended["error"] = error
        waiter = threading.Thread(target=wait)
        waiter.start()
        alone = True
        while waiter.is_alive():
            if alone and writer.returncode is None:
                held = holds_open(reader.pid, path)
                if writer.poll() is not None and held and holds_open(reader.pid, path):
                    alone = False
            waiter.join(0.01)
        if "error" in ended:
            raise ended["error"]
        status, err = ended["result"]
        return status, err, alone

    def goldens_cell(self):
        """`goldens --delete` where this user may not delete: one line naming the golden file,
        no Foundation text, nothing deleted."""
        def body():
            world = self.world()
            golden = world + "/tests/A/__Golden__"
            os.makedirs(golden)
            for name in ("used.txt", "stale.txt"):
                with open(os.path.join(golden, name), "w") as handle:
                    handle.write("event 1 t=0.000 x\n")
            with open(world + "/used.txt", "w") as handle:
                handle.write(golden + "/used.txt\n")
            os.chmod(golden, 0o555)
            before = self.snapshot(world)
            status, _, err, _ = self.run(["goldens", world + "/used.txt", "tests", "--delete"],
                                         world, as_nobody=True)
            self.check_refusal(status, err, "tests/A/__Golden__/stale.txt")
            self.expect_unchanged(before, world)
        self.cell("goldens --delete", "read-only directory", body)

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
        suite.start_library()
        suite.committed_recordings()
        for spec in WRITERS:
            if options.only in spec.name:
                suite.writer_cells(spec)
        if options.only in "goldens --delete":
            suite.goldens_cell()
        for spec in DIRECTORY_WRITERS:
            if options.only in spec.name:
                suite.directory_cells(spec)
        for spec in READERS:
            if options.only in spec.name:
                suite.reader_cells(spec)
        suite.committed_recordings()
    finally:
        suite.stop_library()
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
        print(matrix(results, [s.name for s in DIRECTORY_WRITERS], DIRECTORY_HAZARDS))
        print()
        print(matrix(results, [s.name for s in READERS], READER_HAZARDS))
    print("\nhazards: %d cells, %d passed, %d skipped, %d failed in %.0f s"
          % (len(results), passed, skipped, len(failed), time.monotonic() - started))
    print("hazards: %d runs killed, %d left a temporary file that the next run removed%s"
          % (suite.kills, len(suite.leftovers),
             " (%s)" % ", ".join(sorted(suite.leftovers)) if suite.leftovers else ""))
    print("hazards: %d kills not exercised (the run had finished)%s"
          % (len(suite.unexercised),
             " (%s)" % ", ".join("%s at %d%%" % k for k in sorted(suite.unexercised))
             if suite.unexercised else ""))
    print("hazards: %d readers of a file being written outlived its writer%s"
          % (len(suite.outlived), " (%s: the -wal/-shm the writer left, the next writer "
             "removed)" % ", ".join(sorted(suite.outlived)) if suite.outlived else ""))
    for (command, hazard), result in sorted(failed):
        print("  %s / %s: %s" % (command, hazard, result))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
