"""Exact oracle: NavSim's ConstraintSolver against linear programming (scipy's HiGHS).

Runs seeded random systems (oracle_systems.py: 30 x 250 on even seeds, 60 x 600 on odd ones)
through `navsim-bench solver --script`, one process per system with a CPU-time limit, so a
crash or a hang costs that system only and is reported with its seed; checks every answer
against the LP (oracle_check.py). `--jobs N` checks chunks of seeds in N worker processes;
results are merged and printed in seed order, so the output does not depend on N (except
timings).

Usage: lp_oracle.py --bench BINARY [--systems N] [--seed S] [--step D] | [--fresh BLOCK]
                    | [--seeds S1,S2,...] | [--files FILE...]
                    [--jobs N] [--chunk K] [--timeout SECONDS]
                    [--show K] [--per-system K] [--progress K] [--known-failures S1,...]
                    [--json FILE] [--emit FILE]
Seeds below 1 000 000 are the development range (CI's slice is 0...38 even).
`--files` checks stored systems, such as the ones the Swift tests keep in
Tests/ConstraintSolverTests/OracleSystems. `--fresh B` runs block B: seeds B x 1 000 000 ...
B x 1 000 000 + 9 999 (both sizes), which CI, tests and development runs never use; once a
campaign has been looked at, the next campaign takes the next block.
Exit status: 0 when every system passes (known failures aside), 1 when one fails, 2 on bad
usage.
"""

import argparse
import json
import math
import multiprocessing
import os
import resource
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle_check as oc  # noqa: E402
import oracle_systems as osy  # noqa: E402

FRESH_BLOCK = 1_000_000
FRESH_SYSTEMS = 10_000

# MARK: - One system


class Result:
    """One seed's outcome: failures (oracle_check.Failure), borderline notes, NavSim's CPU
    seconds."""

    __slots__ = ("seed", "size", "failures", "notes", "seconds", "stats")

    def __init__(self, seed, size, failures, notes, seconds, stats):
        self.seed = seed
        self.size = size
        self.failures = failures
        self.notes = notes
        self.seconds = seconds
        self.stats = stats  # this system's oracle_check.Stats


def limit_cpu(seconds):
    """For the child: SIGXCPU after `seconds` of CPU time (SIGKILL 2 s later), no core file."""
    def apply():
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 2))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_bench(bench, script, timeout):
    """NavSim's output lines for one system (without its `system` line), a crash or timeout
    Failure or None, the CPU seconds it took and its internal errors' messages. `timeout`
    limits CPU time (so a loaded machine does not turn slow systems into timeouts); a wall
    clock limit of 3 x timeout + 30 s catches a process that waits instead. Lines printed
    before a crash or a kill are kept; a last line cut short is dropped."""
    cpu = math.ceil(timeout)
    before = children_cpu()
    try:
        done = subprocess.run([bench, "solver", "--script"], input=script, capture_output=True,
                              text=True, timeout=3 * cpu + 30, check=False,
                              preexec_fn=limit_cpu(cpu))
        out, err, failure = done.stdout, done.stderr, None
        # SIGXCPU at the soft limit; SIGKILL at the hard one (the process ignored SIGXCPU).
        if done.returncode == -signal.SIGXCPU or (done.returncode == -signal.SIGKILL
                                                  and children_cpu() - before >= 0.9 * cpu):
            failure = oc.Failure("timeout", 0, f"navsim-bench used more than {cpu} s of CPU "
                                 f"on the system (killed)")
        elif done.returncode != 0:
            how = (f"killed by signal {-done.returncode}" if done.returncode < 0
                   else f"exited with status {done.returncode}")
            last = err.strip().splitlines()[-1:] or ["no message"]
            failure = oc.Failure("crash", 0, f"navsim-bench {how}: {last[0][:200]}")
    except subprocess.TimeoutExpired as expired:
        out, err = expired.stdout or "", expired.stderr or ""
        if isinstance(out, bytes):
            out = out.decode("utf-8", "replace")
        if isinstance(err, bytes):
            err = err.decode("utf-8", "replace")
        failure = oc.Failure("timeout", 0, f"navsim-bench did not finish in {3 * cpu + 30} s "
                             f"(wall clock)")
    except OSError as error:
        raise RuntimeError(f"lp-oracle: cannot run {bench}: {error}") from error
    lines = out.split("\n")
    lines.pop()  # the text after the last newline: empty, or a line cut short
    if lines and lines[0].startswith("system "):
        lines = lines[1:]
    return lines, failure, children_cpu() - before, internal_errors(err)


