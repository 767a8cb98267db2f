"""Times kiwisolver on the benchmark scripts that `navsim-bench solver --emit` writes.

Usage: kiwi_time.py SCRIPT...   prints `<case> <seconds>` per script: the best of the
case's `repeats`, measured around the solver calls only (those after the `timed` line;
constraint objects are built and the setup calls made before the clock starts).
"""

import sys

import kiwisolver

import solver_script as ss


def main():
    for path in sys.argv[1:]:
        with open(path) as file:
            label, ops = ss.parse_systems(file.read())[0]
        print(f"{label} {ss.time_ops(kiwisolver, ops)!r}", flush=True)


if __name__ == "__main__":
    main()
