"""The LP oracle's verdicts: one system's NavSim output checked against exact LP (HiGHS).

Replaying a system's script with NavSim's answers:

* every required add or update must be accepted exactly when the required set it makes is
  feasible. Feasible means some point holds every required row within 1e-9 of the row's size
  (max(1, |constant|, |coefficients|)): a point NavSim or an earlier LP produced that does so
  proves it without an LP; otherwise a phase-one LP minimises the rows' total size-normalised
  violation: at most 1e-9 (or its point holding every row within 1e-9) is feasible, above 1e-6
  infeasible, in between "borderline" (counted and noted, no verdict);
* at every solve NavSim's point holds every required constraint within 1e-9 relative (of
  max(1, the row's largest term)), and its weighted error - the objective Cassowary
  minimises - equals the LP optimum over the same constraints within 1e-7 relative (of
  max(1, |optimum|)); a weighted constraint whose residual is within 1e-12 of its own
  largest term counts as met (rounding of values, not an error the solver chose). When the
  required set in force is feasible only within the borderline band (borderline accepts
  before it), the exact objective LP has no optimum: that solve's objective is noted as
  borderline, not judged; beyond the band it is "infeasible-in-force";
* a weighted add is never refused, NavSim reports no `error` status, and its output has one
  line per call and solve.

Each miss is a `Failure` of one kind (`KINDS`), naming the script line.
"""

import numpy as np
from scipy.optimize import linprog

from oracle_systems import ss

REQUIRED = ss.REQUIRED
FEASIBLE, INFEASIBLE = 1e-9, 1e-6
REQUIRED_TOLERANCE, OBJECTIVE_TOLERANCE = 1e-9, 1e-7
# A weighted constraint whose residual is within this of its own terms holds (double rounding
# of values near 1e3 after many pivots; 1e-12 is some 4 000 ulps).
NOISE = 1e-12
HIGHS = dict(primal_feasibility_tolerance=1e-9, dual_feasibility_tolerance=1e-9)
# Seconds HiGHS may spend on one LP before `solve_lp` tries the next options: with presolve at
# the tight tolerances it ran for over 20 minutes on one objective LP of 241 rows (fresh seed
# 2006087) that the other options solve at once.
TIME_LIMIT = 20.0

# Failure kinds, in the order summaries list them.
KINDS = (
    "wrong-refuse",         # NavSim refused a required add/update the LP finds feasible
    "wrong-accept",         # NavSim accepted one the LP finds infeasible
    "required-violation",   # a required constraint off by more than 1e-9 relative at a solve
    "objective-gap",        # weighted error above/below the LP optimum by more than 1e-7
    "infeasible-in-force",  # at a solve, the required constraints NavSim holds contradict
    "weighted-refused",     # a weighted add refused
    "navsim-error",         # an `error ...` status (internal error, unknown constraint...)
    "bad-output",           # NavSim's output ends early or does not match the script
    "crash",                # navsim-bench exited non-zero on the system
    "timeout",              # navsim-bench did not finish the system in time
    "oracle-error",         # the LP itself failed (HiGHS status other than optimal)
)


class Failure:
    """One check the system failed: its kind, the script line (0: the whole system), text."""

    __slots__ = ("kind", "line", "message")

    def __init__(self, kind, line, message):
        assert kind in KINDS, kind
        self.kind = kind
        self.line = line
        self.message = message

    def __repr__(self):
        return f"Failure({self.kind!r}, {self.line}, {self.message!r})"


class Stats:
    """What the checks saw, summed over systems; `merge` adds another Stats (seed order)."""

    COUNTS = ("calls", "solves", "feasibility_checks", "certified", "infeasible",
              "borderline", "redundant_checked", "redundant_accepted")

    def __init__(self):
        for name in self.COUNTS:
            setattr(self, name, 0)
        self.worst_required = (0.0, None, 0)            # (violation, seed, line)
        self.worst_objective = (0.0, None, 0, 0.0, 0.0)  # (gap, seed, line, NavSim, LP)
        self.worst_feasible = 0.0        # largest least violation of a set deemed feasible
        self.least_infeasible = float("inf")  # smallest of a set deemed infeasible

    def merge(self, other):
        for name in self.COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        # Strictly greater: on ties the earlier seed (merged first) is kept.
        if other.worst_required[0] > self.worst_required[0]:
            self.worst_required = other.worst_required
        if other.worst_objective[0] > self.worst_objective[0]:
            self.worst_objective = other.worst_objective
        self.worst_feasible = max(self.worst_feasible, other.worst_feasible)
        self.least_infeasible = min(self.least_infeasible, other.least_infeasible)


