import Cassowary

// TEMPORARY: replaced by Solver.addConstraints(_:onFailure:) from the solver branch.
extension Solver {
    func addConstraints(_ constraints: [Cassowary.Constraint], onFailure: (Cassowary.Constraint, SolverError) -> Void) {
        for c in constraints {
            do { try addConstraint(c) } catch { onFailure(c, error) }
        }
    }
}
