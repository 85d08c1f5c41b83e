import Testing
@testable import Cassowary

/// A variable whose member the equality classes freed, and whose hint now names a slot
/// another variable took, is known not to be a member without indexing every member
/// (``EqualityClasses/freedVariables``); a variable that another solver freed is still
/// found where it is a member.
@Suite struct FreedMemberTests {
    @Test("a variable freed and taken back is not looked up in an index of every member")
    func freedAndTakenBack() throws {
        let solver = Solver(keepsEqualityMarkers: true)
        let a = Variable("a"), b = Variable("b"), c = Variable("c"), d = Variable("d"), e = Variable("e")
        let ab = a == b + 10
        try solver.addConstraints([c == 3, ab])
        // Many members, so that an index of them all would be the costly part.
        let others = (0..<500).map { Variable("v\($0)") }
        try solver.addConstraints(zip(others, others.dropFirst()).map { $0.0 == $0.1 + 1 })
        try solver.removeConstraint(ab)
        #expect(solver.tableau.classes.freedVariables.contains(Identity(a)))
        // The freed slots go to new variables, then `a` comes back.
        try solver.addConstraint(d == e + 1)
        try solver.addConstraint(a == c + 5)
        solver.updateVariables()
        #expect(a.value == 8)
        #expect(solver.tableau.classes.indexed == false)
        #expect(!solver.tableau.classes.freedVariables.contains(Identity(a)))
        // And it is a member: a constraint on it moves it with its class.
        try solver.addConstraint(b == a - 2)
        solver.updateVariables()
        #expect(b.value == 6)
    }

    @Test("a variable freed by one solver is still found by another that holds it")
    func freedByAnother() throws {
        let first = Solver(keepsEqualityMarkers: true), second = Solver(keepsEqualityMarkers: true)
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), u = Variable("u")
        try first.addConstraints([y == 0, x == y + 1])
        // The second solver registers `x` last (its hint names the second's member), then
        // frees it.
        let xz = x == z + 2
        try second.addConstraint(xz)
        try second.removeConstraint(xz)
        try second.addConstraint(Variable("w") == Variable("t") + 1)
        // The first still holds `x` in its class: `u` follows it.
        try first.addConstraint(u == x + 5)
        first.updateVariables()
        #expect(x.value == 1)
        #expect(u.value == 6)
    }

    @Test("the list of freed variables stays bounded through churn")
    func bounded() throws {
        let solver = Solver(keepsEqualityMarkers: true)
        let anchor = Variable("anchor")
        try solver.addConstraint(anchor == 0)
        for k in 0..<10_000 {
            let (p, q) = (Variable("p\(k)"), Variable("q\(k)"))
            let link = p == q + 1, pin = q == anchor + 2
            try solver.addConstraints([link, pin])
            try solver.removeConstraint(link)
            try solver.removeConstraint(pin)
        }
        #expect(solver.tableau.classes.freedVariables.count <= EqualityClasses.freedVariablesLimit)
    }
}
