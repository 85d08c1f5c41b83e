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
// Each user-variable row gets an order when it is made (``SymbolState/order``), and a row
// names only variables of a lower order, so references never form a cycle. A row with
// references goes unexpanded only into the rows of user variables made after everything it
// names; everywhere else it is expanded (``expanded(_:)``: newest definitions first, so a
// variable whose terms cancel, as `b[i] - b[i-1]` does, is never opened). Values are
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
    /// can be the subject, definitions are opened, newest first, until one can or none is
    /// left (the row is then expanded whole, as a restricted row must be).
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
            } else {
                row = expandedConstraintRow(row, untilUserVariable: true)
            }
            guard let next = newestReference(in: row) else { return row }
            newest = next
        }
    }

    /// Gives the rows that hold `subject` new orders above every other, when they are all
    /// user variables' rows that no row names, `row` included (so no order need stay below
    /// theirs), the objective has no cost for it, and those of an order up to `newest` need it: a row
    /// solved for `subject` may then keep its references up to `newest`, and the holders
    /// take it in as it is. Returns false, having changed nothing, otherwise.
    ///
    /// (A stack's new row, whose labels' heights were solved before it joined the stack,
    /// holds its bottom edge in such rows; opened back to them, the height of its first
    /// label held every error symbol of the rows above: each row appended cost the whole
    /// stack.)
    private mutating func renewOrders(ofHoldersOf subject: Symbol, in row: Row, upTo newest: UInt32) -> Bool {
        // (The objective would take the row expanded whole anyway.)
        guard !objective.hasCost(subject) else { return false }
        var holders: [Symbol] = []
        swap(&holders, &substituted)
        holders.empty()
        rowsContaining(subject, into: &holders)
        defer { swap(&holders, &substituted) }
        var renewed = 0
        for holder in holders {
            // (A holder the row names would take in a row naming itself.)
            guard holder.isExternal, !row.position(of: holder).found, rowsContaining(holder).isEmpty else { return false }
            if states[holder.index].order <= newest { renewed += 1 }
        }
        guard renewed > 0 else { return false }
        for holder in holders where states[holder.index].order <= newest {
            if journaling && holder.index < journalFloor {
                journal.append(.order(Int32(holder.index), states[holder.index].order))
            }
            definitionCount += 1
            states[holder.index].order = definitionCount
        }
        return true
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

    /// The basic symbols reachable from `row` through references, every one after all the
    /// basic symbols whose rows name it (reverse post-order of a depth-first walk), marked
    /// with a fresh stamp. The walk does not enter a definition settled below `bound` (see
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
        return postOrder.reversed()
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
        if expansion.count < symbolCount { expansion.append(contentsOf: repeatElement(0, count: symbolCount - expansion.count)) }
        var touched: [Int32] = []
        // A max-heap of the basic variables to open, by order (each at most once: its
        // stamp marks it).
        var heap: [(order: UInt32, index: Int32)] = []
        nextStamp()
        var constant = row.constant
        // The user variables that are not basic and have a coefficient, for `untilUserVariable`.
        var userVariables = 0
        func add(_ symbol: Int, _ value: Double) {
            if expansion[symbol] == 0 { touched.append(Int32(symbol)) }
            if untilUserVariable && rows[symbol] == nil && states[symbol].symbol.isExternal {
                let before = nearZero(expansion[symbol])
                expansion[symbol] += value
                if before != nearZero(expansion[symbol]) { userVariables += before ? 1 : -1 }
                return
            }
            expansion[symbol] += value
            if rows[symbol] != nil && states[symbol].stamp != stamp {
                states[symbol].stamp = stamp
                heap.append((states[symbol].order, Int32(symbol)))
                var k = heap.count - 1
                while k > 0 && heap[(k - 1) / 2].order < heap[k].order {
                    heap.swapAt(k, (k - 1) / 2)
                    k = (k - 1) / 2
                }
            }
        }
        for cell in row.cells { add(cell.symbol.index, cell.coefficient) }
        while let top = heap.first, top.order >= threshold {
            heap.swapAt(0, heap.count - 1)
            heap.removeLast()
            var k = 0
            while true {
                let l = 2 * k + 1, r = l + 1
                var largest = k
                if l < heap.count && heap[l].order > heap[largest].order { largest = l }
                if r < heap.count && heap[r].order > heap[largest].order { largest = r }
                if largest == k { break }
                heap.swapAt(k, largest)
                k = largest
            }
            let basic = Int(top.index)
            let factor = expansion[basic]
            expansion[basic] = 0
            guard !nearZero(factor) else { continue }
            let definition = rows[basic]!
            constant += factor * definition.constant
            for cell in definition.cells { add(cell.symbol.index, factor * cell.coefficient) }
            if userVariables > 0 { break }
        }
        // The cells that stay are moved to the front of `touched` and sorted there (with the
        // rare repeat of a symbol whose sum came back from zero, which sorting puts next to
        // the first): the rest lists every definition opened on the way, often many times
        // what stays, and is only cleared. (An opened definition's sum was cleared and no
        // definition opened after it names it: a sum left is a parametric symbol's or that
        // of a definition kept as a reference.)
        var staying = 0
        for position in touched.indices {
            let symbol = touched[position], index = Int(symbol)
            if !nearZero(expansion[index]) {
                touched[staying] = symbol
                staying += 1
            } else {
                expansion[index] = 0
            }
        }
        touched.removeLast(touched.count - staying)
        touched.sort()
        var cells: [Cell] = []
        // Room for two more cells, which the caller often adds.
        cells.reserveCapacity(staying + 2)
        var last: Int32 = -1
        for symbol in touched where symbol != last {
            last = symbol
            let index = Int(symbol)
            cells.append(Cell(symbol: states[index].symbol, coefficient: expansion[index]))
            expansion[index] = 0
        }
        return Row(constant: constant, cells: cells)
    }

    /// A constraint's row (`0 = row`) expanded (see ``expanded(_:from:untilUserVariable:)``),
    /// with a constant that is not negative.
    mutating func expandedConstraintRow(_ row: Row, from threshold: UInt32 = 0, untilUserVariable: Bool = false) -> Row {
        var result = expanded(row, from: threshold, untilUserVariable: untilUserVariable)
        if result.constant < 0 { result.reverseSign() }
        return result
    }

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
        // References before the rows that name them: the reverse of `order`.
        var values: [Int32: Double] = [:]
        func named(_ cell: Cell) -> Double {
            let index = cell.symbol.index
            return isSettled(index, below: bound) ? states[index].value : values[Int32(index)]!
        }
        for basic in order.reversed() {
            let definition = rows[Int(basic)]!
            var value = definition.constant
            for cell in definition.cells where rows[cell.symbol.index] != nil {
                value += cell.coefficient * named(cell)
            }
            values[basic] = value
        }
        var value = row.constant
        for cell in row.cells where rows[cell.symbol.index] != nil {
            value += cell.coefficient * named(cell)
        }
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
