"""The commands the hazard suite drives: every command that writes a file, every command that
reads a log or a snapshot store. Paths: `i` is the directory of inputs (fixtures: log.sqlite,
store.sqlite with runs a and b, log.jsonl, sizes.sqlite with viewSize events, scenario.json,
other.sqlite), `out` the output path under test. `library()` is the suite's recording library
on the PostgreSQL test server (holding log.sqlite's recording as recording 1), when one runs."""
import os


def library():
    """The suite's recording library (a database on NAVSIM_TEST_POSTGRES_URL's server)."""
    return os.environ.get("NAVSIM_HAZARDS_LIBRARY", "")


class Writer:
    def __init__(self, name, args, output_name, self_input, kind="file", status=0,
                 appends=False, symlink_status=0, uses_library=False):
        self.name = name
        self.uses_library = uses_library  # needs the PostgreSQL test server
        self.args = args
        self.output_name = output_name
        # The input given as the output in "input as output" (None: it reads no file).
        self.self_input = self_input
        self.kind = kind  # "file": replaced whole; "store": an SQLite file written in place
        self.status = status  # a clean run's exit status (set from one: 0, or 1 for findings)
        self.appends = appends  # a store that takes more: the old one is a clean run's output
        self.symlink_status = symlink_status


class Reader:
    def __init__(self, name, args, input, status=0, live_writer=None, live_status=0,
                 live_keeps_input=False, output_name=None, uses_library=False):
        self.name = name
        self.uses_library = uses_library  # needs the PostgreSQL test server
        self.args = args  # (inputs directory, output path or None) -> arguments
        self.input = input  # the file under test, in the inputs directory
        # A reader that also writes a file (a report, a picture, a profile) writes it in a
        # fresh directory outside the cell's world: the world holds only inputs, so "nothing
        # changed" still means no input changed and nothing was made beside one.
        self.output_name = output_name
        self.status = status
        self.live_writer = live_writer  # a command that writes the input while this reads
        self.live_status = live_status  # also accepted while the input is being written
        self.live_keeps_input = live_keeps_input  # the live writer appends to the fixture


WRITERS = [
    Writer("report --html", lambda i, out: ["report", i + "/store.sqlite", "a", "--html", out],
           "report.html", "store.sqlite"),
    Writer("diff --html",
           lambda i, out: ["diff", i + "/store.sqlite", "a", "b", "--html", out],
           "diff.html", "store.sqlite"),
    Writer("render --svg",
           lambda i, out: ["render", i + "/store.sqlite", "a", "--seq", "5", "--svg", out],
           "frame.svg", "store.sqlite"),
    Writer("render --png",
           lambda i, out: ["render", i + "/store.sqlite", "a", "--seq", "5", "--png", out],
           "frame.png", "store.sqlite"),
    Writer("check --junit",
           lambda i, out: ["check", i + "/log.sqlite", "--delegate", "complete", "--jobs", "1",
                           "--junit", out],
           "junit.xml", "log.sqlite"),
    Writer("check --sarif",
           lambda i, out: ["check", i + "/log.sqlite", "--delegate", "complete", "--jobs", "1",
                           "--sarif", out],
           "check.sarif", "log.sqlite"),
    Writer("runs export --out",
           lambda i, out: ["runs", i + "/store.sqlite", "export", "a", "--out", out],
           "run.jsonl", "store.sqlite"),
    Writer("log export --out",
           lambda i, out: ["log", "export", i + "/log.sqlite", "--out", out],
           "export.jsonl", "log.sqlite"),
    Writer("profile fit --out",
           lambda i, out: ["profile", "fit", i + "/sizes.sqlite", "--out", out],
           "profile.json", "sizes.sqlite"),
    Writer("merge", lambda i, out: ["merge", out, i + "/store.sqlite"],
           "merged.sqlite", "store.sqlite", kind="store", appends=True),
    Writer("log import --out",
           lambda i, out: ["log", "import", i + "/log.jsonl", "--out", out],
           "imported.sqlite", "log.jsonl", kind="store", appends=True),
    Writer("log redact --out",
           lambda i, out: ["log", "redact", i + "/log.sqlite", "--out", out],
           "redacted.sqlite", "log.sqlite", kind="store", symlink_status=2),
    Writer("record --out",
           lambda i, out: ["record", "--scenario", i + "/scenario.json", "--out", out],
           "trip.sqlite", "scenario.json", kind="store", appends=True),
    Writer("replay --snapshots",
           lambda i, out: ["replay", i + "/log.sqlite", "--delegate", "basic", "--snapshots", out,
                           "--label", "z"],
           "snapshots.sqlite", "log.sqlite", kind="store"),
    Writer("log pull --out", lambda i, out: ["log", "pull", library(), "1", "--out", out],
           "pulled.sqlite", None, kind="store", appends=True, uses_library=True),
]


