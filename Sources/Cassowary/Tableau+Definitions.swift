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
// A row keeps its references only when it defines a new user variable that no other row
// names, so references always point at variables that were basic before, and they form no
// cycle. Every row that must be written over the parametric symbols is expanded
// (``expanded(_:)``: each basic symbol once, in dependency order), and values are
// evaluated through the references (``evaluate(_:)``), iteratively: a chain can be longer
// than the stack is deep.

extension Tableau {
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
    /// with a fresh stamp.
    private mutating func referenceOrder(of row: Row) -> [Int32] {
        nextStamp()
        var postOrder: [Int32] = []
        var stack: [(symbol: Int32, next: Int)] = []
        for cell in row.cells {
            let root = cell.symbol.index
            guard rows[root] != nil, states[root].stamp != stamp else { continue }
            states[root].stamp = stamp
            stack.append((Int32(root), 0))
            while let top = stack.last {
                let cells = rows[Int(top.symbol)]!.cells
                var k = top.next
                while k < cells.count {
                    let child = cells[k].symbol.index
                    if rows[child] != nil && states[child].stamp != stamp { break }
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

    /// The row with every basic symbol it names replaced by that symbol's row, through
    /// references, so that it holds parametric symbols only. Each basic symbol is expanded
    /// once, with its coefficients summed over every path that reaches it.
    mutating func expanded(_ row: Row) -> Row {
        guard hasReferences(row) else { return row }
        let order = referenceOrder(of: row)
        if expansion.count < symbolCount { expansion.append(contentsOf: repeatElement(0, count: symbolCount - expansion.count)) }
        var touched: [Int32] = []
        var constant = row.constant
        func add(_ symbol: Int, _ value: Double) {
            if expansion[symbol] == 0 { touched.append(Int32(symbol)) }
            expansion[symbol] += value
            // (A sum that is exactly zero again is listed twice: harmless, gathered once.)
        }
        for cell in row.cells { add(cell.symbol.index, cell.coefficient) }
        for basic in order {
            let factor = expansion[Int(basic)]
            expansion[Int(basic)] = 0
            guard factor != 0 else { continue }
            let definition = rows[Int(basic)]!
            constant += factor * definition.constant
            for cell in definition.cells { add(cell.symbol.index, factor * cell.coefficient) }
        }
        touched.sort()
        var cells: [Cell] = []
        cells.reserveCapacity(touched.count + 2)
        var last: Int32 = -1
        for symbol in touched where symbol != last {
            last = symbol
            let value = expansion[Int(symbol)]
            expansion[Int(symbol)] = 0
            if rows[Int(symbol)] == nil && !nearZero(value) {
                cells.append(Cell(symbol: states[Int(symbol)].symbol, coefficient: value))
            }
        }
        return Row(constant: constant, cells: cells)
    }

    /// A constraint's row (`0 = row`) expanded (see ``expanded(_:)``), with a constant that
    /// is not negative.
    mutating func expandedConstraintRow(_ row: Row) -> Row {
        var result = expanded(row)
        if result.constant < 0 { result.reverseSign() }
        return result
    }

    /// The value of a symbol now: its row's constant plus, through references, the values
    /// of the basic user variables its row names (0 for a parametric symbol).
    mutating func evaluate(_ index: Int) -> Double {
        guard let row = rows[index] else { return 0 }
        guard hasReferences(row) else { return row.constant }
        let order = referenceOrder(of: row)
        // References before the rows that name them: the reverse of `order`.
        var values: [Int32: Double] = [:]
        for basic in order.reversed() {
            let definition = rows[Int(basic)]!
            var value = definition.constant
            for cell in definition.cells where rows[cell.symbol.index] != nil {
                value += cell.coefficient * values[Int32(cell.symbol.index)]!
            }
            values[basic] = value
        }
        var value = row.constant
        for cell in row.cells where rows[cell.symbol.index] != nil {
            value += cell.coefficient * values[Int32(cell.symbol.index)]!
        }
        return value
    }

    /// Writes the value of every user variable whose row changed since the last call, and
    /// of every one whose row names a variable whose value changed, calling `write` with
    /// each variable and its new value (the caller writes it and tells who needs to know).
    ///
    /// Values are computed from the rows and the values refreshed before (each symbol's
    /// ``SymbolState/value``): a row that names a variable not yet brought up to date is
    /// computed again once that variable changes, so the result is exact in any order of
    /// the work.
    mutating func refreshValues(_ write: (Variable, Double) -> Void) {
        var work = dirty
        dirty.removeAll(keepingCapacity: true)
        var dependents: [Symbol] = []
        while let next = work.popLast() {
            let index = Int(next)
            states[index].isDirty = false
            guard let variable = states[index].variable else { continue }
            // A symbol whose variable was forgotten writes its last value (0), unless the
            // variable has come back with another symbol since.
            if states[index].references == 0, let current = registeredSymbol(of: variable), current.index != index {
                continue
            }
            var value = 0.0
            if let row = rows[index] {
                value = row.constant
                for cell in row.cells where rows[cell.symbol.index] != nil {
                    value += cell.coefficient * states[cell.symbol.index].value
                }
            }
            if variable.value != value { write(variable, value) }
            guard states[index].value != value else { continue }
            states[index].value = value
            // The rows that name this variable change value with it.
            dependents.empty()
            rowsContaining(states[index].symbol, into: &dependents)
            for dependent in dependents where dependent.isExternal && !states[dependent.index].isDirty {
                states[dependent.index].isDirty = true
                work.append(Int32(dependent.index))
            }
        }
    }
}
