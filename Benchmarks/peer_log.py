"""What the peer sides of the shape benchmark (`yoga_shapes.py`, `kiwi_scenarios.py`) share:
resident memory, and the `name<TAB>N<TAB>metric<TAB>value` lines `Benchmarks/shapes.py` reads,
with a count of failed checks."""
import resource


def current_rss_kb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() // 1024


def peak_rss_kb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


class PeerLog:
    """Prints one measurement a line; `fail` prints a `CHECK FAILED` line and counts it."""
    failures = 0

    def __init__(self, peer, name, n):
        self.peer, self.name, self.n = peer, name, n

    def value(self, metric, value):
        print(f"{self.name}\t{self.n}\t{metric}\t{value}", flush=True)

    def fail(self, message):
        PeerLog.failures += 1
        print(f"CHECK FAILED: {self.peer} {self.name} {self.n}: {message}", flush=True)
