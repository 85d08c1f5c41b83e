// Definitions: the row of a basic user variable may name other basic user variables.
//
// In a Cassowary tableau every basic symbol is written over the parametric symbols. Along a
// chain (`b[i] = b[i-1] + 8 + error[i]`, the heights of a list of labels, say) that makes
// the row of `b[n]` hold every error symbol before it: n rows of up to n cells. Here a user
// variable's row may instead keep the basic user variables it was built from, unexpanded
// (a *reference*): `b[n] = b[n-1] + 8 + error[n]`. Rows of restricted symbols (slacks,
// errors, markers) and the objective still hold parametric symbols only: they are the
// rows the simplex reads, and a user variable, being unrestricted, never limits a pivot.
//
// Each user-variable row gets an order when it is made (``SymbolState/order``; raised later
// when a new row needs it, see Tableau+Orders.swift), and a row names only variables of a
// lower order, so references never form a cycle. A row with references goes unexpanded
// only into the rows of user variables made after everything it names; everywhere else it
// is expanded (``expanded(_:)``: newest definitions first, so a variable whose terms
// cancel, as `b[i] - b[i-1]` does, is never opened). Values are
// evaluated through references (``evaluate(_:)``), iteratively: a chain can be longer
// than the stack is deep. The walk stops at the definitions no change has reached since
// the last refresh (older than every variable waiting for one): their stored values hold.

extension Tableau {
    /// The highest order of a basic user variable the row names, or nil if it names none.
    @inline(__always) func newestReference(in row: Row) -> UInt32? {
        rows.withUnsafeBufferPointer { rows in
            row.cells.withUnsafeBufferPointer { cells in
                var newest: UInt32?
                for cell in cells where rows[cell.symbol.index] != nil {
                    newest = max(newest ?? 0, states[cell.symbol.index].order)
                }
                return newest
            }
        }
    }

    /// The order of the oldest user-variable row that holds `symbol` (as a parametric
    /// symbol), or nil if none does.
    mutating func oldestHolder(of symbol: Symbol) -> UInt32? {
        guard columns.count(symbol.index) > 0 else { return nil }
        var holders: [Symbol] = []
        swap(&holders, &substituted)
        holders.empty()
        rowsContaining(symbol, into: &holders)
        var oldest: UInt32?
        for holder in holders where holder.isExternal { oldest = min(oldest ?? .max, states[holder.index].order) }
        swap(&holders, &substituted)
        return oldest
    }

    /// A new constraint's row, with as many of its references kept as can be: all of them
    /// when its subject is a user variable that none of them stands for in part. Otherwise
    /// the definitions as new as the oldest row that holds the subject are opened (an older
    /// one cannot lead to it), and again for the subject chosen then. While no user variable
    /// can be the subject, a definition that names none and holds one is opened alone (see
    /// ``openingPlainDefinition(in:)``); failing that, definitions are opened, newest first,
    /// until one can or none is left (the row is then expanded whole, as a restricted row
    /// must be).
    ///
    /// (A row between two edges of a chain that are both basic, such as a label's height in
    /// a stack's row that was hidden and shown, finds the next edge that way after a
    /// definition or two. Expanded whole, it held every error symbol from the chain's start,
    /// and solved for the first user variable among them, it put one row that long in the
    /// tableau each time: a hide in the middle of a stack cost as much as the rows above it.)
    mutating func resolvingReferences(_ row: Row, _ record: Record) -> Row {
        // Most rows name no definition: they go through untouched (the loop would retain
        // the row once more to keep it in a variable).
        guard let newest = newestReference(in: row) else { return row }
        return resolvingReferences(row, record, newest: newest)
    }

    /// ``resolvingReferences(_:_:)`` of a row whose newest definition has order `newest`.
    @inline(never) private mutating func resolvingReferences(_ row: Row, _ record: Record, newest: UInt32) -> Row {
        var row = row, newest = newest
        while true {
            if let subject = chooseSubject(row, record), subject.isExternal {
                guard let oldest = oldestHolder(of: subject), oldest <= newest else { return row }
                if renewOrders(ofHoldersOf: subject, in: row, upTo: newest) { return row }
                row = expandedConstraintRow(row, from: oldest)
            } else if let opened = openingPlainDefinition(in: row) {
                row = opened
            } else {
                row = expandedConstraintRow(row, untilUserVariable: true)
            }
            guard let next = newestReference(in: row) else { return row }
            newest = next
        }
    }

