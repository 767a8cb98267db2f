"""The hazard suite's cells for commands that write a directory of outputs (`demo --out`,
`explore --out`): each file there is replaced whole, the user's own files are kept, a file in
the way, a missing parent or a read-only directory is refused, a killed run leaves every
output old or new, and a second writer is refused while the first writes."""
import os
import shutil
import sqlite3
import tempfile
import time

from suite import CellFailure

DIRECTORY_HAZARDS = ["existing directory", "file in the way", "missing parent",
                     "read-only directory", "SIGKILL mid-run", "two writers"]
USER_FILES = {"keep.txt": b"the user's notes\n", "sub/keep.txt": b"more notes\n"}


def put_user_files(directory):
    os.makedirs(directory + "/sub", exist_ok=True)
    for name, data in USER_FILES.items():
        with open(os.path.join(directory, name), "wb") as handle:
            handle.write(data)


def content(path, world):
    """What a file holds, with `world` written WORLD: an SQLite file's dump (its rows; a
    store names the log it replayed by its absolute path), any other file's bytes."""
    with open(path, "rb") as handle:
        data = handle.read()
    if not data.startswith(b"SQLite format 3\0"):
        return data.replace(world.encode(), b"WORLD")
    scratch = tempfile.mkdtemp()
    try:
        shutil.copy(path, scratch + "/db")
        connection = sqlite3.connect(scratch + "/db")
        if connection.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            return b"damaged"
        dump = "\n".join(connection.iterdump())
        connection.close()
        return dump.replace(world, "WORLD").encode()
    finally:
        shutil.rmtree(scratch)


def outputs(directory, world):
    """Every file in `directory` but the user's: name -> content."""
    found = {}
    for root, _, files in os.walk(directory):
        for name in files:
            relative = os.path.relpath(os.path.join(root, name), directory)
            if relative not in USER_FILES:
                found[relative] = content(os.path.join(root, name), world)
    return found


class DirectoryCells:
    """Mixed into the suite: `directory_cells(spec)` runs a directory writer's cells."""

    def directory_cells(self, spec):
        name = spec.name
        reference = {}

        def existing_directory():
            # Also the reference run: what a clean run writes, and how long it takes.
            world = self.world()
            out = world + "/out/results"
            put_user_files(out)
            before = self.snapshot(world)
            status, _, err, seconds = self.run(spec.args(world + "/in", out), world)
            if status not in (0, 1):
                raise CellFailure("exit %d: %s" % (status, err.strip()[:300]))
            spec.status = status
            self.check_clean(err)
            reference.update(files=outputs(out, world), seconds=seconds)
            if not reference["files"]:
                raise CellFailure("wrote nothing")
            created = {os.path.join(out, n) for n in reference["files"]}
            self.expect_unchanged(before, world, allowed=created)

        def refused(make, as_nobody=False):
            world = self.world()
            out = make(world)
            before = self.snapshot(world)
            status, _, err, _ = self.run(spec.args(world + "/in", out), world,
                                         as_nobody=as_nobody)
            self.check_refusal(status, err, out)
            self.expect_unchanged(before, world)

        def file_in_the_way():
            def make(world):
                with open(world + "/out/results", "w") as handle:
                    handle.write("a file\n")
                return world + "/out/results"
            refused(make)

        def missing_parent():
            refused(lambda world: world + "/out/missing/results")

        def read_only_directory():
            def make(world):
                put_user_files(world + "/out/results")
                os.chmod(world + "/out/results", 0o555)
                return world + "/out/results"
            refused(make, as_nobody=True)

        def old_outputs(world, out):
            """The outputs of an earlier run, with other content: SQLite files are a log or
            a store from the fixtures, others a line of text."""
            put_user_files(out)
            for relative in reference["files"]:
                path = os.path.join(out, relative)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                if relative.endswith(".sqlite"):
                    fixture = "store.sqlite" if "snapshots" in relative else "log.sqlite"
                    shutil.copy(world + "/in/" + fixture, path)
                else:
                    with open(path, "w") as handle:
                        handle.write("old content\n")
            return {relative: content(os.path.join(out, relative), world)
                    for relative in reference["files"]}

        def killed():
            if not reference:
                return "skip: no clean run"
            exercised = kills(reference["seconds"])
            if not exercised:
                # Every run had finished before its kill: the clean run the points are taken
                # of was slower than these (a loaded machine). Once more, after a fresh one.
                world = self.world()
                out = world + "/out/results"  # as the first clean run: timed alike
                put_user_files(out)
                status, _, err, seconds = self.run(spec.args(world + "/in", out), world)
                if status != spec.status:
                    raise CellFailure("a clean run: exit %d: %s" % (status, err.strip()[:300]))
                exercised = kills(seconds)
            if not exercised:
                raise CellFailure("not exercised: every run had finished before its kill")

        def kills(seconds):
            """Kills a run at each kill point of `seconds`; how many ended a running one."""
            exercised = 0
            for point in spec.kill_points:
                world = self.world()
                out = world + "/out/results"
                old = old_outputs(world, out)
                before = self.snapshot(world)
                process = self.start(spec.args(world + "/in", out), world)
                time.sleep(seconds * point)
                exercised += self.kill(process, name, point)
                created = {os.path.join(out, n) for n in reference["files"]}
                problems = self.changes(before, self.snapshot(world), allowed=created)
                if problems:
                    raise CellFailure("killed at %d%%: %s" % (point * 100, "; ".join(problems)))
                for relative, now in outputs(out, world).items():
                    if now not in (old.get(relative), reference["files"].get(relative)):
                        raise CellFailure("killed at %d%%: %s is neither the old file nor the "
                                          "new one" % (point * 100, relative))
            return exercised

        def two_writers():
            if not reference:
                return "skip: no clean run"
            world = self.world()
            out = world + "/out/results"
            put_user_files(out)
            before = self.snapshot(world)
            first = self.start(spec.args(world + "/in", out), world)
            second = self.start(spec.args(world + "/in", out), world)
            results = [self.finish(p) for p in (first, second)]
            for status, err in results:
                if status != spec.status:
                    self.check_refusal(status, err, out)
            if all(status != spec.status for status, _ in results):
                raise CellFailure("neither writer succeeded: %s" % [e for _, e in results])
            if outputs(out, world) != reference["files"]:
                raise CellFailure("the outputs are not one clean run's")
            created = {os.path.join(out, n) for n in reference["files"]}
            self.expect_unchanged(before, world, allowed=created)

        cells = [existing_directory, file_in_the_way, missing_parent, read_only_directory,
                 killed, two_writers]
        for hazard, body in zip(DIRECTORY_HAZARDS, cells):
            self.cell(name, hazard, body)
