// Keeping the tables bounded. Columns: a cell that goes from a row leaves a stale entry in its
// symbol's column, dropped when the column is next read; a column read rarely while pivots
// keep adding to others (many preferences on one variable) would grow without bound, so once
// the entries that may be stale pass half of all entries, every column is pruned. (A tableau
// that only grows, as a build does, leaves few stale entries and is not pruned. Pruned
// whenever the entries doubled, a screen of 10,000 views was pruned six times, for 6% of its
// build, and each time found 5% of the entries stale.)
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
    /// The stale entries below which columns are never pruned.
    static let columnPruningFloor = 4_096

    /// Prunes the columns once the entries that may be stale pass half of all entries
    /// (checked wherever rows gain cells: a pivot whose entering symbol is in no other row
    /// takes a row out and puts it back, and never substitutes).
    @inline(__always) mutating func pruneColumnsIfStale() {
        if staleColumnEntries > max(Tableau.columnPruningFloor, columns.entries / 2) { pruneColumns() }
    }

    /// Drops the stale and repeated entries of every column: the columns are made again
    /// from the rows, each listing its rows by index (the work, one step per cell, is paid
    /// for by the entries that went stale since the last time, at least as many as the
    /// cells). Reading every column instead, each entry was looked up in its row.
    @inline(never) mutating func pruneColumns() {
        columns.removeAllEntries()
        rows.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                guard let cells = rows[index]?.cells else { continue }
                cells.withUnsafeBufferPointer { cells in
                    columns.append(Int32(index), count: cells.count) { cells[$0].symbol.index }
                }
            }
        }
        staleColumnEntries = 0
        pruningCount &+= 1
    }
}
