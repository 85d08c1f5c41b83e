import Cassowary

// Solver scenarios of `autolayout-bench shapes`, through the Cassowary API. Constraints are
// made before the clock starts (as in `cassowary-bench` and `Benchmarks/kiwi_scenarios.py`,
// whose Python constraint building would otherwise dominate); memory is measured from just
// before they are made.

/// Adds the constraints one at a time, then updates the variables: the timed build of the
/// scenarios that fill a solver (`add_all` in `Benchmarks/kiwi_scenarios.py`).
func addAll(_ constraints: [Constraint], to solver: Solver) throws {
    for constraint in constraints { try solver.addConstraint(constraint) }
    solver.updateVariables()
}

/// `oneVariable`: N optional constraints on one variable, `x == i` at weak for i in 0..<N,
/// added one at a time, then `updateVariables()`. x must end on a median of 0..<N.
func runOneVariable(_ log: ShapeLog) throws {
    let n = log.n
    log.value("baseline_rss_kb", ResidentMemory.currentKB)
    let x = Variable("x")
    let constraints = (0..<n).map { (x == Double($0)).withStrength(.weak) }
    let solver = Solver()
    log.value("build_s", try timed { try addAll(constraints, to: solver) })
    log.value("peak_rss_kb", ResidentMemory.peakKB)
    // Any value between the lower and the upper median minimizes the total error.
    log.check(x.value >= Double((n - 1) / 2) - 1e-6 && x.value <= Double(n / 2) + 1e-6,
              "x is \(x.value), not a median of 0..<\(n)")
}

/// `conflictsSolver`: for i = 1…N, `a == i` and `b >= a + i`, both required, added one at a
/// time, catching the errors; then `updateVariables()`. Every `a == i` but the first fails.
func runConflictsSolver(_ log: ShapeLog) {
    let n = log.n
    log.value("baseline_rss_kb", ResidentMemory.currentKB)
    let a = Variable("a"), b = Variable("b")
    let pairs = (1...n).map { (a == Double($0), b >= a + Double($0)) }
    let solver = Solver()
    var failures = 0
    log.value("build_s", timed {
        for (equal, above) in pairs {
            do { try solver.addConstraint(equal) } catch { failures += 1 }
            do { try solver.addConstraint(above) } catch { failures += 1 }
        }
        solver.updateVariables()
    })
    log.value("peak_rss_kb", ResidentMemory.peakKB)
    log.value("broken", failures)
    log.check(failures == n - 1, "\(failures) constraints failed, expected \(n - 1)")
    log.checkValue(a.value, 1, "a")
    log.check(b.value >= 1 + Double(n) - 1e-6, "b is \(b.value), expected at least \(1 + n)")
}

/// `lateEdit` (``Solver/init()``) and `lateEditMarkers` (``Solver/init(keepsEqualityMarkers:)``):
/// a chain of N variables x0 == 0, x(i+1) == x(i) + w(i), w(i) == 10, all required; then an
/// edit variable on x(N/2) at strong, added late, a value suggested, and the variables
/// updated. The build and the edit are timed separately. The chain is required, so the
/// suggestion cannot move it.
func runLateEdit(_ log: ShapeLog, keepsEqualityMarkers: Bool) throws {
    let n = log.n
    log.value("baseline_rss_kb", ResidentMemory.currentKB)
    let xs = (0..<n).map { Variable("x\($0)") }, ws = (0..<n - 1).map { Variable("w\($0)") }
    var constraints = [xs[0] == 0]
    for i in 0..<n - 1 {
        constraints.append(xs[i + 1] == xs[i] + ws[i])
        constraints.append(ws[i] == 10)
    }
    let solver = keepsEqualityMarkers ? Solver(keepsEqualityMarkers: true) : Solver()
    log.value("build_s", try timed { try addAll(constraints, to: solver) })
    log.value("build_peak_rss_kb", ResidentMemory.peakKB)
    let edited = xs[n / 2]
    log.value("edit_s", try timed {
        try solver.addEditVariable(edited, strength: .strong)
        try solver.suggestValue(edited, 12_345)
        solver.updateVariables()
    })
    log.value("peak_rss_kb", ResidentMemory.peakKB)
    log.checkValue(edited.value, Double(10 * (n / 2)), "x(N/2)")
    log.checkValue(xs[n - 1].value, Double(10 * (n - 1)), "x(N-1)")
}

/// `rowSolver`: the `row` shape's equations through the solver, in the engine's mode: N
/// views side by side across a root 4N wide (`minX(0) == 0`, `minX(k) == maxX(k-1)`,
/// `maxX(N-1) == 4N`, every `minY == 0`), each view's width and height held to 4 and 20 by
/// its content-size preferences, written as kiwi would: `width <= 4` at 250 and `width >= 4`
/// at 750 on kiwi's scale (``Strength/init(_:)``), likewise the height. Added one at a time,
/// then the variables updated. Kiwisolver's run of the same equations stands beside it, to
/// tell what the equations cost a Cassowary solver from what our solver adds.
func runRowSolver(_ log: ShapeLog) throws {
    let n = log.n
    log.value("baseline_rss_kb", ResidentMemory.currentKB)
    let minX = (0..<n).map { Variable("minX\($0)") }, maxX = (0..<n).map { Variable("maxX\($0)") }
    let minY = (0..<n).map { Variable("minY\($0)") }, maxY = (0..<n).map { Variable("maxY\($0)") }
    var constraints = [minX[0] == 0, maxX[n - 1] == 4 * Double(n)]
    let hugging = Strength(250), compression = Strength(750)
    for k in 0..<n {
        if k > 0 { constraints.append(minX[k] == maxX[k - 1]) }
        constraints.append(minY[k] == 0)
        for (size, value) in [(maxX[k] - minX[k], 4.0), (maxY[k] - minY[k], 20.0)] {
            constraints.append((size <= value).withStrength(hugging))
            constraints.append((size >= value).withStrength(compression))
        }
    }
    let solver = Solver(keepsEqualityMarkers: true)
    log.value("build_s", try timed { try addAll(constraints, to: solver) })
    log.value("peak_rss_kb", ResidentMemory.peakKB)
    log.checkValue(minX[n / 2].value, 4 * Double(n / 2), "minX(N/2)")
    log.checkValue(maxY[n - 1].value - minY[n - 1].value, 20, "height(N-1)")
}

