// Ties at zero: a column that many rows block at once without moving.
//
// Soft constraints on one quantity, many of them tight at the same value, each make a row
// whose value is zero. Take a column of rows filled equally, every row as high as the
// first, each row's labels preferring their own heights at 250 above and 750 below: when the
// column's height must rise from 20 to 21, the entering symbol's column holds every row,
// and every label that prefers 20 blocks it at a ratio of zero. A pivot on one of them is
// degenerate, rewrites every row of the column, and leaves the next one blocking: a column
// of 400 rows took 534 such pivots, and 800 rows 1,066.
//
// Such a row, `b = 0 + c·entering + p·q + …` with `c < 0 < p`, often holds an error or slack
// `q` that no other row holds (the other error of its constraint, say). Pivoting `b` out for
// `q` (a *turn*) is degenerate too, but touches no other row, only the objective; and `q`'s
// row holds `entering` at `-c/p`, above zero, so it no longer blocks. The optimization turns
// the rows that block at zero, all of them or none, and only when:
// - there are two or more (one is pivoted as before: turning it first would cost as much);
// - each is short (see ``turnableRowLength``) and has such a symbol;
// - their symbols' costs reach the highest level where the entering symbol has a cost
//   (the ties are the breakpoints of that level's preferences, as the labels' are), and the
//   turns leave its reduced cost, read down to that level, no worse than zero. Soft
//   equalities that cost more on that level than the entering symbol gains there fail this
//   (a stack's spanner held to each view's edge at 999.5: the entering symbol gained 1 and
//   twenty ties would cost 2 each): turned, their other errors gained as much, and turned
//   them back, over and over, which made a hide in a stack aligned to its trailing edge
//   500 times slower.
// Then, if the entering symbol still improves the objective, it takes its step; if not
// (the turns showed the optimum), the optimization goes on from the new costs.
//
// Turns are degenerate pivots: the solution does not move. One optimization makes at most
// ``tieTurnAllowance(symbols:)`` of them, and none under Bland's rule, so it still ends.

extension Tableau {
    /// The most turns one optimization makes.
    static func tieTurnAllowance(symbols: Int) -> Int { symbols + 64 }

    /// The longest row that is turned. Rows that long are written over a whole column (the
    /// gaps of a stack spaced equally): the tableau is quadratic already, and turning them
    /// made the pivots after it costlier.
    static let turnableRowLength = 16

    /// Turns the rows that block `entering` at zero (the ``ties`` that ``leavingRow(for:)``
    /// left), if they qualify (see Tableau+Ties.swift) and are no more than `limit`; returns
    /// how many it turned (0, having changed nothing, when they do not).
    mutating func turnTies(of entering: Symbol, limit: Int) -> Int {
        guard ties.count > 1, ties.count <= limit else { return 0 }
        var turns: [(row: Symbol, to: Symbol)] = []
        // What each turn adds to the entering symbol's cost: its own symbol's cost, times
        // the coefficient the entering symbol will have in the own symbol's row.
        var added: [(factor: Double, source: Symbol)] = []
        for basic in ties {
            let row = rows[basic.index]!
            guard row.cells.count <= Tableau.turnableRowLength, let own = ownSymbol(of: row, besides: entering) else {
                return 0
            }
            turns.append((basic, own.symbol))
            added.append((-row.coefficient(for: entering) / own.coefficient, own.symbol))
        }
        guard turnsPay(for: entering, adding: added) else { return 0 }
        for turn in turns { pivot(turn.row, turn.to) }
        turnCount &+= turns.count
        return turns.count
    }

    /// A slack or error with a positive coefficient in `row` that no other row holds, other
    /// than `entering`. A column of one entry says so at once; one of a few entries is
    /// read, which drops its stale ones (a column is not pruned in a build, and a symbol
    /// that left other rows keeps their entries until then).
    private mutating func ownSymbol(of row: Row, besides entering: Symbol) -> Cell? {
        for cell in row.cells where cell.coefficient > epsilon && cell.symbol.isPivotable && cell.symbol != entering {
            let entries = columns.count(cell.symbol.index)
            if entries == 1 { return cell }
            if entries <= Tableau.ownColumnReadLimit {
                var holders: [Symbol] = []
                rowsContaining(cell.symbol, into: &holders)
                if holders.count == 1 { return cell }
            }
        }
        return nil
    }

    /// The most entries a column may have to be read for whether one row holds its symbol.
    static let ownColumnReadLimit = 4

    /// Whether the sources' costs, each times its factor, reach the highest level where
    /// `entering` has a cost, and leave its reduced cost, read from the highest level down
    /// to that one, no worse than zero.
    private func turnsPay(for entering: Symbol, adding sources: [(factor: Double, source: Symbol)]) -> Bool {
        guard let top = objective.costs(of: entering).first else { return false }
        var sums: [Double: Double] = [top.level: top.cost]
        var reachesTop = false
        for (factor, source) in sources {
            for (level, cost) in objective.costs(of: source) where level >= top.level {
                sums[level, default: 0] += factor * cost
                if level == top.level { reachesTop = true }
            }
        }
        guard reachesTop else { return false }
        for level in sums.keys.sorted(by: >) {
            let sum = sums[level]!
            if sum < -epsilon { return true }
            if sum > epsilon { return false }
        }
        return true
    }
}
