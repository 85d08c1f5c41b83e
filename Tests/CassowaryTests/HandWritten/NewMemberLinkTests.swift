import Testing
@testable import Cassowary

/// A link that ties a variable the classes do not know to one they do goes straight into
/// the known variable's class (``Tableau/joiningNewVariable(_:)``) when that class is the
/// ground or has an anchor; otherwise it goes through the merge. A link between two new
/// variables makes one class with an anchor. Either way the classes, values and rollbacks
/// are those of the general path.
@Suite struct NewMemberLinkTests {
    typealias Helpers = EqualityClassesTests

    @Test("a new variable tied to the ground joins it: no class of its own, the value exact")
    func joinsTheGround() throws {
        let solver = Helpers.makeSolver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        try solver.addConstraint(x == 10)
        try solver.addConstraint(y == x + 5)
        // Written the other way round: the new variable is the second term.
        try solver.addConstraint(y == z + 0.25)
        solver.updateVariables()
        #expect(Helpers.klass(solver, x) == EqualityClasses.ground)
        #expect(Helpers.klass(solver, y) == EqualityClasses.ground)
        #expect(Helpers.klass(solver, z) == EqualityClasses.ground)
        #expect(Helpers.liveClasses(solver) == 0)
        #expect((x.value, y.value, z.value) == (10, 15, 14.75))
        #expect(solver.tableau.invariantViolations() == [])
    }

    @Test("a new variable tied to an anchored class joins it, and moves with it")
    func joinsAnAnchoredClass() throws {
        let solver = Helpers.makeSolver()
        let x = (0..<4).map { Variable("x\($0)") }
        // Two new variables: one class, with an anchor, and no class made and freed.
        try solver.addConstraint(x[1] == x[0] + 10)
        let klass = try #require(Helpers.klass(solver, x[0]))
        #expect(solver.tableau.classes.classes[Int(klass)].anchor != nil)
        #expect(Helpers.klass(solver, x[1]) == klass && Helpers.liveClasses(solver) == 1)
        #expect(solver.tableau.classes.freeClass == -1)
        try solver.addConstraint(x[2] == x[1] + 10)
        try solver.addConstraint(x[1] == x[3] - 30)
        #expect(x.map { Helpers.klass(solver, $0) } == Array(repeating: klass, count: 4))
        #expect(solver.tableau.classes.classes[Int(klass)].count == 4)
        #expect(Helpers.liveClasses(solver) == 1)
        try solver.addConstraint((x[2] == 50).withStrength(.weak))
        solver.updateVariables()
        #expect(x.map(\.value) == [30, 40, 50, 70])
        #expect(solver.tableau.invariantViolations() == [])
    }

    @Test("a new variable tied to a self-anchored class goes through the merge, which re-lowers its record")
    func mergesWithASelfAnchoredClass() throws {
        let solver = Helpers.makeSolver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(x >= 5)
        try solver.addConstraint((x == 0).withStrength(.weak))
        let before = try #require(Helpers.klass(solver, x))
        #expect(solver.tableau.classes.classes[Int(before)].anchor == nil)
        try solver.addConstraint(y == x + 3)
        let klass = try #require(Helpers.klass(solver, y))
        #expect(Helpers.klass(solver, x) == klass)
        #expect(solver.tableau.classes.classes[Int(klass)].anchor != nil)
        solver.updateVariables()
        #expect((x.value, y.value) == (5, 8))
        #expect(solver.tableau.invariantViolations() == [])
    }

    @Test("a batch that fails takes back the members it put into classes; added one at a time they come back")
    func failedBatchRollsBack() throws {
        let solver = Helpers.makeSolver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), w = Variable("w")
        try solver.addConstraint(x == 10)
        try solver.addConstraint(y == x + 5)
        let members = Helpers.liveMembers(solver)
        let conflict = x == 20
        // The batch fails as a whole on its last constraint and is undone; the constraints
        // are then added one at a time, and only the contradiction is refused.
        var refused: [Constraint] = []
        solver.addConstraints([z == y + 1, w == z + 1, conflict]) { constraint, _ in refused.append(constraint) }
        #expect(refused.count == 1 && refused[0] === conflict)
        #expect(Helpers.liveMembers(solver) == members + 2)
        #expect(Helpers.liveLinks(solver) == 4)
        solver.updateVariables()
        #expect((x.value, y.value, z.value, w.value) == (10, 15, 16, 17))
        #expect(solver.tableau.invariantViolations() == [])
    }

    @Test("a link between two new variables keeps the first one's value, as the merge did")
    func newPairKeepsTheFirstValue() throws {
        let solver = Helpers.makeSolver()
        let u = Variable("u", value: 5), v = Variable("v", value: 0)
        // Nothing else holds them: the anchor starts at u's value, and v is u − 10.
        try solver.addConstraint(u == v + 10)
        solver.updateVariables()
        #expect((u.value, v.value) == (5, -5))
        #expect(solver.tableau.invariantViolations() == [])
    }

    @Test("links between new variables, in a batch and one at a time, give the same classes and values")
    func newPairsInABatch() throws {
        var results: [[Double]] = []
        for batched in [false, true] {
            let solver = Helpers.makeSolver()
            let a = (0..<6).map { Variable("a\($0)") }
            // Three pairs of new variables, then links joining the pairs' classes, and a pull.
            let links = [a[1] == a[0] + 1, a[3] == a[2] + 2, a[5] == a[4] + 3, a[2] == a[1] + 10, a[4] == a[3] + 20]
            let pull = (a[0] == 100).withStrength(.weak)
            if batched {
                var refused: [Constraint] = []
                solver.addConstraints(links + [pull]) { constraint, _ in refused.append(constraint) }
                #expect(refused.isEmpty)
            } else {
                for constraint in links + [pull] { try solver.addConstraint(constraint) }
            }
            let klass = try #require(Helpers.klass(solver, a[0]))
            #expect(a.allSatisfy { Helpers.klass(solver, $0) == klass })
            #expect(Helpers.liveClasses(solver) == 1)
            solver.updateVariables()
            results.append(a.map(\.value))
            #expect(solver.tableau.invariantViolations() == [])
        }
        #expect(results[0] == [100, 101, 111, 113, 133, 136])
        #expect(results[1] == results[0])
    }

    @Test("a batch undone whole leaves no member behind")
    func undoneBatchLeavesNothing() throws {
        let solver = Helpers.makeSolver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        try solver.addConstraint(x == 10)
        let members = Helpers.liveMembers(solver), links = Helpers.liveLinks(solver)
        // The tableau's batch alone, without the solver's one-at-a-time pass after it: the
        // classes as the rollback left them.
        let batch = [y == x + 1, z == y + 1, x == 11]
        #expect(solver.tableau.addBatch(batch) == nil)
        #expect(Helpers.liveMembers(solver) == members)
        #expect(Helpers.liveLinks(solver) == links)
        #expect(Helpers.klass(solver, y) == nil && Helpers.klass(solver, z) == nil)
        #expect(solver.tableau.invariantViolations() == [])
        try solver.addConstraint(z == x - 2)
        solver.updateVariables()
        #expect(z.value == 8)
    }
}
