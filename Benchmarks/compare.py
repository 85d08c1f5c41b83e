#!/usr/bin/env python3
"""Runs the solver benchmark in Swift (release) and in kiwisolver, side by side.

    python3 Benchmarks/compare.py [N ...]      # default: 100 1000 10000

Needs `pip install kiwisolver`. Prints medians, the ratio kiwi / ours (how many times
faster we are), and the goal from the solver issue where one applies.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (scenario, N) -> goal in seconds, from the solver issue.
GOALS = {
    ("chain", 10_000): 0.010,
    ("grid.viewOrder", 1_000): 0.010, ("grid.requiredFirst", 1_000): 0.010,
    ("grid.viewOrder", 10_000): 0.150, ("grid.requiredFirst", 10_000): 0.150,
    ("resize.crossing", 1_000): 0.001, ("resize.nonCrossing", 1_000): 0.000050,
    ("churn", 1_000): 0.010,
}


def parse(lines):
    results = {}
    for line in lines.splitlines():
        parts = line.split("\t")
        if len(parts) >= 3 and parts[1].isdigit():
            try:
                results[(parts[0], int(parts[1]))] = float(parts[2])
            except ValueError:
                results[(parts[0], int(parts[1]))] = parts[2]
    return results


def show(value):
    if isinstance(value, str):
        return value.split(":")[0]
    if value is None:
        return "-"
    for unit, scale in (("s", 1), ("ms", 1e3), ("µs", 1e6)):
        if value * scale >= 1 or unit == "µs":
            return f"{value * scale:.3g} {unit}"


def main():
    sizes = sys.argv[1:] or ["100", "1000", "10000"]
    try:
        import kiwisolver  # noqa: F401
    except ImportError:
        print("kiwisolver is not installed; installing it with pip", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "kiwisolver"], check=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "cassowary-bench"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    ours = subprocess.run([os.path.join(ROOT, ".build", "release", "cassowary-bench"), "--tsv", *sizes],
                          cwd=ROOT, check=True, capture_output=True, text=True).stdout
    theirs = subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "kiwi_bench.py"), *sizes],
                            capture_output=True, text=True)
    if theirs.returncode != 0:
        print(theirs.stderr, file=sys.stderr)
    ours, theirs = parse(ours), parse(theirs.stdout)
    print(f"{'scenario':<20}{'N':>7}  {'swift-autolayout':>17}{'kiwisolver':>14}{'kiwi/ours':>11}  goal")
    for key in ours:
        mine, peer = ours[key], theirs.get(key)
        ratio = f"{peer / mine:.1f}x" if isinstance(peer, float) and isinstance(mine, float) else "-"
        goal = GOALS.get(key)
        verdict = ""
        if goal is not None and isinstance(mine, float):
            verdict = f"< {show(goal)} {'met' if mine < goal else 'MISSED'}"
        print(f"{key[0]:<20}{key[1]:>7}  {show(mine):>17}{show(peer):>14}{ratio:>11}  {verdict}")


if __name__ == "__main__":
    main()
