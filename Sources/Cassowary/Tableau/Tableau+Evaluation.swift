// Values through definitions: a basic user variable's value is its row's constant plus
// the values of the definitions its row names (see Tableau+Definitions.swift). A walk stops
// at the definitions no change has reached since the last refresh: their stored values hold.

extension Tableau {
    /// The basic symbols reachable from `row` through references, every one before all the
    /// basic symbols whose rows name it (the post-order of a depth-first walk), marked with
    /// a fresh stamp. The walk does not enter a definition settled below `bound` (see
    /// ``isSettled(_:below:)``): its stored value is read instead.
    private mutating func referenceOrder(of row: Row, settledBelow bound: UInt32) -> [Int32] {
        nextStamp()
        var postOrder: [Int32] = []
        var stack: [(symbol: Int32, next: Int)] = []
        for cell in row.cells {
            let root = cell.symbol.index
            guard rows[root] != nil, states[root].stamp != stamp, !isSettled(root, below: bound) else { continue }
            states[root].stamp = stamp
            stack.append((Int32(root), 0))
            while let top = stack.last {
                let cells = rows[Int(top.symbol)]!.cells
                var k = top.next
                while k < cells.count {
                    let child = cells[k].symbol.index
                    if rows[child] != nil && states[child].stamp != stamp && !isSettled(child, below: bound) { break }
                    k += 1
                }
                if k < cells.count {
                    stack[stack.count - 1].next = k + 1
                    let child = cells[k].symbol.index
                    states[child].stamp = stamp
                    stack.append((Int32(child), 0))
                } else {
                    postOrder.append(top.symbol)
                    stack.removeLast()
                }
            }
        }
        return postOrder
    }

    /// Whether the value the last refresh stored for a definition is still its value: it
    /// is not waiting for a refresh, it is older than every definition that is (`bound`,
    /// see ``settledOrderBound()``), and the refresh stored its value (it has a variable
    /// with references). Every definition it names is older still, so nothing its value
    /// depends on has changed since.
    @inline(__always) private func isSettled(_ index: Int, below bound: UInt32) -> Bool {
        states[index].order < bound && !states[index].isDirty && states[index].references > 0
            && states[index].variable != nil
    }

    /// The lowest order of a user variable waiting for a refresh (every change of a row
    /// marks its variable so), or 0 when there are too many to look through (nothing is
    /// settled). A variable that has left the basis counts at the order its row had: the
    /// rows that named it as a reference may still name it, and their values changed with
    /// it, though they did not.
    private func settledOrderBound() -> UInt32 {
        guard dirty.count <= Tableau.settledScanLimit else { return 0 }
        var bound = UInt32.max
        for index in dirty where states[Int(index)].isDirty { bound = min(bound, states[Int(index)].order) }
        return bound
    }

    /// The most definitions waiting for a refresh that ``evaluate(_:)`` looks through to
    /// find the settled ones.
    static let settledScanLimit = 64

    /// The value of a symbol now: its row's constant plus, through references, the values
    /// of the basic user variables its row names (0 for a parametric symbol).
    mutating func evaluate(_ index: Int) -> Double {
        guard let row = rows[index] else { return 0 }
        guard hasReferences(row) else { return row.constant }
        let (value, walked) = evaluate(row, settledBelow: settledOrderBound())
        longestEvaluationWalk = max(longestEvaluationWalk, walked)
        assert(Tableau.agree(value, evaluate(row, settledBelow: 0).value), "a settled definition's stored value is stale")
        return value
    }

    /// ``evaluate(_:)`` for a row with references, reading the stored values of the
    /// definitions settled below `bound` (0: none) instead of walking through them; returns
    /// the value and the number of definitions walked through.
    ///
    /// (A class split in the middle of a chain asks for the value of an anchor whose row
    /// names the one before it, and so on to the chain's start: a hide in a stack of 4,000
    /// rows walked some 2,000 definitions that no change had reached.)
    private mutating func evaluate(_ row: Row, settledBelow bound: UInt32) -> (value: Double, walked: Int) {
        let order = referenceOrder(of: row, settledBelow: bound)
        // References come before the rows that name them in `order`. Each walked
        // definition's value is put in its state while the walk lasts, and the stored one
        // put back after, so a reference reads its value where a settled one's is (a
        // dictionary of the walked values cost ten times as much per definition).
        var stored: [Double] = []
        stored.reserveCapacity(order.count)
        for basic in order {
            let definition = rows[Int(basic)]!
            var value = definition.constant
            for cell in definition.cells where rows[cell.symbol.index] != nil {
                value += cell.coefficient * states[cell.symbol.index].value
            }
            stored.append(states[Int(basic)].value)
            states[Int(basic)].value = value
        }
        var value = row.constant
        for cell in row.cells where rows[cell.symbol.index] != nil {
            value += cell.coefficient * states[cell.symbol.index].value
        }
        for (basic, old) in zip(order, stored) { states[Int(basic)].value = old }
        return (value, order.count)
    }

