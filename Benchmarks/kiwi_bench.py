#!/usr/bin/env python3
"""The solver benchmark's scenarios run through kiwisolver (kiwi's C++ core).

Prints `scenario<TAB>N<TAB>median seconds<TAB>repetitions`, the same lines as the Swift
benchmark (`swift run -c release cassowary-bench`), or `scenario<TAB>N<TAB>fails: message`,
or `scenario<TAB>N<TAB>skipped: reason`. Constraints are built before the clock starts.
"""
import statistics
import subprocess
import sys
import time

import kiwisolver as kiwi

MASK = (1 << 64) - 1


class SplitMix64:
    """The same seeded sequence as the Swift benchmark."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def sample(count, n, seed):
    rng = SplitMix64(seed)
    indices = list(range(n))
    for i in range(count):
        j = i + rng.next() % (n - i)
        indices[i], indices[j] = indices[j], indices[i]
    return sorted(indices[:count])


def chain_constraints(n):
    xs = [kiwi.Variable(f"x{i}") for i in range(n)]
    return xs, [xs[0] == 0] + [xs[i] == xs[i - 1] + 10 for i in range(1, n)]


class Grid:
    def __init__(self, n):
        self.width = kiwi.Variable("container.width")
        self.left = [kiwi.Variable(f"left{i}") for i in range(n)]
        self.view_width = [kiwi.Variable(f"width{i}") for i in range(n)]
        self.top = [kiwi.Variable(f"top{i}") for i in range(n)]
        self.height = [kiwi.Variable(f"height{i}") for i in range(n)]
        self.required, self.preferences, self.view_order = [], [], []
        L, W, T, H = self.left, self.view_width, self.top, self.height
        for i in range(n):
            column = i % 10
            mine = [L[i] == 20 if column == 0 else L[i] == L[i - 1] + W[i - 1] + 8]
            if column > 0:
                mine.append(W[i] == W[i - 1])
            if column == 9:
                mine.append(L[i] + W[i] == self.width - 20)
            mine.append(W[i] >= 10)
            mine.append(T[i] == 20 if i < 10 else T[i] == T[i - 10] + H[i - 10] + 8)
            mine.append(H[i] == 44)
            soft = [(W[i] == 80) | "weak", (W[i] <= 300) | "medium"]
            self.required += mine
            self.preferences += soft
            self.view_order += mine + soft

    def build(self, required_first):
        self.solver = kiwi.Solver()
        self.solver.addEditVariable(self.width, "strong")
        self.solver.suggestValue(self.width, 1000)
        for c in (self.required + self.preferences) if required_first else self.view_order:
            self.solver.addConstraint(c)
        self.solver.updateVariables()


def report(scenario, n, value, reps=None):
    if isinstance(value, float):
        print(f"{scenario}\t{n}\t{value}\t{reps}", flush=True)
    else:
        print(f"{scenario}\t{n}\t{value}", flush=True)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def timed(body):
    start = time.perf_counter()
    body()
    return time.perf_counter() - start


# kiwi is quadratic; above these sizes a run would take many minutes.
GRID_VIEW_ORDER_MAX = 1_000
GRID_REQUIRED_FIRST_MAX = 10_000


def main(sizes):
    for n in sizes:
        reps = 1 if n >= 1000 else 5
        xs, constraints = chain_constraints(n)

        def run_chain():
            solver = kiwi.Solver()
            for c in constraints:
                solver.addConstraint(c)
            solver.updateVariables()

        report("chain", n, statistics.median(timed(run_chain) for _ in range(reps)), reps)
        check(abs(xs[-1].value() - 10 * (n - 1)) < 1e-6, "kiwi chain")

        for required_first in (False, True):
            name = "grid.requiredFirst" if required_first else "grid.viewOrder"
            limit = GRID_REQUIRED_FIRST_MAX if required_first else GRID_VIEW_ORDER_MAX
            if n > limit:
                report(name, n, "skipped: quadratic, would take many minutes")
                continue
            times = []
            for _ in range(reps):
                grid = Grid(n)
                times.append(timed(lambda: grid.build(required_first)))
                check(abs(grid.view_width[-1].value() - 88.8) < 1e-6, "kiwi grid width")
            report(name, n, statistics.median(times), reps)

        if n > GRID_VIEW_ORDER_MAX:
            for name in ("resize.nonCrossing", "resize.crossing", "churn"):
                report(name, n, "skipped: the grid build alone would take many minutes")
            continue
        grid = Grid(n)
        grid.build(False)
        count = 300 if n < 1000 else 30
        for crossing in (False, True):
            times = []
            for k in range(count):
                target = (700.0 if k % 2 == 0 else 1100.0) if crossing else 1000.0 + (k * 37) % 300

                def resize():
                    grid.solver.suggestValue(grid.width, target)
                    grid.solver.updateVariables()

                times.append(timed(resize))
                check(abs(grid.view_width[-1].value() - (target - 112) / 10) < 1e-6, "kiwi resize")
            report("resize.crossing" if crossing else "resize.nonCrossing", n, statistics.median(times), count)
        grid.solver.suggestValue(grid.width, 1000)

        # kiwi can abort the whole process here ("The objective is unbounded" is thrown
        # past Python), so churn runs in a child process and a crash is reported as such.
        child = subprocess.run([sys.executable, __file__, "--churn", str(n)], capture_output=True, text=True)
        line = child.stdout.strip().splitlines()[-1] if child.stdout.strip() else ""
        if child.returncode == 0 and line:
            print(line, flush=True)
        else:
            reason = (child.stderr.strip().splitlines() or ["exit code %d" % child.returncode])[-1].strip()
            report("churn", n, f"fails: {reason}")


def churn(n):
    grid = Grid(n)
    grid.build(False)
    churnable = grid.view_order
    cycles = []
    for cycle in range(9):
        chosen = [churnable[i] for i in sample(len(churnable) // 10, len(churnable), cycle + 1)]

        def run():
            for c in chosen:
                grid.solver.removeConstraint(c)
            for c in chosen:
                grid.solver.addConstraint(c)
            grid.solver.updateVariables()

        cycles.append(timed(run))
        check(abs(grid.view_width[-1].value() - 88.8) < 1e-6, "kiwi churn width")
    report("churn", n, statistics.median(cycles), 9)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--churn"]:
        churn(int(sys.argv[2]))
    else:
        main([int(a) for a in sys.argv[1:]] or [100, 1_000, 10_000])