def internal_errors(stderr):
    """navsim-bench's messages for its `error internal` statuses, in order."""
    marker = "internal solver error: "
    return [line.split(marker, 1)[1] for line in (stderr or "").splitlines() if marker in line]


def check_seed(bench, seed, timeout, script=None):
    """Checks seed's system, or `script` (a stored file's text, checked by
    `stored_script`) in place of the generated calls."""
    system = osy.System(seed)
    if script is not None:
        system.script = script
    stats = oc.Stats()
    lines, stopped, seconds, messages = run_bench(bench, system.script, timeout)
    try:
        failures, notes = oc.check_system(system, lines, stats, messages)
    except Exception as error:  # noqa: BLE001 - an oracle bug names its seed, not the run
        failures, notes = [oc.Failure("oracle-error", 0, f"{type(error).__name__}: {error}")], []
    if stopped is not None:
        # The output ends where NavSim stopped: that is the crash or timeout, not bad output.
        failures = [f for f in failures if not (f.kind == "bad-output" and "ends" in f.message)]
        failures.append(stopped)
    return Result(seed, system.size, failures, notes, seconds, stats)


def check_chunk(job):
    """Worker: (bench, seeds, timeout, scripts) -> [Result]; `scripts` maps a seed to a stored
    file's calls (--files), else the seed's generated system is checked."""
    bench, seeds, timeout, scripts = job
    return [check_seed(bench, seed, timeout, scripts.get(seed)) for seed in seeds]


def stored_script(path):
    """Reads a stored system (`system SEED`, `var N`, calls: the tests keep the systems that
    once failed this way) -> (seed, script). Its calls must be the seed's generated calls, cut
    short anywhere and optionally followed by one `solve`, so the generator's knowledge of the
    system (its redundant equalities) holds for it."""
    try:
        with open(path) as file:
            lines = file.read().split("\n")
    except OSError as error:
        raise ValueError(f"{path}: cannot read: {error.strerror}") from error
    if lines and lines[-1] == "":
        lines.pop()
    words = lines[0].split() if lines else []
    if len(words) != 2 or words[0] != "system" or not words[1].isdigit():
        raise ValueError(f"{path}:1: expected 'system SEED'")
    seed = int(words[1])
    generated = osy.System(seed).script.split("\n")
    for number, line in enumerate(lines, 1):
        last = number == len(lines)
        if number > len(generated) or line != generated[number - 1]:
            if not (last and line == "solve" and number > 2):
                raise ValueError(f"{path}:{number}: not line {number} of seed {seed}'s system "
                                 f"('{line[:40]}')")
    return seed, "\n".join(lines) + "\n"


# MARK: - Campaign


