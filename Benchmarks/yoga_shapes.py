#!/usr/bin/env python3
"""The shape benchmark's engine shapes laid out by Yoga (Facebook's flexbox engine, through
its C API in the `poga` package), for `Benchmarks/shapes.py` to put beside ours.

    python3 Benchmarks/yoga_shapes.py SHAPE N [OP]     # SHAPE: list, screen, row, deep, stacks, aligned

Prints `shape<TAB>N<TAB>metric<TAB>value` lines, as `autolayout-bench shapes` does:
`baseline_rss_kb` (before the first node), `build_s` (making the nodes and the first
YGNodeCalculateLayout), `peak_rss_kb`, then each operation's median time. Frames are checked
against the same values as ours; a wrong one prints `CHECK FAILED ...` and exits 1. OP is
`all` (the default: every operation, then `teardown`, YGNodeFreeRecursive) or `build`
(no operations).

Yoga recurses once per level of nesting, so `deep` at 10,000 overflows the usual 8 MB
stack; everything here runs on a thread with a 1 GB stack (noted in the table).
"""
import statistics
import subprocess
import sys
import threading
import time

try:
    import poga.libpoga_capi as yg
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "poga"], check=True)
    import poga.libpoga_capi as yg

from peer_log import PeerLog, current_rss_kb, peak_rss_kb

STACK_BYTES = 1 << 30
REPETITIONS = 5
LTR = yg.YGDirection.LTR


class Log(PeerLog):
    def __init__(self, shape, n):
        super().__init__("yoga", shape, n)

    def check_frame(self, node, expected, what):
        actual = (yg.YGNodeLayoutGetLeft(node), yg.YGNodeLayoutGetTop(node),
                  yg.YGNodeLayoutGetWidth(node), yg.YGNodeLayoutGetHeight(node))
        if any(abs(a - e) > 1e-4 for a, e in zip(actual, expected)):
            self.fail(f"{what} is {actual}, expected {expected}")


def node(width=None, height=None):
    made = yg.YGNodeNew()
    if width is not None:
        yg.YGNodeStyleSetWidth(made, width)
    if height is not None:
        yg.YGNodeStyleSetHeight(made, height)
    return made


def layout(root, width, height):
    yg.YGNodeStyleSetWidth(root, width)
    yg.YGNodeStyleSetHeight(root, height)
    yg.YGNodeCalculateLayout(root, width, height, LTR)


def timed(body):
    start = time.perf_counter()
    body()
    return time.perf_counter() - start


def measure(log, name, change, check):
    """Runs change(step) (which lays out) REPETITIONS times, checking after each."""
    times = []
    for step in range(REPETITIONS):
        times.append(timed(lambda: change(step)))
        check(step)
    log.value(f"{name}_s", statistics.median(times))
    log.value(f"{name}_reps", len(times))


def measure_resize(log, shape, width, height):
    """Times `resize`: the root alternates between `width` + 39 and `width` (414 and 375 for
    a phone), checking after each; leaves it at `width`."""
    def resize(step):
        shape.width = width + (39 if step % 2 == 0 else 0)
        layout(shape.root, shape.width, height)
    measure(log, "resize", resize, lambda step: shape.check(log, "resize"))
    shape.width = width
    layout(shape.root, width, height)


def measure_hide_show(log, shape, node, check):
    """Times hiding `node` (display: none) and showing it again, in turns, each with a full
    layout, `check(hidden)` after each."""
    hides, shows = [], []
    for _ in range(REPETITIONS):
        def hide():
            yg.YGNodeStyleSetDisplay(node, yg.YGDisplay.DisplayNone)
            layout(shape.root, shape.width, 667)

        def show():
            yg.YGNodeStyleSetDisplay(node, yg.YGDisplay.Flex)
            layout(shape.root, shape.width, 667)
        hides.append(timed(hide))
        check(True)
        shows.append(timed(show))
        check(False)
    for name, times in (("hide", hides), ("show", shows)):
        log.value(f"{name}_s", statistics.median(times))
        log.value(f"{name}_reps", len(times))


