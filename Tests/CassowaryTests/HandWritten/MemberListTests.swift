import Testing
@testable import Cassowary

/// The lists of the members of large classes (EqualityClasses+Lists.swift): a class whose
/// anchor moves has its members written from a list kept between updates, and every change
/// of the class (a member joining, a merge, a split, a rollback) leaves its list behind.
@Suite struct MemberListTests {
    typealias Helpers = EqualityClassesTests

    /// A new solver with a chain `x0 … x5` (x[i+1] == x[i] + 10) whose start follows an edit
    /// variable, so its class's anchor moves with every suggestion; the chain is moved to
    /// each of `values` and checked (see ``expectValues(_:start:_:_:_:)``). Returns the
    /// solver, the chain, and each variable with its offset from the start.
    static func editedChain(movedTo values: [Double]) throws
        -> (solver: Solver, x: [Variable], offsets: [(Variable, Double)]) {
        let solver = Helpers.makeSolver()
        let (x, _, _) = try Helpers.chain(solver, count: 6, anchored: false)
        try solver.addEditVariable(x[0], strength: .strong)
        let offsets = x.indices.map { (x[$0], 10 * Double($0)) }
        for value in values { try expectValues(solver, start: x[0], value, offsets, "chain at \(value)") }
        return (solver, x, offsets)
    }

    /// Suggests `value` for the edited start, updates, and checks each variable at its
    /// offset from the start, and the tableau's invariants.
    static func expectValues(_ solver: Solver, start: Variable, _ value: Double,
                             _ offsets: [(Variable, Double)], _ context: String) throws {
        try solver.suggestValue(start, value)
        solver.updateVariables()
        for (variable, offset) in offsets {
            #expect(variable.value == value + offset, "\(context): \(variable) is \(variable.value)")
        }
        #expect(solver.tableau.invariantViolations() == [], "\(context)")
    }

    @Test("a chain's members follow its anchor through merges, splits, a changed link and a rollback")
    func listsFollowTheirClasses() throws {
        let (solver, x, chain) = try Self.editedChain(movedTo: [5, 7, 11])
        let klass = try #require(Helpers.klass(solver, x[0]))
        let list = solver.tableau.classes.memberLists[Int(klass)]
        #expect(list.version == solver.tableau.classes.classes[Int(klass)].version && list.count == 6,
                "the chain's list is kept")

        // Four more members, joined in one merge.
        let y = (0..<4).map { Variable("y\($0)") }
        for k in 1..<4 { try solver.addConstraint(y[k] == y[k - 1] + 1) }
        let join = y[0] == x[5] + 100
        try solver.addConstraint(join)
        let joined = chain + y.indices.map { (y[$0], 150 + Double($0)) }
        try Self.expectValues(solver, start: x[0], 20, joined, "after the merge")
        try Self.expectValues(solver, start: x[0], 30, joined, "after the merge, again")

        // The join's constant changes (a shift), then it goes (a split).
        let shiftedJoin = y[0] == x[5] + 200
        try solver.replaceConstraint(join, with: shiftedJoin)
        let shifted = chain + y.indices.map { (y[$0], 250 + Double($0)) }
        try Self.expectValues(solver, start: x[0], 40, shifted, "after the shift")
        try solver.removeConstraint(shiftedJoin)
        let yValues = y.map(\.value)
        try Self.expectValues(solver, start: x[0], 50, chain, "after the split")
        #expect(y.map(\.value) == yValues, "the split side keeps its values")

        // A batch that merges the classes again, then fails, is undone whole and replayed
        // one constraint at a time: the merge stays, the contradiction is refused.
        let batch = [y[0] == x[5] + 300, x[2] == x[1] + 11]
        var refused: [Constraint] = []
        solver.addConstraints(batch) { constraint, _ in refused.append(constraint) }
        #expect(refused.count == 1 && refused.first === batch[1])
        let rejoined = chain + y.indices.map { (y[$0], 350 + Double($0)) }
        try Self.expectValues(solver, start: x[0], 60, rejoined, "after the replayed batch")
        try Self.expectValues(solver, start: x[0], 70, rejoined, "after the replayed batch, again")
    }

    @Test("a call undone gives its class back its version, and the list made before the call holds again")
    func rollbackRestoresTheList() throws {
        let (solver, x, chain) = try Self.editedChain(movedTo: [1, 2])
        let klass = try #require(Helpers.klass(solver, x[0]))
        let version = solver.tableau.classes.classes[Int(klass)].version
        #expect(solver.tableau.classes.memberLists[Int(klass)].version == version)
        // The tableau's batch alone: it merges two new members into the class, then fails on
        // a contradiction, and is undone (the solver's one-at-a-time pass would add them).
        let y = Variable("y"), z = Variable("z")
        #expect(solver.tableau.addBatch([y == x[5] + 1, z == y + 1, x[2] == x[1] + 11]) == nil)
        #expect(solver.tableau.classes.classes[Int(klass)].version == version)
        #expect(Helpers.klass(solver, y) == nil && Helpers.klass(solver, z) == nil)
        for value in [3.0, 4] { try Self.expectValues(solver, start: x[0], value, chain, "after the undone batch, at \(value)") }
        #expect(solver.tableau.classes.memberLists[Int(klass)].version == version, "the list was made again")
    }

    @Test("a member joining a listed class is written with it")
    func newMemberJoinsTheList() throws {
        let (solver, x, chain) = try Self.editedChain(movedTo: [1, 2])
        var offsets = chain
        for k in 0..<20 {
            let extra = Variable("z\(k)")
            try solver.addConstraint(extra == x[k % 6] - 1)
            offsets.append((extra, 10 * Double(k % 6) - 1))
            try Self.expectValues(solver, start: x[0], Double(3 + k), offsets, "after z\(k) joined")
        }
    }
}
