"""compare.py BASE NEW FIRST_SEED COUNT JOBS KIWI: runs the LP oracle's seeded scripts, the stored
oracle systems and kiwi-diff's scripts through two solver runners and compares their output
line for line (see tools/solver-identity/run)."""
import glob
import multiprocessing
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "../.."))
sys.path.insert(0, os.path.join(ROOT, "tools/lp-oracle"))
sys.path.insert(0, os.path.join(ROOT, "tools/kiwi-diff"))
import oracle_systems  # noqa: E402


def run(binary, script):
    done = subprocess.run([binary], input=script, capture_output=True, text=True, timeout=600)
    return done.stdout + f"\nexit {done.returncode}"


def compare(job):
    base, new, name, script = job
    a, b = run(base, script), run(new, script)
    if a == b:
        return name, None, a.count("\nvalues ")
    for number, (x, y) in enumerate(zip(a.splitlines(), b.splitlines()), start=1):
        if x != y:
            return name, f"output line {number}: base '{x[:120]}', new '{y[:120]}'", 0
    return name, "one output is longer", 0


def main():
    base, new, first, count, jobs, kiwi = sys.argv[1:7]
    first, count, jobs, kiwi = int(first), int(count), int(jobs), int(kiwi)
    import kiwi_diff  # kiwisolver is imported with it: the venv's python runs this
    work = [(base, new, f"oracle seed {s}", oracle_systems.generate(s))
            for s in range(first, first + count)]
    stored = sorted(glob.glob(os.path.join(ROOT, "Tests/ConstraintSolverTests/OracleSystems/*.calls")))
    for path in stored:
        with open(path) as file:
            text = file.read()
        work.append((base, new, os.path.relpath(path, ROOT), text.rstrip("\n") + "\n"))
    work += [(base, new, f"kiwi-diff seed {s}", kiwi_diff.generate(s))
             for s in range(30_000, 30_000 + kiwi)]
    differ = solves = 0
    with multiprocessing.Pool(jobs) as pool:
        for name, difference, checked in pool.imap(compare, work, chunksize=4):
            solves += checked
            if difference:
                differ += 1
                print(f"{name}: {difference}", flush=True)
    print(f"solver-identity: {count} oracle seeds from {first}, {len(stored)} stored systems, "
          f"{kiwi} kiwi-diff seeds: {len(work) - differ} identical, {differ} differ "
          f"({solves} solves)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
