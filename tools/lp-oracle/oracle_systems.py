"""The LP oracle's seeded random systems (the scripts `navsim-bench solver --script` reads).

Even seeds: 30 variables x 250 calls; odd seeds: 60 x 600. Each system mixes required and
weighted constraints (le, eq, ge; strengths weak ... strong and `create(a, b, c)` values),
removals, constant updates, edit variables (weak ... strong) with suggestions, and a `solve`
after about one call in eight plus one at the end. Required constraints mostly hold at a hidden
point (so long runs of them stay feasible and become redundant); one in ten has a random
constant (and may conflict). Every third seed (seed % 3 == 0) adds required equalities that
are combinations of 2-3 earlier consistent ones, computed in floating point: redundant and
consistent, the shape issue 17 found wrongly refused.

The text of a system depends on its seed only (Python's string-seeded `random.Random` is
stable across runs and platforms), so a seed names a system for good.
"""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "kiwi-diff"))
import solver_script as ss  # noqa: E402

REQUIRED = ss.REQUIRED
STRONG, MEDIUM, WEAK = 1e6, 1e3, 1.0


def create(a, b, c):
    return min(1000.0, a) * 1e6 + min(1000.0, b) * 1e3 + min(1000.0, c)


def soft_strength(rng):
    r = rng.random()
    if r < 0.3:
        return STRONG
    if r < 0.55:
        return MEDIUM
    if r < 0.8:
        return WEAK
    return create(rng.choice([0, 0, 1, 2.5]), rng.choice([0, 1, 10, 500]),
                  rng.choice([0, 1, 3, 999]))


def coefficient(rng):
    if rng.random() < 0.75:
        return rng.choice([1.0, -1.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 1.5, 3.0, 0.25])
    return round(rng.uniform(-4, 4), 2) or 1.0


class Generator:
    """One system's calls. Required constraints mostly hold at a hidden point `p` (so that
    long sequences of them stay feasible and become redundant), a few have random
    constants (and may conflict); weighted ones and suggestions pull elsewhere."""

    def __init__(self, seed):
        self.rng = random.Random(f"lp-oracle {seed}")
        self.seed = seed
        self.n, self.calls = (60, 600) if seed % 2 else (30, 250)
        self.redundant = seed % 3 == 0
        self.p = [round(self.rng.uniform(-300, 300), 3) for _ in range(self.n)]
        self.lines = [f"system {seed}", f"var {self.n}"]
        self.active = {}     # id -> (relation, strength, constant, terms)
        self.consistent = []  # ids of active required equalities that hold at p
        self.edits = []
        self.next_id = 0
        self.redundant_lines = []  # script line numbers of the redundant combinations

    def at_p(self, terms):
        return sum(c * self.p[i] for i, c in terms)

    def terms(self):
        rng = self.rng
        chosen = {}
        for _ in range(rng.choice([1, 2, 2, 2, 3, 3, 4])):
            chosen[rng.randrange(self.n)] = coefficient(rng)
        return sorted(chosen.items())

    def combination(self):
        """A required equality that follows from 2-3 active consistent ones."""
        rng = self.rng
        picked = rng.sample(self.consistent, min(len(self.consistent), rng.choice([2, 2, 3])))
        sums = {}
        constant = 0.0
        for cid in picked:
            factor = rng.choice([1.0, -1.0, 0.5, 2.0, -1.5, 0.3, 1.0 / 3.0])
            _, _, c, terms = self.active[cid]
            constant += factor * c
            for i, a in terms:
                sums[i] = sums.get(i, 0.0) + factor * a
        terms = sorted((i, a) for i, a in sums.items() if abs(a) > 1e-12)
        return terms, constant

    def add(self):
        rng = self.rng
        required = rng.random() < 0.45
        relation = rng.choice(["eq", "eq", "le", "ge"])
        terms = self.terms()
        consistent = False
        combination = False
        if not required:
            strength = soft_strength(rng)
            near = rng.random() < 0.5
            constant = (-self.at_p(terms) + round(rng.uniform(-50, 50), 3) if near
                        else float(rng.randint(-300, 300)))
        else:
            strength = REQUIRED
            r = rng.random()
            if relation == "eq" and self.redundant and len(self.consistent) >= 2 and r < 0.35:
                terms, constant = self.combination()
                consistent = True
                combination = True
            elif r < 0.9:
                slack = 0.0 if relation == "eq" or rng.random() < 0.3 else rng.uniform(0, 80)
                # le: terms + c <= 0 holds with c = -at_p - slack; ge: c = -at_p + slack
                sign = -1.0 if relation == "le" else 1.0
                constant = -self.at_p(terms) + sign * slack
                consistent = relation == "eq"
            else:
                constant = float(rng.randint(-300, 300))
            if not terms:
                return
        cid = self.next_id
        self.next_id += 1
        text = " ".join(f"{i} {ss.fmt(a)}" for i, a in terms)
        self.lines.append(f"add {cid} {relation} {ss.fmt(strength)} {ss.fmt(constant)} {text}")
        if combination:
            self.redundant_lines.append(len(self.lines))
        self.active[cid] = (relation, strength, constant, terms)
        if consistent:
            self.consistent.append(cid)

    def step(self):
        rng = self.rng
        r = rng.random()
        if r < 0.55 or not self.active:
            self.add()
        elif r < 0.67:
            cid = rng.choice(sorted(self.active))
            self.lines.append(f"remove {cid}")
            del self.active[cid]
            if cid in self.consistent:
                self.consistent.remove(cid)
        elif r < 0.75:
            cid = rng.choice(sorted(self.active))
            relation, strength, constant, terms = self.active[cid]
            new = constant + rng.choice([rng.uniform(-20, 20), float(rng.randint(-5, 5))])
            self.lines.append(f"update {cid} {ss.fmt(new)}")
            # The generator does not know the verdict; it keeps the constant it asked for.
            self.active[cid] = (relation, strength, new, terms)
            if cid in self.consistent:
                self.consistent.remove(cid)
        elif r < 0.83:
            v = rng.randrange(self.n)
            if v in self.edits:
                self.edits.remove(v)
                self.lines.append(f"unedit {v}")
            else:
                self.edits.append(v)
                strength = rng.choice([STRONG, MEDIUM, WEAK, create(0, 5, 0)])
                self.lines.append(f"edit {v} {ss.fmt(strength)}")
        elif self.edits:
            v = rng.choice(self.edits)
            value = round(self.p[v] + rng.uniform(-100, 100), 3)
            self.lines.append(f"suggest {v} {ss.fmt(value)}")
        if rng.random() < 0.12:
            self.lines.append("solve")

    def script(self):
        while sum(1 for line in self.lines if not line.startswith(("system", "var", "solve"))) \
                < self.calls:
            self.step()
        self.lines += ["solve", "end"]
        return "\n".join(self.lines) + "\n"


class System:
    """One seed's script and what the generator knows about it."""

    __slots__ = ("seed", "script", "redundant_lines", "size")

    def __init__(self, seed):
        generator = Generator(seed)
        self.seed = seed
        self.script = generator.script()
        self.redundant_lines = tuple(generator.redundant_lines)
        self.size = (generator.n, generator.calls)


def generate(seed):
    return Generator(seed).script()
