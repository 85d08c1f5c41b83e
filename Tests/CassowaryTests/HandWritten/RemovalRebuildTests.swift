import Testing
@testable import Cassowary

/// Removals that would cost more than making the tableau afresh rebuild it instead
/// (Tableau+SolverCalls.swift, ``Tableau/remove(_:)``), and a pending rebuild takes the
/// next batch in with the constraints left (``Tableau/rebuildAdding(_:)``): the values,
/// the errors and the duplicates are those of a solver that never rebuilt.
@Suite struct RemovalRebuildTests {
    /// Edges `x[0] … x[n]` of `n` segments in a span of 1,000: the first edge at 0, the
    /// last at 1,000, each segment `weights[i]` of the span (required, as a stack filling
    /// proportionally asks), and a weak preference for each segment to be 10 long.
    struct Span {
        let edges: [Variable]
        var shares: [Constraint] = []
        var others: [Constraint] = []

        init(_ n: Int) {
            edges = (0...n).map { Variable("x\($0)") }
            others = [edges[0] == 0, edges[n] == 1_000]
            for i in 0..<n { others.append((edges[i + 1] - edges[i] == 10).withStrength(.weak)) }
        }

        /// Each segment's share of the span for `weights` (which sum to 1).
        func shares(_ weights: [Double]) -> [Constraint] {
            weights.indices.map { i in
                edges[i + 1] - edges[i] == weights[i] * (edges[edges.count - 1] - edges[0])
            }
        }
    }

    /// Weights proportional to 1, 2, 3, 1, 2, 3, …, with one segment left out (0) if asked.
    static func weights(_ n: Int, without hidden: Int? = nil) -> [Double] {
        let raw = (0..<n).map { $0 == hidden ? 0.0 : Double($0 % 3 + 1) }
        let sum = raw.reduce(0, +)
        return raw.map { $0 / sum }
    }

    /// A solver that keeps equality markers, as the layout engine's does, with `span`'s
    /// constraints and shares for `weights`.
    static func solver(_ span: inout Span, _ weights: [Double], floor: Int) throws -> Solver {
        let solver = Solver(keepsEqualityMarkers: true)
        solver.tableau.removalWorkFloor = floor
        span.shares = span.shares(weights)
        solver.addConstraints(span.others + span.shares) { constraint, error in
            Issue.record("\(constraint): \(error)")
        }
        solver.updateVariables()
        return solver
    }

    /// Every segment's share replaced by one for `weights`, as a stack does when a view is
    /// hidden: all the old shares removed, then the new ones added as one batch.
    static func replaceShares(_ solver: Solver, _ span: inout Span, _ weights: [Double]) throws {
        for share in span.shares { try solver.removeConstraint(share) }
        span.shares = span.shares(weights)
        solver.addConstraints(span.shares) { constraint, error in Issue.record("\(constraint): \(error)") }
        solver.updateVariables()
    }

    /// Checks that each edge sits where the weights put it.
    static func expectEdges(_ span: Span, _ weights: [Double], _ context: String) {
        var position = 0.0
        for (i, edge) in span.edges.enumerated() {
            #expect(abs(edge.value - position) < 1e-6, "\(context): x\(i) = \(edge.value), expected \(position)")
            if i < weights.count { position += 1_000 * weights[i] }
        }
    }

    @Test("replacing every share of a long span rebuilds once, and the edges move as they should")
    func replacingSharesRebuilds() throws {
        let n = 1_000
        var span = Span(n)
        let solver = try Self.solver(&span, Self.weights(n), floor: 4_096)
        Self.expectEdges(span, Self.weights(n), "built")
        let before = solver.tableau.rebuildCount, made = solver.tableau.cellsMade
        let cells = solver.statistics.cells
        try Self.replaceShares(solver, &span, Self.weights(n, without: n / 2))
        Self.expectEdges(span, Self.weights(n, without: n / 2), "segment \(n / 2) left out")
        let rebuilds = solver.tableau.rebuildCount
        #expect(rebuilds == before + 1)
        // Measured: 26,036 cells made for a tableau of 5,994 (the removals up to the budget,
        // the rebuild, the new shares). Removed one at a time, each share's marker brought a
        // row as long as the span into three rows: 273,576 cells for a tableau of 1,794 at
        // 300 segments, 152 times its size.
        let work = solver.tableau.cellsMade - made
        #expect(work <= 6 * cells + 4_096, "\(work) cells made for a tableau of \(cells)")
        // And back.
        try Self.replaceShares(solver, &span, Self.weights(n))
        Self.expectEdges(span, Self.weights(n), "all segments again")
    }

