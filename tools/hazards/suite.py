"""The hazard suite's machinery: running navsim (as nobody, under a file-size limit),
fresh copies of the fixtures, snapshots of every file, and the checks every cell makes."""
import hashlib
import os
import pwd
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


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Internal text that must never reach a user: SQL, Foundation's error domains and wording
# ("“x” couldn’t be removed because..."), raw ids and result codes, temporary-file names,
# crash output.
FORBIDDEN = re.compile(
    r"PRAGMA|NSCocoaErrorDomain|Error Domain|couldn[’']t be|“|application_id|0x[0-9a-fA-F]{4,}"
    r"|\.tmp\b|navsim-partial|navsim-pull|\(code \d+\)|SQLITE_|Fatal error|Stack dump|backtrace"
    r"|Swift runtime|\.swift:\d+")
WRITER_HAZARDS = ["existing directory", "read-only directory", "input as output", "symlink",
                  "missing parent", "ulimit -f", "SIGKILL mid-write", "two writers"]
READER_HAZARDS = ["read-only file", "read-only directory", "another user", "zero bytes",
                  "truncated", "non-NavSim SQLite", "future schema", "being written"]
KILL_POINTS = [0.1, 0.3, 0.5, 0.7, 0.85, 0.95]  # fractions of a clean run's duration


class CellFailure(Exception):
    pass


