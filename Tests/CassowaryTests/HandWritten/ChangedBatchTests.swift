import Testing
@testable import Cassowary

/// The variables a solve changed are told a batch at a time, at most
/// ``Tableau/batchLimit`` to a batch: each changed variable once, none that did not change.
@Suite struct ChangedBatchTests {
    /// `x[0] ... x[count - 1]`, one apart, in one class whose place an edit of `x[0]` sets.
    static func chain(_ solver: Solver, count: Int) throws -> [Variable] {
        let x = (0..<count).map { Variable("x\($0)") }
        for k in 1..<count { try solver.addConstraint(x[k] == x[k - 1] + 1) }
        try solver.addEditVariable(x[0], strength: .strong)
        return x
    }

    /// The batches of an update, and the variables in them.
    static func update(_ solver: Solver) -> (sizes: [Int], told: [ObjectIdentifier]) {
        var sizes: [Int] = [], told: [ObjectIdentifier] = []
        solver.updateVariables(changedBatches: { batch in
            sizes.append(batch.count)
            for variable in batch { told.append(ObjectIdentifier(variable.takeUnretainedValue())) }
        })
        return (sizes, told)
    }

    @Test("a class of 600 members, new and then moved, is told whole, in batches of at most the limit")
    func largeClass() throws {
        let solver = Solver(keepsEqualityMarkers: true)
        let x = try Self.chain(solver, count: 600)
        try solver.suggestValue(x[0], 10)
        // The first update: the members are new.
        let first = Self.update(solver)
        #expect(first.sizes.allSatisfy { $0 > 0 && $0 <= Tableau.batchLimit })
        #expect(Set(first.told).count == first.told.count)
        #expect(x.allSatisfy { first.told.contains(ObjectIdentifier($0)) })
        #expect(x[599].value == 609)
        // Moved: every member changes, each told once.
        try solver.suggestValue(x[0], -5)
        let moved = Self.update(solver)
        #expect(moved.sizes.allSatisfy { $0 > 0 && $0 <= Tableau.batchLimit } && moved.sizes.count >= 3)
        #expect(moved.told.count == 600 && Set(moved.told).count == 600)
        #expect(x.allSatisfy { moved.told.contains(ObjectIdentifier($0)) })
        #expect(x.map(\.value) == (0..<600).map { Double($0) - 5 })
        // Nothing moved: nothing told.
        #expect(Self.update(solver).told.isEmpty)
    }

    @Test("told one at a time, the same variables are told as in batches")
    func oneAtATime() throws {
        let solver = Solver(keepsEqualityMarkers: true)
        let x = try Self.chain(solver, count: 300)
        solver.updateVariables()
        try solver.suggestValue(x[0], 7)
        var told: [ObjectIdentifier] = []
        solver.updateVariables { told.append(ObjectIdentifier($0)) }
        #expect(told.count == 300 && Set(told).count == 300 && x.allSatisfy { told.contains(ObjectIdentifier($0)) })
        #expect(x[299].value == 306)
    }
}
