"""Solver scripts: the shared language of tools/kiwi-diff and tools/bench-solver.

A script is the text that `navsim-bench solver --script` reads (its grammar is documented
in tools/Benchmarks/BenchSolver+Script.swift). This module parses scripts, runs them through
kiwisolver with the same output format, and evaluates a run's objective.
"""

import math
import subprocess
import sys
import time

REQUIRED = 1001001000.0


def clip_strength(value):
    """Kiwi's and NavSim's clipping of a constraint strength to [0, required]."""
    return max(0.0, min(REQUIRED, value))


# MARK: - Parsing


class Op:
    """One script line, parsed."""

    __slots__ = ("verb", "args", "line")

    def __init__(self, verb, args, line):
        self.verb = verb
        self.args = args
        self.line = line


def parse_systems(text):
    """Splits a script into systems: a list of (label, [Op])."""
    systems = []
    current = None
    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split()
        if not words:
            continue
        verb = words[0]
        if verb == "system":
            current = (" ".join(words[1:]), [])
            systems.append(current)
            continue
        if current is None:
            raise ValueError(f"line {number}: '{verb}' before 'system'")
        if verb == "var":
            args = (int(words[1]),)
        elif verb == "add":
            terms = [(int(words[i]), float(words[i + 1])) for i in range(5, len(words) - 1, 2)]
            args = (int(words[1]), words[2], float(words[3]), float(words[4]), terms)
        elif verb in ("remove",):
            args = (int(words[1]),)
        elif verb in ("update", "suggest", "edit"):
            args = (int(words[1]), float(words[2]))
        elif verb == "unedit":
            args = (int(words[1]),)
        elif verb in ("solve", "end", "timed", "dump", "reset"):
            args = ()
        elif verb == "repeats":
            args = (int(words[1]),)
        else:
            raise ValueError(f"line {number}: unknown verb '{verb}'")
        current[1].append(Op(verb, args, number))
    return systems


def fmt(value):
    """A float as Swift's `description` would print it (shortest round trip)."""
    text = repr(float(value))
    return text


# MARK: - Running through Kiwi