    /// Whether two evaluations of one value agree but for rounding (the stored values were
    /// summed in another order).
    static func agree(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    /// Writes the value of every user variable whose row changed since the last call, and
    /// of every one whose row names a variable whose value changed, calling `write` with
    /// each variable and its new value (the caller writes it and tells who needs to know).
    ///
    /// A variable waiting to be brought up to date (marked dirty) is computed after the
    /// waiting variables its row names (a depth-first walk over the references), from the
    /// values refreshed before (each symbol's ``SymbolState/value``); when its value
    /// changes, the rows that name it wait in turn. So each variable is computed once per
    /// change of what it depends on, in an order where what it reads is already right.
    mutating func refreshValues(_ write: (Variable, Double) -> Void) {
        var work = dirty
        dirty.removeAll(keepingCapacity: true)
        // The rows and states are moved into locals and the walk reads and writes them
        // through buffers: no copy of a row, no uniqueness check per access (see
        // Tableau+Edits.swift's shiftRows). The rare symbol whose variable has no
        // references left needs the whole tableau; it is set aside and done after.
        var table: [Row?] = [], marks: [SymbolState] = []
        var forgotten: [Int] = []
        while true {
            swap(&table, &rows)
            swap(&marks, &states)
            let columns = self.columns
            table.withUnsafeBufferPointer { t in
                marks.withUnsafeMutableBufferPointer { m in
                    while let next = work.last {
                        let index = Int(next)
                        guard m[index].isDirty else {
                            work.removeLast()
                            continue
                        }
                        // A waiting variable this row names goes first; else the row's value.
                        var value = 0.0, waiting = -1
                        if t[index] != nil {
                            value = t[index].unsafelyUnwrapped.constant
                            for cell in t[index].unsafelyUnwrapped.cells {
                                let named = cell.symbol.index
                                guard t[named] != nil, named != index else { continue }
                                if m[named].isDirty {
                                    waiting = named
                                    break
                                }
                                value += cell.coefficient * m[named].value
                            }
                        }
                        if waiting >= 0 {
                            work.append(Int32(waiting))
                            continue
                        }
                        work.removeLast()
                        m[index].isDirty = false
                        guard let variable = m[index].variable else { continue }
                        if m[index].references == 0 {
                            forgotten.append(index)
                            continue
                        }
                        if variable.value != value { write(variable, value) }
                        guard m[index].value != value else { continue }
                        m[index].value = value
                        // The rows that name this variable change value with it: its column
                        // lists them (and stale entries, skipped here and pruned elsewhere).
                        let symbol = m[index].symbol
                        var node = columns.first(index)
                        while node >= 0 {
                            let dependent = Int(columns.value(node))
                            node = columns.next(node)
                            guard dependent != index, dependent < m.count, m[dependent].symbol.isExternal,
                                  !m[dependent].isDirty, t[dependent] != nil,
                                  t[dependent].unsafelyUnwrapped.position(of: symbol).found else { continue }
                            m[dependent].isDirty = true
                            work.append(Int32(dependent))
                        }
                    }
                }
            }
            swap(&table, &rows)
            swap(&marks, &states)
            guard let index = forgotten.popLast() else { return }
            // A symbol whose variable was forgotten writes its last value (0), unless the
            // variable has come back with another symbol since.
            guard let variable = states[index].variable else { continue }
            if let current = registeredSymbol(of: variable), current.index != index { continue }
            let value = evaluate(index)
            if variable.value != value { write(variable, value) }
            guard states[index].value != value else { continue }
            states[index].value = value
            var dependents: [Symbol] = []
            rowsContaining(states[index].symbol, into: &dependents)
            for dependent in dependents where dependent.isExternal && !states[dependent.index].isDirty {
                states[dependent.index].isDirty = true
                work.append(Int32(dependent.index))
            }
        }
    }
}