def recording(i, path):
    """Records the fixture scenario into `path` in wall time, for about two seconds."""
    return ["record", "--scenario", i + "/scenario.json", "--speed-multiplier", "300",
            "--out", path]


def replaying(i, path):
    """Adds a run to the store at `path`."""
    return ["replay", i + "/log.sqlite", "--delegate", "basic", "--snapshots", path,
            "--label", "live"]


READERS = [
    Reader("log info", lambda i, out: ["log", "info", i + "/log.sqlite"], "log.sqlite",
           live_writer=recording),
    Reader("log events", lambda i, out: ["log", "events", i + "/log.sqlite", "--limit", "5"],
           "log.sqlite", live_writer=recording),
    Reader("log export", lambda i, out: ["log", "export", i + "/log.sqlite"], "log.sqlite",
           live_writer=recording),
    Reader("replay", lambda i, out: ["replay", i + "/log.sqlite", "--delegate", "basic"],
           "log.sqlite", live_writer=recording),
    Reader("lint", lambda i, out: ["lint", i + "/log.sqlite", "--delegate", "complete"],
           "log.sqlite", live_writer=recording),
    Reader("check",
           lambda i, out: ["check", i + "/log.sqlite", "--delegate", "complete", "--jobs", "1"],
           "log.sqlite", live_writer=recording),
    Reader("runs list", lambda i, out: ["runs", i + "/store.sqlite"], "store.sqlite",
           live_writer=replaying, live_keeps_input=True),
    Reader("diff", lambda i, out: ["diff", i + "/store.sqlite", "a", "b"], "store.sqlite",
           live_writer=replaying, live_keeps_input=True),
    Reader("report",
           lambda i, out: ["report", i + "/store.sqlite", "a", "--html", out], "store.sqlite",
           live_writer=replaying, live_keeps_input=True, output_name="report.html"),
    Reader("render",
           lambda i, out: ["render", i + "/store.sqlite", "a", "--seq", "5", "--svg", out],
           "store.sqlite", live_writer=replaying, live_keeps_input=True,
           output_name="frame.svg"),
    Reader("profile fit",
           lambda i, out: ["profile", "fit", i + "/sizes.sqlite", "--out", out], "sizes.sqlite",
           live_writer=recording, live_keeps_input=True, output_name="profile.json"),
    Reader("log push", lambda i, out: ["log", "push", i + "/log.sqlite", library()],
           "log.sqlite", live_writer=recording, uses_library=True),
]


class DirectoryWriter:
    def __init__(self, name, args, kill_points):
        self.name = name
        self.args = args  # (inputs directory, output directory) -> arguments
        self.kill_points = kill_points  # fractions of a clean run's duration
        self.status = 0  # a clean run's exit status (set from one)


# Commands that write a directory of outputs. explore runs one trip of the broken delegate:
# its 17 findings, each shrunk and written as a log, a scenario and a report.
DIRECTORY_WRITERS = [
    DirectoryWriter("demo --out", lambda i, out: ["demo", "--out", out], [0.2, 0.5, 0.8]),
    DirectoryWriter("explore --out",
                    lambda i, out: ["explore", "--delegate", "broken", "--budget", "1",
                                    "--jobs", "1", "--out", out], [0.4, 0.7]),
]
