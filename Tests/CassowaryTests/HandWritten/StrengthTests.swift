import Testing
@testable import Cassowary

@Suite struct StrengthTests {
    @Test func kiwiValues() {
        #expect(Strength.required.value == 1_001_001_000)
        #expect(Strength.strong.value == 1_000_000)
        #expect(Strength.medium.value == 1_000)
        #expect(Strength.weak.value == 1)
        #expect(Strength.create(1, 2, 3, weight: 2).value == 2_004_006)
        #expect(Strength.create(2000, 0, 0).value == 1_000_000_000)
        #expect(Strength(3_000_000) == .create(3, 0, 0))
        #expect(Strength(40_000) == .create(0, 40, 0))
        #expect(Strength(2e9).isRequired)
        #expect(Strength(-5).components.isEmpty)
        #expect(Strength.strong > .medium && Strength.medium > .weak)
    }

    @Test("a higher level wins over any amount of lower-level error", arguments: SolverMode.allCases)
    func strictlyOrdered(mode: SolverMode) throws {
        let x = Variable("x"), solver = mode.makeSolver()
        try solver.addConstraint((x == 0).withStrength(.medium))
        // kiwi adds weights, so 2000 weak pulls (2000 > 1000) would move x to 1.
        for _ in 0..<2000 { try solver.addConstraint((x == 1).withStrength(.weak)) }
        solver.updateVariables()
        #expect(x.value == 0)
    }

    @Test("weights trade off within a level", arguments: SolverMode.allCases)
    func weightsWithinLevel(mode: SolverMode) throws {
        let x = Variable("x"), solver = mode.makeSolver()
        try solver.addConstraint((x == 0).withStrength(.create(0, 0, 1)))
        try solver.addConstraint((x == 10).withStrength(.create(0, 0, 3)))
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test("custom levels order like priorities", arguments: SolverMode.allCases)
    func customLevels(mode: SolverMode) throws {
        let x = Variable("x"), solver = mode.makeSolver()
        try solver.addConstraint((x == 5).withStrength(.level(750)))
        try solver.addConstraint((x == 9).withStrength(.level(749, weight: 1000)))
        solver.updateVariables()
        #expect(x.value == 5)
    }
}
