// Turning constraints into rows, and rebuilding the tableau from the records (taking a
// constraint's row out is in Tableau+Removal.swift).

extension Tableau {
    /// Adds a constraint's row to the tableau and re-optimizes.
    ///
    /// In a batch (``batching``) the primal optimization is deferred: a row solved for a
    /// subject keeps every row feasible, so only ``pendingOptimize`` is set. The dual
    /// insertion path needs an optimal objective, so it optimizes first and re-expresses
    /// the row over the new parametric symbols.
    ///
    /// With equality classes (``usesClasses``) a link goes to the classes instead, unless
    /// they decline it. `shift` is added to the constraint's constant (an edit put back
    /// keeps its suggested value), and `journaled` overrides whether the record is
    /// journaled (see ``addRecord(_:journaled:)``).
    mutating func insert(_ constraint: Constraint, sequence: Int? = nil, shift: Double = 0,
                         journaled: Bool? = nil) throws(StepError) {
        let sequence = sequence ?? nextSequence
        nextSequence = max(nextSequence, sequence + 1)
        // (A link the classes decline, see ``insertLink(_:_:sequence:)``, is a row here.)
        if usesClasses, let form = LinkForm(constraint), try insertLink(constraint, form, sequence: sequence) {
            return
        }
        var record = Record(constraint: constraint, sequence: sequence)
        var row = makeRow(constraint, &record, shift: shift)
        row = resolvingReferences(row, record)
        var subject: Symbol?
        var dual = false
        while true {
            subject = chooseSubject(row, record)
            if subject == nil && row.cells.allSatisfy({ $0.symbol.isDummy }) {
                // Only fixed markers left: a redundant constraint if the constant is zero,
                // a contradiction otherwise.
                guard nearZero(row.constant) else {
                    noteCertificate(row, nil, inserting: constraint)
                    throw .unsatisfiable
                }
                subject = record.marker
            }
            if subject == nil && !row.cells.isEmpty {
                if pendingOptimize {
                    // The dual ratio test below reads the reduced costs: make them optimal.
                    try optimize()
                    pendingOptimize = false
                    row = expandedConstraintRow(row)
                    continue
                }
                // No subject keeps every value: pick the one that keeps the objective optimal
                // and let the dual simplex repair the rows it pushes below zero.
                subject = dualInsertionSymbol(row)
                guard subject != nil else {
                    // Every symbol that could lower the positive constant is missing: the row
                    // can never reach zero.
                    noteCertificate(row, nil, inserting: constraint)
                    throw .unsatisfiable
                }
                dual = true
            }
            break
        }
        if let subject {
            noteFactor(row.solve(for: subject))
            substitute(subject, row)
            insertRow(subject, consume row)
        }
        // Not journaled in a batch: a failed batch removes its records itself (see
        // ``addBatch(_:)``).
        if usesClasses {
            generation &+= 1
            record.generation = generation
        }
        let slot = addRecord(consume record, journaled: journaled ?? !batching)
        if usesClasses { registerUses(slot) }
        if batching && !dual {
            // Feasible as it stands (the subject is a user variable, a fresh marker, or the
            // row's constant is zero); the primal optimization waits for the end of the batch.
            guard !infeasible.contains(where: { (rows[$0.index]?.constant ?? 0) < -epsilon }) else {
                throw .failure(.internalError("a row with a subject left the tableau infeasible"))
            }
            infeasible.empty()
            pendingOptimize = true
            return
        }
        try dualOptimize()
        try optimize()
        pendingOptimize = false
    }

    /// For a row `c + Σ a·x = 0` with `c > 0`: among the slack and error symbols with a
    /// negative coefficient, the one with the smallest cost / |a| (the dual ratio test,
    /// which keeps every reduced cost non-negative); ties go to the symbol in fewer rows,
    /// then to the lower index. (Mutating, as ``chooseSubject(_:_:)`` is.)
    mutating func dualInsertionSymbol(_ row: Row) -> Symbol? {
        var best: Cell?
        for cell in row.cells where cell.symbol.isPivotable && cell.coefficient < 0 {
            guard let current = best else {
                best = cell
                continue
            }
            switch objective.ratio(cell.symbol, -cell.coefficient, isLessThan: current.symbol, -current.coefficient) {
            case true?: best = cell
            case false?: break
            case nil:
                let a = columns.count(cell.symbol.index), b = columns.count(current.symbol.index)
                if a < b || (a == b && cell.symbol < current.symbol) { best = cell }
            }
        }
        return best?.symbol
    }