class KiwiRun:
    """Runs one system's ops through kiwisolver, producing NavSim's output lines.

    Kiwi has no `updateConstant`: `update` removes the constraint and adds one with the new
    constant; if that is unsatisfiable the old one is added back (status `unsatisfiable`).

    kiwisolver 1.5.1 is left pivoted (not re-optimised, sometimes violating required
    constraints, sometimes aborting later) after an unsatisfiable `addConstraint`, so with
    `clean=True` the run rebuilds its Kiwi solver from the constraints and edits in force
    after each one: the reference is then Kiwi's optimum for the same constraints.
    """

    def __init__(self, kiwi, ops, clean=True):
        self.kiwi = kiwi
        self.ops = ops
        self.clean = clean
        self.solver = kiwi.Solver()
        self.variables = []
        self.definitions = {}
        self.constraints = {}
        self.order = []      # ids of the constraints in force, in order of addition
        self.edits = {}      # variable index -> [strength, suggested]
        self.rebuilds = 0
        self.emit = None     # called with each output line as soon as it exists

    def rebuild(self):
        """A fresh Kiwi solver with the constraints and edits in force."""
        self.rebuilds += 1
        self.solver = self.kiwi.Solver()
        for cid in self.order:
            self.solver.addConstraint(self.constraints[cid])
        for index, (strength, suggested) in self.edits.items():
            self.solver.addEditVariable(self.variables[index], strength)
            self.solver.suggestValue(self.variables[index], suggested)

    def make(self, definition, constant):
        relation, strength, _, terms = definition
        expression = constant
        for index, coefficient in terms:
            expression = expression + coefficient * self.variables[index]
        if not isinstance(expression, self.kiwi.Expression):
            expression = self.kiwi.Expression([], expression)
        if relation == "le":
            constraint = expression <= 0
        elif relation == "eq":
            constraint = expression == 0
        else:
            constraint = expression >= 0
        return constraint | strength

    def status(self, call):
        k = self.kiwi
        try:
            call()
            return "ok"
        except k.UnsatisfiableConstraint:
            return "unsatisfiable"
        except k.DuplicateConstraint:
            return "error duplicate-constraint"
        except k.UnknownConstraint:
            return "error unknown-constraint"
        except k.DuplicateEditVariable:
            return "error duplicate-edit-variable"
        except k.UnknownEditVariable:
            return "error unknown-edit-variable"
        except k.BadRequiredStrength:
            return "error required-edit-strength"
        except Exception:  # noqa: BLE001 - Kiwi's internal errors
            return "error internal"

    def update(self, cid, constant):
        old = self.constraints.get(cid)
        if old is None or not self.solver.hasConstraint(old):
            raise self.kiwi.UnknownConstraint(old)
        definition = self.definitions[cid]
        new = self.make(definition, constant)
        self.solver.removeConstraint(old)
        try:
            self.solver.addConstraint(new)
        except self.kiwi.UnsatisfiableConstraint:
            self.solver.addConstraint(old)
            raise
        self.constraints[cid] = new

    def run(self):
        out = []
        if self.emit is not None:
            def append(line, out=out):
                out.append(line)
                self.emit(line)
            out_append = append
        else:
            out_append = out.append
        for op in self.ops:
            verb, args = op.verb, op.args
            solver = self.solver
            status = None
            if verb == "var":
                self.variables = [self.kiwi.Variable(f"x{i}") for i in range(args[0])]
            elif verb == "add":
                cid, relation, strength, constant, terms = args
                self.definitions[cid] = (relation, strength, constant, terms)
                c = self.make(self.definitions[cid], constant)
                self.constraints[cid] = c
                status = self.status(lambda: solver.addConstraint(c))
                if status == "ok":
                    self.order.append(cid)
            elif verb == "remove":
                c = self.constraints.get(args[0])
                status = self.status(lambda: solver.removeConstraint(c))
                if status == "ok":
                    self.order.remove(args[0])
            elif verb == "update":
                status = self.status(lambda: self.update(*args))
            elif verb == "edit":
                v = self.variables[args[0]]
                status = self.status(lambda: solver.addEditVariable(v, args[1]))
                if status == "ok":
                    self.edits[args[0]] = [args[1], 0.0]
            elif verb == "unedit":
                v = self.variables[args[0]]
                status = self.status(lambda: solver.removeEditVariable(v))
                if status == "ok":
                    del self.edits[args[0]]
            elif verb == "suggest":
                v = self.variables[args[0]]
                status = self.status(lambda: solver.suggestValue(v, args[1]))
                if status == "ok":
                    self.edits[args[0]][1] = args[1]
            elif verb == "solve":
                solver.updateVariables()
                out_append("values " + " ".join(fmt(v.value()) for v in self.variables))
            elif verb == "end":
                out_append("end")
            if status is not None:
                out_append(f"{verb} {args[0]} {status}")
                if status == "unsatisfiable" and self.clean:
                    self.rebuild()
        return out


# MARK: - Evaluating a run


class Evaluation:
    """What one side's output means: per solve, the objective and the worst required miss."""

    def __init__(self):
        self.statuses = []       # "<verb> <id> <status>" lines, in order
        self.objectives = []     # (objective, noise scale) per solve
        self.violations = []     # worst relative violation of a required constraint per solve
        self.solve_status_counts = []  # how many status lines preceded each solve


def evaluate(ops, lines):
    """Replays `ops` with the statuses in `lines` (one side's output, without the `system`
    line) and evaluates every `values` line against the constraints then in force."""
    result = Evaluation()
    definitions = {}
    active = {}     # id -> (relation, strength, constant, terms)
    edits = {}      # variable -> [strength, suggested]
    position = 0
    for op in ops:
        if op.verb in ("var", "end", "timed", "repeats", "dump"):
            if op.verb == "end" and position < len(lines):
                position += 1
            continue
        if position >= len(lines):
            break
        line = lines[position]
        position += 1
        if op.verb == "solve":
            values = [float(v) for v in line.split()[1:]]
            objective, scale, worst = measure(values, active, edits)
            result.objectives.append((objective, scale))
            result.violations.append(worst)
            result.solve_status_counts.append(len(result.statuses))
            continue
        result.statuses.append(line)
        ok = line.endswith(" ok")
        args = op.args
        if op.verb == "add":
            cid, relation, strength, constant, terms = args
            definitions[cid] = (relation, clip_strength(strength), constant, terms)
            if ok:
                active[cid] = definitions[cid]
        elif op.verb == "remove" and ok:
            active.pop(args[0], None)
        elif op.verb == "update" and ok:
            relation, strength, _, terms = active[args[0]]
            active[args[0]] = (relation, strength, args[1], terms)
        elif op.verb == "edit" and ok:
            edits[args[0]] = [clip_strength(args[1]), 0.0]
        elif op.verb == "unedit" and ok:
            edits.pop(args[0], None)
        elif op.verb == "suggest" and ok:
            edits[args[0]][1] = args[1]
    return result


