#!/usr/bin/env python3
"""The shape benchmark's solver scenarios run through kiwisolver (kiwi's C++ core), for
`Benchmarks/shapes.py` to put beside ours.

    python3 Benchmarks/kiwi_scenarios.py SCENARIO N   # oneVariable, conflictsSolver, lateEdit, pinned, pileSolver, rowSolver, churn

Prints `scenario<TAB>N<TAB>metric<TAB>value` lines, as `autolayout-bench shapes` does.
Constraints are made before the clock starts (Python's own constraint building would
otherwise dominate); memory is measured from just before they are made. A result that is
wrong prints `CHECK FAILED ...` after the timings and exits 1.
"""
import subprocess
import sys
import time

try:
    import kiwisolver as kiwi
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "kiwisolver"], check=True)
    import kiwisolver as kiwi

from peer_log import PeerLog, current_rss_kb, peak_rss_kb


class Log(PeerLog):
    def __init__(self, scenario, n):
        super().__init__("kiwi", scenario, n)

    def check(self, condition, message):
        if not condition:
            self.fail(message)


def timed(body):
    start = time.perf_counter()
    body()
    return time.perf_counter() - start


def add_all(solver, constraints):
    """Adds the constraints one at a time, then updates the variables."""
    for constraint in constraints:
        solver.addConstraint(constraint)
    solver.updateVariables()


