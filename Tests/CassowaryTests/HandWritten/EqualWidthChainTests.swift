import Testing
@testable import Cassowary

/// A chain of required equalities of three or four variables that the last one closes: the
/// widths of a row of equal widths, `b(k+1) − b(k) == b(1) − b(0)`, with both ends fixed. The
/// last equality is solved for b(1), which every definition of the chain names; that
/// definition names no basic variable, so it takes order 0 and the others keep b(1) as a
/// reference (see ``Tableau/substitute(_:_:)``) instead of each taking in the whole chain.
@Suite struct EqualWidthChainTests {
    /// Lays out `n` equal widths between 0 and `4n`; returns the boundaries.
    static func equalWidths(_ solver: Solver, _ n: Int) throws -> [Variable] {
        let b = (0...n).map { Variable("b\($0)") }
        try solver.addConstraint(b[0] == 0)
        for k in 1..<n { try solver.addConstraint(b[k + 1] - b[k] == b[1] - b[0]) }
        try solver.addConstraint(b[n] == 4 * Double(n))
        solver.updateVariables()
        return b
    }

    /// The cells of every row of the tableau.
    static func cells(_ solver: Solver) -> Int {
        solver.tableau.rows.reduce(0) { $0 + ($1?.cells.count ?? 0) }
    }

    @Test("the chain is solved, sound, and its rows stay a few cells each", arguments: SolverMode.allCases)
    func linearRows(_ mode: SolverMode) throws {
        for n in [100, 400] {
            let solver = mode.makeSolver()
            let b = try Self.equalWidths(solver, n)
            #expect(b.indices.allSatisfy { abs(b[$0].value - 4 * Double($0)) < 1e-9 }, "n = \(n)")
            #expect(solver.tableau.invariantViolations() == [])
            // Each definition keeps at most its two neighbours' references and a marker or
            // two; before order 0, the last row alone named every marker of the chain.
            #expect(Self.cells(solver) <= 6 * n, "n = \(n): \(Self.cells(solver)) cells")
        }
    }

    @Test("moving an end moves every boundary through the references", arguments: SolverMode.allCases)
    func endMoves(_ mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let b = (0...50).map { Variable("b\($0)") }
        try solver.addConstraint(b[0] == 0)
        for k in 1..<50 { try solver.addConstraint(b[k + 1] - b[k] == b[1] - b[0]) }
        let end = b[50] == 200
        try solver.addConstraint(end)
        solver.updateVariables()
        #expect(b[25].value == 100)
        try solver.removeConstraint(end)
        try solver.addConstraint(b[50] == 300)
        solver.updateVariables()
        #expect(b.indices.allSatisfy { abs(b[$0].value - 6 * Double($0)) < 1e-9 })
        #expect(solver.tableau.invariantViolations() == [])
    }
}
