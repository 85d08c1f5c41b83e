import Cassowary
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one scenario at N = 1,000 (chain at 10,000) a fixed number of times, for profiling:
/// `build` (one constraint at a time), `batch` (the same grids added as batches), `chain`,
/// `cells` and `cellsBatch` (score cells one at a time or as a batch), `churn`, `resize`
/// (the default), `crossing`, or `dump`.
func profile(_ mode: String) throws {
    switch mode {
    case "dump":
        let grid = Grid(10)
        try grid.build(requiredFirst: false)
        print(grid.solver.dump())
    case "build":
        for _ in 0..<5 { try Grid(1000).build(requiredFirst: false) }
    case "batch":
        // `build` with each grid's constraints added by one `addConstraints(_:onFailure:)`.
        for _ in 0..<5 { try Grid(1000).buildBatch() }
    case "cells", "cellsBatch":
        // 1,000 score cells (about 34,000 constraints), one at a time or as one batch.
        let cells = Cells(1000)
        for _ in 0..<3 { _ = try cells.solve(batch: mode == "cellsBatch") }
    case "chain":
        let chain = Chain(10_000)
        for _ in 0..<5 { _ = try chain.solve() }
    case "churn":
        let grid = Grid(1000)
        try grid.build(requiredFirst: false)
        for cycle in 0..<5 {
            let chosen = sample(grid.churnable.count / 10, of: grid.churnable.count, seed: UInt64(cycle + 1))
                .map { grid.churnable[$0] }
            for c in chosen { try grid.solver.removeConstraint(c) }
            for c in chosen { try grid.solver.addConstraint(c) }
            grid.solver.updateVariables()
        }
    default:
        let grid = Grid(1000)
        try grid.build(requiredFirst: false)
        for k in 0..<300 {
            let crossing = mode == "crossing"
            try grid.solver.suggestValue(grid.width, crossing ? (k % 2 == 0 ? 700 : 1100) : 1000.0 + Double((k * 37) % 300))
            grid.solver.updateVariables()
        }
    }
}