def one_variable(log):
    """N weak constraints x == i, added one at a time, then an update: x on a median."""
    n = log.n
    log.value("baseline_rss_kb", current_rss_kb())
    x = kiwi.Variable("x")
    constraints = [(x == i) | "weak" for i in range(n)]
    solver = kiwi.Solver()

    log.value("build_s", timed(lambda: add_all(solver, constraints)))
    log.value("peak_rss_kb", peak_rss_kb())
    log.check((n - 1) // 2 - 1e-6 <= x.value() <= n // 2 + 1e-6, f"x is {x.value()}, not a median of 0..<{n}")


def conflicts(log):
    """For i = 1...N, a == i and b >= a + i, both required, catching the failures."""
    n = log.n
    log.value("baseline_rss_kb", current_rss_kb())
    a, b = kiwi.Variable("a"), kiwi.Variable("b")
    pairs = [(a == i, b >= a + i) for i in range(1, n + 1)]
    solver = kiwi.Solver()
    broken = 0

    def build():
        nonlocal broken
        for pair in pairs:
            for constraint in pair:
                try:
                    solver.addConstraint(constraint)
                except kiwi.UnsatisfiableConstraint:
                    broken += 1
        solver.updateVariables()
    log.value("build_s", timed(build))
    log.value("peak_rss_kb", peak_rss_kb())
    log.value("broken", broken)
    log.check(broken == n - 1, f"{broken} constraints failed, expected {n - 1}")
    log.check(abs(a.value() - 1) < 1e-6, f"a is {a.value()}, expected 1")
    log.check(b.value() >= 1 + n - 1e-6, f"b is {b.value()}, expected at least {1 + n}")


def late_edit(log):
    """A chain of N variables x0 == 0, x(i+1) == x(i) + w(i), w(i) == 10; then an edit on
    x(N/2) at strong, added late, a value suggested, the variables updated."""
    n = log.n
    log.value("baseline_rss_kb", current_rss_kb())
    xs = [kiwi.Variable(f"x{i}") for i in range(n)]
    ws = [kiwi.Variable(f"w{i}") for i in range(n - 1)]
    constraints = [xs[0] == 0]
    for i in range(n - 1):
        constraints += [xs[i + 1] == xs[i] + ws[i], ws[i] == 10]
    solver = kiwi.Solver()

    log.value("build_s", timed(lambda: add_all(solver, constraints)))
    log.value("build_peak_rss_kb", peak_rss_kb())
    edited = xs[n // 2]

    def edit():
        solver.addEditVariable(edited, "strong")
        solver.suggestValue(edited, 12345)
        solver.updateVariables()
    log.value("edit_s", timed(edit))
    log.value("peak_rss_kb", peak_rss_kb())
    log.check(abs(edited.value() - 10 * (n // 2)) < 1e-4, f"x(N/2) is {edited.value()}")
    log.check(abs(xs[-1].value() - 10 * (n - 1)) < 1e-4, f"x(N-1) is {xs[-1].value()}")


def pinned(log):
    """N variables pinned to numbers, w(i) == i (required), and v == w(N-1) + 1 (weak); then
    the pins removed one at a time in the order added, and the variables updated."""
    n = log.n
    log.value("baseline_rss_kb", current_rss_kb())
    ws = [kiwi.Variable(f"w{i}") for i in range(n)]
    pins = [ws[i] == i for i in range(n)]
    v = kiwi.Variable("v")
    preference = (v == ws[-1] + 1) | "weak"
    solver = kiwi.Solver()
    before = None

    def run():
        nonlocal before
        add_all(solver, pins + [preference])
        before = v.value()
        for pin in pins:
            solver.removeConstraint(pin)
        solver.updateVariables()
    log.value("build_s", timed(run))
    log.value("peak_rss_kb", peak_rss_kb())
    log.check(abs(before - n) < 1e-6, f"v is {before} before the removals, expected {n}")
    log.check(abs(v.value() - ws[-1].value() - 1) < 1e-6, f"v - w(N-1) is {v.value() - ws[-1].value()}")


def pile(log):
    """The pile's equations: t0 == 8, and for k >= 1 t(k) >= t(k-1) + 52 (required) and
    t(k) == 0 (weak), added one at a time, then an update: t(k) = 8 + 52k."""
    n = log.n
    log.value("baseline_rss_kb", current_rss_kb())
    tops = [kiwi.Variable(f"t{k}") for k in range(n)]
    constraints = [tops[0] == 8]
    for k in range(1, n):
        constraints.append(tops[k] >= tops[k - 1] + 52)
        constraints.append((tops[k] == 0) | "weak")
    solver = kiwi.Solver()

    log.value("build_s", timed(lambda: add_all(solver, constraints)))
    log.value("peak_rss_kb", peak_rss_kb())
    for k in (n // 2, n - 1):
        log.check(abs(tops[k].value() - (8 + 52 * k)) < 1e-6, f"t{k} is {tops[k].value()}, expected {8 + 52 * k}")


def row(log):
    """The row's equations: N views across a root 4N wide, minX(k) == maxX(k-1), every minY
    == 0, and each width and height held to 4 and 20 by `<=` at 250 and `>=` at 750; added
    one at a time, then an update."""
    n = log.n
    log.value("baseline_rss_kb", current_rss_kb())
    min_x = [kiwi.Variable(f"minX{k}") for k in range(n)]
    max_x = [kiwi.Variable(f"maxX{k}") for k in range(n)]
    min_y = [kiwi.Variable(f"minY{k}") for k in range(n)]
    max_y = [kiwi.Variable(f"maxY{k}") for k in range(n)]
    constraints = [min_x[0] == 0, max_x[n - 1] == 4 * n]
    for k in range(n):
        if k:
            constraints.append(min_x[k] == max_x[k - 1])
        constraints.append(min_y[k] == 0)
        for size, value in ((max_x[k] - min_x[k], 4), (max_y[k] - min_y[k], 20)):
            constraints += [(size <= value) | 250, (size >= value) | 750]
    solver = kiwi.Solver()

    log.value("build_s", timed(lambda: add_all(solver, constraints)))
    log.value("peak_rss_kb", peak_rss_kb())
    log.check(abs(min_x[n // 2].value() - 4 * (n // 2)) < 1e-6, f"minX(N/2) is {min_x[n // 2].value()}")
    log.check(abs(max_y[-1].value() - min_y[-1].value() - 20) < 1e-6, "height(N-1) is not 20")


CHECKPOINTS = (1_000, 10_000, 100_000, 1_000_000)


def churn(log):
    """N cycles of adding x == 1 (weak) and x + y == 3, new objects each cycle, and removing
    them; resident memory at 0, 1k, 10k, 100k and 1M cycles."""
    cycles = log.n
    x, y = kiwi.Variable("x"), kiwi.Variable("y")
    solver = kiwi.Solver()
    elapsed = 0.0
    log.value("rss_kb_at_0", current_rss_kb())
    clock = time.perf_counter
    for cycle in range(1, cycles + 1):
        preference, total = (x == 1) | "weak", x + y == 3
        checkpoint = cycle in CHECKPOINTS or cycle == cycles
        start = clock()
        solver.addConstraint(preference)
        solver.addConstraint(total)
        if checkpoint:
            solver.updateVariables()
        solver.removeConstraint(preference)
        solver.removeConstraint(total)
        elapsed += clock() - start
        if checkpoint:
            log.check(abs(x.value() - 1) < 1e-6 and abs(y.value() - 2) < 1e-6, f"x, y = {x.value()}, {y.value()}")
            log.value(f"rss_kb_at_{cycle}", current_rss_kb())
    log.value("cycles_done", cycles)
    log.value("time_s", elapsed)
    log.value("cycle_s", elapsed / cycles)


SCENARIOS = {"oneVariable": one_variable, "conflictsSolver": conflicts, "lateEdit": late_edit, "pinned": pinned,
             "pileSolver": pile, "rowSolver": row, "churn": churn}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in SCENARIOS:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    SCENARIOS[sys.argv[1]](Log(sys.argv[1], int(sys.argv[2])))
    sys.exit(1 if PeerLog.failures else 0)
