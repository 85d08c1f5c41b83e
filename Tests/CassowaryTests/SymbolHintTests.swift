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
}