    /// The row with one definition it names opened, when that definition names none and
    /// holds a user variable (which is then not basic): the row can be solved for that
    /// variable, and the other definitions it names stay as references. Nil when it names
    /// no such definition. Each opening takes a reference out of the row and puts none in.
    ///
    /// (A label's content-size preference in a stack's row names the row's top edge, a
    /// definition of its own, and its bottom edge, defined through every row above. Opened
    /// newest first, the bottom edge came first, and every definition back to the top of
    /// the column was opened before the top edge's user variable showed: a row of 5,000
    /// cells, now and then, for a row appended to a column of 2,500.)
    private mutating func openingPlainDefinition(in row: Row) -> Row? {
        for cell in row.cells {
            guard let definition = rows[cell.symbol.index], !hasReferences(definition),
                  definition.cells.contains(where: { $0.symbol.isExternal }) else { continue }
            var opened = row
            opened.add(definition, replacing: cell.symbol, buffer: &merged, added: &scratch)
            if opened.constant < 0 { opened.reverseSign() }
            return opened
        }
        return nil
    }

    /// Whether a row names a basic symbol (only a user variable's row may).
    @inline(__always) func hasReferences(_ row: Row) -> Bool {
        rows.withUnsafeBufferPointer { rows in
            row.cells.withUnsafeBufferPointer { cells in
                for cell in cells where rows[cell.symbol.index] != nil { return true }
                return false
            }
        }
    }

    /// The row with every basic symbol it names replaced by that symbol's row, through
    /// references, so that it holds parametric symbols only (or, with `threshold`, only the
    /// definitions of that order or newer: the older ones stay as references). The newest
    /// definition named is opened first (no row that is still to be opened names it, so its
    /// coefficient is final), and one whose coefficient came to zero is not opened at all.
    ///
    /// With `untilUserVariable`, the opening stops as soon as the row names a user variable
    /// that is not basic, and the definitions not opened yet stay as references (the row at
    /// any point of the opening is the same equation).
    mutating func expanded(_ row: Row, from threshold: UInt32 = 0, untilUserVariable: Bool = false) -> Row {
        guard hasReferences(row) else { return row }
        // (Grown by an eighth at least: most calls come while a build makes new symbols, and
        // the sums written are pages made resident.)
        if expansion.count < symbolCount {
            expansion.append(contentsOf: repeatElement(0, count: max(symbolCount, expansion.count + expansion.count / 8) - expansion.count))
        }
        // The reused buffers, taken out of the tableau while in use (a call made meanwhile
        // would start from empty ones), and handed to ``ExpansionWork`` with the sums, so
        // that no closure captures them.
        var work = ExpansionWork(untilUserVariable: untilUserVariable)
        swap(&work.touched, &expansionTouched)
        swap(&work.heap, &expansionHeap)
        swap(&work.sums, &expansion)
        nextStamp()
        var constant = row.constant
        for cell in row.cells { work.add(cell.symbol.index, cell.coefficient, rows, &states, stamp) }
        while let top = work.popNewest(from: threshold) {
            let basic = Int(top)
            let factor = work.sums[basic]
            work.sums[basic] = 0
            guard !nearZero(factor) else { continue }
            let definition = rows[basic]!
            constant += factor * definition.constant
            for cell in definition.cells { work.add(cell.symbol.index, factor * cell.coefficient, rows, &states, stamp) }
            if work.userVariables > 0 { break }
        }
        let cells = work.gatherCells(states)
        work.touched.removeAll(keepingCapacity: true)
        work.heap.removeAll(keepingCapacity: true)
        swap(&work.touched, &expansionTouched)
        swap(&work.heap, &expansionHeap)
        swap(&work.sums, &expansion)
        return Row(constant: constant, cells: cells)
    }

    /// A constraint's row (`0 = row`) expanded (see ``expanded(_:from:untilUserVariable:)``),
    /// with a constant that is not negative.
    mutating func expandedConstraintRow(_ row: Row, from threshold: UInt32 = 0, untilUserVariable: Bool = false) -> Row {
        var result = hasReferences(row) ? openedOnce(row, from: threshold, untilUserVariable: untilUserVariable)
            ?? expanded(row, from: threshold, untilUserVariable: untilUserVariable) : row
        if result.constant < 0 { result.reverseSign() }
        return result
    }
}
