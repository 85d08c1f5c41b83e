import Testing
@testable import Cassowary

/// Taking a constraint's marker out of the tableau (Tableau+Removal.swift): the pivot that
/// removes it keeps basic dummies fixed at zero and is never made on a coefficient that
/// may be rounding noise while a sound one keeps every row feasible.
@Suite struct MarkerRemovalTests {
    /// Every basic dummy (the marker of a redundant required equality) has a row made only
    /// of dummies, at zero.
    static func dummyRowsAreFixed(_ solver: Solver) -> Bool {
        let tableau = solver.tableau
        for index in tableau.rows.indices where tableau.symbol(at: index).isDummy {
            guard let row = tableau.rows[index] else { continue }
            if !nearZero(row.constant) || row.cells.contains(where: { !$0.symbol.isDummy }) { return false }
        }
        return true
    }

    /// The largest coefficient in any row of the tableau.
    static func largestCoefficient(_ solver: Solver) -> Double {
        solver.tableau.rows.reduce(0.0) { largest, row in
            row?.cells.reduce(largest) { max($0, abs($1.coefficient)) } ?? largest
        }
    }

    @Test("removing an equality keeps a redundant one that depended on it", arguments: SolverMode.allCases)
    func redundantEqualityHoldsAfterRemoval(mode: SolverMode) throws {
        // In marker mode `y == 10` is redundant when added: its dummy becomes basic, with a
        // row of the other two dummies. Removing `x == 10` once substituted a row of slack
        // and user symbols into it, and the dual rule took the row that lets x fall to its
        // floor: y == 10 then broke silently (x = y = 0).
        let x = Variable("x"), y = Variable("y")
        let solver = mode.makeSolver()
        let pin = x == 10, link = y == x, copy = y == 10, floor = x >= 0
        try solver.addConstraints([pin, link, copy, floor, (x == 0).withStrength(.weak)])
        #expect(Self.dummyRowsAreFixed(solver))
        try solver.removeConstraint(pin)
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 10)
        #expect(Self.dummyRowsAreFixed(solver))
        // y == 10 is what holds x now: without the link the weak pull wins.
        try solver.removeConstraint(link)
        solver.updateVariables()
        #expect(x.value == 0 && y.value == 10)
        try solver.removeConstraint(copy)
        try solver.removeConstraint(floor)
        #expect(Self.dummyRowsAreFixed(solver))
    }

    @Test("a replacement that contradicts a redundant equality is rejected",
          arguments: SolverMode.allCases, [0.0, 20.0])
    func replacementContradictingRedundantEquality(mode: SolverMode, target: Double) throws {
        // Shifting the constant of `x == 10` shifts the basic dummy of the redundant
        // `y == 10` (marker mode): a dummy away from zero is a contradiction, whichever side.
        let x = Variable("x"), y = Variable("y")
        let solver = mode.makeSolver()
        let pin = x == 10, link = y == x, copy = y == 10
        try solver.addConstraints([pin, link, copy])
        let before = solver.dump()
        let moved = x == target
        do {
            try solver.replaceConstraint(pin, with: moved)
            Issue.record("x == \(target) accepted with y == x and y == 10")
        } catch {
            guard case .unsatisfiableConstraint(let c, let conflicts) = error else { throw error }
            #expect(c === moved)
            #expect(Set(conflicts.map(ObjectIdentifier.init)) == Set([link, copy].map(ObjectIdentifier.init)))
        }
        #expect(solver.dump() == before)
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 10)
        // The same constant again is no contradiction.
        let same = x == 10
        try solver.replaceConstraint(pin, with: same)
        #expect(solver.hasConstraint(same) && !solver.hasConstraint(pin))
        #expect(Self.dummyRowsAreFixed(solver))
    }

    @Test("a marker leaves through a sound row, not a coefficient near rounding", arguments: SolverMode.allCases)
    func soundPivotOnRemoval(mode: SolverMode) throws {
        // The slack of `y + 1e-7·x <= 1000` is basic with the coefficient -1e-7 for the
        // first error symbol of `x == 757`; x's own row holds it with 1. Kiwi's rule takes
        // the restricted row, dividing by 1e-7: x jumps to about 1e10 and every coefficient
        // that the pivot touches grows ten million times (in the conformance record the
        // coefficient was rounding noise, and the next step found the objective unbounded).
        // x's row keeps the slack feasible (x leaves at 0, the slack moves by 1e-7·757).
        let x = Variable("x"), y = Variable("y")
        let solver = mode.makeSolver()
        let anchor = (x == 757).withStrength(.weak)
        try solver.addConstraints([(y == 0).withStrength(.weak), anchor, y + 1e-7 * x <= 1000])
        let slack = solver.tableau.records.last!.marker!
        #expect(solver.tableau.rows[slack.index]?.coefficient(for: solver.tableau.records[1].marker!) == -1e-7)
        try solver.removeConstraint(anchor)
        solver.updateVariables()
        #expect(x.value == 0 && y.value == 0)
        #expect(Self.largestCoefficient(solver) <= 1)
    }
}