    @Test("a removal of a few cells does not rebuild")
    func smallRemovalsKeepTheTableau() throws {
        let n = 300
        var span = Span(n)
        let solver = try Self.solver(&span, Self.weights(n), floor: 4_096)
        let before = solver.tableau.rebuildCount
        for i in 0..<20 {
            let preference = span.others[2 + i]
            try solver.removeConstraint(preference)
            try solver.addConstraint(preference)
            solver.updateVariables()
        }
        let rebuilds = solver.tableau.rebuildCount
        #expect(rebuilds == before)
        Self.expectEdges(span, Self.weights(n), "after the preferences came and went")
    }

    @Test("after any removal, a pending rebuild takes the batch in, with its duplicates and its conflicts reported")
    func pendingRebuildTakesTheBatch() throws {
        let n = 40
        var span = Span(n)
        // A floor far below zero: every removal schedules a rebuild.
        let solver = try Self.solver(&span, Self.weights(n), floor: -1_000_000)
        try solver.removeConstraint(span.others[2])
        try solver.removeConstraint(span.others[3])
        let pending = solver.tableau.needsRebuild
        #expect(pending)
        // The batch: one constraint already in, one that conflicts, one that holds.
        let conflicting = span.edges[n] == 999
        let extra = (span.edges[1] == 25).withStrength(.strong)
        var failures: [(Constraint, SolverError)] = []
        solver.addConstraints([span.shares[0], conflicting, extra]) { failures.append(($0, $1)) }
        solver.updateVariables()
        #expect(failures.count == 2)
        #expect(failures.contains { failure in
            guard case .duplicateConstraint = failure.1 else { return false }
            return failure.0 === span.shares[0]
        })
        #expect(failures.contains { $0.0 === conflicting })
        #expect(!solver.hasConstraint(conflicting) && solver.hasConstraint(extra) && !solver.hasConstraint(span.others[2]))
        Self.expectEdges(span, Self.weights(n), "after the batch")
        // Without a conflict, the rebuild and the batch go in together.
        let before = solver.tableau.rebuildCount
        try solver.removeConstraint(extra)
        try solver.removeConstraint(span.others[4])
        solver.addConstraints([span.others[2], span.others[3], span.others[4]]) { Issue.record("\($0): \($1)") }
        let (rebuilds, stillPending) = (solver.tableau.rebuildCount, solver.tableau.needsRebuild)
        #expect(rebuilds == before + 1 && !stillPending)
        solver.updateVariables()
        Self.expectEdges(span, Self.weights(n), "all back")
    }

    /// A solver without markers rebuilds after each removal of a required equality, and
    /// keeps its tables' storage across the rebuild: a cycle that adds a chain and takes
    /// it out again gives a solver's values every time, and the tables stop growing.
    @Test("a rebuild keeps the tables' storage, and its values are a fresh solver's")
    func rebuildKeepsStorage() throws {
        let solver = Solver()
        let xs = (0..<40).map { Variable("x\($0)") }
        var capacities: [Int] = []
        for cycle in 0..<6 {
            var chain = [xs[0] == Double(cycle)]
            for i in 1..<xs.count { chain.append(xs[i] == xs[i - 1] + 2) }
            let preference = (xs[xs.count - 1] == 0).withStrength(.weak)
            for constraint in chain + [preference] { try solver.addConstraint(constraint) }
            solver.updateVariables()
            #expect(xs[xs.count - 1].value == Double(cycle) + 78, "cycle \(cycle)")
            let before = solver.tableau.rebuildCount
            for constraint in chain.reversed() { try solver.removeConstraint(constraint) }
            // The chain's equalities have no marker: the next call rebuilds, from the
            // preference alone, which now holds.
            #expect(solver.tableau.needsRebuild)
            solver.updateVariables()
            #expect(solver.tableau.rebuildCount == before + 1)
            #expect(xs[xs.count - 1].value == 0, "cycle \(cycle): the preference alone")
            try solver.removeConstraint(preference)
            capacities.append(solver.tableau.states.capacity)
        }
        // The first build made the storage; every rebuild kept it and grew nothing.
        #expect(capacities.allSatisfy { $0 >= xs.count }, "\(capacities)")
        #expect(Set(capacities).count == 1, "\(capacities)")
    }
}