def measure(values, active, edits):
    """(weighted error of non-required constraints, its rounding scale, worst relative
    violation of a required constraint)."""
    objective = 0.0
    scale = 0.0
    worst = 0.0
    for relation, strength, constant, terms in active.values():
        value = constant
        magnitude = abs(constant)
        for index, coefficient in terms:
            product = coefficient * values[index]
            value += product
            magnitude = max(magnitude, abs(product))
        if relation == "eq":
            error = abs(value)
        elif relation == "le":
            error = max(0.0, value)
        else:
            error = max(0.0, -value)
        if strength >= REQUIRED:
            worst = max(worst, error / max(1.0, magnitude))
        else:
            objective += strength * error
            scale += strength * max(1.0, magnitude)
    for index, (strength, suggested) in edits.items():
        objective += strength * abs(values[index] - suggested)
        scale += strength * max(1.0, abs(suggested), abs(values[index]))
    return objective, scale, worst


def time_ops(kiwi, ops):
    """Best-of-`repeats` seconds Kiwi spends in the calls after the `timed` line of `ops`.

    Constraint objects are built and the setup calls run before the clock starts; the timed
    loop makes only solver calls (and the Python loop around them)."""
    repeats = next((op.args[0] for op in ops if op.verb == "repeats"), 1)
    best = math.inf
    for _ in range(repeats):
        variables = []
        setup, calls = [], []
        current = setup
        solver = kiwi.Solver()
        runner = KiwiRun(kiwi, [])
        constraints = {}
        for op in ops:
            if op.verb == "var":
                variables = [kiwi.Variable(f"x{i}") for i in range(op.args[0])]
                runner.variables = variables
            elif op.verb == "timed":
                current = calls
            elif op.verb == "add":
                cid, relation, strength, constant, terms = op.args
                if cid not in constraints:
                    constraints[cid] = runner.make((relation, strength, constant, terms), constant)
                current.append((solver.addConstraint, constraints[cid]))
            elif op.verb == "remove":
                current.append((solver.removeConstraint, constraints[op.args[0]]))
            elif op.verb == "edit":
                current.append((solver.addEditVariable, (variables[op.args[0]], op.args[1])))
            elif op.verb == "suggest":
                current.append((solver.suggestValue, (variables[op.args[0]], op.args[1])))
            elif op.verb == "solve":
                current.append((solver.updateVariables, None))
            elif op.verb == "reset":
                current.append((solver.reset, None))
            elif op.verb in ("unedit", "update"):
                raise ValueError(f"line {op.line}: '{op.verb}' is not timed")
        run_calls(setup)
        start = time.perf_counter()
        run_calls(calls)
        best = min(best, time.perf_counter() - start)
    return best


def run_calls(calls):
    """Makes the calls; one that Kiwi refuses (a false `UnsatisfiableConstraint` on a
    redundant constraint, or an internal error) is skipped, as the timing is what counts."""
    for function, argument in calls:
        try:
            if argument is None:
                function()
            elif type(argument) is tuple:
                function(*argument)
            else:
                function(argument)
        except Exception:  # noqa: BLE001 - see above
            pass


# MARK: - Running NavSim


def run_navsim(bench, script, tool):
    """NavSim's output lines per system, from one `navsim-bench solver --script` run; exits
    with a message naming `tool` when the benchmark fails."""
    done = subprocess.run([bench, "solver", "--script"], input=script, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"{tool}: navsim-bench failed ({done.returncode}): {done.stderr.strip()}")
    systems = []
    for line in done.stdout.splitlines():
        if line.startswith("system "):
            systems.append([])
        else:
            systems[-1].append(line)
    return systems
