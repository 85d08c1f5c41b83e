import SeededRandom
import Testing
@testable import Cassowary

/// A column of rows as a vertical stack of horizontal stacks makes it: row k spans
/// `top(k)...bottom(k)`, 4 below the row before, and three labels each prefer it 20 high
/// (below that at 750, above it at 250, as a label's compression resistance and hugging
/// hold it). Hiding a row ties its bottom to its top. The tie merges two classes, and the
/// labels' preferences over their members go back in with both edges basic: such a row used
/// to be expanded to the column's start, and solved for the first user variable found there
/// it put a row as long as the rows above into the tableau at every hide and show.
@Suite struct HiddenRowChainTests {
    static let rows = 80

    struct Column {
        let tops: [Variable], bottoms: [Variable]
        /// `tops[k] == bottoms[k - 1] + 4` at `k - 1`.
        let spacings: [Constraint]
    }

    static func column(_ solver: Solver) throws -> Column {
        let tops = (0..<rows).map { Variable("top\($0)") }, bottoms = (0..<rows).map { Variable("bottom\($0)") }
        try solver.addConstraint(tops[0] == 0)
        var spacings: [Constraint] = []
        for k in 0..<rows {
            if k > 0 {
                spacings.append(tops[k] == bottoms[k - 1] + 4)
                try solver.addConstraint(spacings[k - 1])
            }
            for _ in 0..<3 {
                try solver.addConstraint(Constraint(bottoms[k] - tops[k] - 20, equalAbove: .level(250), below: .level(750))!)
            }
        }
        return Column(tops: tops, bottoms: bottoms, spacings: spacings)
    }

    /// The cells of the tableau's rows: all of them, and the longest row's.
    static func cells(_ solver: Solver) -> (total: Int, longest: Int) {
        let counts = solver.tableau.rows.map { $0?.cells.count ?? 0 }
        return (counts.reduce(0, +), counts.max() ?? 0)
    }

    @Test("hiding and showing a row in the middle keeps every row short and the values right", arguments: SolverMode.allCases)
    func hideAndShow(_ mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let column = try Self.column(solver)
        solver.updateVariables()
        let built = Self.cells(solver)
        let middle = Self.rows / 2
        for cycle in 0..<6 {
            let hide = column.bottoms[middle] == column.tops[middle]
            try solver.addConstraint(hide)
            solver.updateVariables()
            for k in [0, middle - 1, middle, middle + 1, Self.rows - 1] {
                let top = 24 * Double(k) - (k > middle ? 20 : 0)
                #expect(column.tops[k].value == top, "cycle \(cycle), hidden: row \(k)")
                #expect(column.bottoms[k].value == top + (k == middle ? 0 : 20), "cycle \(cycle), hidden: row \(k)")
            }
            try solver.removeConstraint(hide)
            solver.updateVariables()
            for k in [0, middle, Self.rows - 1] {
                #expect(column.tops[k].value == 24 * Double(k), "cycle \(cycle), shown: row \(k)")
            }
            #expect(solver.tableau.invariantViolations() == [])
            let now = Self.cells(solver)
            // Before, with markers, the first show put in a row of 86 cells (the error symbols
            // of the rows above), and without the old order kept, one row grew by 4 cells every
            // cycle. Without markers, taking the tie out rebuilds the tableau from the records,
            // which put the required ones first and came back with 13,000 cells.
            #expect(now.longest <= max(built.longest, 8), "cycle \(cycle): a row of \(now.longest) cells")
            #expect(now.total <= built.total + 16, "cycle \(cycle): \(now.total) cells, \(built.total) when built")
        }
    }
}

