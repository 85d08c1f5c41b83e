// The simplex steps: pivots, substitution, primal and dual optimization.
//
// Entering symbols are chosen for sparsity: among the most recent few that improve the
// objective, the one in the fewest rows, since a pivot rewrites every row of the entering
// column (comparing every candidate would make a long optimization quadratic). A
// symbol shared by the whole system (an edit variable's error, say) then stays out of the
// basis when a local one will do, which keeps each change local. Ties go to the lowest
// index, and after `degenerateLimit` pivots in a row that do not move the solution the
// choice switches to Bland's rule (lowest index), which cannot cycle. Every choice depends
// only on creation order and history, never on hashing.

extension Tableau {
    /// Makes `entering` basic in place of `leaving`.
    mutating func pivot(_ leaving: Symbol, _ entering: Symbol) {
        pivotCount &+= 1
        var row = takeRow(leaving)
        noteFactor(row.solve(for: leaving, entering))
        substitute(entering, row)
        insertRow(entering, consume row)
    }

    /// Replaces `symbol` by `row` in every row that contains it (found through its column,
    /// so untouched rows are never visited) and in the objectives.
    ///
    /// Each row is merged through a reused buffer and copied back into its own storage,
    /// which allocates nothing when the storage is large enough and no journal keeps the
    /// old row (a journaled row gets new storage, since the journal keeps the old one).
    ///
    /// `row` may name basic user variables (the definition of a user variable, see
    /// Tableau+Definitions.swift): it goes as it is into the rows of user variables made after
    /// every variable it names, and expanded into every other row and the objective.
    ///
    /// The rows of user variables above the order `symbol` will have keep it as it is, as a
    /// reference to its definition, when that order is known now (see ``keptOrder(of:newest:)``).
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        let newest = newestReference(in: row)
        var plain: Row? = newest == nil ? row : nil
        // A symbol with an empty column (a marker just made, say) is in no row.
        if columns.count(symbol.index) > 0 {
            let kept = symbol.isExternal ? keptOrder(of: symbol, newest: newest) : nil
            substituteInRows(symbol, row, newest: newest, plain: &plain, keptAbove: kept)
        }
        if objective.hasCost(symbol) {
            if plain == nil { plain = expanded(row) }
            objective.substitute(symbol, plain!)
        }
    }

    /// The order a user variable becoming basic with `row` will have, when the rows that hold
    /// it can keep it as a reference; nil when they cannot.
    ///
    /// - A row that names no basic variable takes order 0 (see ``insertRow(_:_:)``), below
    ///   every other: the definitions that hold its variable keep it. So a variable that every
    ///   definition of a chain names (the first width of a row of equal widths, solved last)
    ///   costs one row, not the chain's every row.
    /// - A variable defined again, whose old order is still above everything its new row
    ///   names, takes its old order back (noted in ``keepsOrder``): the rows made after its old
    ///   definition keep naming it. So a definition taken out and made again in the middle of
    ///   a chain (an edge of a stack's row that was hidden and shown: the labels' preferences
    ///   go out and back in) costs its own row. Taking its row in instead, the next edge's row
    ///   was written over the edge before, with that row's error symbols: one row grew by
    ///   four cells at every hide and show, without end.
    private mutating func keptOrder(of symbol: Symbol, newest: UInt32?) -> UInt32? {
        guard let newest else { return 0 }
        let old = states[symbol.index].order
        guard old > newest else { return nil }
        keepsOrder = Int32(symbol.index)
        return old
    }

    /// The rows' part of ``substitute(_:_:)``: `newest` is the highest order of a basic
    /// variable `row` names (nil when it names none), and `plain` its expansion, made when
    /// first needed. The rows of user variables with an order above `keptAbove` keep
    /// `symbol` as it is; the other rows take its row in.
    private mutating func substituteInRows(_ symbol: Symbol, _ row: Row, newest: UInt32?, plain: inout Row?,
                                           keptAbove kept: UInt32?) {
        var basics: [Symbol] = []
        swap(&basics, &substituted)
        basics.empty()
        rowsContaining(symbol, into: &basics)
        for basic in basics {
            let i = basic.index
            if let kept, basic.isExternal && states[i].order > kept { continue }
            if journaling && i < journalFloor { journalCells(of: i) }
            let keepsReferences = newest.map { basic.isExternal && states[i].order > $0 } ?? true
            if !keepsReferences && plain == nil { plain = expanded(row) }
            let before = rows[i]!.cells.count
            let gained = rows[i]!.add(keepsReferences ? row : plain!, replacing: symbol, buffer: &merged, added: &scratch)
            // The cells that left: `symbol` and what cancelled.
            staleColumnEntries += before + gained - rows[i]!.cells.count
            touch(i)
            scratch.withUnsafeBufferPointer { added in
                columns.append(Int32(i), count: gained) { added[$0].index }
            }
            cellsMade &+= gained
            if !basic.isExternal && rows[i]!.constant < 0 { infeasible.append(basic) }
        }
        rewrittenRows &+= basics.count
        swap(&basics, &substituted)
        pruneColumnsIfStale()
    }

    /// Degenerate pivots in a row after which the entering choice becomes Bland's rule.
    static let degenerateLimit = 32

    /// The row that limits `entering` first as it grows: among restricted rows where it
    /// has a negative coefficient, the smallest ratio constant / -coefficient. The rows
    /// that block it at zero are left in ``ties``.
    mutating func leavingRow(for entering: Symbol) -> Symbol? {
        var best: Symbol?
        var bestRatio = Double.infinity
        // The rows come in the reused buffer of ``substitute(_:_:)``, which is not in use here.
        var basics: [Symbol] = []
        swap(&basics, &substituted)
        basics.empty()
        rowsContaining(entering, into: &basics)
        defer { swap(&basics, &substituted) }
        ties.removeAll(keepingCapacity: true)
        for basic in basics where !basic.isExternal {
            let row = rows[basic.index]!
            let c = row.coefficient(for: entering)
            guard c < 0 else { continue }
            if nearZero(row.constant) { ties.append(basic) }
            let ratio = -row.constant / c
            if ratio < bestRatio || (ratio == bestRatio && basic < best!) {
                best = basic
                bestRatio = ratio
            }
        }
        return best
    }

    /// How many pivots one optimization may take before its choices become Bland's rule
    /// for good; twice as many end it with an error. Far more than a solvable system
    /// needs (no optimization in the benchmarks, a batch that builds a whole screen
    /// included, takes a quarter as many pivots as the tableau has symbols), so only
    /// rounding that makes the simplex go round in circles reaches it: in a badly scaled
    /// system, costs that are noise can keep choosing pivots that undo each other, and
    /// the call would never return.
    static func pivotAllowance(symbols: Int) -> Int { 2 * (symbols + 64) }

    /// Minimizes the objective, level by level.
    ///
    /// - Throws: an internal error when it has not finished after twice its
    ///   ``pivotAllowance(symbols:)``; the call's transaction then undoes what it did.
    mutating func optimize() throws(StepError) {
        var degenerate = 0
        var pivots = 0
        let allowance = Tableau.pivotAllowance(symbols: symbolCount)
        var turnsLeft = turnsTies ? Tableau.tieTurnAllowance(symbols: symbolCount) : 0
        while true {
            let bland = degenerate >= Tableau.degenerateLimit || pivots >= allowance
            guard let entering = enteringSymbol(bland: bland) else { return }
            guard pivots < 2 * allowance else {
                throw .failure(.internalError("the optimization did not finish after \(pivots) pivots"))
            }
            pivots += 1
            var blocking = leavingRow(for: entering)
            // Rows that block at zero, turned (see Tableau+Ties.swift); if the entering
            // symbol still improves the objective, it takes its step now.
            if let tie = blocking, !bland, turnsLeft > 0, nearZero(rows[tie.index]!.constant) {
                let turned = turnTies(of: entering, limit: turnsLeft)
                if turned > 0 {
                    turnsLeft -= turned
                    // The turns raised its cost: it may have no gain left.
                    guard objective.sign(of: entering) < 0 else { continue }
                    blocking = leavingRow(for: entering)
                }
            }
            guard let leaving = blocking else {
                // Only rounding can make a bounded objective look unbounded; a cost that
                // small is zero.
                if objective.isNegligible(entering) {
                    objective.clear(entering)
                    continue
                }
                throw .failure(.internalError("the objective is unbounded"))
            }
            degenerate = nearZero(rows[leaving.index]!.constant) ? degenerate + 1 : 0
            pivot(leaving, entering)
        }
    }

    /// Whether `a` is a better entering symbol than `b`: in fewer rows, then lower index;
    /// or, under Bland's rule, lower index alone.
    func prefers(_ a: Symbol, over b: Symbol?, bland: Bool) -> Bool {
        guard let b else { return true }
        if !bland {
            let ca = columns.count(a.index), cb = columns.count(b.index)
            if ca != cb { return ca < cb }
        }
        return a < b
    }

    /// How many of the most recent candidates the entering choice compares (see
    /// ``enteringSymbol(bland:)``).
    static let enteringWindow = 8

    /// The entering symbol among those whose reduced cost is negative: under Bland's rule
    /// the lowest index of them all; otherwise the preferred one among the
    /// ``enteringWindow`` most recently listed. Comparing them all would make a long
    /// optimization quadratic: a batch of thousands of rows can leave thousands of
    /// candidates, and each pivot would read every one.
    mutating func enteringSymbol(bland: Bool) -> Symbol? {
        var best: Symbol?
        if bland {
            for symbol in objective.negativeSymbols() where !symbol.isDummy && prefers(symbol, over: best, bland: true) {
                best = symbol
            }
            return best
        }
        var candidates: [Symbol] = []
        swap(&candidates, &substituted)
        candidates.empty()
        objective.recentNegativeSymbols(limit: Tableau.enteringWindow, into: &candidates)
        for symbol in candidates where !symbol.isDummy && prefers(symbol, over: best, bland: false) {
            best = symbol
        }
        swap(&candidates, &substituted)
        return best
    }

    /// Restores feasibility while keeping optimality (the dual simplex): every restricted
    /// row below zero is pivoted up. A row that nothing can raise proves the required
    /// constraints infeasible; it is kept as the certificate. So is the row of a basic
    /// dummy (a redundant required equality) that left zero either way: it holds only
    /// dummies (see Tableau+Removal.swift), which never move.
    ///
    /// - Throws: an internal error after twice the ``pivotAllowance(symbols:)`` of pivots,
    ///   as ``optimize()`` does.
    mutating func dualOptimize() throws(StepError) {
        var pivots = 0
        let limit = 2 * Tableau.pivotAllowance(symbols: symbolCount)
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving.index], row.constant < 0 || leaving.isDummy, !nearZero(row.constant)
            else { continue }
            guard !leaving.isDummy, let entering = dualEnteringSymbol(row) else {
                infeasible.removeAll()
                noteCertificate(row, leaving, inserting: nil)
                throw .unsatisfiable
            }
            guard pivots < limit else {
                infeasible.removeAll()
                throw .failure(.internalError("the dual optimization did not finish after \(pivots) pivots"))
            }
            pivots += 1
            pivot(leaving, entering)
        }
    }

    /// The entering symbol for a row below zero: a user variable if the row has one (it
    /// moves at no cost), else the cell with the smallest ratio cost / coefficient among
    /// the row's positive slack and error cells. (Mutating, as ``chooseSubject(_:_:)`` is.)
    mutating func dualEnteringSymbol(_ row: Row) -> Symbol? {
        if let free = row.cells.first(where: { $0.symbol.isExternal }) { return free.symbol }
        var best: Cell?
        for cell in row.cells where cell.coefficient > 0 && cell.symbol.isPivotable {
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
