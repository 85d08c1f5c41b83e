import Testing
@testable import Cassowary
import SeededRandom

/// The expansion that opens one definition by a merge (Tableau+SingleOpening.swift) against
/// the general expansion, on rows over the symbols of chains of definitions.
@Suite struct SingleOpeningTests {
    /// A chain `x(i+1) == x(i) + w(i)` from `x(0) == start`, each width preferring 10 + i mod 3
    /// (weak), some at least 12 (required) and some at most 11 (strong): user variables
    /// defined through the ones before them, with slack and error symbols around them.
    static func chain(_ mode: SolverMode, length n: Int, start: Double, _ rng: inout SplitMix64) throws -> Solver {
        let solver = mode.makeSolver()
        let x = (0...n).map { Variable("x\($0)") }, w = (0..<n).map { Variable("w\($0)") }
        try solver.addConstraint(Constraint(Expression([Term(x[0])], constant: -start), .equal, strength: .required))
        for i in 0..<n {
            try solver.addConstraint(Constraint(Expression([Term(x[i + 1]), Term(x[i], coefficient: -1),
                                                            Term(w[i], coefficient: -1)], constant: 0),
                                                .equal, strength: .required))
            try solver.addConstraint(Constraint(Expression([Term(w[i])], constant: -10 - Double(i % 3)), .equal,
                                                strength: .weak))
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: try solver.addConstraint(Constraint(Expression([Term(w[i])], constant: -12), .greaterThanOrEqual,
                                                        strength: .required))
            case 1: try solver.addConstraint(Constraint(Expression([Term(w[i])], constant: -11), .lessThanOrEqual,
                                                        strength: .strong))
            default: break
            }
        }
        return solver
    }

    @Test("opening one definition by a merge makes the general expansion's row, to the bit",
          arguments: SolverMode.allCases)
    func sameRowAsTheGeneralExpansion(mode: SolverMode) throws {
        var rng = SplitMix64(seed: 11)
        var opened = 0, declined = 0, mismatches: [String] = []
        for round in 0..<40 {
            let solver = try Self.chain(mode, length: Int.random(in: 2...14, using: &rng), start: Double(round), &rng)
            var tableau = solver.tableau
            let symbols = (0..<tableau.symbolCount).map { tableau.symbol(at: $0) }
            let orders = symbols.filter { tableau.rows[$0.index] != nil && $0.isExternal }.map { tableau.states[$0.index].order }
            for _ in 0..<40 {
                let count = Int.random(in: 1...4, using: &rng)
                let chosen = Set((0..<count).map { _ in symbols.randomElement(using: &rng)! }).sorted()
                let cells = chosen.map { Cell(symbol: $0, coefficient: [-2, -1, -0.5, 0.25, 1, 3].randomElement(using: &rng)!) }
                let row = Row(constant: Double(Int.random(in: -5...5, using: &rng)), cells: cells)
                guard tableau.hasReferences(row) else { continue }
                for untilUserVariable in [false, true] {
                    let threshold = Bool.random(using: &rng) ? 0 : orders.randomElement(using: &rng) ?? 0
                    guard let once = tableau.openedOnce(row, from: threshold, untilUserVariable: untilUserVariable) else {
                        declined += 1
                        continue
                    }
                    opened += 1
                    let general = tableau.expanded(row, from: threshold, untilUserVariable: untilUserVariable)
                    let same = once.constant.bitPattern == general.constant.bitPattern && once.cells.count == general.cells.count
                        && zip(once.cells, general.cells).allSatisfy {
                            $0.symbol == $1.symbol && $0.coefficient.bitPattern == $1.coefficient.bitPattern
                        }
                    if !same { mismatches.append("\(row.cells.map(\.symbol.raw)) from \(threshold): \(once) vs \(general)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) rows differ, first: \(mismatches.prefix(2))")
        // Both outcomes must be exercised: merged, and left to the general expansion.
        #expect(opened > 200, "\(opened) opened by a merge")
        #expect(declined > 200, "\(declined) declined")
    }
}
