import Testing
@testable import Cassowary

/// Stale column entries (cells that left their rows) are pruned once they may be half of
/// all entries (Tableau+Recycling.swift): columns stay within a bound of the cells the rows
/// hold, whatever the work, and a tableau that only grows is not pruned.
@Suite struct ColumnPruningTests {
    /// The cells all rows hold: what the columns must list at least once.
    private func liveCells(_ tableau: Tableau) -> Int {
        tableau.rows.reduce(0) { $0 + ($1?.cells.count ?? 0) }
    }

    @Test("many preferences on one variable, added and changed, keep the columns bounded", arguments: SolverMode.allCases)
    func preferencesStayBounded(mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(y >= 0)
        for i in 0..<1_600 {
            try solver.addConstraint((x == Double(i % 50)).withStrength(.weak))
            try solver.addConstraint((x + y == Double(i % 13)).withStrength(.medium))
            guard i % 100 == 99 else { continue }
            let entries = solver.tableau.columns.entries, live = liveCells(solver.tableau)
            #expect(entries <= 2 * live + 2 * Tableau.columnPruningFloor, "cycle \(i): \(entries) entries, \(live) cells")
        }
        // The run did leave stale entries behind, enough to be pruned.
        #expect(solver.tableau.pruningCount > 0)
        solver.updateVariables()
        #expect(y.value >= 0)
    }

    @Test("a chain that only grows leaves no stale entries and is never pruned")
    func growingChainIsNotPruned() throws {
        let solver = Solver()
        var previous = Variable("x0")
        try solver.addConstraint(previous == 0)
        for i in 1..<3_000 {
            let next = Variable("x\(i)"), width = Variable("w\(i)")
            try solver.addConstraint(next == previous + width)
            try solver.addConstraint(width >= 8)
            try solver.addConstraint((width == 0).withStrength(.weak))
            previous = next
        }
        #expect(solver.tableau.pruningCount == 0)
        #expect(solver.tableau.staleColumnEntries < Tableau.columnPruningFloor)
        #expect(solver.tableau.columns.entries == liveCells(solver.tableau))
        solver.updateVariables()
        #expect(abs(previous.value - 8 * 2_999) < 1e-6)
    }
}
