// Expanding a constraint's row by opening one definition: the common case of
// ``Tableau/expandedConstraintRow(_:from:untilUserVariable:)``, merged directly.
//
// Most expansions of a build open a single short definition: a stack aligned to its
// leading edge expands three rows a label, each naming one definition that names no
// other, and a stack of rows expands two rows a row, each naming two edges of a label
// where the newer edge's definition cancels the older one. The general expansion adds
// every cell into a table of sums indexed by symbol, keeps a heap of the definitions to
// open, and sorts the symbols it touched; for one definition of a few cells that cost as
// much as the rest of the constraint's insertion. A merge of the two sorted rows gives the
// same row. (Only constraints' rows take this path: tried in every expansion, it made the
// general one's code slower, and a pile of rows, whose expansions are long, 0.8% slower.)

extension Tableau {
    /// The expansion of `row` (see ``expanded(_:from:untilUserVariable:)``) when it opens
    /// exactly one definition, or nil when it would open more (or none).
    ///
    /// The definition opened is the row's newest reference at `threshold` or above, the
    /// first of them when several have that order, as the general expansion opens first. The
    /// expansion ends there when no reference at `threshold` or above is left, or, with
    /// `untilUserVariable`, when the row names a user variable that is not basic; otherwise
    /// the general expansion starts again from `row`.
    ///
    /// The row is the one the general expansion makes, to the bit: a symbol's coefficient
    /// is the row's plus the factor times the definition's, in that order, every
    /// coefficient near zero is dropped (the row's own ones included), and the constant is
    /// the row's plus the factor times the definition's.
    @inline(never) mutating func openedOnce(_ row: Row, from threshold: UInt32, untilUserVariable: Bool) -> Row? {
        rows.withUnsafeBufferPointer { rows in
            states.withUnsafeBufferPointer { states in
                Tableau.openedOnce(row, rows, states, from: threshold, untilUserVariable: untilUserVariable)
            }
        }
    }

    /// ``openedOnce(_:from:untilUserVariable:)`` over the tables. (Static, on buffers: a
    /// method of the tableau that does not mutate it would be given a copy of it.)
    @inline(never) private static func openedOnce(_ row: Row, _ rows: UnsafeBufferPointer<Row?>, _ states: UnsafeBufferPointer<SymbolState>,
                                   from threshold: UInt32, untilUserVariable: Bool) -> Row? {
        row.cells.withUnsafeBufferPointer { a in
            // The first of the newest in the row's order: the general expansion puts the
            // definitions on its heap in that order, and its first pick is the first one
            // pushed among those of the highest order (a later one of the same order never
            // rises above it).
            var opened = -1
            var newest: UInt32 = 0
            for k in a.indices where rows[a[k].symbol.index] != nil {
                let order = states[a[k].symbol.index].order
                if order >= threshold && (opened < 0 || order > newest) { (opened, newest) = (k, order) }
            }
            guard opened >= 0, !nearZero(a[opened].coefficient) else { return nil }
            let factor = a[opened].coefficient, reference = a[opened].symbol
            let definition = rows[reference.index].unsafelyUnwrapped
            return definition.cells.withUnsafeBufferPointer { b -> Row? in
                // Merged into a temporary table first: a row whose opening goes on (a chain of
                // definitions) allocates nothing.
                withUnsafeTemporaryAllocation(of: Cell.self, capacity: a.count + b.count) { merged -> Row? in
                    var count = 0, i = 0, j = 0
                    var namesUserVariable = false, namesDefinition = false
                    while i < a.count || j < b.count {
                        let cell: Cell
                        if i < a.count && a[i].symbol == reference {
                            i += 1
                            continue
                        } else if j == b.count || (i < a.count && a[i].symbol.raw < b[j].symbol.raw) {
                            cell = a[i]
                            i += 1
                        } else if i == a.count || b[j].symbol.raw < a[i].symbol.raw {
                            cell = Cell(symbol: b[j].symbol, coefficient: factor * b[j].coefficient)
                            j += 1
                        } else {
                            cell = Cell(symbol: a[i].symbol, coefficient: a[i].coefficient + factor * b[j].coefficient)
                            i += 1
                            j += 1
                        }
                        guard !nearZero(cell.coefficient) else { continue }
                        merged.initializeElement(at: count, to: cell)
                        count += 1
                        if rows[cell.symbol.index] != nil {
                            if states[cell.symbol.index].order >= threshold { namesDefinition = true }
                        } else if cell.symbol.isExternal {
                            namesUserVariable = true
                        }
                    }
                    guard untilUserVariable && namesUserVariable || !namesDefinition else { return nil }
                    // (The two more, as a row the general expansion makes has, for the caller's cells.)
                    var cells: [Cell] = []
                    cells.reserveCapacity(count + 2)
                    cells.append(contentsOf: UnsafeBufferPointer(rebasing: merged[..<count]))
                    return Row(constant: row.constant + factor * definition.constant, cells: cells)
                }
            }
        }
    }
}
