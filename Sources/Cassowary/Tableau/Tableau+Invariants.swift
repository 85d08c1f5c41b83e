// The tableau's invariants, checked as a whole: for tests, which run it after every call.

extension Tableau {
    /// What is wrong with the tableau, one line per broken invariant (empty when sound):
    ///
    /// - a row's cells are sorted by symbol, with no repeats and no zero coefficients, and do
    ///   not name the row's own subject;
    /// - the rows of restricted symbols (slacks, errors, dummies) name parametric symbols
    ///   only; a user variable's row may name basic user variables, of a lower order only
    ///   (see Tableau+Definitions.swift), and no other basic symbol;
    /// - a restricted row's constant is not negative, and a basic dummy's is zero;
    /// - the column index lists every row that holds a symbol (stale entries are allowed: the
    ///   index drops them lazily);
    /// - the objective costs no basic symbol;
    /// - the orders of basic user variables are at most ``definitionCount`` (a row naming
    ///   only lower orders is what rules out a cycle of references; orders may repeat, see
    ///   Tableau+Orders.swift), and no order is waiting to be kept between calls (see
    ///   ``keptOrder(of:newest:)``);
    /// - each class's anchor names its class (see ``EqualityClasses/klass(ofAnchor:)``);
    /// - a list of a class's members made at the class's version holds each of its members
    ///   once and nothing else (see EqualityClasses+Lists.swift).
    ///
    /// Meant for tests: it reads every row and every column.
    func invariantViolations(limit: Int = 10) -> [String] {
        var found: [String] = []
        func note(_ line: @autoclosure () -> String) { if found.count < limit { found.append(line()) } }
        if keepsOrder >= 0 { note("an order is left to keep for symbol \(keepsOrder)") }
        for index in rows.indices {
            guard let row = rows[index] else { continue }
            let subject = states[index].symbol
            let order = states[index].order
            if subject.isExternal && order > 0 {
                if order > definitionCount { note("row of \(subject) has order \(order), past \(definitionCount)") }
            }
            for k in row.cells.indices {
                let cell = row.cells[k]
                if k > 0 && row.cells[k - 1].symbol.raw >= cell.symbol.raw {
                    note("row of \(subject): cells out of order at \(cell.symbol)")
                }
                if cell.coefficient == 0 { note("row of \(subject): a zero coefficient for \(cell.symbol)") }
                if cell.symbol == subject { note("row of \(subject) names its own subject") }
                let named = cell.symbol.index
                if named < rows.count, rows[named] != nil {
                    let allowed = subject.isExternal && cell.symbol.isExternal && states[named].order < states[index].order
                    if !allowed { note("row of \(subject) names the basic symbol \(cell.symbol)") }
                }
                if !columnLists(row: index, for: named) {
                    note("the column of \(cell.symbol) does not list the row of \(subject)")
                }
            }
            if !subject.isExternal {
                if row.constant < -epsilon { note("restricted row of \(subject) has constant \(row.constant)") }
                if subject.isDummy && !nearZero(row.constant) {
                    note("basic dummy \(subject) has constant \(row.constant)")
                }
            }
            if objective.hasCost(subject) { note("the objective costs the basic symbol \(subject)") }
        }
        for k in classes.classes.indices {
            guard let anchor = classes.classes[k].anchor else { continue }
            if classes.klass(ofAnchor: anchor) != Int32(k) { note("the anchor of class \(k) does not name it") }
        }
        for k in classes.memberLists.indices where k < classes.classes.count {
            let list = classes.memberLists[k]
            guard list.version != 0, list.version == classes.classes[k].version else { continue }
            let listed = classes.memberPool[Int(list.start)..<Int(list.start + list.count)]
            let distinct = Set(listed)
            if distinct.count != listed.count || listed.count != Int(classes.classes[k].count)
                || listed.contains(where: { classes.members[Int($0)].klass != Int32(k) }) {
                note("the list of class \(k) does not hold its \(classes.classes[k].count) members")
            }
        }
        return found
    }

    /// Whether the column of the symbol at `symbol` lists the row at `row`.
    private func columnLists(row: Int, for symbol: Int) -> Bool {
        var node = columns.first(symbol)
        while node >= 0 {
            if Int(columns.value(node)) == row { return true }
            node = columns.next(node)
        }
        return false
    }
}
