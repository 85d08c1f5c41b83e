// Which values the constraints determine: the Cassowary side of UIKit's
// `hasAmbiguousLayout` (see Tableau+OptimalFace.swift).

extension Solver {
    /// The lowest and highest values `expression` takes over every optimal solution: the
    /// solutions that satisfy the required constraints and leave each strength level's
    /// error as small as the current solution does. A bound is infinite where the optimal
    /// solutions are unbounded that way (an expression over a variable no constraint
    /// names is unbounded both ways). Decided exactly, by linear programs over the
    /// optimal face, not by trying perturbations.
    ///
    /// Strengths weaker than `weakest` are left out, as if their constraints were not
    /// there (a layout engine leaves out what it adds below every priority). With
    /// `holdingPreferences`, only the solutions where every preference keeps the error it
    /// has now count: what varies then is left open by the constraints, not traded
    /// between preferences of equal strength.
    public func optimalRange(of expression: Expression, ignoringStrengthsBelow weakest: Double = 0,
                             holdingPreferences: Bool = false) -> ClosedRange<Double> {
        withPreferencesAsRows {
            let range = tableau.optimalRange(of: expression.terms, constant: expression.constant,
                                             FaceOptions(lowest: weakest, holdingErrors: holdingPreferences))
            return min(range.lower, range.upper)...max(range.lower, range.upper)
        }
    }

    /// Whether `expression` has the same value in every optimal solution (to within
    /// 1e-7 of its size); `weakest` and `holdingPreferences` as for
    /// ``optimalRange(of:ignoringStrengthsBelow:holdingPreferences:)``.
    public func isDetermined(_ expression: Expression, ignoringStrengthsBelow weakest: Double = 0,
                             holdingPreferences: Bool = false) -> Bool {
        withPreferencesAsRows {
            if tableau.isFixedOnFace(expression.terms, FaceOptions(lowest: weakest, holdingErrors: holdingPreferences)) {
                return true
            }
            let range = optimalRange(of: expression, ignoringStrengthsBelow: weakest, holdingPreferences: holdingPreferences)
            guard range.lowerBound.isFinite, range.upperBound.isFinite else { return false }
            return range.upperBound - range.lowerBound <= 1e-7 * max(1, abs(range.lowerBound), abs(range.upperBound))
        }
    }

    /// Whether `variable` has the same value in every optimal solution.
    public func isDetermined(_ variable: Variable) -> Bool {
        isDetermined(Expression([Term(variable)]))
    }

    /// Runs `body`, which decides many expressions against the current optimal face
    /// (``isDetermined(_:ignoringStrengthsBelow:holdingPreferences:)`` for every view of a
    /// layout, say), sharing the work between them: what each basic symbol's row depends
    /// on is worked out once, so a scan of a chain of N views is linear instead of
    /// quadratic. The answers are those of calls made outside a scan. `body` must not
    /// change the solver; scans may nest.
    public func withFaceScan<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard tableau.faceScan == nil else { return try body() }
        return try withPreferencesAsRows {
            tableau.faceScan = FaceScan()
            defer { tableau.faceScan = nil }
            return try body()
        }
    }
}

extension Solver {
    /// In how many independent directions two expressions can move over the optimal
    /// solutions: 0 when both are determined; 1 when one is, or when one decides the other
    /// (a view pinned at its trailing edge can move its x only by changing its width:
    /// Interface Builder's "X position or width"); 2 when neither decides the other ("X
    /// position, width"). `weakest` and `holdingPreferences` as for
    /// ``optimalRange(of:ignoringStrengthsBelow:holdingPreferences:)``.
    public func freedom(of first: Expression, _ second: Expression, ignoringStrengthsBelow weakest: Double = 0,
                        holdingPreferences: Bool = false) -> Int {
        withPreferencesAsRows {
            tableau.freedom(of: first.terms, second.terms, FaceOptions(lowest: weakest, holdingErrors: holdingPreferences))
        }
    }
}

extension Solver {
    /// The constraints the current values of `variables` come from: those holding at
    /// their bound or equality that the values depend on (their constants and
    /// coefficients decide the values), in the order they were added. A variable no
    /// constraint determines contributes none.
    public func constraintsDetermining(_ variables: [Variable]) -> [Constraint] {
        withPreferencesAsRows { tableau.determiningConstraints(of: variables) }
    }
}
