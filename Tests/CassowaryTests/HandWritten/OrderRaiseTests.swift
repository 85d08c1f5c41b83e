import Testing
@testable import Cassowary

/// Raising the orders of the rows that hold a new row's subject (Tableau+Orders.swift)
/// keeps the rows in a topological order of their references.
///
/// A fill-equally stack whose views were hidden and shown, lowered as the engine lowers
/// it (links between edges, the views' widths at two strengths, each width equal to the
/// first one's), made a raise where a holder that no row names named a holder that rows
/// name. The first took a new order above every row, then the second was raised above it:
/// the first named a row of a higher order, its value was read before that row's, and the
/// next insertion left a required constraint off by 3,416 points (the stack fuzz test's
/// seed 39, shrunk to these seven calls).
@Suite struct OrderRaiseTests {
    @Test("a raise gives the rows no row names their new orders after the others")
    func raiseKeepsTopologicalOrder() throws {
        let v = (0..<32).map { Variable("v\($0)") }
        func width(_ a: Int, _ b: Int, _ size: Double, hugging: Double) -> Constraint {
            Constraint(v[a] - v[b] - size, equalAbove: .level(hugging), below: .level(750))!
        }
        func equalWidths(_ a: Int, _ b: Int) -> Constraint { v[a] - v[b] - v[26] + v[27] == 0 }
        let build: [Constraint] = [
            v[0] == 0, v[1] - v[0] == 0, v[2] - v[1] - 600 == 0,
            width(3, 4, 46, hugging: 242), width(5, 6, 111, hugging: 247), width(7, 8, 124, hugging: 248),
            v[9] - v[2] == 0, v[10] - v[11] - 7 == 0, v[12] - v[13] - 1 == 0, v[14] - v[15] - 8 == 0,
            v[4] - v[16] - 8 == 0, v[17] - v[3] - 8 == 0, v[18] - v[19] - 8 == 0, v[6] - v[20] - 8 == 0,
            v[8] - v[5] - 8 == 0, v[21] - v[7] - 8 == 0, v[22] - v[21] == 0, v[23] - v[24] - 8 == 0,
            v[11] - v[25] - v[26] + v[27] == 0, v[13] - v[28] - v[26] + v[27] == 0,
            equalWidths(15, 29), equalWidths(16, 14), equalWidths(19, 17), equalWidths(20, 18),
            equalWidths(24, 30), equalWidths(9, 23),
        ]
        let link = build[15]
        let solver = Solver(keepsEqualityMarkers: true)
        var failures: [SolverError] = []
        solver.addConstraints(build) { failures.append($1) }
        let steps: [(Solver) throws -> Void] = [
            { try $0.addConstraint(v[31] - v[12] == 0) },
            { try $0.addConstraint(v[30] - v[22] == 0) },
            { try $0.removeConstraint(link) },
            { try $0.addConstraint(v[28] - v[10] == 0) },
            // This insertion raised the orders out of topological order.
            { try $0.addConstraint(v[29] - v[31] - 8 == 0) },
            { try $0.addConstraint(v[21] - v[8] == 0) },
        ]
        for (k, step) in steps.enumerated() {
            try step(solver)
            var tableau = solver.tableau
            let violations = tableau.invariantViolations()
            let holds = tableau.allRequiredHold()
            #expect(violations.isEmpty, "step \(k): \(violations)")
            #expect(holds, "step \(k)")
        }
        #expect(failures.isEmpty)
        solver.updateVariables()
        // Every required constraint holds in the values too: the widths tied to the first
        // one's are equal, and the edges 8 apart stay 8 apart.
        for constraint in build + [v[21] - v[8] == 0] where constraint !== link && constraint.strength.isRequired {
            let e = constraint.expression
            let value = e.terms.reduce(e.constant) { $0 + $1.coefficient * $1.variable.value }
            #expect(abs(value) < 1e-6, "\(constraint) is off by \(value)")
        }
    }
}