class Campaign:
    """Merges chunk results in seed order and prints failures as they come."""

    def __init__(self, seeds, options):
        self.seeds = seeds
        self.options = options
        self.known = {int(w) for w in options.known_failures.split(",") if w.strip()}
        self.stats = oc.Stats()
        self.done = 0
        self.failed = []        # (Result) of failing seeds, in seed order
        self.known_failed = []
        self.sizes = {}         # "30 x 250" -> systems
        self.by_size = {}       # "30 x 250" -> [Stats, passed, failed]
        self.kinds = {kind: [0, 0] for kind in oc.KINDS}  # kind -> [systems, checks]
        self.navsim_seconds = 0.0
        self.slowest = (0.0, None)
        self.started = time.monotonic()

    def add(self, results):
        for result in results:
            self.done += 1
            self.stats.merge(result.stats)
            size = f"{result.size[0]} x {result.size[1]}"
            self.sizes[size] = self.sizes.get(size, 0) + 1
            part = self.by_size.setdefault(size, [oc.Stats(), 0, 0])
            part[0].merge(result.stats)
            part[1 if not result.failures or result.seed in self.known else 2] += 1
            self.navsim_seconds += result.seconds
            if result.seconds > self.slowest[0]:
                self.slowest = (result.seconds, result.seed)
            for note in result.notes:
                print(f"  system {result.seed}: {note}")
            if not result.failures:
                continue
            if result.seed in self.known:
                self.known_failed.append(result)
                first = result.failures[0]
                print(f"  system {result.seed}: known failure ({len(result.failures)} checks), "
                      f"first: line {first.line}: {first.kind}: {first.message}")
                continue
            self.failed.append(result)
            for kind in sorted({f.kind for f in result.failures}, key=oc.KINDS.index):
                self.kinds[kind][0] += 1
            for failure in result.failures:
                self.kinds[failure.kind][1] += 1
            if len(self.failed) > self.options.show:
                continue
            count = len(result.failures)
            print(f"  system {result.seed} ({size}): {count} failed check"
                  f"{'s' if count > 1 else ''}")
            for failure in result.failures[:self.options.per_system]:
                where = f"line {failure.line}: " if failure.line else ""
                print(f"    {where}{failure.kind}: {failure.message}")
            if count > self.options.per_system:
                print(f"    ... and {count - self.options.per_system} more")
        sys.stdout.flush()

    def progress(self):
        elapsed = time.monotonic() - self.started
        left = elapsed / self.done * (len(self.seeds) - self.done) if self.done else 0.0
        print(f"lp-oracle: {self.done}/{len(self.seeds)} systems, {len(self.failed)} failed "
              f"({elapsed:.0f} s, about {left:.0f} s left)", file=sys.stderr, flush=True)

    def summary(self):
        s, seeds = self.stats, self.seeds
        wall = time.monotonic() - self.started
        span = (f"seeds {seeds[0]}...{seeds[-1]}" if len(seeds) > 1 else f"seed {seeds[0]}")
        sizes = ", ".join(f"{count} of {size}" for size, count in sorted(self.sizes.items()))
        required, r_seed, r_line = s.worst_required
        gap, g_seed, g_line, mine, best = s.worst_objective
        lines = [
            f"lp-oracle: {len(seeds)} systems ({span}; {sizes}), {s.calls} calls, {s.solves} "
            f"solves",
            f"lp-oracle: {s.feasibility_checks} required adds/updates checked ({s.certified} "
            f"proved feasible by a known point), {s.infeasible} infeasible, {s.borderline} "
            f"borderline; redundant consistent equalities: {s.redundant_checked} added, "
            f"{s.redundant_accepted} accepted",
            f"lp-oracle: worst required violation {required:.3g} (relative"
            + (f", system {r_seed} line {r_line}" if r_seed is not None else "") + "); "
            f"worst objective gap {gap:.3g}"
            + (f" (system {g_seed} line {g_line}: {mine!r} vs LP {best!r})"
               if g_seed is not None else ""),
            f"lp-oracle: feasible sets' least violation at most {s.worst_feasible:.3g}, "
            f"infeasible ones' at least {s.least_infeasible:.3g}",
        ]
        if len(self.by_size) > 1:
            for size, (part, passed, failed) in sorted(self.by_size.items()):
                worst, seed, line = part.worst_required
                gap, gap_seed, gap_line = part.worst_objective[:3]
                lines.append(f"lp-oracle: {size}: {passed} passed, {failed} failed; worst "
                             f"required violation {worst:.3g}"
                             + (f" (system {seed} line {line})" if seed is not None else "")
                             + f", worst objective gap {gap:.3g}"
                             + (f" (system {gap_seed} line {gap_line})"
                                if gap_seed is not None else "")
                             + f", {part.borderline} borderline")
        by_kind = [f"{kind} {systems} systems ({checks} checks)"
                   for kind, (systems, checks) in self.kinds.items() if systems]
        lines.append("lp-oracle: failures by kind: " + ("; ".join(by_kind) or "none"))
        if len(self.failed) > self.options.show:
            lines.append(f"lp-oracle: {len(self.failed) - self.options.show} more failed "
                         f"systems not printed (--show, --json)")
        if self.failed:
            shown = [str(r.seed) for r in self.failed[:40]]
            more = len(self.failed) - len(shown)
            lines.append("lp-oracle: failed seeds: " + ", ".join(shown)
                         + (f" and {more} more" if more else ""))
        fixed = sorted(self.known & set(seeds) - {r.seed for r in self.known_failed})
        if fixed:
            lines.append("lp-oracle: known failures that now pass (drop them from "
                         f"--known-failures): {', '.join(map(str, fixed))}")
        slowest, slow_seed = self.slowest
        lines.append(f"lp-oracle: navsim-bench {self.navsim_seconds:.1f} s of CPU in total "
                     f"(most: system {slow_seed}, {slowest:.1f} s); wall time {wall:.0f} s with "
                     f"{self.options.jobs} job{'s' if self.options.jobs > 1 else ''}")
        passed = len(seeds) - len(self.failed) - len(self.known_failed)
        lines.append(f"{passed} passed, {len(self.failed)} failed"
                     + (f", {len(self.known_failed)} known failures" if self.known_failed else ""))
        return lines, wall

    def json(self, wall):
        s = self.stats
        required, r_seed, r_line = s.worst_required
        gap, g_seed, g_line, mine, best = s.worst_objective

        def failed(result):
            return {"seed": result.seed, "size": list(result.size),
                    "kinds": sorted({f.kind for f in result.failures}, key=oc.KINDS.index),
                    "failures": [{"kind": f.kind, "line": f.line, "message": f.message}
                                 for f in result.failures[:20]],
                    "failure_count": len(result.failures)}

        return {
            "seeds": self.seeds[:1] + self.seeds[-1:], "systems": len(self.seeds),
            "sizes": self.sizes, "calls": s.calls, "solves": s.solves,
            "by_size": {size: {"passed": passed, "failed": failed,
                               "worst_required": list(part.worst_required),
                               "worst_objective_gap": list(part.worst_objective[:3]),
                               "borderline": part.borderline}
                        for size, (part, passed, failed) in sorted(self.by_size.items())},
            "required_checked": s.feasibility_checks, "proved_by_point": s.certified,
            "infeasible": s.infeasible, "borderline": s.borderline,
            "redundant_equalities": {"added": s.redundant_checked,
                                     "accepted": s.redundant_accepted},
            "worst_required": {"value": required, "seed": r_seed, "line": r_line},
            "worst_objective_gap": {"value": gap, "seed": g_seed, "line": g_line,
                                    "navsim": mine, "lp": best},
            "worst_feasible_least_violation": s.worst_feasible,
            "least_infeasible_violation": (None if s.least_infeasible == float("inf")
                                           else s.least_infeasible),
            "failures_by_kind": {kind: {"systems": n, "checks": m}
                                 for kind, (n, m) in self.kinds.items() if n},
            "passed": len(self.seeds) - len(self.failed) - len(self.known_failed),
            "failed": [failed(r) for r in self.failed],
            "known_failures": [failed(r) for r in self.known_failed],
            "navsim_cpu_seconds": round(self.navsim_seconds, 3),
            "wall_seconds": round(wall, 3), "jobs": self.options.jobs,
            "timeout_seconds": self.options.timeout,
        }