class SuiteBase:
    def __init__(self, navsim):
        self.navsim = navsim
        self.is_root = os.geteuid() == 0
        self.base = tempfile.mkdtemp(prefix="navsim-hazards-")
        os.chmod(self.base, 0o755)
        # As root the suite runs navsim as `nobody`, who must reach this folder: a $TMPDIR in a
        # checkout under a private folder (.ci/run puts it in the checkout) can't be reached.
        if self.is_root and not self.nobody_reaches(self.base):
            sys.stderr.write("hazards: nobody can't reach %s; using /tmp instead\n" % self.base)
            os.rmdir(self.base)
            self.base = tempfile.mkdtemp(prefix="navsim-hazards-", dir="/tmp")
            os.chmod(self.base, 0o755)
        self.fixtures = os.path.join(self.base, "fixtures")
        os.mkdir(self.fixtures)
        self.worlds = 0  # cell folders made so far
        self.output_folders = 0  # readers' output folders made so far
        self.kills = 0  # runs SIGKILL ended
        self.unexercised = []  # (command, percent): the run had finished before the kill
        self.leftovers = []  # killed runs that left a temporary file for the next run
        self.outlived = []  # readers that had the file open when its writer closed it
        self.results = {}  # (command, hazard) -> "pass" | "skip: why" | "FAIL: why"

    @staticmethod
    def nobody_reaches(path):
        nobody = pwd.getpwnam("nobody")
        return subprocess.run(
            ["setpriv", "--reuid=%d" % nobody.pw_uid, "--regid=%d" % nobody.pw_gid,
             "--clear-groups", "test", "-x", path], cwd="/").returncode == 0

    # MARK: - Running navsim

    # A hung command fails its cell after this long. Generous: a clean run takes seconds (the
    # slowest, explore, about ten), a loaded 2-core CI machine several times that.
    TIMEOUT = 300

    def run(self, args, cwd, as_nobody=False, limit=None, timeout=TIMEOUT):
        command = [self.navsim] + args
        if as_nobody and self.is_root:
            nobody = pwd.getpwnam("nobody")
            command = ["setpriv", "--reuid=%d" % nobody.pw_uid, "--regid=%d" % nobody.pw_gid,
                       "--clear-groups"] + command

        def limits():
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

        env = self.environment()
        if as_nobody and self.is_root:
            # Another user has a temporary directory of its own: commands that spill to scratch
            # files (`report --html` on a long run) write them there, not in ours.
            env["TMPDIR"] = self.nobody_tmp()
        started = time.monotonic()
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                              preexec_fn=limits, env=env)
        return done.returncode, done.stdout, done.stderr, time.monotonic() - started

    def start(self, args, cwd):
        return subprocess.Popen([self.navsim] + args, cwd=cwd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=self.environment())

    def nobody_tmp(self):
        """A temporary directory `nobody` may write in (sticky, as /tmp), outside every cell's
        world, made on first use."""
        path = os.path.join(self.base, "tmp-nobody")
        if not os.path.isdir(path):
            os.mkdir(path)
            os.chmod(path, 0o1777)
        return path

    @staticmethod
    def environment():
        env = dict(os.environ)
        env["COLUMNS"] = "80"
        return env

    # MARK: - Fixtures

    def prepare(self):
        # `nobody` must be able to run the binary: a checkout under /root is not. Then a copy.
        if self.is_root and self.run(["--version"], self.base, as_nobody=True)[0] != 0:
            copy = os.path.join(self.base, "navsim")
            shutil.copy(self.navsim, copy)
            os.chmod(copy, 0o755)
            self.navsim = copy
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

    def start_library(self):
        """A fresh database on the PostgreSQL test server (`tools/postgres-test-server.sh`,
        NAVSIM_TEST_POSTGRES_URL) holding log.sqlite's recording: the library `log push` and
        `log pull` use. Without a server their cells are skipped."""
        url = os.environ.get("NAVSIM_TEST_POSTGRES_URL", "")
        if not url or not shutil.which("psql"):
            return
        name = "navsim_hazards_%d" % os.getpid()
        for sql in ("DROP DATABASE IF EXISTS %s" % name, "CREATE DATABASE %s" % name):
            subprocess.run(["psql", url, "-qc", sql], check=True, capture_output=True)
        scheme, rest = url.split("://", 1)
        authority = re.match(r"[^/?]*", rest).group(0)
        query = rest[rest.index("?"):] if "?" in rest else ""
        self.library_admin, self.library_name = url, name
        os.environ["NAVSIM_HAZARDS_LIBRARY"] = "%s://%s/%s%s" % (scheme, authority, name, query)
        status, _, err, _ = self.run(
            ["log", "push", self.fixtures + "/log.sqlite", os.environ["NAVSIM_HAZARDS_LIBRARY"]],
            self.base)
        if status != 0:
            sys.exit("hazards: pushing the fixture log to the library failed: %s" % err)

    def stop_library(self):
        if getattr(self, "library_name", None):
            subprocess.run(["psql", self.library_admin, "-qc",
                            "DROP DATABASE IF EXISTS %s WITH (FORCE)" % self.library_name],
                           capture_output=True)

    def world(self):
        """A fresh copy of the fixtures: in/ holds the inputs, out/ is where outputs go."""
        # Numbered, not random: a random name can spell internal text ("cell-r0x8024c" once
        # failed a cell), and a numbered one names the same folder on every run.
        self.worlds += 1
        world = os.path.join(self.base, "cell-%04d" % self.worlds)
        os.mkdir(world, 0o755)
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

    def check_refusal(self, status, err, path, expected=2):
        if status != expected:
            raise CellFailure("exit %d, expected %d: %s" % (status, expected, err.strip()[:200]))
        lines = err.strip().splitlines()
        if len(lines) != 1:
            raise CellFailure("%d lines on stderr, expected one: %r" % (len(lines), err[:300]))
        if path not in lines[0]:
            raise CellFailure("error does not name %s: %s" % (path, lines[0]))
        self.check_clean(err)

    def check_clean(self, text):
        """Fails the cell when `text` shows internal text. The suite's own folder is masked
        first: its random name is ours, not navsim's (it could spell "0x8024c")."""
        for base in (self.base, os.path.realpath(self.base)):  # as given, and links resolved
            text = text.replace(base, "<base>")
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


    def kill(self, process, command, point):
        """SIGKILLs `process` and reaps it. Returns whether the kill ended a running process;
        one that had already finished is listed as not exercised."""
        if process.poll() is None:
            process.kill()
        process.communicate()
        if process.returncode == -signal.SIGKILL:
            self.kills += 1
            return True
        self.unexercised.append((command, int(point * 100)))
        return False

    def finish(self, process):
        """Waits for a started run, reading its output as it comes (unread, a full pipe would
        hold it): its exit status and standard error. A hung run is killed at the timeout."""
        try:
            _, err = process.communicate(timeout=self.TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise
        return process.returncode, err

    def cell(self, command, hazard, body):
        key = (command, hazard)
        try:
            outcome = body()
            self.results[key] = outcome or "pass"
        except CellFailure as failure:
            self.results[key] = "FAIL: %s" % failure
        except subprocess.TimeoutExpired:
            self.results[key] = "FAIL: timed out"
        except OSError as error:  # what the command left is not what the cell expects at all
            self.results[key] = "FAIL: %s" % error
        mark = "ok  " if self.results[key] == "pass" else self.results[key][:4]
        print("%s %-28s %-22s %s" % (mark, command, hazard,
                                     "" if self.results[key] == "pass" else self.results[key]))
        sys.stdout.flush()

    def expect_unchanged(self, before, world, allowed=()):
        problems = self.changes(before, self.snapshot(world), set(allowed))
        if problems:
            raise CellFailure("; ".join(problems[:4]))

def sidecars(path):
    return {path + "-wal", path + "-shm", path + "-journal"}


def temporaries(directory, name):
    prefix = "." + name + ".navsim-"
    return {os.path.join(directory, n) for n in os.listdir(directory) if n.startswith(prefix)}


def holds_open(pid, path):
    """Whether the running process `pid` has the file at `path` open (Linux: /proc; False
    elsewhere, and for a process that ended)."""
    target = os.path.realpath(path)
    try:
        descriptors = os.listdir("/proc/%d/fd" % pid)
    except OSError:
        return False
    for descriptor in descriptors:
        try:
            if os.readlink("/proc/%d/fd/%s" % (pid, descriptor)) == target:
                return True
        except OSError:  # closed since the listing
            pass
    return False
