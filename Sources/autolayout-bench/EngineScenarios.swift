import AutoLayout

// Engine scenarios of `autolayout-bench shapes` that are not a shape of views: conflicts
// reported through the diagnostics handler, and a loop that activates and deactivates one
// constraint (its memory must stay flat).

/// `conflicts`: two views a and b in a root; for i = 1…N, one `activate` call with
/// `a.width == i` (required) and `b.width >= a.width + i`; then `layoutIfNeeded()`. Every
/// `a.width == i` for i ≥ 2 conflicts with `a.width == 1`, so N − 1 are broken and reported.
func runConflictsEngine(_ log: ShapeLog) throws {
    let n = log.n
    let root = LayoutView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let a = constrainedView(), b = constrainedView()
    root.addSubview(a)
    root.addSubview(b)
    var broken = 0
    root.layoutDiagnosticsHandler = { diagnostic in
        if case .unsatisfiable = diagnostic { broken += 1 }
    }
    log.value("baseline_rss_kb", ResidentMemory.currentKB)
    log.value("build_s", try timed {
        for i in 1...n {
            try LayoutConstraint.activate([
                a.widthAnchor.constraint(equalToConstant: Double(i)),
                b.widthAnchor.constraint(greaterThanOrEqualTo: a.widthAnchor, constant: Double(i)),
            ])
        }
        root.layoutIfNeeded()
    })
    log.value("peak_rss_kb", ResidentMemory.peakKB)
    log.value("broken", broken)
    log.check(broken == n - 1, "\(broken) constraints reported broken, expected \(n - 1)")
    log.checkValue(a.frame.width, 1, "a's width")
    log.check(b.frame.width >= 1 + Double(n) - 1e-4, "b's width is \(b.frame.width), expected at least \(1 + n)")
}

/// `churnEngine`: N cycles in a small hierarchy of activating `b.leading == a.trailing + 8`
/// (a new constraint each cycle, over a priority-250 `b.leading == root.leading + 20`),
/// laying out, deactivating it and laying out again, with b's position checked each time.
/// Prints the resident memory at 0, 1 k, 10 k and 100 k cycles; stops early, saying why,
/// when memory has grown by `memoryBudgetKB` or `timeBudget` seconds have passed, so a
/// leak keeps the run bounded, and prints the growth per cycle.
func runEngineChurn(_ log: ShapeLog, memoryBudgetKB: Int = 2_000_000, timeBudget: Double = 40) throws {
    let cycles = log.n
    let root = LayoutView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let a = constrainedView(), b = constrainedView()
    root.addSubview(a)
    root.addSubview(b)
    let fallback = b.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
    fallback.priority = 250
    try LayoutConstraint.activate([
        a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        a.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        a.widthAnchor.constraint(equalToConstant: 100),
        a.heightAnchor.constraint(equalToConstant: 44),
        b.topAnchor.constraint(equalTo: a.topAnchor),
        b.widthAnchor.constraint(equalToConstant: 100),
        b.heightAnchor.constraint(equalToConstant: 44),
        fallback,
    ])
    root.layoutIfNeeded()
    let start = ResidentMemory.currentKB
    log.value("rss_kb_at_0", start)
    var elapsed = 0.0, done = 0, wrong = 0
    var stopped = "completed"
    var lastKB = start
    for cycle in 1...cycles {
        let spacing = b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8)
        var after = 0.0, back = 0.0
        elapsed += try timed {
            try spacing.activate()
            root.layoutIfNeeded()
            after = b.frame.minX
            spacing.deactivate()
            root.layoutIfNeeded()
            back = b.frame.minX
        }
        if after != 128 || back != 20 {
            if wrong == 0 { log.check(false, "cycle \(cycle): b at \(after) then \(back), expected 128 then 20") }
            wrong += 1
        }
        done = cycle
        if isChurnCheckpoint(cycle) || cycle % 100 == 0 || cycle == cycles {
            lastKB = ResidentMemory.currentKB
            if isChurnCheckpoint(cycle) { log.value("rss_kb_at_\(cycle)", lastKB) }
            if lastKB - start > memoryBudgetKB {
                stopped = "memory grew over \(memoryBudgetKB / 1000) MB"
                break
            }
            if elapsed > timeBudget {
                stopped = "over \(Int(timeBudget)) s"
                break
            }
        }
    }
    log.check(wrong <= 1, "\(wrong) cycles placed b wrongly")
    if !isChurnCheckpoint(done) { log.value("rss_kb_at_\(done)", lastKB) }
    log.value("cycles_done", done)
    log.note("stopped", stopped)
    log.value("time_s", elapsed)
    log.value("cycle_s", elapsed / Double(done))
    log.value("growth_b_per_cycle", Double(lastKB - start) * 1024 / Double(done))
}