/// A value asked for in the middle of a call reads the definitions no change has reached
/// as the last refresh left them, instead of walking the chain they form back to its start.
@Suite struct SettledDefinitionsTests {
    @Test("moving a row's spacing in the middle of a column walks a few definitions and leaves every value right",
          arguments: SolverMode.allCases)
    func spacingMovedMidColumn(_ mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let column = try HiddenRowChainTests.column(solver)
        solver.updateVariables()
        let rows = HiddenRowChainTests.rows, middle = rows / 2
        var spacing = column.spacings[middle - 1]
        for (cycle, gap) in [10.0, 4, 7, 4].enumerated() {
            solver.tableau.longestEvaluationWalk = 0
            // Taking the spacing out splits a class whose anchor's row names the row above.
            try solver.removeConstraint(spacing)
            spacing = column.tops[middle] == column.bottoms[middle - 1] + gap
            try solver.addConstraint(spacing)
            solver.updateVariables()
            for k in 0..<rows {
                let top = 24 * Double(k) + (k >= middle ? gap - 4 : 0)
                #expect(column.tops[k].value == top, "cycle \(cycle): row \(k)")
                #expect(column.bottoms[k].value == top + 20, "cycle \(cycle): row \(k)")
            }
            // Walked back to the column's start, it was one definition per row above.
            #expect(solver.tableau.longestEvaluationWalk <= 4, "cycle \(cycle): \(solver.tableau.longestEvaluationWalk) definitions walked")
            #expect(solver.tableau.invariantViolations() == [])
        }
    }

    @Test("values read between calls, before a refresh, are the values the refresh writes", arguments: SolverMode.allCases)
    func valuesBeforeRefresh(_ mode: SolverMode) throws {
        for seed in 0..<6 {
            var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ (mode.keepsEqualityMarkers ? 5 : 3))
            let solver = mode.makeSolver()
            let column = try HiddenRowChainTests.column(solver)
            solver.updateVariables()
            let rows = HiddenRowChainTests.rows
            var spacings = column.spacings, ties: [Int: Constraint] = [:]
            for step in 0..<30 {
                let k = Int.random(in: 1..<rows, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:  // a spacing taken out and put back with another gap: a split, then a merge
                    try solver.removeConstraint(spacings[k - 1])
                    spacings[k - 1] = column.tops[k] == column.bottoms[k - 1] + Double(Int.random(in: 0...12, using: &rng))
                    try solver.addConstraint(spacings[k - 1])
                case 1:  // a spacing's gap changed in place: a shift
                    let replacement = column.tops[k] == column.bottoms[k - 1] + Double(Int.random(in: 0...12, using: &rng))
                    try solver.replaceConstraint(spacings[k - 1], with: replacement)
                    spacings[k - 1] = replacement
                case 2:  // a row hidden (its edges tied) or shown
                    if let tie = ties.removeValue(forKey: k) {
                        try solver.removeConstraint(tie)
                    } else {
                        ties[k] = column.bottoms[k] == column.tops[k]
                        try solver.addConstraint(ties[k]!)
                    }
                default:  // two changes in one call
                    try solver.removeConstraint(spacings[k - 1])
                    if let tie = ties.removeValue(forKey: k) { try solver.removeConstraint(tie) }
                    spacings[k - 1] = column.tops[k] == column.bottoms[k - 1] + 4
                    try solver.addConstraints([spacings[k - 1]])
                }
                // Read before the refresh (the rows changed are waiting for it), then after.
                let read = (column.tops + column.bottoms).map { solver.value(of: $0) }
                solver.updateVariables()
                let written = (column.tops + column.bottoms).map(\.value)
                for index in read.indices where !Tableau.agree(read[index], written[index]) {
                    Issue.record("seed \(seed), step \(step): variable \(index) read \(read[index]), refreshed \(written[index])")
                }
                // Every row where the spacings and hidden rows put it.
                var top = 0.0
                for row in 0..<rows {
                    if row > 0 {
                        let gap = spacings[row - 1].expression.constant * -1
                        top = column.bottoms[row - 1].value + gap
                    }
                    #expect(Tableau.agree(column.tops[row].value, top), "seed \(seed), step \(step): row \(row)")
                    #expect(Tableau.agree(column.bottoms[row].value, top + (ties[row] == nil ? 20 : 0)),
                            "seed \(seed), step \(step): row \(row)")
                }
            }
            #expect(solver.tableau.invariantViolations() == [])
        }
    }
}

