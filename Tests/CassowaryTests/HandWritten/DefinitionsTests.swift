import Testing
@testable import Cassowary

/// Definitions (Tableau+Definitions.swift): a basic user variable's row may name older basic
/// user variables instead of being expanded, so a chain of preferences stays linear; values
/// are read through those references and refreshed in dependency order.
@Suite struct DefinitionsTests {
    /// `x[0] ... x[n]` with `x[i + 1] - x[i] == 4` at weak, `x[0] == 0` required first and
    /// `x[n] == 4n` required last (when `closed`), added one at a time.
    struct Chain {
        let solver: Solver
        let x: [Variable]
        var preferences: [Constraint]
        let required: [Constraint]

        init(mode: SolverMode, links n: Int, closed: Bool = true) throws {
            solver = mode.makeSolver()
            let x = (0...n).map { Variable("x\($0)") }
            self.x = x
            var required = [x[0] == 0]
            try solver.addConstraint(required[0])
            preferences = (0..<n).map { Constraint(x[$0 + 1] - x[$0] - 4, .equal, strength: .weak) }
            for preference in preferences { try solver.addConstraint(preference) }
            if closed {
                required.append(x[n] == Double(4 * n))
                try solver.addConstraint(required[1])
            }
            self.required = required
        }

        /// The total error of the weak preferences at the variables' values.
        func weakError(_ extra: [Constraint] = []) -> Double {
            (preferences + extra).reduce(0.0) { $0 + abs($1.expression.value) }
        }

        /// Every variable's written value agrees with `solver.value(of:)`; returns the first
        /// disagreement.
        func disagreement() -> String? {
            for v in x where v.value != solver.value(of: v) {
                return "\(v) is \(v.value), the solver says \(solver.value(of: v))"
            }
            return nil
        }
    }

    @Test("a chain of 3,000 preferences closed at both ends keeps the tableau linear", arguments: SolverMode.allCases)
    func longChainIsLinear(mode: SolverMode) throws {
        let half = try Chain(mode: mode, links: 1_500)
        let full = try Chain(mode: mode, links: 3_000)
        let cellsHalf = half.solver.statistics.cells, cellsFull = full.solver.statistics.cells
        #expect(cellsHalf > 0)
        #expect(Double(cellsFull) < 2.5 * Double(cellsHalf), "cells: \(cellsHalf) for 1,500, \(cellsFull) for 3,000")
        // A few cells per link, not one per link per row.
        #expect(cellsFull < 8 * 3_000, "\(cellsFull) cells")
        full.solver.updateVariables()
        for i in full.x.indices where full.x[i].value != Double(4 * i) {
            Issue.record("x\(i) is \(full.x[i].value), not \(4 * i)")
            break
        }
        #expect(full.disagreement() == nil)
        #expect(full.weakError() == 0)
    }

