// Turning constraints into rows, and taking them out again.

extension Tableau {
    /// Adds a constraint's row to the tableau and re-optimizes.
    mutating func insert(_ constraint: Constraint, sequence: Int? = nil) throws(StepError) {
        var record = Record(constraint: constraint, sequence: sequence ?? nextSequence)
        nextSequence = max(nextSequence, record.sequence + 1)
        var row = makeRow(constraint, &record)
        var subject = chooseSubject(row, record)
        if subject == nil && row.cells.allSatisfy({ $0.symbol.isDummy }) {
            // Only fixed markers left: a redundant constraint if the constant is zero,
            // a contradiction otherwise.
            guard nearZero(row.constant) else {
                certificate = row
                throw .unsatisfiable
            }
            subject = record.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, row)
            insertRow(subject, row)
        } else if !row.cells.isEmpty {
            guard try addWithArtificialVariable(row) else { throw .unsatisfiable }
        }
        setRecord(ObjectIdentifier(constraint), record)
        try optimize()
    }

    /// The constraint as a row over the current parametric symbols, with its marker
    /// (slack or error) symbols, and a constant that is not negative.
    mutating func makeRow(_ constraint: Constraint, _ record: inout Record) -> Row {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        for term in expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = rows[symbol.index] {
                scratch.removeAll(keepingCapacity: true)
                row = row.adding(basic, times: term.coefficient, removing: nil, added: &scratch)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        let strength = constraint.strength
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(.slack)
            record.marker = slack
            row.insert(slack, sign)
            if !strength.isRequired {
                let error = makeSymbol(.error)
                record.other = error
                row.insert(error, -sign)
                objective.add(error, strength: strength)
            }
        case .equal:
            if !strength.isRequired {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                record.marker = plus
                record.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.add(plus, strength: strength)
                objective.add(minus, strength: strength)
            } else if tracksEqualityMarkers {
                let dummy = makeSymbol(.dummy)
                record.marker = dummy
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// The symbol to solve a new row for, without any phase-one search, or nil.
    ///
    /// In order: a user variable (the one in the fewest rows, so the substitution touches
    /// least); the constraint's own fresh slack or error symbol when its coefficient is
    /// negative (it appears in no other row, so no other value moves); and, when the
    /// constant is zero, any slack or error symbol, since solving for it keeps every value.
    func chooseSubject(_ row: Row, _ record: Record) -> Symbol? {
        var best: Symbol?
        var bestCount = Int.max
        for cell in row.cells where cell.symbol.isExternal {
            let count = columns[cell.symbol.index].count
            if count < bestCount { best = cell.symbol; bestCount = count }
        }
        if let best { return best }
        for symbol in [record.marker, record.other] {
            if let symbol, symbol.isPivotable, row.coefficient(for: symbol) < 0 { return symbol }
        }
        guard nearZero(row.constant) else { return nil }
        for cell in row.cells where cell.symbol.isPivotable {
            let count = columns[cell.symbol.index].count
            if count < bestCount { best = cell.symbol; bestCount = count }
        }
        return best
    }

    /// Phase one for a row with no obvious subject: adds it as the row of an artificial
    /// variable and minimizes that variable. Returns whether it reached zero, that is
    /// whether the constraint can hold.
    mutating func addWithArtificialVariable(_ row: Row) throws(StepError) -> Bool {
        let art = makeSymbol(.slack)
        insertRow(art, row)
        artificial = row
        try optimizeArtificial()
        let final = artificial!
        artificial = nil
        let success = nearZero(final.constant)
        guard success else {
            certificate = final
            return false
        }
        if rows[art.index] != nil {
            var definition = takeRow(art)
            if definition.cells.isEmpty { return true }
            guard let entering = definition.cells.first(where: { $0.symbol.isPivotable })?.symbol else {
                certificate = final
                return false
            }
            definition.solve(for: art, entering)
            substitute(entering, definition)
            insertRow(entering, definition)
        }
        for basic in rowsContaining(art) {
            var row = rows[basic.index]!
            row.remove(art)
            replaceRow(basic, row, added: [])
        }
        objective.clear(art)
        return true
    }

    /// Takes a constraint's row out of the tableau and re-optimizes.
    mutating func erase(_ record: Record) throws(StepError) {
        let constraint = record.constraint
        for symbol in [record.marker, record.other] {
            guard let symbol, symbol.kind == .error else { continue }
            if let row = rows[symbol.index] {
                for component in constraint.strength.components {
                    objective.addRow(row, level: component.level, weight: -component.weight)
                }
            } else {
                objective.add(symbol, strength: constraint.strength, sign: -1)
            }
        }
        if let marker = record.marker {
            if rows[marker.index] != nil {
                _ = takeRow(marker)
            } else {
                guard let leaving = markerLeavingRow(marker) else {
                    throw .failure(.internalError("no row to take out \(constraint)"))
                }
                var row = takeRow(leaving)
                row.solve(for: leaving, marker)
                substitute(marker, row)
            }
        }
        setRecord(ObjectIdentifier(constraint), nil)
        release(constraint)
        try optimize()
    }

    /// The row to pivot a removed constraint's marker into: the restricted row that
    /// limits it most, else any restricted row, else a row of a user variable.
    mutating func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first: (symbol: Symbol, ratio: Double)?
        var second: (symbol: Symbol, ratio: Double)?
        var third: Symbol?
        func better(_ candidate: (symbol: Symbol, ratio: Double), _ current: (symbol: Symbol, ratio: Double)?) -> Bool {
            guard let current else { return true }
            return candidate.ratio < current.ratio
                || (candidate.ratio == current.ratio && candidate.symbol < current.symbol)
        }
        for basic in rowsContaining(marker) {
            let row = rows[basic.index]!
            if basic.isExternal {
                if third == nil || basic < third! { third = basic }
                continue
            }
            let c = row.coefficient(for: marker)
            if c < 0 {
                let candidate = (basic, -row.constant / c)
                if better(candidate, first) { first = candidate }
            } else {
                let candidate = (basic, row.constant / c)
                if better(candidate, second) { second = candidate }
            }
        }
        return first?.symbol ?? second?.symbol ?? third
    }

    /// Moves an edit variable's target and restores feasibility with the dual simplex.
    mutating func suggest(_ key: ObjectIdentifier, _ value: Double) throws(StepError) {
        var info = edits[key]!
        let delta = value - info.constant
        info.constant = value
        setEdit(key, info)
        let record = records[ObjectIdentifier(info.constraint)]!
        let plus = record.marker!, minus = record.other!
        if rows[plus.index] != nil {
            if shiftConstant(plus, by: -delta) < 0 { infeasible.append(plus) }
        } else if rows[minus.index] != nil {
            if shiftConstant(minus, by: delta) < 0 { infeasible.append(minus) }
        } else {
            for basic in rowsContaining(plus) {
                let c = rows[basic.index]!.coefficient(for: plus)
                if shiftConstant(basic, by: delta * c) < 0 && !basic.isExternal { infeasible.append(basic) }
            }
        }
        try dualOptimize()
    }

    /// Rebuilds the tableau from the records after a required equality was removed.
    mutating func rebuildIfNeeded() throws(SolverError) {
        guard needsRebuild else { return }
        let ordered = records.values.sorted { $0.sequence < $1.sequence }
        clearTableau()
        records = [:]
        needsRebuild = false
        do {
            for record in ordered { try insert(record.constraint, sequence: record.sequence) }
            let targets = edits.sorted {
                records[ObjectIdentifier($0.value.constraint)]!.sequence
                    < records[ObjectIdentifier($1.value.constraint)]!.sequence
            }
            for (key, info) in targets where info.constant != 0 {
                edits[key]!.constant = 0
                try suggest(key, info.constant)
            }
        } catch {
            throw .internalError("rebuilding the tableau failed: \(error)")
        }
    }
}
