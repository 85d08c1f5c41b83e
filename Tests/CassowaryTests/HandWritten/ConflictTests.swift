import Testing
@testable import Cassowary

/// The conflicting set named by an unsatisfiable error is minimal and correct.
@Suite struct ConflictTests {
    func conflicts(_ solver: Solver, _ constraint: Constraint) -> [Constraint]? {
        do {
            try solver.addConstraint(constraint)
            return nil
        } catch {
            guard case .unsatisfiableConstraint(_, let conflicts) = error else { return nil }
            return conflicts
        }
    }

    @Test(arguments: SolverMode.allCases)
    func inequalities(mode: SolverMode) throws {
        let x = Variable("x"), solver = mode.makeSolver()
        let low = x >= 10, other = x <= 100
        try solver.addConstraints([low, other])
        let found = conflicts(solver, x <= 5)
        #expect(found?.count == 1 && found?[0] === low)
    }

    @Test(arguments: SolverMode.allCases)
    func redundantCopiesNeedOnlyOne(mode: SolverMode) throws {
        let x = Variable("x"), solver = mode.makeSolver()
        let first = x == 10, second = x == 10
        try solver.addConstraints([first, second])
        let found = conflicts(solver, x == 20)
        #expect(found?.count == 1)
    }

    @Test(arguments: SolverMode.allCases)
    func contradictoryOnItsOwn(mode: SolverMode) throws {
        let x = Variable("x"), solver = mode.makeSolver()
        try solver.addConstraint(x == 1)
        let found = conflicts(solver, Constraint(Expression(constant: 5), .equal))
        #expect(found?.isEmpty == true)
    }

    @Test(arguments: SolverMode.allCases)
    func preferencesNeverConflict(mode: SolverMode) throws {
        let x = Variable("x"), solver = mode.makeSolver()
        try solver.addConstraint((x == 3).withStrength(.strong))
        try solver.addConstraint(x == 7)
        solver.updateVariables()
        #expect(x.value == 7)
    }

    @Test("a long chain is named whole, past the deletion-filter limit", arguments: SolverMode.allCases)
    func longChain(mode: SolverMode) throws {
        let xs = (0..<80).map { Variable("x\($0)") }, solver = mode.makeSolver()
        let chain = [xs[0] == 0] + (1..<80).map { xs[$0] == xs[$0 - 1] + 1 }
        let spare = xs[40] >= -5
        try solver.addConstraints(chain + [spare])
        let found = conflicts(solver, xs[79] == 0)
        #expect(found?.count == 80)
        #expect(found.map { Set($0.map(ObjectIdentifier.init)) } == Set(chain.map(ObjectIdentifier.init)))
    }

    @Test("only the involved part of a mixed system is named", arguments: SolverMode.allCases)
    func mixed(mode: SolverMode) throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c"), solver = mode.makeSolver()
        let ab = a + b == 10, aMin = a >= 4, bMin = b >= 4, cFree = c >= 0, cPref = (c == 3).withStrength(.weak)
        try solver.addConstraints([ab, aMin, bMin, cFree, cPref])
        let found = conflicts(solver, a >= 7)
        #expect(found.map { Set($0.map(ObjectIdentifier.init)) } == Set([ab, bMin].map(ObjectIdentifier.init)))
    }
}