# MARK: - Command line


def parse(argv):
    parser = argparse.ArgumentParser(prog="lp-oracle", description=__doc__.splitlines()[0])
    parser.add_argument("--bench", required=True, help="the navsim-bench binary")
    parser.add_argument("--systems", type=int, help="how many systems (default 60; with "
                        f"--fresh {FRESH_SYSTEMS})")
    parser.add_argument("--seed", type=int, default=1, help="first seed; systems use seed+i*step")
    parser.add_argument("--step", type=int, default=1,
                        help="seed step (2 from an even seed: only 30 x 250 systems)")
    parser.add_argument("--fresh", type=int, metavar="BLOCK",
                        help=f"seeds BLOCK*{FRESH_BLOCK} ... + {FRESH_SYSTEMS - 1}, never used "
                             "by CI or tests")
    parser.add_argument("--seeds", metavar="S1,S2,...", help="exactly these seeds")
    parser.add_argument("--files", nargs="+", metavar="FILE",
                        help="stored systems (system SEED, var N, calls) instead of seeds")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--chunk", type=int, default=10, help="seeds per worker task")
    parser.add_argument("--timeout", type=float, default=10.0,
                        help="CPU seconds navsim-bench may take on one system (default 10: "
                             "a release build takes at most 1.6 on a 60 x 600 system that "
                             "does not blow up; raise it for debug builds)")
    parser.add_argument("--show", type=int, default=50,
                        help="failed systems to print (default 50; all are in --json)")
    parser.add_argument("--per-system", type=int, default=3, metavar="K",
                        help="failures to print per failed system (default 3)")
    parser.add_argument("--progress", type=int, default=100, metavar="K",
                        help="a progress line (stderr) every K systems; 0: none")
    parser.add_argument("--known-failures", default="", metavar="SEEDS",
                        help="comma-separated seeds known to fail (open issue 17): reported, "
                             "not counted; one that passes is reported too")
    parser.add_argument("--json", metavar="FILE", help="also write the summary as JSON")
    parser.add_argument("--emit", metavar="FILE", help="write the scripts to FILE and stop")
    options = parser.parse_args(argv)
    if options.fresh is not None and (options.seeds or options.fresh < 1):
        parser.error("--fresh takes a block number >= 1 and no --seeds")
    if options.jobs < 1 or options.chunk < 1 or options.timeout <= 0:
        parser.error("--jobs, --chunk and --timeout must be positive")
    options.scripts = {}
    if options.files:
        if options.seeds or options.fresh is not None:
            parser.error("--files takes no --seeds or --fresh")
        try:
            stored = [stored_script(path) for path in options.files]
        except ValueError as error:
            parser.error(str(error))
        seeds = [seed for seed, _ in stored]
        if len(set(seeds)) != len(seeds):
            parser.error("--files: two files hold the same seed")
        options.scripts = dict(stored)
    elif options.seeds:
        try:
            seeds = [int(w) for w in options.seeds.split(",") if w.strip()]
        except ValueError:
            parser.error(f"--seeds: not a list of integers: '{options.seeds}'")
    elif options.fresh is not None:
        count = FRESH_SYSTEMS if options.systems is None else options.systems
        if count > FRESH_SYSTEMS:
            parser.error(f"--fresh: a block has {FRESH_SYSTEMS} seeds")
        seeds = [options.fresh * FRESH_BLOCK + i for i in range(count)]
    else:
        count = 60 if options.systems is None else options.systems
        seeds = [options.seed + i * options.step for i in range(count)]
    if not seeds:
        parser.error("no seeds")
    return options, seeds


