import Testing
@testable import Cassowary

/// The simplex always returns. In a badly scaled system rounding can make reduced costs
/// that are noise choose pivots that undo each other, and an optimization that never
/// ends; after ``Tableau/pivotAllowance(symbols:)`` pivots the choices become Bland's
/// rule, and after twice as many the step throws, its transaction undone. A removal that
/// fails so is carried out by a rebuild instead.
@Suite struct SimplexTerminationTests {
    /// A solver's values for `variables`, as `updateVariables()` leaves them.
    static func values(_ solver: Solver, _ variables: [Variable]) -> [Double] {
        solver.updateVariables()
        return variables.map(\.value)
    }

    /// Banded system 39 (80 variables, band 8) sends the equality-marker mode round in
    /// circles when its constraints are removed: before the allowance, that removal never
    /// returned. Each removal is first tried as the tableau's own step and undone: the one
    /// that gives up throws an internal error that says so, and every try leaves the
    /// solver as it was (the constraint still in, every value unchanged). The solver's
    /// removal then succeeds: the constraint is gone, and every required constraint left
    /// holds.
    @Test func aRemovalThatGoesRoundInCirclesEndsAndIsRebuilt() throws {
        let system = BandedSystem(seed: 39, variables: 80, band: 8)
        let (variables, constraints) = system.materialize()
        let solver = Solver(keepsEqualityMarkers: true)
        for constraint in constraints {
            do { try solver.addConstraint(constraint) } catch {
                switch error {
                case .unsatisfiableConstraint, .precisionLoss: break
                default:
                    Issue.record("adding \(constraint) threw \(error)")
                    return
                }
            }
            solver.updateVariables()
        }
        var gaveUp = 0
        for k in system.removalOrder where solver.hasConstraint(constraints[k]) {
            // The tableau's step alone, always undone (the sentinel throw rolls back a step
            // that went through). Not on a tableau waiting for a rebuild (the solver rebuilds
            // it first), and not after the first that gives up (each costs twice the
            // allowance of pivots).
            if gaveUp == 0, !solver.tableau.needsRebuild, let slot = solver.tableau.recordSlot(of: constraints[k]) {
                let before = Self.values(solver, variables)
                do throws(Tableau.StepError) {
                    try solver.tableau.transaction { (t: inout Tableau) throws(Tableau.StepError) in
                        try t.erase(slot)
                        throw .unsatisfiable
                    }
                } catch {
                    if case .failure(let failure) = error {
                        guard case .internalError(let message) = failure else {
                            Issue.record("removing \(constraints[k]) threw \(failure)")
                            return
                        }
                        if message.contains("did not finish after") { gaveUp += 1 }
                    }
                }
                #expect(solver.hasConstraint(constraints[k]))
                #expect(Self.values(solver, variables) == before)
            }
            try solver.removeConstraint(constraints[k])
            #expect(!solver.hasConstraint(constraints[k]))
            solver.updateVariables()
            let broken = firstBrokenRequired(constraints.filter(solver.hasConstraint), tolerance: 1e-6)
            #expect(broken == nil, "after removing constraint \(k): \(broken ?? "")")
        }
        #expect(gaveUp >= 1, "the system no longer sends the simplex round in circles: pick another")
    }
}