    @Test("a constraint between neighbours in the middle of a long chain costs few cells", arguments: SolverMode.allCases)
    func neighbourConstraintIsCheap(mode: SolverMode) throws {
        let n = 1_500, k = 777
        let chain = try Chain(mode: mode, links: n)
        let before = chain.solver.statistics.cells
        // Stronger than the chain: the gap at k grows to 6, the other gaps give up 2 in all.
        let wider = Constraint(chain.x[k + 1] - chain.x[k] - 6, .equal, strength: .strong)
        try chain.solver.addConstraint(wider)
        let after = chain.solver.statistics.cells
        #expect(after - before <= 64, "cells: \(before) before, \(after) after")
        chain.solver.updateVariables()
        #expect(chain.x[k + 1].value - chain.x[k].value == 6)
        #expect(chain.x[0].value == 0 && chain.x[n].value == Double(4 * n))
        #expect(abs(chain.weakError() - 4) < 1e-9, "weak error \(chain.weakError())")
        #expect(chain.disagreement() == nil)
        // A required inequality between other neighbours, already satisfied.
        let floor = chain.x[k - 10] >= chain.x[k - 11] + 1
        try chain.solver.addConstraint(floor)
        #expect(chain.solver.statistics.cells - after <= 64)
        try chain.solver.removeConstraint(wider)
        try chain.solver.removeConstraint(floor)
        chain.solver.updateVariables()
        for i in [0, 1, k - 11, k - 10, k, k + 1, k + 2, n - 1, n] { #expect(chain.x[i].value == Double(4 * i)) }
        #expect(chain.solver.statistics.cells <= before + 64)
    }

    @Test("removing a preference from the middle of a long chain and adding it back", arguments: SolverMode.allCases)
    func removeAndReAddInTheMiddle(mode: SolverMode) throws {
        let n = 1_500, k = 1_034
        var chain = try Chain(mode: mode, links: n)
        let cells = chain.solver.statistics.cells
        let middle = chain.preferences.remove(at: k)
        try chain.solver.removeConstraint(middle)
        chain.solver.updateVariables()
        // Both halves are still pinned by their ends.
        for i in chain.x.indices where chain.x[i].value != Double(4 * i) {
            Issue.record("after removal x\(i) is \(chain.x[i].value)")
            break
        }
        #expect(chain.disagreement() == nil)
        #expect(chain.solver.statistics.cells <= cells + 64, "\(cells) → \(chain.solver.statistics.cells)")

        // A medium preference across the gap: the right half gives up 6 in all.
        let pull = Constraint(chain.x[k + 1] - chain.x[k] - 10, .equal, strength: .medium)
        try chain.solver.addConstraint(pull)
        chain.solver.updateVariables()
        #expect(chain.x[k + 1].value - chain.x[k].value == 10)
        #expect(abs(chain.weakError() - 6) < 1e-9, "weak error \(chain.weakError())")
        #expect(chain.x[n].value == Double(4 * n))
        #expect(chain.disagreement() == nil)
        // Its constant changes in place.
        let nearer = Constraint(chain.x[k + 1] - chain.x[k] - 7, .equal, strength: .medium)
        try chain.solver.replaceConstraint(pull, with: nearer)
        chain.solver.updateVariables()
        #expect(chain.x[k + 1].value - chain.x[k].value == 7)
        #expect(abs(chain.weakError() - 3) < 1e-9)
        #expect(chain.disagreement() == nil)
        try chain.solver.removeConstraint(nearer)

        // The preference back: every gap is 4 again.
        try chain.solver.addConstraint(middle)
        chain.preferences.insert(middle, at: k)
        chain.solver.updateVariables()
        for i in chain.x.indices where chain.x[i].value != Double(4 * i) {
            Issue.record("after re-adding x\(i) is \(chain.x[i].value)")
            break
        }
        #expect(chain.weakError() == 0)
        #expect(chain.disagreement() == nil)
        // The tableau re-added is shaped differently (the objective may name the error pairs
        // the first build left basic), but stays a few cells per link...
        let readded = chain.solver.statistics.cells
        #expect(readded < 8 * n, "\(cells) → \(readded)")
        // ...and a second cycle ends where the first did: nothing accumulates.
        try chain.solver.removeConstraint(middle)
        try chain.solver.addConstraint(middle)
        #expect(chain.solver.statistics.cells <= readded + 64, "\(readded) → \(chain.solver.statistics.cells)")
    }

    @Test("values are refreshed through references when a referenced variable moves", arguments: SolverMode.allCases)
    func valuesRefreshThroughReferences(mode: SolverMode) throws {
        let n = 1_000, k = 617
        // Open at the far end; x0 is placed by a strong edit instead of a required pin.
        let solver = mode.makeSolver()
        let x = (0...n).map { Variable("x\($0)") }
        var preferences = (0..<n).map { Constraint(x[$0 + 1] - x[$0] - 4, .equal, strength: .weak) }
        for preference in preferences { try solver.addConstraint(preference) }
        try solver.addEditVariable(x[0], strength: .strong)

        func check(_ expected: (Int) -> Double, _ step: String) {
            for i in x.indices where x[i].value != expected(i) || solver.value(of: x[i]) != expected(i) {
                Issue.record("\(step): x\(i) is \(x[i].value), solver.value(of:) \(solver.value(of: x[i])), expected \(expected(i))")
                return
            }
        }
        var changed: [ObjectIdentifier] = []
        func update() -> Set<ObjectIdentifier> {
            changed = []
            solver.updateVariables { changed.append(ObjectIdentifier($0)) }
            return Set(changed)
        }
        let all = Set(x.map(ObjectIdentifier.init))

        for (target, round) in zip([7.0, -300, 7, 0.25], 0...) {
            try solver.suggestValue(x[0], target)
            let moved = update()
            check({ target + 4 * Double($0) }, "suggest \(target)")
            // Each variable moved, and is reported once (after the first round every one moved).
            if round > 0 { #expect(moved == all && changed.count == all.count) }
        }
        // A new constant in the middle: only the variables beyond it move.
        let wider = Constraint(x[k + 1] - x[k] - 9, .equal, strength: .weak)
        try solver.replaceConstraint(preferences[k], with: wider)
        preferences[k] = wider
        let moved = update()
        check({ 0.25 + 4 * Double($0) + ($0 > k ? 5 : 0) }, "new constant")
        #expect(moved == Set(x[(k + 1)...].map(ObjectIdentifier.init)), "\(moved.count) reported")
        // Nothing more to write.
        #expect(update().isEmpty)
        // The edit again, with the new gap.
        try solver.suggestValue(x[0], 100)
        _ = update()
        check({ 100 + 4 * Double($0) + ($0 > k ? 5 : 0) }, "suggest after the new constant")
        // Without the gap at k the tail is a chain of its own: a pull on its first variable
        // places all of it, and the head stays.
        try solver.removeConstraint(wider)
        let pull = (x[k + 1] == -3).withStrength(.medium)
        try solver.addConstraint(pull)
        _ = update()
        check({ $0 <= k ? 100 + 4 * Double($0) : -3 + 4 * Double($0 - k - 1) }, "tail pulled")
        try solver.removeConstraint(pull)
        try solver.addConstraint(wider)
        _ = update()
        check({ 100 + 4 * Double($0) + ($0 > k ? 5 : 0) }, "gap back")
    }

    @Test("a definition's references never form a cycle: every row names only older basic variables",
          arguments: SolverMode.allCases)
    func referencesAreOrdered(mode: SolverMode) throws {
        var chain = try Chain(mode: mode, links: 600)
        // Some churn: removals, re-adds, constant changes.
        for k in stride(from: 17, to: 600, by: 97) {
            let old = chain.preferences[k]
            try chain.solver.removeConstraint(old)
            let new = Constraint(chain.x[k + 1] - chain.x[k] - 4, .equal, strength: .weak)
            try chain.solver.addConstraint(new)
            chain.preferences[k] = new
        }
        let tableau = chain.solver.tableau
        var references = 0
        for index in tableau.rows.indices {
            guard let row = tableau.rows[index] else { continue }
            for cell in row.cells where tableau.rows[cell.symbol.index] != nil {
                references += 1
                #expect(tableau.symbol(at: index).isExternal, "only a user variable's row may name a basic symbol")
                #expect(tableau.states[cell.symbol.index].order < tableau.states[index].order)
            }
        }
        // The chain is kept as references, not expanded.
        #expect(references > 300)
        chain.solver.updateVariables()
        for i in chain.x.indices { #expect(chain.x[i].value == Double(4 * i)) }
        #expect(chain.disagreement() == nil)
    }
}