def measure_pair(log, names, change, check, undo, check_undone):
    """Times `change` and `undo` (each ending with a full layout) in turns, checking after
    each, and reports them under the two `names`."""
    done, undone = [], []
    for _ in range(REPETITIONS):
        done.append(timed(change))
        check()
        undone.append(timed(undo))
        check_undone()
    for name, times in zip(names, (done, undone)):
        log.value(f"{name}_s", statistics.median(times))
        log.value(f"{name}_reps", len(times))


def measure_append_remove(log, shape, parent, index, make, expected):
    """Times inserting a node made by `make` at `index` of `parent` and removing it again,
    in turns, each with a full layout; checks the new node's frame against `expected` and
    the shape's frames after each."""
    added = []

    def append():
        added.append(make())
        yg.YGNodeInsertChild(parent, added[-1], index)
        layout(shape.root, shape.width, 667)

    def remove():
        yg.YGNodeRemoveChild(parent, added[-1])
        layout(shape.root, shape.width, 667)

    def check_added():
        log.check_frame(added[-1], expected, "append: new node")
        shape.check(log, "append")
    measure_pair(log, ("append", "remove"), append, check_added, remove, lambda: shape.check(log, "remove"))


class ListShape:
    """A column of N children 44 high, margins 8 above and 16 at the sides: our list
    (view k at (16, 8 + 52k, W - 32, 44))."""

    operations = ("resize", "constant", "hide", "append")

    def __init__(self, n):
        self.n, self.width = n, 375
        self.root = node(375, 667)
        yg.YGNodeStyleSetFlexDirection(self.root, yg.YGFlexDirection.Column)

    @staticmethod
    def make_child():
        child = node(height=44)
        yg.YGNodeStyleSetMargin(child, yg.YGEdge.Top, 8)
        yg.YGNodeStyleSetMargin(child, yg.YGEdge.Left, 16)
        yg.YGNodeStyleSetMargin(child, yg.YGEdge.Right, 16)
        return child

    def build(self):
        self.nodes = []
        for k in range(self.n):
            child = self.make_child()
            yg.YGNodeInsertChild(self.root, child, k)
            self.nodes.append(child)
        layout(self.root, self.width, 667)

    def check(self, log, context, middle_top=8, hidden=False):
        middle = self.n // 2
        for k in ([0, middle - 1, middle + 1, self.n - 1] if hidden else [0, middle, self.n - 1]):
            y = 8 + 52 * k + (middle_top - 8 if k >= middle else 0) - (52 if hidden and k > middle else 0)
            log.check_frame(self.nodes[k], (16, y, self.width - 32, 44), f"{context}: node {k}")

    def run(self, log, operation):
        middle = self.nodes[self.n // 2]
        if operation == "resize":
            measure_resize(log, self, 375, 667)
        elif operation == "constant":
            def change(step):
                yg.YGNodeStyleSetMargin(middle, yg.YGEdge.Top, 12 if step % 2 == 0 else 8)
                layout(self.root, self.width, 667)
            measure(log, "constant", change,
                    lambda step: self.check(log, "constant", middle_top=12 if step % 2 == 0 else 8))
            yg.YGNodeStyleSetMargin(middle, yg.YGEdge.Top, 8)
            layout(self.root, self.width, 667)
        elif operation == "hide":
            measure_hide_show(log, self, middle, lambda hidden: self.check(log, "hide" if hidden else "show", hidden=hidden))
        elif operation == "append":
            measure_append_remove(log, self, self.root, self.n, self.make_child, (16, 8 + 52 * self.n, self.width - 32, 44))


class ScreenShape:
    """Our screen as flexbox: sections (columns, 8 apart) of 4 cards, each card a row 40
    high with padding 8, items centred: icon 24 x 24, title 120 x 20 8 after it, a spacer
    that grows (at least 8), button 60 x 30. One node more per card than our views (the
    spacer); per-view figures divide by our view count."""

    operations = ("resize", "constant")

    def __init__(self, n):
        self.sections_count = max(1, round(n / 17))
        self.width = 375
        self.root = node(375, 667)

    def build(self):
        self.sections, self.cards = [], []
        for s in range(self.sections_count):
            section = node()
            if s > 0:
                yg.YGNodeStyleSetMargin(section, yg.YGEdge.Top, 8)
            yg.YGNodeInsertChild(self.root, section, s)
            self.sections.append(section)
            for c in range(4):
                card = node(height=40)
                yg.YGNodeStyleSetFlexDirection(card, yg.YGFlexDirection.Row)
                yg.YGNodeStyleSetAlignItems(card, yg.YGAlign.Center)
                yg.YGNodeStyleSetPadding(card, yg.YGEdge.All, 8)
                icon, title, spacer, button = node(24, 24), node(120, 20), node(), node(60, 30)
                yg.YGNodeStyleSetMargin(title, yg.YGEdge.Left, 8)
                yg.YGNodeStyleSetFlexGrow(spacer, 1)
                yg.YGNodeStyleSetMinWidth(spacer, 8)
                for index, item in enumerate((icon, title, spacer, button)):
                    yg.YGNodeInsertChild(card, item, index)
                yg.YGNodeInsertChild(section, card, c)
                self.cards.append((card, icon, title, button))
        layout(self.root, self.width, 667)

    def check(self, log, context, middle_top=None):
        middle = self.sections_count // 2
        base = 0 if middle == 0 else 8
        for s in sorted({0, middle, self.sections_count - 1}):
            y = 168 * s + ((middle_top if middle_top is not None else base) - base if s >= middle else 0)
            log.check_frame(self.sections[s], (0, y, self.width, 160), f"{context}: section {s}")
        for index in (0, len(self.cards) - 1):
            card, icon, title, button = self.cards[index]
            log.check_frame(card, (0, 40 * (index % 4), self.width, 40), f"{context}: card {index}")
            log.check_frame(icon, (8, 8, 24, 24), f"{context}: card {index} icon")
            log.check_frame(title, (40, 10, 120, 20), f"{context}: card {index} title")
            log.check_frame(button, (self.width - 68, 5, 60, 30), f"{context}: card {index} button")

    def run(self, log, operation):
        if operation == "resize":
            measure_resize(log, self, 375, 667)
        elif operation == "constant":
            middle = self.sections[self.sections_count // 2]
            base = 0 if self.sections_count // 2 == 0 else 8

            def change(step):
                yg.YGNodeStyleSetMargin(middle, yg.YGEdge.Top, 12 if step % 2 == 0 else 8)
                layout(self.root, self.width, 667)
            measure(log, "constant", change,
                    lambda step: self.check(log, "constant", middle_top=12 if step % 2 == 0 else 8))
            yg.YGNodeStyleSetMargin(middle, yg.YGEdge.Top, base)
            layout(self.root, self.width, 667)


class RowShape:
    """A row of N children 4 x 20 in a root 4N wide (child k at (4k, 0, 4, 20))."""

    operations = ("resize", "constant")

    def __init__(self, n):
        self.n = n
        self.width = 4 * n
        self.root = node(self.width, 667)
        yg.YGNodeStyleSetFlexDirection(self.root, yg.YGFlexDirection.Row)
        yg.YGNodeStyleSetAlignItems(self.root, yg.YGAlign.FlexStart)

    def build(self):
        self.nodes = []
        for k in range(self.n):
            child = node(4, 20)
            yg.YGNodeInsertChild(self.root, child, k)
            self.nodes.append(child)
        layout(self.root, self.width, 667)

    def check(self, log, context, gap=0):
        middle = self.n // 2
        for k in (0, middle, self.n - 1):
            log.check_frame(self.nodes[k], (4 * k + (gap if k >= middle else 0), 0, 4, 20), f"{context}: node {k}")

    def run(self, log, operation):
        if operation == "resize":
            # Fixed-size children do not stretch in flexbox: the row keeps its frames.
            def resize(step):
                layout(self.root, 4 * self.n + (39 if step % 2 == 0 else 0), 667)
            measure(log, "resize", resize, lambda step: self.check(log, "resize"))
            layout(self.root, self.width, 667)
        elif operation == "constant":
            middle = self.nodes[self.n // 2]

            def change(step):
                yg.YGNodeStyleSetMargin(middle, yg.YGEdge.Left, 12 if step % 2 == 0 else 8)
                layout(self.root, self.width, 667)
            measure(log, "constant", change, lambda step: self.check(log, "constant", gap=12 if step % 2 == 0 else 8))
            yg.YGNodeStyleSetMargin(middle, yg.YGEdge.Left, 0)
            layout(self.root, self.width, 667)


class DeepShape:
    """N nested nodes, each with margin 1 and flex-grow 1 in a (2N + 100) square root
    (node k at (1, 1, W - 2(k + 1), H - 2(k + 1)) in its parent)."""

    operations = ("resize",)

    def __init__(self, n):
        self.n = n
        self.side = 2 * n + 100
        self.width = self.side
        self.root = node(self.side, self.side)

    def build(self):
        self.nodes = []
        parent = self.root
        for _ in range(self.n):
            child = node()
            yg.YGNodeStyleSetMargin(child, yg.YGEdge.All, 1)
            yg.YGNodeStyleSetFlexGrow(child, 1)
            yg.YGNodeInsertChild(parent, child, 0)
            self.nodes.append(child)
            parent = child
        layout(self.root, self.side, self.side)

    def check(self, log, context):
        for k in (0, self.n // 2, self.n - 1):
            inset = 2 * (k + 1)
            log.check_frame(self.nodes[k], (1, 1, self.width - inset, self.side - inset), f"{context}: node {k}")

    def run(self, log, operation):
        if operation == "resize":
            measure_resize(log, self, self.side, self.side)


class StacksShape:
    """Our stacks as flexbox: a column 16 from the sides and 8 from the top of N / 4 rows 4
    apart, each row three items 8 apart: 60 x 20, one that grows from 120 (our hugging 249)
    and 40 x 20 (row k at (0, 24k, W - 32, 20) in the column). One node fewer per shape
    than our views (none), so per-view figures compare directly."""

    operations = ("resize", "hide", "append")

    def __init__(self, n):
        self.rows_count = max(3, n // 4)
        self.width = 375
        self.root = node(375, 667)

    def build(self):
        self.column = node()
        yg.YGNodeStyleSetMargin(self.column, yg.YGEdge.Left, 16)
        yg.YGNodeStyleSetMargin(self.column, yg.YGEdge.Right, 16)
        yg.YGNodeStyleSetMargin(self.column, yg.YGEdge.Top, 8)
        yg.YGNodeInsertChild(self.root, self.column, 0)
        self.rows = []
        for k in range(self.rows_count):
            made = self.make_row(k)
            yg.YGNodeInsertChild(self.column, made[0], k)
            self.rows.append(made)
        layout(self.root, self.width, 667)

    @staticmethod
    def make_row(k):
        """Row k (4 below the one before it): (row, middle label, last label)."""
        row = node()
        yg.YGNodeStyleSetFlexDirection(row, yg.YGFlexDirection.Row)
        if k > 0:
            yg.YGNodeStyleSetMargin(row, yg.YGEdge.Top, 4)
        first, middle, last = node(60, 20), node(height=20), node(40, 20)
        yg.YGNodeStyleSetFlexBasis(middle, 120)
        yg.YGNodeStyleSetFlexGrow(middle, 1)
        yg.YGNodeStyleSetFlexShrink(middle, 1)
        yg.YGNodeStyleSetMargin(middle, yg.YGEdge.Left, 8)
        yg.YGNodeStyleSetMargin(last, yg.YGEdge.Left, 8)
        for index, item in enumerate((first, middle, last)):
            yg.YGNodeInsertChild(row, item, index)
        return row, middle, last

    def check(self, log, context, hidden=False):
        width, middle = self.width - 32, self.rows_count // 2
        for k in (0, middle - 1, middle + 1, self.rows_count - 1):
            y = 24 * k - (24 if hidden and k > middle else 0)
            log.check_frame(self.rows[k][0], (0, y, width, 20), f"{context}: row {k}")
        if not hidden:
            _, label, last = self.rows[middle]
            log.check_frame(label, (68, 0, width - 116, 20), f"{context}: middle label")
            log.check_frame(last, (width - 40, 0, 40, 20), f"{context}: last label")

    def run(self, log, operation):
        if operation == "resize":
            measure_resize(log, self, 375, 667)
        elif operation == "hide":
            row = self.rows[self.rows_count // 2][0]
            measure_hide_show(log, self, row, lambda hidden: self.check(log, "hide" if hidden else "show", hidden=hidden))
        elif operation == "append":
            measure_append_remove(log, self, self.column, self.rows_count, lambda: self.make_row(self.rows_count)[0],
                                  (0, 24 * self.rows_count, self.width - 32, 20))


class AlignedShape:
    """Our aligned stack as flexbox: a column 16 from the sides and 8 from the top whose
    children keep their own widths at its start (align-items: flex-start), child k
    (100 + 4 (k mod 8)) x 20 and 4 below the one before (at (0, 24k)). One node fewer than
    our views (the root's only child is the column in both)."""

    operations = ("hide",)

    def __init__(self, n):
        self.count = max(3, n - 1)
        self.width = 375
        self.root = node(375, 667)

    @staticmethod
    def width_of(k):
        return 100 + 4 * (k % 8)

    def build(self):
        self.column = node()
        yg.YGNodeStyleSetMargin(self.column, yg.YGEdge.Left, 16)
        yg.YGNodeStyleSetMargin(self.column, yg.YGEdge.Right, 16)
        yg.YGNodeStyleSetMargin(self.column, yg.YGEdge.Top, 8)
        yg.YGNodeStyleSetAlignItems(self.column, yg.YGAlign.FlexStart)
        yg.YGNodeInsertChild(self.root, self.column, 0)
        self.nodes = []
        for k in range(self.count):
            child = node(self.width_of(k), 20)
            if k > 0:
                yg.YGNodeStyleSetMargin(child, yg.YGEdge.Top, 4)
            yg.YGNodeInsertChild(self.column, child, k)
            self.nodes.append(child)
        layout(self.root, self.width, 667)

    def check(self, log, context, hidden=False):
        middle = self.count // 2
        for k in (0, middle - 1, middle + 1, self.count - 1):
            y = 24 * k - (24 if hidden and k > middle else 0)
            log.check_frame(self.nodes[k], (0, y, self.width_of(k), 20), f"{context}: node {k}")

    def run(self, log, operation):
        if operation == "hide":
            measure_hide_show(log, self, self.nodes[self.count // 2],
                              lambda hidden: self.check(log, "hide" if hidden else "show", hidden=hidden))


SHAPES = {"list": ListShape, "screen": ScreenShape, "row": RowShape, "deep": DeepShape, "stacks": StacksShape,
          "aligned": AlignedShape}


def main(shape_name, n, operation):
    log = Log(shape_name, n)
    shape = SHAPES[shape_name](n)
    log.value("baseline_rss_kb", current_rss_kb())
    log.value("build_s", timed(shape.build))
    log.value("peak_rss_kb", peak_rss_kb())
    shape.check(log, "built")
    operations = shape.operations if operation == "all" else () if operation == "build" else (operation,)
    for name in operations:
        shape.run(log, name)
    if operation in ("all", "teardown"):
        log.value("teardown_s", timed(lambda: yg.YGNodeFreeRecursive(shape.root)))
        log.value("teardown_reps", 1)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in SHAPES:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    errors = []

    def work():
        try:
            main(sys.argv[1], int(sys.argv[2]), sys.argv[3] if len(sys.argv) == 4 else "all")
        except Exception as error:  # reported, and the exit status says so
            errors.append(error)
            print(f"ERROR: {error!r}", flush=True)

    threading.stack_size(STACK_BYTES)
    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    sys.exit(2 if errors else 1 if PeerLog.failures else 0)