# What `solve_lp` tries after HiGHS at tight tolerances: its presolve at those tolerances
# wrongly finds some 60 x 600 objective LPs (values near 1e7, weights up to 1e9) infeasible
# or ends at "Status 0: Not Set" (fresh seeds 1000245, 1000373: without presolve both solve,
# and the phase-one LP finds the same required set feasible); its dual simplex's default
# steepest-edge pricing ends at "Not Set" on others, which Devex or Dantzig pricing solve
# (2001801: 89008013446409.08 and ...454.78, 5e-13 apart).
RETRIES = (dict(HIGHS, presolve=False), dict(presolve=False),
           dict(HIGHS, presolve=False, simplex_dual_edge_weight_strategy="devex"),
           dict(HIGHS, presolve=False, simplex_dual_edge_weight_strategy="dantzig"), {})


def solve_lp(cost, **problem):
    """linprog with HiGHS at tight tolerances; when that is not optimal, again without presolve
    and at HiGHS's defaults. Infeasible (status 2) only when every attempt says so; otherwise
    the last failure."""
    result = linprog(cost, method="highs", options=dict(HIGHS, time_limit=TIME_LIMIT),
                     **problem)
    for options in RETRIES:
        if result.status == 0:
            break
        retry = linprog(cost, method="highs", options=dict(options, time_limit=TIME_LIMIT),
                        **problem)
        if retry.status == 0 or result.status == 2 or retry.status != 2:
            result = retry
    return result


class OracleError(Exception):
    """The LP could not be solved (not a NavSim failure, but no verdict either)."""


# MARK: - Linear programs


def row_size(constant, terms):
    return max(1.0, abs(constant), max((abs(a) for _, a in terms), default=0.0))


def violation(relation, value):
    if relation == "eq":
        return abs(value)
    if relation == "le":
        return max(0.0, value)
    return max(0.0, -value)


def worst_violation(point, rows):
    """The largest size-normalised violation of `rows` at `point`."""
    worst = 0.0
    for relation, constant, terms in rows:
        value = (constant + sum(a * point[i] for i, a in terms)) / row_size(constant, terms)
        worst = max(worst, violation(relation, value))
    return worst


def feasibility(n, rows):
    """Least total violation of `rows` (each divided by its size) over all points: 0 when the
    rows are feasible. Returns (least violation, worst violation at the LP's point, point)."""
    if not rows:
        return 0.0, 0.0, [0.0] * n
    m = len(rows)
    # variables: x (n, free), s (m, >= 0); minimise sum(s)
    a_ub = []
    b_ub = []
    for k, (relation, constant, terms) in enumerate(rows):
        size = row_size(constant, terms)
        line = np.zeros(n + m)
        for i, a in terms:
            line[i] += a / size
        line[n + k] = -1.0
        c = constant / size
        if relation in ("le", "eq"):       # (a x + c)/size <= s
            a_ub.append(line.copy())
            b_ub.append(-c)
        if relation in ("ge", "eq"):       # -(a x + c)/size <= s
            neg = -line
            neg[n + k] = -1.0
            a_ub.append(neg)
            b_ub.append(c)
    cost = np.concatenate([np.zeros(n), np.ones(m)])
    bounds = [(None, None)] * n + [(0, None)] * m
    result = solve_lp(cost, A_ub=np.array(a_ub), b_ub=np.array(b_ub), bounds=bounds)
    if result.status != 0:
        raise OracleError(f"phase-one LP failed: {result.message}")
    x = [float(v) for v in result.x[:n]]
    return result.fun, worst_violation(x, rows), x


