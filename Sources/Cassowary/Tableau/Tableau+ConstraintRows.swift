// Building rows: a constraint's expression, or a row, rewritten over the parametric symbols.

extension Tableau {
    /// The constraint as a row over the current parametric symbols, with its marker
    /// (slack or error) symbols, and a constant that is not negative.
    ///
    /// With equality classes each variable stands for its class's anchor plus its offset
    /// (see ``collectMember(_:_:_:)``); `shift` is added to the constant.
    mutating func makeRow(_ constraint: Constraint, _ record: inout Record, shift: Double = 0) -> Row {
        var constant = constraint.constant + shift
        if usesClasses {
            // (The terms read in place: a copy of the list would retain each of its variables.)
            for k in 0..<constraint.terms.count {
                let coefficient = constraint.terms.coefficient(ofTermAt: k)
                guard !nearZero(coefficient) else { continue }
                constraint.terms.withVariable(at: k) { collectMember($0, coefficient, &constant) }
            }
        } else if constraint.terms.isInline {
            // The terms, with basic variables replaced by their rows, are collected as loose
            // cells, then sorted and summed once, so the row is allocated once, with room for
            // the markers. The terms are read in place, which spares a retain of each variable.
            for k in 0..<constraint.terms.count {
                let (variable, coefficient) = constraint.terms.unretainedTerm(at: k)
                collectTerm(variable, coefficient, &constant)
            }
        } else {
            constraint.terms.spilled.withUnsafeBufferPointer { terms in
                guard let base = terms.baseAddress else { return }
                for k in 0..<terms.count where !nearZero(terms[k].coefficient) {
                    // A basic variable is kept as a reference (see Tableau+Definitions.swift).
                    collect(symbol(forTermAt: base + k), terms[k].coefficient)
                }
            }
        }
        var row = Row(constant: constant, cells: gatherCollected(extraCapacity: 2))
        let strength = constraint.strength
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(.slack)
            record.marker = slack
            row.appendFresh(slack, sign)
            if !strength.isRequired {
                let error = makeSymbol(.error)
                record.other = error
                row.appendFresh(error, -sign)
                objective.add(error, strength: strength)
            }
        case .equal:
            if !strength.isRequired {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                record.marker = plus
                record.other = minus
                row.appendFresh(plus, -1)
                row.appendFresh(minus, 1)
                objective.add(plus, strength: strength)
                objective.add(minus, strength: constraint.errorStrength(above: false))
            } else if tracksEqualityMarkers {
                let dummy = makeSymbol(.dummy)
                record.marker = dummy
                row.appendFresh(dummy, 1)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// Collects one term of a constraint: its variable's cell (a reference when the
    /// variable is basic, see Tableau+Definitions.swift).
    @inline(__always) mutating func collectTerm(_ variable: Unmanaged<Variable>, _ coefficient: Double,
                                                _ constant: inout Double) {
        guard !nearZero(coefficient) else { return }
        // The constraint keeps the variable alive: borrowed, it needs no retain.
        collect(variable._withUnsafeGuaranteedRef { (v: Variable) -> Symbol in self.symbol(for: v) }, coefficient)
    }

    /// Adds a loose cell to the row being built.
    @inline(__always) mutating func collect(_ symbol: Symbol, _ value: Double) {
        let cell = Cell(symbol: symbol, coefficient: value)
        if collectedCount < collected.count {
            collected[collectedCount] = cell
        } else {
            collected.append(cell)
        }
        collectedCount += 1
    }

    /// The collected cells as a row's cells: sorted by symbol, the cells of one symbol
    /// summed in the order they were collected (as a running sum from zero would), sums
    /// near zero dropped; with room for at least `extraCapacity` more. Empties the collection.
    mutating func gatherCollected(extraCapacity: Int) -> [Cell] {
        var cells: [Cell] = []
        let n = collectedCount
        collected.withUnsafeMutableBufferPointer { loose in
            // Few cells: a stable insertion sort, which keeps each symbol's cells in order.
            var k = 1
            while k < n {
                let cell = loose[k]
                var j = k
                while j > 0 && loose[j - 1].symbol.raw > cell.symbol.raw {
                    loose[j] = loose[j - 1]
                    j -= 1
                }
                loose[j] = cell
                k += 1
            }
            // Room for every loose cell: exact unless a symbol repeats (rare), and counting
            // the distinct symbols would cost a pass.
            cells.reserveCapacity(n + extraCapacity)
            k = 0
            while k < n {
                let symbol = loose[k].symbol
                var sum = loose[k].coefficient
                k += 1
                while k < n && loose[k].symbol == symbol {
                    sum += loose[k].coefficient
                    k += 1
                }
                if !nearZero(sum) { cells.append(Cell(symbol: symbol, coefficient: sum)) }
            }
        }
        collectedCount = 0
        return cells
    }
}
