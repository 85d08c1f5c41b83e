// Keeping the tables bounded. Columns: a cell that goes from a row leaves a stale entry in its
// symbol's column, dropped when the column is next read; a column read rarely while pivots
// keep adding to others (many preferences on one variable) would grow without bound, so once
// the entries pass twice what the last pruning left, every column is pruned.
//
// Recycling symbols: a solver that adds and removes constraints forever must not make new
// symbols forever. A symbol that a committed call stopped using (the markers of a constraint
// taken out, a variable no constraint names any more) is recycled when it is in no row and
// costs nothing, and the next symbol of its kind takes its index. Kinds are kept apart, so a
// symbol's index and kind never change meaning for what still lists it (the objective's
// candidates, a column's stale entries, which are checked when read).

extension Tableau {
    /// Recycles the released symbols that nothing uses any more (after a commit: the state
    /// of a recycled symbol is reset for good).
    mutating func recycleSymbols() {
        while let symbol = releasedSymbols.popLast() {
            let i = symbol.index
            guard i < states.count, states[i].symbol == symbol, rows[i] == nil else { continue }
            if symbol.isExternal && states[i].references > 0 { continue }
            if appearsInRows(symbol) { continue }
            // A leftover cost (rounding) on a symbol in no row decides nothing.
            objective.clear(symbol)
            states[i] = SymbolState(symbol: symbol)
            freeSymbols[Int(symbol.kind.rawValue)].append(Int32(i))
        }
    }

    /// A recycled symbol of a kind, taken up again (journaled in a call), or nil.
    mutating func reuseSymbol(_ kind: Symbol.Kind) -> Symbol? {
        guard let index = freeSymbols[Int(kind.rawValue)].popLast() else { return nil }
        let i = Int(index)
        if journaling { journal.append(.reused(index, states[i])) }
        states[i] = SymbolState(symbol: states[i].symbol)
        return states[i].symbol
    }
}

extension Tableau {
    /// Whether any row holds `symbol` (its column, read exactly: stale entries are dropped).
    mutating func appearsInRows(_ symbol: Symbol) -> Bool {
        guard columns.count(symbol.index) > 0 else { return false }
        var found: [Symbol] = []
        swap(&found, &substituted)
        found.empty()
        rowsContaining(symbol, into: &found)
        let appears = !found.isEmpty
        swap(&found, &substituted)
        return appears
    }
}

extension Tableau {
    /// Drops the stale and repeated entries of every column, then sets the next threshold
    /// to twice what is left (so the work is paid for by the appends since the last time).
    @inline(never) mutating func pruneColumns() {
        var found: [Symbol] = []
        swap(&found, &substituted)
        for index in states.indices where columns.count(index) > 0 {
            found.empty()
            rowsContaining(states[index].symbol, into: &found)
        }
        swap(&found, &substituted)
        columnPruningThreshold = max(4_096, 2 * columns.entries)
    }
}