def write_atomically(path, text):
    temporary = f"{path}.tmp{os.getpid()}"
    with open(temporary, "w") as file:
        file.write(text)
    os.replace(temporary, path)


def main(argv=None):
    options, seeds = parse(sys.argv[1:] if argv is None else argv)
    if options.emit:
        write_atomically(options.emit, "".join(osy.generate(seed) for seed in seeds))
        return 0
    if not os.access(options.bench, os.X_OK):
        sys.exit(f"lp-oracle: {options.bench}: not an executable navsim-bench")
    campaign = Campaign(seeds, options)
    jobs = [(options.bench, seeds[i:i + options.chunk], options.timeout,
             {seed: options.scripts[seed] for seed in seeds[i:i + options.chunk]
              if seed in options.scripts})
            for i in range(0, len(seeds), options.chunk)]
    next_progress = options.progress
    pool = multiprocessing.Pool(options.jobs) if options.jobs > 1 else None
    try:
        for results in (pool.imap(check_chunk, jobs) if pool else map(check_chunk, jobs)):
            campaign.add(results)
            if options.progress and campaign.done >= next_progress:
                campaign.progress()
                while next_progress <= campaign.done:
                    next_progress += options.progress
        if pool:
            pool.close()
    finally:
        if pool:
            pool.terminate()  # after close(): waits for nothing; on an exception: stops workers
            pool.join()
    lines, wall = campaign.summary()
    print("\n".join(lines))
    if options.json:
        write_atomically(options.json, json.dumps(campaign.json(wall), indent=2) + "\n")
    return 1 if campaign.failed else 0


if __name__ == "__main__":
    sys.exit(main())
