import Testing
@testable import Cassowary

@Suite struct ReplaceConstraintTests {
    @Test("a constant change moves the solution incrementally in both modes", arguments: SolverMode.allCases)
    func constantChange(mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let gap = b == a + 8
        try solver.addConstraints([a == 20, gap, c >= b + 10, (c == 0).withStrength(.weak)])
        solver.updateVariables()
        #expect(b.value == 28 && c.value == 38)
        let wider = b == a + 30
        try solver.replaceConstraint(gap, with: wider)
        solver.updateVariables()
        #expect(b.value == 50 && c.value == 60)
        #expect(!solver.hasConstraint(gap) && solver.hasConstraint(wider))
    }

    @Test(arguments: SolverMode.allCases)
    func inequalityAndPreferenceConstants(mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let x = Variable("x")
        let floor = x >= 10, pull = (x == 0).withStrength(.weak)
        try solver.addConstraints([floor, pull])
        let higher = x >= 25
        try solver.replaceConstraint(floor, with: higher)
        solver.updateVariables()
        #expect(x.value == 25)
        let lower = x >= -5
        try solver.replaceConstraint(higher, with: lower)
        let pullUp = (x == 7).withStrength(.weak)
        try solver.replaceConstraint(pull, with: pullUp)
        solver.updateVariables()
        #expect(x.value == 7)
    }

    @Test("a replacement that cannot hold keeps the old constraint, unchanged", arguments: SolverMode.allCases)
    func rejected(mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let x = Variable("x"), y = Variable("y")
        let cap = x <= 100, link = y == x + 10, floor = y >= 0
        try solver.addConstraints([cap, link, floor, (x == 50).withStrength(.weak)])
        solver.updateVariables()
        let before = solver.dump()
        let impossible = y == x - 300
        do {
            try solver.replaceConstraint(link, with: impossible)
            Issue.record("y == x - 300 accepted with x <= 100 and y >= 0")
        } catch {
            guard case .unsatisfiableConstraint(let c, let conflicts) = error else { throw error }
            #expect(c === impossible)
            #expect(Set(conflicts.map(ObjectIdentifier.init)) == Set([cap, floor].map(ObjectIdentifier.init)))
        }
        #expect(solver.dump() == before)
        #expect(solver.hasConstraint(link) && !solver.hasConstraint(impossible))
        solver.updateVariables()
        #expect(x.value == 50 && y.value == 60)
        let wider = y == x + 25
        try solver.replaceConstraint(link, with: wider)
        solver.updateVariables()
        #expect(x.value == 50 && y.value == 75)
    }

    @Test(arguments: SolverMode.allCases)
    func errors(mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let x = Variable("x")
        let a = x == 1, b = x == 2, c = x >= 0
        try solver.addConstraints([a, c])
        #expect(throws: SolverError.self) { try solver.replaceConstraint(b, with: x == 3) }
        #expect(throws: SolverError.self) { try solver.replaceConstraint(a, with: c) }
        // A required equality replaced by a contradicting one: unchanged, with its conflicts.
        let floor = x >= 5
        let solver2 = mode.makeSolver()
        let pin = x == 10
        try solver2.addConstraints([pin, floor])
        let before = solver2.dump()
        do {
            try solver2.replaceConstraint(pin, with: x == 1)
            Issue.record("x == 1 accepted with x >= 5")
        } catch {
            guard case .unsatisfiableConstraint(_, let conflicts) = error else { throw error }
            #expect(conflicts.count == 1 && conflicts[0] === floor)
        }
        #expect(solver2.dump() == before)
        #expect(solver2.hasConstraint(pin))
    }
}
