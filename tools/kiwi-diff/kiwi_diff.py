"""Differential test: NavSim's ConstraintSolver against kiwisolver on seeded random systems.

For each system (random mixes of required and weighted constraints, removals, constant
updates, edit variables and suggestions, with a solve after every call) both solvers must
agree on which calls are unsatisfiable; NavSim must satisfy every required constraint within
1e-6 (relative to the constraint's largest term); and the objective both minimise - the
weighted error of the non-required constraints and edits - must match within a relative
1e-9 (of the objective, plus 1e-9 of each weighted constraint's magnitude, for rounding).
Kiwi runs in a forked child so that its known aborts cost one system, not the run.

Usage: kiwi_diff.py --bench BINARY [--systems N] [--seed S] [--scripts FILE...]
"""

import argparse
import json
import os
import random
import sys

import kiwisolver

import solver_script as ss

# MARK: - Generating systems

STRONG, MEDIUM, WEAK = 1e6, 1e3, 1.0


def create(a, b, c, w=1.0):
    return (max(0.0, min(1000.0, a * w)) * 1e6 + max(0.0, min(1000.0, b * w)) * 1e3
            + max(0.0, min(1000.0, c * w)))


def random_strength(rng):
    r = rng.random()
    if r < 0.40:
        return ss.REQUIRED
    if r < 0.55:
        return STRONG
    if r < 0.70:
        return MEDIUM
    if r < 0.82:
        return WEAK
    if r < 0.99:
        return create(rng.choice([0, 0, 1, 2.5]), rng.choice([0, 1, 10, 500]),
                      rng.choice([0, 1, 3, 999]))
    return create(999, 1000, 1000)  # close to required: Kiwi has trouble here


def random_coefficient(rng):
    if rng.random() < 0.8:
        return rng.choice([1.0, -1.0, 1.0, -1.0, 2.0, -2.0, 0.5, 3.0, -0.5, 1.5])
    return round(rng.uniform(-4, 4), 2) or 1.0


def random_constant(rng):
    if rng.random() < 0.7:
        return float(rng.randint(-100, 100))
    return round(rng.uniform(-500, 500), 3)


def generate(seed):
    """The script of system `seed`."""
    rng = random.Random(seed)
    count = rng.randint(2, 8)
    lines = [f"system {seed}", f"var {count}"]
    active = []
    edits = []
    next_id = 0
    for _ in range(rng.randint(4, 40)):
        r = rng.random()
        if r < 0.55 or not active:
            terms = []
            for _ in range(rng.choice([1, 1, 2, 2, 2, 3, 4])):
                terms.append(f"{rng.randrange(count)} {ss.fmt(random_coefficient(rng))}")
            relation = rng.choice(["le", "eq", "ge", "eq"])
            lines.append(f"add {next_id} {relation} {ss.fmt(random_strength(rng))} "
                         f"{ss.fmt(random_constant(rng))} " + " ".join(terms))
            active.append(next_id)
            next_id += 1
        elif r < 0.67:
            lines.append(f"remove {active.pop(rng.randrange(len(active)))}")
        elif r < 0.77:
            lines.append(f"update {rng.choice(active)} {ss.fmt(random_constant(rng))}")
        elif r < 0.84:
            v = rng.randrange(count)
            if v in edits:
                edits.remove(v)
                lines.append(f"unedit {v}")
            else:
                edits.append(v)
                strength = rng.choice([STRONG, MEDIUM, WEAK, create(0, 5, 0)])
                lines.append(f"edit {v} {ss.fmt(strength)}")
        elif edits:
            lines.append(f"suggest {rng.choice(edits)} {ss.fmt(random_constant(rng))}")
        else:
            continue
        lines.append("solve")
    lines.append("end")
    return "\n".join(lines) + "\n"


# MARK: - Running

def run_kiwi_isolated(systems):
    """Kiwi's output lines per system, and the set of systems whose run killed the process.

    A child process runs the systems and streams each output line as it is produced; when
    the child dies (kiwisolver 1.5.1 calls `std::terminate` on its internal errors), the
    crashed system keeps the lines it printed before the crash and a new child carries on
    with the next system."""
    results = [[] for _ in systems]
    crashed = set()
    start = 0
    while start < len(systems):
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)  # Kiwi's "terminate called after..." goes nowhere
            with os.fdopen(write_fd, "w") as pipe:
                for i in range(start, len(systems)):
                    run = ss.KiwiRun(kiwisolver, systems[i][1])
                    run.emit = lambda line, i=i: (pipe.write(f"{i} {line}\n"), pipe.flush())
                    run.run()
                    pipe.write(f"{i} done\n")
                    pipe.flush()
            os._exit(0)
        os.close(write_fd)
        last_done = start - 1
        with os.fdopen(read_fd) as pipe:
            for line in pipe:
                index, text = line.rstrip("\n").split(" ", 1)
                if text == "done":
                    last_done = int(index)
                else:
                    results[int(index)].append(text)
        os.waitpid(pid, 0)
        if last_done + 1 < len(systems):
            crashed.add(last_done + 1)
        start = last_done + 2
    return results, crashed




# MARK: - Comparing