def optimum(n, active, edits):
    """The least weighted error over the points that hold every required constraint, or None
    when the required constraints contradict each other."""
    required = [d for d in active.values() if d[1] >= REQUIRED]
    soft = [d for d in active.values() if d[1] < REQUIRED]
    soft += [("eq", strength, -value, [(v, 1.0)]) for v, (strength, value) in edits.items()]
    count = n
    columns = []  # per soft row: (first error column, second or None)
    for relation, strength, _, _ in soft:
        if strength <= 0:
            columns.append(None)
            continue
        columns.append((count, count + 1 if relation == "eq" else None))
        count += 2 if relation == "eq" else 1
    cost = np.zeros(count)
    a_ub, b_ub, a_eq, b_eq = [], [], [], []
    for relation, _, constant, terms in required:
        line = np.zeros(count)
        for i, a in terms:
            line[i] += a
        if relation == "eq":
            a_eq.append(line)
            b_eq.append(-constant)
        elif relation == "le":
            a_ub.append(line)
            b_ub.append(-constant)
        else:
            a_ub.append(-line)
            b_ub.append(constant)
    for (relation, strength, constant, terms), cols in zip(soft, columns):
        if cols is None:
            continue
        line = np.zeros(count)
        for i, a in terms:
            line[i] += a
        first, second = cols
        cost[first] = strength
        if relation == "eq":        # a x + c = e1 - e2
            cost[second] = strength
            line[first] = -1.0
            line[second] = 1.0
            a_eq.append(line)
            b_eq.append(-constant)
        elif relation == "le":      # a x + c <= e
            line[first] = -1.0
            a_ub.append(line)
            b_ub.append(-constant)
        else:                       # -(a x + c) <= e
            line = -line
            line[first] = -1.0
            a_ub.append(line)
            b_ub.append(constant)
    bounds = [(None, None)] * n + [(0, None)] * (count - n)
    result = solve_lp(cost, A_ub=np.array(a_ub) if a_ub else None,
                      b_ub=np.array(b_ub) if b_ub else None,
                      A_eq=np.array(a_eq) if a_eq else None,
                      b_eq=np.array(b_eq) if b_eq else None, bounds=bounds)
    if result.status == 2:
        return None, None
    if result.status != 0:
        raise OracleError(f"objective LP failed: {result.message}")
    return result.fun, [float(v) for v in result.x[:n]]


def weighted_error(values, active, edits):
    """(NavSim's weighted error, its worst relative required violation)."""
    objective = 0.0
    worst = 0.0
    for relation, strength, constant, terms in active.values():
        value = constant
        magnitude = abs(constant)
        for i, a in terms:
            product = a * values[i]
            value += product
            magnitude = max(magnitude, abs(product))
        error = violation(relation, value)
        if strength >= REQUIRED:
            worst = max(worst, error / max(1.0, magnitude))
        elif error > NOISE * max(1.0, magnitude):
            objective += strength * error
    for v, (strength, value) in edits.items():
        error = abs(values[v] - value)
        if error > NOISE * max(1.0, abs(value), abs(values[v])):
            objective += strength * error
    return objective, worst


def required_rows(active, replace=None):
    rows = []
    for cid, (relation, strength, constant, terms) in active.items():
        if strength < REQUIRED:
            continue
        if replace is not None and cid == replace[0]:
            constant = replace[1]
        rows.append((relation, constant, terms))
    return rows


# MARK: - Checking one system


