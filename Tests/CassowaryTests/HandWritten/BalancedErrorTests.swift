import Testing
@testable import Cassowary

/// Many soft equalities that say the same thing once the required ones are substituted: a
/// spanner `p` held at one strength to each of `n` variables that are all equal (a stack
/// view holds its alignment spanner to every view's leading edge at 999.5, and the views'
/// leading edges are one class). Each holds with a zero constant, so either of its error
/// symbols can be its subject; ``Tableau/balancedError(_:_:)`` picks the one that keeps the
/// objective's reduced costs from going negative, so the objective stays optimal as the
/// rows come in. Always taking the first error made the optimization pivot through all of
/// those rows once for every two of them.
@Suite struct BalancedErrorTests {
    /// `n` variables held equal to the first, which sits at 16, and `p` held to each of them
    /// at `strength`; added in one batch or one at a time. Returns `p`, the variables and the
    /// soft equalities.
    static func spanned(_ solver: Solver, _ n: Int, strength: Strength, batch: Bool) throws
        -> (p: Variable, v: [Variable], soft: [Constraint]) {
        let p = Variable("p"), v = (0..<n).map { Variable("v\($0)") }
        var constraints = [v[0] == 16]
        for k in 1..<n { constraints.append(v[k] == v[0]) }
        let soft = v.map { Constraint(Expression([Term(p), Term($0, coefficient: -1)]), .equal, strength: strength) }
        constraints += soft
        if batch { try solver.addConstraints(constraints) } else { for c in constraints { try solver.addConstraint(c) } }
        return (p, v, soft)
    }

    @Test("they are added without a pivot, at once or one by one, and hold", arguments: SolverMode.allCases)
    func noPivots(_ mode: SolverMode) throws {
        for batch in [true, false] {
            for n in [50, 400] {
                let solver = mode.makeSolver()
                let before = solver.tableau.pivotCount
                let (p, v, _) = try Self.spanned(solver, n, strength: .level(999.5), batch: batch)
                solver.updateVariables()
                // Before, n / 2 pivots, each through every one of the n rows.
                #expect(solver.tableau.pivotCount - before <= 2, "n = \(n), batch: \(batch)")
                #expect(p.value == 16 && v.allSatisfy { $0.value == 16 })
                #expect(solver.tableau.invariantViolations() == [])
            }
        }
    }

    @Test("together they outweigh one pull of the same strength, and yield to a stronger one",
          arguments: SolverMode.allCases)
    func weights(_ mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let (p, _, soft) = try Self.spanned(solver, 9, strength: .medium, batch: true)
        let equal = Constraint(Expression([Term(p)], constant: -100), .equal, strength: .medium)
        try solver.addConstraint(equal)
        solver.updateVariables()
        #expect(p.value == 16)
        let strong = Constraint(Expression([Term(p)], constant: -100), .equal, strength: .strong)
        try solver.addConstraint(strong)
        solver.updateVariables()
        #expect(p.value == 100)
        try solver.removeConstraint(strong)
        // Eight of the nine go: the one left still ties with the pull (either value is
        // optimal); with the pull gone too, it holds p again.
        for c in soft.dropLast() { try solver.removeConstraint(c) }
        try solver.removeConstraint(equal)
        solver.updateVariables()
        #expect(p.value == 16)
        #expect(solver.tableau.invariantViolations() == [])
    }
}