def compare(label, ops, navsim_lines, kiwi_lines, kiwi_crashed, stats):
    """Checks one system; returns a list of failure messages."""
    failures = []
    mine = ss.evaluate(ops, navsim_lines)
    stats["solves"] += len(mine.objectives)
    stats["calls"] += len(mine.statuses)
    stats["unsatisfiable"] += sum(s.endswith("unsatisfiable") for s in mine.statuses)
    for status in mine.statuses:
        if " error " in status and not status.endswith("unknown-constraint"):
            failures.append(f"system {label}: NavSim error: {status}")
    for i, worst in enumerate(mine.violations):
        stats["worst_required"] = max(stats["worst_required"], worst)
        if worst > 1e-6:
            failures.append(f"system {label}: solve {i}: a required constraint is off by "
                            f"{worst:.3g} (relative)")
    if kiwi_crashed:
        stats["kiwi_crashed"] += 1  # compared up to the call that killed Kiwi
    theirs = ss.evaluate(ops, kiwi_lines)
    agreed = 0
    for a, b in zip(mine.statuses, theirs.statuses):
        if a != b:
            if b.endswith("error internal"):
                stats["kiwi_errors"] += 1
            else:
                failures.append(f"system {label}: NavSim '{a}' but Kiwi '{b}'")
            break
        agreed += 1
    for i, ((a, scale), (b, _)) in enumerate(zip(mine.objectives, theirs.objectives)):
        if mine.solve_status_counts[i] > agreed:
            break
        if theirs.violations[i] > 1e-6:
            stats["kiwi_infeasible"] += 1  # Kiwi's point breaks a required constraint
            continue
        difference = abs(a - b)
        tolerance = 1e-9 * max(abs(a), abs(b)) + 1e-9 * scale
        stats["objectives"] += 1
        stats["worst_objective"] = max(stats["worst_objective"],
                                       difference / max(abs(a), abs(b), 1.0))
        if difference > 1e-9 * max(abs(a), abs(b), 1.0):
            stats["beyond_plain"] += 1
            if difference > stats["beyond_plain_worst"][0]:
                stats["beyond_plain_worst"] = (difference, label, i, a, b)
        if a < b - tolerance:
            stats["navsim_better"] += 1
        if difference > tolerance:
            failures.append(f"system {label}: solve {i}: objective {a!r} (NavSim) vs {b!r} "
                            f"(Kiwi)")
            break
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", required=True, help="the navsim-bench binary")
    parser.add_argument("--systems", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1, help="first seed; systems use seed+i")
    parser.add_argument("--show", type=int, default=10, help="failures to print")
    parser.add_argument("--scripts", nargs="+", metavar="FILE",
                        help="compare these solver scripts instead of random systems")
    options = parser.parse_args()

    if options.scripts:
        scripts = [open(path).read() for path in options.scripts]
        systems = [system for text in scripts for system in ss.parse_systems(text)]
        seeds = [label for label, _ in systems]
        options.systems = len(systems)
    else:
        seeds = [options.seed + i for i in range(options.systems)]
        scripts = [generate(seed) for seed in seeds]
        systems = [(str(seed), ss.parse_systems(text)[0][1])
                   for seed, text in zip(seeds, scripts)]
    navsim = ss.run_navsim(options.bench, "".join(scripts), "kiwi-diff")
    if len(navsim) != len(systems):
        sys.exit(f"kiwi-diff: NavSim answered {len(navsim)} of {len(systems)} systems")
    kiwi, crashed = run_kiwi_isolated(systems)

    stats = dict(calls=0, solves=0, objectives=0, unsatisfiable=0, kiwi_crashed=0,
                 kiwi_errors=0, kiwi_infeasible=0, navsim_better=0, beyond_plain=0,
                 beyond_plain_worst=(0.0, None, 0, 0.0, 0.0), worst_required=0.0, worst_objective=0.0)
    failures = []
    for index, ((label, ops), mine, theirs) in enumerate(zip(systems, navsim, kiwi)):
        failures += compare(label, ops, mine, theirs, index in crashed, stats)

    print(f"kiwi-diff: {options.systems} systems ({seeds[0]}...{seeds[-1]}), "
          f"{stats['calls']} calls, {stats['unsatisfiable']} unsatisfiable, "
          f"{stats['objectives']} objectives compared")
    print(f"kiwi-diff: worst required violation {stats['worst_required']:.3g}, largest "
          f"objective difference {stats['worst_objective']:.3g} (of max(|objective|, 1)), "
          f"NavSim lower beyond tolerance {stats['navsim_better']} times")
    print(f"kiwi-diff: Kiwi crashed on {stats['kiwi_crashed']} systems and failed "
          f"internally on {stats['kiwi_errors']} (compared up to that call); its "
          f"solution broke a required constraint {stats['kiwi_infeasible']} times (skipped)")
    if stats["beyond_plain"]:
        _, label, solve, a, b = stats["beyond_plain_worst"]
        print(f"kiwi-diff: {stats['beyond_plain']} objectives differ by more than 1e-9 of "
              f"max(|objective|, 1) but within the rounding of their terms; largest: system "
              f"{label} solve {solve}: {a!r} vs {b!r}")
    for failure in failures[:options.show]:
        print("  " + failure)
    passed = options.systems - len({f.split(":")[0] for f in failures})
    print(f"{passed} passed, {options.systems - passed} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
