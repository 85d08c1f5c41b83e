import Testing
@testable import Cassowary

/// Symbols a committed call stops using are recycled (Tableau+Recycling.swift): churn does
/// not grow the tableau, in either mode.
@Suite struct RecyclingTests {
    @Test("adding and removing constraints forever keeps the symbol count flat", arguments: SolverMode.allCases)
    func churnIsFlat(mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        try solver.addConstraint(z >= 0)
        var counts: [Int] = []
        for cycle in 0..<2_000 {
            let pull = (x == Double(cycle % 7)).withStrength(.weak)
            let sum = x + y == 3, link = z == y + 1
            try solver.addConstraints([pull, sum, link])
            solver.updateVariables()
            #expect(x.value + y.value == 3 && z.value == y.value + 1)
            try solver.removeConstraint(sum)
            try solver.removeConstraint(pull)
            try solver.removeConstraint(link)
            if cycle == 10 || cycle == 1_999 { counts.append(solver.statistics.symbols) }
        }
        #expect(counts.count == 2 && counts[1] == counts[0])
        solver.updateVariables()
        #expect(solver.statistics.constraints == 1)
    }

    @Test("a recycled symbol taken up in a call that fails goes back to the free list", arguments: SolverMode.allCases)
    func reuseIsRolledBack(mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let x = Variable("x"), y = Variable("y")
        let first = x + y >= 10
        try solver.addConstraint(first)
        try solver.removeConstraint(first)
        try solver.addConstraint(x <= 1)
        try solver.addConstraint(y <= 1)
        let before = solver.dump(), symbols = solver.statistics.symbols
        #expect(throws: SolverError.self) { try solver.addConstraint(x + y >= 10) }
        #expect(solver.dump() == before && solver.statistics.symbols == symbols)
        // The free symbols still serve: a satisfiable constraint goes in after the failure.
        try solver.addConstraint(x + y >= 1)
        solver.updateVariables()
        #expect(x.value + y.value >= 1 - 1e-9)
    }
}