class Checker:
    """Replays one system's ops with NavSim's output lines, collecting failures and notes."""

    def __init__(self, seed, stats, redundant_lines=(), messages=()):
        self.seed = seed
        self.messages = list(messages)  # NavSim's texts for its `error internal` statuses
        self.stats = stats
        self.redundant = set(redundant_lines)
        self.failures = []
        self.notes = []     # borderline verdicts: printed, never failures
        self.n = 0
        self.active = {}    # id -> (relation, strength, constant, terms)
        self.edits = {}     # variable -> [strength, suggested]
        self.points = []    # recent points (NavSim's, the LPs'): feasibility certificates

    def fail(self, kind, line, message):
        self.failures.append(Failure(kind, line, message))

    def remember(self, point):
        """Keeps `point` as a candidate certificate; `feasible` checks it against every row,
        so where it came from does not matter."""
        if point is not None:
            self.points = [point] + self.points[:2]

    def feasible(self, rows):
        """(least violation, worst at the LP's point) or None when a known point holds every
        row within FEASIBLE (no LP needed)."""
        for point in self.points:
            if worst_violation(point, rows) <= FEASIBLE:
                self.stats.certified += 1
                return None
        least, worst, point = feasibility(self.n, rows)
        self.remember(point)
        return least, worst

    def solve(self, op, line):
        words = line.split()
        if not words or words[0] != "values" or len(words) != self.n + 1:
            self.fail("bad-output", op.line, f"expected {self.n} values, NavSim printed "
                      f"'{line[:60]}'")
            return False
        values = [float(v) for v in words[1:]]
        mine, worst = weighted_error(values, self.active, self.edits)
        stats = self.stats
        stats.solves += 1
        if worst > stats.worst_required[0]:
            stats.worst_required = (worst, self.seed, op.line)
        if worst > REQUIRED_TOLERANCE:
            self.fail("required-violation", op.line, f"a required constraint is off by "
                      f"{worst:.3g} (relative)")
        self.remember(values)
        failure = None
        try:
            best, point = optimum(self.n, self.active, self.edits)
        except OracleError as error:
            best, point, failure = None, None, error
        if best is None:
            # The required set NavSim holds may be feasible only within the borderline band
            # (accepts with no verdict, between FEASIBLE and INFEASIBLE): then the exact LP is
            # infeasible, or HiGHS can't tell (fresh seed 5008461: "model status Unknown" on a
            # set whose least violation is 1e-8). Its optimum is then not defined by the rows
            # as given (relaxing them by twice their least miss moved it by 2e-4 at strengths
            # of 1e9), so the objective gets no verdict, as the accepts had none; NavSim's point
            # was still checked against every required row above. A set beyond the band is
            # infeasible in force: a NavSim failure.
            rows = [(rel, c, terms) for rel, st, c, terms in self.active.values()
                    if st >= REQUIRED]
            least, _, _ = feasibility(self.n, rows)
            if least > INFEASIBLE:
                self.fail("infeasible-in-force", op.line, "the required constraints in force "
                          f"are infeasible (least violation {least:.3g})")
                return True
            if failure is not None and least <= FEASIBLE:
                raise failure  # a feasible set HiGHS could not optimise: the oracle's failure
            stats.borderline += 1
            self.notes.append(f"line {op.line}: the required set in force is borderline "
                              f"(least violation {least:.3g}): objective not judged")
            return True
        self.remember(point)
        gap = abs(mine - best) / max(1.0, abs(best))
        if gap > stats.worst_objective[0]:
            stats.worst_objective = (gap, self.seed, op.line, mine, best)
        if gap > OBJECTIVE_TOLERANCE:
            self.fail("objective-gap", op.line, f"weighted error {mine!r}, LP optimum "
                      f"{best!r} (gap {gap:.3g} relative)")
        return True

    def call(self, op, line):
        words = line.split()
        if len(words) < 3 or words[0] != op.verb or words[1] != str(op.args[0]):
            self.fail("bad-output", op.line, f"expected the status of '{op.verb} "
                      f"{op.args[0]}', NavSim printed '{line[:60]}'")
            return False
        status = " ".join(words[2:])
        self.stats.calls += 1
        active, edits, args = self.active, self.edits, op.args
        if status == "error unknown-constraint" and op.verb in ("remove", "update") \
                and args[0] not in active:
            return True  # the generator removes or updates a constraint NavSim refused
        if status.startswith("error"):
            detail = ""
            if status == "error internal" and self.messages:
                detail = f" ({self.messages.pop(0)[:120]})"
            self.fail("navsim-error", op.line, f"{op.verb} {args[0]}: NavSim {status}{detail}")
            return True
        if status not in ("ok", "unsatisfiable"):
            self.fail("bad-output", op.line, f"unknown status '{status}'")
            return False
        accepted = status == "ok"
        verdict = None
        required = False  # a required add or update: judged against the LP
        if op.verb == "add":
            cid, relation, strength, constant, terms = args
            strength = ss.clip_strength(strength)
            required = strength >= REQUIRED
            if required:
                verdict = self.feasible(required_rows(active) + [(relation, constant, terms)])
                if op.line in self.redundant:
                    self.stats.redundant_checked += 1
                    self.stats.redundant_accepted += accepted
            elif not accepted:
                self.fail("weighted-refused", op.line, f"add {cid}: weighted add refused")
            if accepted:
                active[cid] = (relation, strength, constant, terms)
        elif op.verb == "remove":
            if accepted:
                active.pop(args[0], None)
        elif op.verb == "update":
            cid, constant = args
            if cid not in active:
                self.fail("bad-output", op.line, f"update {cid}: NavSim {status} for a "
                          f"constraint it does not hold")
                return True
            relation, strength, _, terms = active[cid]
            required = strength >= REQUIRED
            if required:
                verdict = self.feasible(required_rows(active, replace=(cid, constant)))
            if accepted:
                active[cid] = (relation, strength, constant, terms)
        elif op.verb == "edit":
            if accepted:
                edits[args[0]] = [ss.clip_strength(args[1]), 0.0]
        elif op.verb == "unedit":
            if accepted:
                edits.pop(args[0], None)
        elif op.verb == "suggest":
            if accepted:
                if args[0] not in edits:
                    self.fail("bad-output", op.line, f"suggest {args[0]}: NavSim {status} "
                              f"for a variable that is not edited")
                    return True
                edits[args[0]][1] = args[1]
        if required:
            self.judge(op, status, accepted, verdict)
        return True

    def judge(self, op, status, accepted, verdict):
        """Compares NavSim's accept/refuse of a required add or update with the LP's verdict
        (None: a known point proved the set feasible)."""
        stats = self.stats
        stats.feasibility_checks += 1
        if verdict is None:
            least, feasible = 0.0, True
        else:
            least, worst_at_lp = verdict
            if least <= FEASIBLE or worst_at_lp <= FEASIBLE:
                feasible = True
                stats.worst_feasible = max(stats.worst_feasible, least)
            elif least > INFEASIBLE:
                feasible = False
                stats.infeasible += 1
                stats.least_infeasible = min(stats.least_infeasible, least)
            else:
                stats.borderline += 1
                self.notes.append(f"line {op.line}: borderline feasibility {least:.3g}, "
                                  f"NavSim said {status}")
                return
        if feasible and not accepted:
            redundant = " (a redundant consistent equality)" if op.line in self.redundant else ""
            self.fail("wrong-refuse", op.line, f"{op.verb} {op.args[0]}: NavSim '{status}' but "
                      f"the LP finds the required set feasible{redundant}")
        elif accepted and not feasible:
            self.fail("wrong-accept", op.line, f"{op.verb} {op.args[0]}: NavSim '{status}' but "
                      f"the LP finds the required set infeasible (least violation "
                      f"{least:.3g})")

    def run(self, ops, lines):
        position = 0
        for op in ops:
            if op.verb in ("timed", "repeats", "dump"):
                continue
            if op.verb == "var":
                self.n = op.args[0]
                continue
            if op.verb == "reset":
                self.active.clear()
                self.edits.clear()
                continue
            if position >= len(lines):
                self.fail("bad-output", op.line, "NavSim's output ends before this line")
                return
            line = lines[position]
            position += 1
            if op.verb == "end":
                if line != "end":
                    self.fail("bad-output", op.line, f"expected 'end', NavSim printed "
                              f"'{line[:60]}'")
                return
            keep_going = self.solve(op, line) if op.verb == "solve" else self.call(op, line)
            if not keep_going:
                return


def check_system(system, lines, stats, messages=()):
    """Checks one `oracle_systems.System` against NavSim's output `lines` (without its
    `system` line; `messages`: its internal errors' texts, in order). Returns (failures,
    notes); adds to `stats`."""
    (_, ops), = ss.parse_systems(system.script)
    checker = Checker(system.seed, stats, system.redundant_lines, messages)
    try:
        checker.run(ops, lines)
    except OracleError as error:
        checker.fail("oracle-error", 0, str(error))
    return checker.failures, checker.notes