/// `pileSolver`: the `pile` shape's vertical equations through the solver, in the engine's
/// mode (``Solver/init(keepsEqualityMarkers:)``): `t0 == 8`, and for k ≥ 1 `t(k) >= t(k-1) + 52`
/// (required) and `t(k) == 0` (weak), added one at a time, then the variables updated. Each
/// top is pushed down by the one above against its own pull, so `t(k) = 8 + 52k`. In the
/// optimal tableau of any Cassowary solver, each pull's error is written over the slacks of
/// every inequality above it (the tops are basic, the slacks at zero): the rows hold N²/2
/// cells, here and in kiwisolver, whose run of the same equations stands beside it.
func runPileSolver(_ log: ShapeLog) throws {
    let n = log.n
    log.value("baseline_rss_kb", ResidentMemory.currentKB)
    let tops = (0..<n).map { Variable("t\($0)") }
    var constraints = [tops[0] == 8]
    for k in 1..<n {
        constraints.append(tops[k] >= tops[k - 1] + 52)
        constraints.append((tops[k] == 0).withStrength(.weak))
    }
    let solver = Solver(keepsEqualityMarkers: true)
    log.value("build_s", try timed { try addAll(constraints, to: solver) })
    log.value("peak_rss_kb", ResidentMemory.peakKB)
    log.checkValue(tops[n / 2].value, 8 + 52 * Double(n / 2), "t(N/2)")
    log.checkValue(tops[n - 1].value, 8 + 52 * Double(n - 1), "t(N-1)")
}

/// `pinned` (``Solver/init()``) and `pinnedMarkers` (``Solver/init(keepsEqualityMarkers:)``):
/// N variables pinned to numbers, `w(i) == i` (required), and one weak preference
/// `v == w(N-1) + 1`; then the pins removed one at a time, in the order they were added, and
/// the variables updated. Timed together. A pin is a link to the ground in the equality
/// classes; taking one out must cost the side that leaves the ground, not the ground's
/// every link. At the end v keeps its last value (its preference's target is free now).
func runPinnedRemoval(_ log: ShapeLog, keepsEqualityMarkers: Bool) throws {
    let n = log.n
    log.value("baseline_rss_kb", ResidentMemory.currentKB)
    let ws = (0..<n).map { Variable("w\($0)") }
    let pins = ws.indices.map { ws[$0] == Double($0) }
    let v = Variable("v")
    let preference = (v == ws[n - 1] + 1).withStrength(.weak)
    let solver = keepsEqualityMarkers ? Solver(keepsEqualityMarkers: true) : Solver()
    var before = 0.0
    log.value("build_s", try timed {
        for pin in pins { try solver.addConstraint(pin) }
        try solver.addConstraint(preference)
        solver.updateVariables()
        before = v.value
        for pin in pins { try solver.removeConstraint(pin) }
        solver.updateVariables()
    })
    log.value("peak_rss_kb", ResidentMemory.peakKB)
    log.checkValue(before, Double(n), "v before the removals")
    log.check(pins.allSatisfy { !solver.hasConstraint($0) } && solver.hasConstraint(preference),
              "the pins are not all gone, or the preference went with them")
    log.checkValue(v.value - ws[n - 1].value, 1, "v − w(N-1) after the removals")
}

/// `churn`: N cycles of adding `x == 1` (weak) and `x + y == 3` (required), new objects
/// each cycle on the same two variables, and removing them. Prints the resident memory at
/// 0, 1 k, 10 k, 100 k and 1 M cycles (those reached) and after the last one; it must stay
/// flat.
func runSolverChurn(_ log: ShapeLog) throws {
    let cycles = log.n
    let x = Variable("x"), y = Variable("y")
    let solver = Solver()
    var elapsed = 0.0
    log.value("rss_kb_at_0", ResidentMemory.currentKB)
    for cycle in 1...cycles {
        let preference = (x == 1).withStrength(.weak), sum = x + y == 3
        let checkpoint = isChurnCheckpoint(cycle) || cycle == cycles
        elapsed += try timed {
            try solver.addConstraint(preference)
            try solver.addConstraint(sum)
            if checkpoint { solver.updateVariables() }
            try solver.removeConstraint(preference)
            try solver.removeConstraint(sum)
        }
        if checkpoint {
            log.checkValue(x.value, 1, "x after cycle \(cycle)")
            log.checkValue(y.value, 2, "y after cycle \(cycle)")
            log.value("rss_kb_at_\(cycle)", ResidentMemory.currentKB)
        }
    }
    log.value("cycles_done", cycles)
    log.value("time_s", elapsed)
    log.value("cycle_s", elapsed / Double(cycles))
}

/// Whether the churn loops print the resident memory after this cycle: 1 k, 10 k, 100 k, 1 M.
func isChurnCheckpoint(_ cycle: Int) -> Bool {
    cycle == 1_000 || cycle == 10_000 || cycle == 100_000 || cycle == 1_000_000
}
