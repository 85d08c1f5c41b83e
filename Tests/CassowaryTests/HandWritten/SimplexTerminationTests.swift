import Testing
@testable import Cassowary

/// The simplex always returns. In a badly scaled system rounding can make reduced costs
/// that are noise choose pivots that undo each other, and an optimization that never
/// ends; after ``Tableau/pivotAllowance(symbols:)`` pivots the choices become Bland's
/// rule, and after twice as many the call throws, its transaction undone.
@Suite struct SimplexTerminationTests {
    /// A solver's values for `variables`, as `updateVariables()` leaves them.
    static func values(_ solver: Solver, _ variables: [Variable]) -> [Double] {
        solver.updateVariables()
        return variables.map(\.value)
    }

    /// Banded system 64 (60 variables, band 6) sends the equality-marker mode round in
    /// circles when its constraints are removed: before the allowance, that removal never
    /// returned. Every call must return now; the one that gives up throws an internal error
    /// that says so, and leaves the solver as it was: the constraint still in, and every
    /// value unchanged.
    @Test func aRemovalThatGoesRoundInCirclesThrowsAndChangesNothing() throws {
        let system = BandedSystem(seed: 64, variables: 60, band: 6)
        let (variables, constraints) = system.materialize()
        let solver = Solver(keepsEqualityMarkers: true)
        for constraint in constraints {
            do { try solver.addConstraint(constraint) } catch {
                guard case .unsatisfiableConstraint = error else {
                    Issue.record("adding \(constraint) threw \(error)")
                    return
                }
            }
            solver.updateVariables()
        }
        var gaveUp = 0
        for k in system.removalOrder where solver.hasConstraint(constraints[k]) {
            let before = Self.values(solver, variables)
            do {
                try solver.removeConstraint(constraints[k])
            } catch {
                guard case .internalError(let message) = error else {
                    Issue.record("removing \(constraints[k]) threw \(error)")
                    return
                }
                if message.contains("did not finish after") { gaveUp += 1 }
                #expect(solver.hasConstraint(constraints[k]))
                #expect(Self.values(solver, variables) == before)
                // The rest of the removals go on from the state the failure kept.
            }
        }
        #expect(gaveUp >= 1, "the system no longer sends the simplex round in circles: pick another")
    }
}
