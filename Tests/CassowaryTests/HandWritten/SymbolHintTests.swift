import Testing
@testable import Cassowary

/// A variable's symbol hint is only a hint: it may point into another solver, or at a
/// symbol that was rolled back or forgotten, and lookups must still be right.
@Suite struct SymbolHintTests {
    @Test func variableSharedByTwoSolvers() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let a = Solver(), b = Solver()
        try a.addConstraint(z == 1)  // x gets a different index in each solver
        try a.addConstraint(x == 10)
        try b.addConstraint(x == 20)
        try a.addConstraint(y == x + 1)
        try b.addConstraint(y == x + 2)
        #expect(a.value(of: x) == 10 && a.value(of: y) == 11)
        #expect(b.value(of: x) == 20 && b.value(of: y) == 22)
        #expect(a.statistics.symbols == 3 && b.statistics.symbols == 2)
    }

    @Test func rolledBackAndForgottenSymbols() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x == 5)
        // The batch registers y, then fails and is rolled back (y's symbol with it), then
        // is replayed one constraint at a time.
        let tie = y == x + 1, bad = x == 6
        var failed: [Constraint] = []
        solver.addConstraints([tie, bad]) { c, _ in failed.append(c) }
        #expect(failed.count == 1 && failed[0] === bad)
        #expect(solver.value(of: y) == 6)
        // Forgets y, then registers it again at a new index.
        try solver.removeConstraint(tie)
        #expect(solver.value(of: y) == 0)
        try solver.addConstraint(Variable("w") == 3)
        try solver.addConstraint(y == x + 2)
        #expect(solver.value(of: y) == 7)
    }

    @Test func hintMovedBeforeTheSolverEverNeededItsIndex() throws {
        // A lone solver registers variables by hint alone and builds its dictionary only when
        // a hint fails: here `b` moves x's hint onto the index of `a`'s w first.
        let x = Variable("x"), w = Variable("w")
        let a = Solver(), b = Solver()
        try a.addConstraint(w == 1)
        let low = x >= 10
        try a.addConstraint(low)
        try b.addConstraint(x == 20)
        try a.addConstraint(x <= 12)
        #expect(a.tableau.registeredVariableCount == 2 && b.tableau.registeredVariableCount == 1)
        #expect(a.value(of: x) >= 10 && a.value(of: x) <= 12 && b.value(of: x) == 20)
        // Forgotten in `a`, its hint moved by `b` again, then registered anew in `a`.
        try a.removeConstraint(low)
        try a.removeConstraint(a.constraints.last!)
        #expect(a.tableau.registeredVariableCount == 1 && a.value(of: x) == 0)
        try b.addConstraint(x >= 0)
        try a.addConstraint(x == 30)
        #expect(a.tableau.registeredVariableCount == 2 && a.value(of: x) == 30 && b.value(of: x) == 20)
    }

    @Test func constraintSharedByTwoSolvers() throws {
        // Each solver stores the constraint's record in a different slot; the hint names
        // the slot of the last one, and the other finds the record by its index.
        let x = Variable("x"), y = Variable("y")
        let a = Solver(), b = Solver()
        try a.addConstraint(y == 1)
        let shared = x >= 5
        try a.addConstraint(shared)
        try b.addConstraint(shared)
        #expect(a.hasConstraint(shared) && b.hasConstraint(shared))
        #expect(throws: SolverError.self) { try a.addConstraint(shared) }
        try a.removeConstraint(shared)
        #expect(!a.hasConstraint(shared) && b.hasConstraint(shared))
        #expect(throws: SolverError.self) { try a.removeConstraint(shared) }
        try b.removeConstraint(shared)
        #expect(!b.hasConstraint(shared))
        try a.addConstraint(shared)
        #expect(a.hasConstraint(shared) && a.constraints.count == 2 && a.value(of: x) == 5)
    }

    @Test func slotsAreReusedAndRolledBack() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let first = x >= 1, second = y >= 2, third = (x == 10).withStrength(.weak)
        try solver.addConstraints([first, second, third])
        try solver.removeConstraint(second)
        // A new constraint takes the freed slot; the removed one is not found through it.
        let fourth = y <= 20
        try solver.addConstraint(fourth)
        #expect(!solver.hasConstraint(second) && solver.hasConstraint(fourth))
        try solver.addConstraint(second)
        #expect(solver.constraints.map { ObjectIdentifier($0) } == [first, third, fourth, second].map { ObjectIdentifier($0) })
        // A failed add and a failed replacement leave every record where it was.
        let before = solver.dump()
        #expect(throws: SolverError.self) { try solver.addConstraint(x <= 0) }
        #expect(throws: SolverError.self) { try solver.replaceConstraint(second, with: y >= 30) }
        #expect(solver.dump() == before)
        for c in [first, second, third, fourth] { #expect(solver.hasConstraint(c)) }
        // A replacement that only shifts the constant takes over the slot.
        let shifted = x >= 3
        try solver.replaceConstraint(first, with: shifted)
        #expect(!solver.hasConstraint(first) && solver.hasConstraint(shifted))
        #expect(solver.value(of: x) == 10 && solver.statistics.constraints == 4)
    }

    @Test func failedRebuildingReplacementKeepsTheRecords() throws {
        // A required equality without a marker is replaced by rebuilding the tableau, which
        // moves the records to other slots; a failure restores the old tableau.
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let soft = (y == 3).withStrength(.weak), pin = x == 1, limit = x <= 5
        try solver.addConstraints([soft, pin, limit])
        #expect(throws: SolverError.self) { try solver.replaceConstraint(pin, with: x == 6) }
        for c in [soft, pin, limit] { #expect(solver.hasConstraint(c)) }
        try solver.removeConstraint(soft)
        try solver.replaceConstraint(pin, with: x == 2)
        #expect(!solver.hasConstraint(pin) && solver.value(of: x) == 2 && solver.constraints.count == 2)
    }

    @Test func conflictExplanationLeavesTheHints() throws {
        let x = Variable("x")
        let solver = Solver()
        let low = x >= 10, high = x <= 20
        try solver.addConstraints([low, high])
        #expect(throws: SolverError.self) { try solver.addConstraint(x >= 30) }
        #expect(solver.tableau.recordsIndexed == false)
        try solver.removeConstraint(high)
        #expect(solver.hasConstraint(low) && !solver.hasConstraint(high))
    }
}