    /// The symbol to solve a new row for, without any phase-one search, or nil.
    ///
    /// In order: a user variable (the one in the fewest rows, so the substitution touches
    /// least); the constraint's own fresh slack or error symbol when its coefficient is
    /// negative (it appears in no other row, so no other value moves); and, when the
    /// constant is zero, any slack or error symbol, since solving for it keeps every value.
    ///
    /// Mutating only so that it gets the tableau by reference: called from a mutating
    /// method, a non-mutating one gets a copy of the whole tableau struct.
    @inline(__always) mutating func chooseSubject(_ row: Row, _ record: Record) -> Symbol? {
        var best: Symbol?
        var bestCount = Int.max
        for cell in row.cells where cell.symbol.isExternal && rows[cell.symbol.index] == nil {
            let count = columns.count(cell.symbol.index)
            if count < bestCount { best = cell.symbol; bestCount = count }
        }
        if let best { return best }
        if let balanced = balancedError(row, record) { return balanced }
        // The two markers one at a time: an array literal of them would be allocated.
        if let marker = record.marker, marker.isPivotable, row.coefficient(for: marker) < 0 { return marker }
        if let other = record.other, other.isPivotable, row.coefficient(for: other) < 0 { return other }
        guard nearZero(row.constant) else { return nil }
        for cell in row.cells where cell.symbol.isPivotable {
            let count = columns.count(cell.symbol.index)
            if count < bestCount { best = cell.symbol; bestCount = count }
        }
        return best
    }

    /// For a soft equality whose row has a zero constant (it holds as the tableau stands),
    /// the one of its two error symbols whose row keeps more of the objective's reduced
    /// costs from turning negative; nil for any other row, or when neither leaves fewer.
    ///
    /// Either error keeps every value then, but solving for one adds the row to the
    /// objective with one sign, and for the other with the opposite sign. Many soft
    /// equalities over the same symbols (a stack view's spanner held to every view's
    /// leading edge, which are one class, at 999.5) each solved for the first error
    /// pushed the same reduced cost further below zero, and the optimization then took a
    /// pivot through all those rows for every two of them: quadratic in the views.
    /// Alternating keeps the reduced costs balanced, and the objective optimal as it is.
    mutating func balancedError(_ row: Row, _ record: Record) -> Symbol? {
        guard let plus = record.marker, let minus = record.other, plus.isError, minus.isError,
              nearZero(row.constant) else { return nil }
        let a = row.coefficient(for: plus), b = row.coefficient(for: minus)
        guard a != 0, b != 0 else { return nil }
        /// How many other symbols' reduced costs the row solved for `subject` (coefficient
        /// `c`) makes negative.
        func negatives(_ subject: Symbol, _ c: Double) -> Int {
            var count = 0
            for cell in row.cells where cell.symbol.isPivotable && cell.symbol != plus && cell.symbol != minus {
                if objective.sign(of: cell.symbol, adding: -cell.coefficient / c, of: subject) < 0 { count += 1 }
            }
            return count
        }
        let first = a < 0 ? (plus, a) : (minus, b), second = a < 0 ? (minus, b) : (plus, a)
        let kept = negatives(first.0, first.1)
        guard kept > 0, negatives(second.0, second.1) < kept else { return nil }
        return second.0
    }

    /// Rebuilds the tableau from the records after a required equality was removed (or a
    /// removal that rounding defeated, or one that left a required constraint broken). The
    /// edit variables come first, at their suggested values, then every other constraint in
    /// insertion order, as a solver made afresh would take them.
    ///
    /// (Not the required constraints before the preferences: along a chain, each edge was
    /// then defined before the preferences that place the edge before it, which could only
    /// be solved for that edge, and each definition took in every error symbol before it.
    /// Eighty rows of a column, three preferences each, came back as 13,000 cells.)
    ///
    /// Once rounding is being watched (``holdsLargeNumbers``), a rebuild that breaks a
    /// required constraint is made again with the required constraints first: their rows
    /// are then solved before any error symbol is in the tableau. (Banded system 101 broke
    /// one by 5,060 in insertion order, and none this way.) If that breaks one too, it
    /// stays as it is: the call that asked for the rebuild has returned.
    mutating func rebuildIfNeeded() throws(SolverError) {
        guard needsRebuild else { return }
        if rebuildsAsBatch && rebuildAdding([]) != nil { return }
        try rebuild(requiredFirst: false)
        if holdsLargeNumbers && !allRequiredHold() { try rebuild(requiredFirst: true) }
    }

    /// ``rebuildIfNeeded()``'s one pass: the edit variables first, then every other
    /// constraint in insertion order (the required ones before the preferences, with
    /// `requiredFirst`).
    private mutating func rebuild(requiredFirst: Bool) throws(SolverError) {
        let editKeys = Dictionary(uniqueKeysWithValues: edits.map { (Identity($0.value.constraint), $0.key) })
        func group(_ record: Record) -> Int {
            if editKeys[Identity(record.constraint)] != nil { return 0 }
            return requiredFirst && !record.constraint.strength.isRequired ? 2 : 1
        }
        let all = recordSlots.compactMap { $0 }
        let ordered = all.indices.map { (group: group(all[$0]), sequence: all[$0].sequence, index: $0) }
            .sorted { ($0.group, $0.sequence) < ($1.group, $1.sequence) }
            .map { all[$0.index] }
        clearTableau()
        resetRecords([])
        recordSlots.reserveCapacity(ordered.count)
        needsRebuild = false
        rebuildCount += 1
        do {
            for record in ordered {
                try insert(record.constraint, sequence: record.sequence)
                if let key = editKeys[Identity(record.constraint)], let target = edits[key]?.constant {
                    edits[key]!.constant = 0
                    try suggest(key, target)
                }
            }
        } catch {
            // Never lose a constraint: keep every record and try again on the next call.
            resetRecords(ordered)
            needsRebuild = true
            throw .internalError("rebuilding the tableau failed: \(error)")
        }
    }
}
