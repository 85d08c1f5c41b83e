import AutoLayout

// `autolayout-bench shapes SHAPE N [OP]`: builds one shape (or runs one solver scenario) of
// size N in this process and prints `shape<TAB>N<TAB>metric<TAB>value` lines: the resident
// memory before building (`baseline_rss_kb`), the build and first layout (`build_s`), the
// peak resident memory after it (`peak_rss_kb`), then each incremental operation's median
// time, affected views and repetitions, and last the time to release the hierarchy
// (`teardown_s`). OP is `all` (the default), `build` (no operations), `teardown` (build, then
// release) or one operation. `Benchmarks/shapes.py` runs it in a fresh process per measurement and
// puts Yoga's and kiwisolver's numbers beside it. `autolayout-bench shapes smoke` runs every
// shape and scenario at a small size (the CI check). Exit status: 0, 1 when a check failed,
// 2 when the API threw, 64 for a wrong command line.

/// The engine shapes, by name.
let engineShapeNames = ["list", "screen", "row", "deep", "deepMasks", "stacks", "aligned", "pile", "equalRow"]

/// The scenarios that are not shapes of views, by name.
let scenarioNames = ["oneVariable", "conflicts", "conflictsSolver", "lateEdit", "lateEditMarkers", "pinned",
                     "pinnedMarkers", "pileSolver", "rowSolver", "churn", "churnEngine"]

/// A new engine shape of about `n` views, or nil for a name that is not one.
func makeEngineShape(_ name: String, _ n: Int) -> (any EngineShape)? {
    switch name {
    case "list": ListShape(count: n)
    case "screen": ScreenShape(count: n)
    case "row": RowShape(count: n)
    case "deep": DeepShape(count: n, masks: false)
    case "deepMasks": DeepShape(count: n, masks: true)
    case "stacks": StackShape(count: n)
    case "aligned": AlignedShape(count: n)
    case "pile": PileShape(count: n)
    case "equalRow": EqualRowShape(count: n)
    default: nil
    }
}

/// Builds the shape and lays it out (timed together, and apart as `activate_s` and
/// `layout_s`; memory measured around them), checks it, then runs `operations`.
func runEngineShape(_ shape: any EngineShape, _ log: ShapeLog, operations: [String]) throws {
    log.value("baseline_rss_kb", ResidentMemory.currentKB)
    // Build + first layout, from the first view made to the end of layout.
    let activation = try timed { try shape.build() }
    let activatedKB = ResidentMemory.currentKB
    let layout = timed { shape.root.layoutIfNeeded() }
    log.value("build_s", activation + layout)
    log.value("peak_rss_kb", ResidentMemory.peakKB)
    // Where the peak falls: the resident set once the constraints are active (before the
    // first layout adds them to the solver), and once laid out.
    log.value("activated_rss_kb", activatedKB)
    log.value("laid_out_rss_kb", ResidentMemory.currentKB)
    log.value("activate_s", activation)
    log.value("layout_s", layout)
    for (metric, seconds) in shape.buildDetails { log.value(metric, seconds) }
    log.value("views", shape.views.count)
    shape.checkBuilt(log)
    let timer = OperationTimer(log: log, root: shape.root, views: shape.views)
    for operation in operations { try shape.run(operation, timer) }
}

/// Runs one shape or scenario; returns the number of failed checks.
func runShape(_ name: String, _ n: Int, operation: String) throws -> Int {
    let log = ShapeLog(shape: name, n: n)
    var shape = makeEngineShape(name, n)
    if shape != nil {
        var views = 0
        weak var root: LayoutView?, last: LayoutView?
        do {
            let made = shape!
            let operations = operation == "all" ? made.operations : operation == "build" ? [] : [operation]
            try runEngineShape(made, log, operations: operations)
            views = made.views.count
            root = made.root
            last = made.views.last
        }
        if operation == "all" || operation == "teardown" {
            // Releasing the hierarchy (`shape` holds the last references), as closing a
            // screen does.
            log.value("teardown_s", timed { shape = nil })
            log.value("teardown_affected", views)
            log.value("teardown_reps", 1)
            log.check(root == nil && last == nil, "the hierarchy outlived its last reference")
        }
        return log.failures
    }
    switch name {
    case "oneVariable": try runOneVariable(log)
    case "conflicts": try runConflictsEngine(log)
    case "conflictsSolver": runConflictsSolver(log)
    case "lateEdit": try runLateEdit(log, keepsEqualityMarkers: false)
    case "lateEditMarkers": try runLateEdit(log, keepsEqualityMarkers: true)
    case "pinned": try runPinnedRemoval(log, keepsEqualityMarkers: false)
    case "pinnedMarkers": try runPinnedRemoval(log, keepsEqualityMarkers: true)
    case "pileSolver": try runPileSolver(log)
    case "rowSolver": try runRowSolver(log)
    case "churn": try runSolverChurn(log)
    case "churnEngine": try runEngineChurn(log)
    default: break
    }
    return log.failures
}

/// Every shape and scenario at a small size, with every operation: the CI check.
func runShapesSmoke() throws -> Int {
    var failures = 0
    for name in engineShapeNames { failures += try runShape(name, 150, operation: "all") }
    let sizes = ["oneVariable": 200, "conflicts": 100, "conflictsSolver": 100, "lateEdit": 200,
                 "lateEditMarkers": 200, "pinned": 200, "pinnedMarkers": 200, "pileSolver": 200, "rowSolver": 200,
                 "churn": 2_000, "churnEngine": 300]
    for name in scenarioNames { failures += try runShape(name, sizes[name]!, operation: "all") }
    return failures
}

/// The `shapes` subcommand; returns the exit status.
func runShapesCommand(_ arguments: [String]) -> Int32 {
    let usage = """
        usage: autolayout-bench shapes SHAPE N [OP]
               autolayout-bench shapes smoke
        SHAPE: \((engineShapeNames + scenarioNames).joined(separator: ", "))
        OP: all (default), build, teardown, or one of the shape's operations (resize, constant, hide)
        """
    do {
        if arguments == ["smoke"] { return try runShapesSmoke() > 0 ? 1 : 0 }
        guard arguments.count == 2 || arguments.count == 3, let n = Int(arguments[1]),
              engineShapeNames.contains(arguments[0]) || scenarioNames.contains(arguments[0]) else {
            print(usage)
            return 64
        }
        let operation = arguments.count == 3 ? arguments[2] : "all"
        if let shape = makeEngineShape(arguments[0], 3),
           !(["all", "build", "teardown"] + shape.operations).contains(operation) {
            print("\(arguments[0]) has no operation '\(operation)'\n" + usage)
            return 64
        }
        let minimum = ["list": 3, "row": 3, "deep": 2, "deepMasks": 2, "pile": 3, "equalRow": 2][arguments[0]] ?? 1
        guard n >= minimum else {
            print("N must be at least \(minimum) for \(arguments[0])")
            return 64
        }
        return try runShape(arguments[0], n, operation: operation) > 0 ? 1 : 0
    } catch {
        print("ERROR: \(error)")
        return 2
    }
}
