// The simplex steps: pivots, substitution, primal and dual optimization.
//
// Pivots follow Bland's rule (the lowest-index entering symbol with a negative reduced
// cost; ties in the ratio test go to the lowest-index row), which cannot cycle and makes
// every run take the same path.

extension Solver {
    /// Makes `entering` basic in place of `leaving`.
    func pivot(_ leaving: Symbol, _ entering: Symbol) {
        var row = takeRow(leaving)
        row.solve(for: leaving, entering)
        substitute(entering, row)
        insertRow(entering, row)
    }

    /// Replaces `symbol` by `row` in every row that contains it (found through its column,
    /// so untouched rows are never visited) and in the objectives.
    func substitute(_ symbol: Symbol, _ row: Row) {
        for basic in rowsContaining(symbol) {
            let old = rows[basic.index]!
            let c = old.coefficient(for: symbol)
            scratch.removeAll(keepingCapacity: true)
            let new = old.adding(row, times: c, removing: symbol, added: &scratch)
            replaceRow(basic, new, added: scratch)
            if !basic.isExternal && new.constant < 0 { infeasible.append(basic) }
        }
        objective.substitute(symbol, row)
        if let art = artificial {
            let c = art.coefficient(for: symbol)
            if c != 0 {
                scratch.removeAll(keepingCapacity: true)
                artificial = art.adding(row, times: c, removing: symbol, added: &scratch)
            }
        }
    }

    /// The row that limits `entering` first as it grows: among restricted rows where it
    /// has a negative coefficient, the smallest ratio constant / -coefficient.
    func leavingRow(for entering: Symbol) -> Symbol? {
        var best: Symbol?
        var bestRatio = Double.infinity
        for basic in rowsContaining(entering) where !basic.isExternal {
            let row = rows[basic.index]!
            let c = row.coefficient(for: entering)
            guard c < 0 else { continue }
            let ratio = -row.constant / c
            if ratio < bestRatio || (ratio == bestRatio && basic < best!) {
                best = basic
                bestRatio = ratio
            }
        }
        return best
    }

    /// Minimizes the objective, level by level.
    func optimize() throws(StepError) {
        while let entering = enteringSymbol() {
            guard let leaving = leavingRow(for: entering) else {
                // Only rounding can make a bounded objective look unbounded; a cost that
                // small is zero.
                if objective.isNegligible(entering) {
                    objective.clear(entering)
                    continue
                }
                throw .failure(.internalError("the objective is unbounded"))
            }
            pivot(leaving, entering)
        }
    }

    /// The lowest-index symbol whose reduced cost is negative.
    func enteringSymbol() -> Symbol? {
        var best: Symbol?
        for symbol in objective.negative where !symbol.isDummy {
            if best == nil || symbol < best! { best = symbol }
        }
        return best
    }

    /// Minimizes the artificial variable of phase one.
    func optimizeArtificial() throws(StepError) {
        while let entering = artificial?.cells.first(where: { !$0.symbol.isDummy && $0.coefficient < 0 })?.symbol {
            guard let leaving = leavingRow(for: entering) else {
                throw .failure(.internalError("the artificial objective is unbounded"))
            }
            pivot(leaving, entering)
        }
    }

    /// Restores feasibility after edits, keeping optimality (the dual simplex).
    func dualOptimize() throws(StepError) {
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving.index], row.constant < 0, !nearZero(row.constant) else { continue }
            guard let entering = dualEnteringSymbol(row) else {
                throw .failure(.internalError("dual optimize failed"))
            }
            pivot(leaving, entering)
        }
    }

    /// The symbol with the smallest ratio cost / coefficient among the row's positive cells.
    func dualEnteringSymbol(_ row: Row) -> Symbol? {
        var best: Cell?
        for cell in row.cells where cell.coefficient > 0 && !cell.symbol.isDummy {
            if let current = best {
                if objective.ratio(cell.symbol, cell.coefficient, isLessThan: current.symbol,
                                   current.coefficient) == true {
                    best = cell
                }
            } else {
                best = cell
            }
        }
        return best?.symbol
    }
}
