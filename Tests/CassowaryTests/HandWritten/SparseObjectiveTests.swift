import Testing
@testable import Cassowary

/// The objective keeps a symbol's costs on the levels it has them only: a stack filled
/// proportionally holds each view at a priority of its own (999, 998, …), and a cost row for
/// every level over every symbol took levels × symbols (800 labels: 112 MB).
@Suite struct SparseObjectiveTests {
    @Test("many levels: each preference wins over the one a level below, and only nonzero costs are kept",
          arguments: SolverMode.allCases)
    func manyLevels(mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let count = 400
        let variables = (0..<count).map { Variable("v\($0)") }
        var pullsDown: [Constraint] = []
        for (i, v) in variables.enumerated() {
            // Each variable is pulled two ways, on two levels of its own.
            try solver.addConstraint((v == Double(i)).withStrength(.level(1000 - Double(2 * i))))
            pullsDown.append((v == -1).withStrength(.level(999 - Double(2 * i))))
            try solver.addConstraint(pullsDown[i])
        }
        // And each is kept at most 1 above the one before, on a level below them all.
        for i in 1..<count {
            try solver.addConstraint((variables[i] <= variables[i - 1] + 1).withStrength(.level(0.5)))
        }
        solver.updateVariables()
        for (i, v) in variables.enumerated() { #expect(v.value == Double(i), "v\(i)") }
        #expect(solver.tableau.objective.levelsInOrder.count == 2 * count + 1)
        // 1,199 constraints, 2,000 error symbols over 801 levels: a few costs a symbol.
        let stored = solver.tableau.objective.storedCosts
        #expect(stored <= 4 * solver.statistics.symbols, "\(stored) costs for \(solver.statistics.symbols) symbols")
        #expect(solver.tableau.invariantViolations() == [])
        for i in stride(from: 0, to: count, by: 2) { try solver.removeConstraint(pullsDown[i]) }
        solver.updateVariables()
        #expect(variables[count - 1].value == Double(count - 1))
    }
}
