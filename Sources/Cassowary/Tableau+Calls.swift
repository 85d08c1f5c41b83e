// The solver's calls as transactions on the tableau: each either completes or leaves the
// tableau exactly as it was.

extension Tableau {
    /// Where a transaction started: undoing goes back to this point.
    struct Mark {
        let journal: Int
        let meta: Int
        let objective: (journal: Int, levels: Int, symbols: Int)
        let symbols: Int
        let sequence: Int
    }

    /// Starts journaling every change.
    mutating func begin() -> Mark {
        journaling = true
        objective.journaling = true
        journalStart = journal.count
        return Mark(journal: journal.count, meta: metaJournal.count, objective: objective.mark, symbols: symbols.count,
                    sequence: nextSequence)
    }

    /// Keeps the changes since `begin`.
    mutating func commit() {
        journaling = false
        objective.journaling = false
        journal.removeAll(keepingCapacity: true)
        metaJournal.removeAll(keepingCapacity: true)
        constantJournal.removeAll(keepingCapacity: true)
        objective.commit()
    }

    /// Undoes every change since `mark`.
    mutating func rollback(_ mark: Mark) {
        rollback(to: mark.journal, meta: mark.meta, symbols: mark.symbols)
        objective.rollback(to: mark.objective, symbols: symbols)
        nextSequence = mark.sequence
        commit()
    }

    /// Runs `body` as one transaction; any failure is undone and rethrown.
    mutating func transaction(_ body: (inout Tableau) throws(StepError) -> Void) throws(StepError) {
        let mark = begin()
        do throws(StepError) {
            try body(&self)
            commit()
        } catch {
            rollback(mark)
            throw error
        }
    }

    /// A transaction that cannot be unsatisfiable; its failures are ``SolverError``s.
    mutating func run(_ body: (inout Tableau) throws(StepError) -> Void) throws(SolverError) {
        do throws(StepError) {
            try transaction(body)
        } catch {
            switch error {
            case .unsatisfiable: throw .internalError("a step that cannot be unsatisfiable was")
            case .failure(let failure): throw failure
            }
        }
    }

    /// Adds a constraint in a transaction.
    mutating func add(_ constraint: Constraint) throws(StepError) {
        try transaction { (t: inout Tableau) throws(StepError) in try t.insert(constraint) }
    }

    /// Removes a constraint; a required equality schedules a rebuild instead.
    mutating func remove(_ constraint: Constraint) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard let record = records[key] else { throw .unknownConstraint(constraint) }
        if needsRebuild || (record.marker == nil && constraint.strength.isRequired) {
            records[key] = nil
            needsRebuild = true
            return
        }
        try run { (t: inout Tableau) throws(StepError) in try t.erase(record) }
    }

    mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard edits[key] == nil else { throw .duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw .badRequiredStrength(variable) }
        try rebuildIfNeeded()
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try run { (t: inout Tableau) throws(StepError) in
            try t.insert(constraint)
            t.setEdit(key, EditInfo(constraint: constraint, constant: 0))
        }
    }

    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard let info = edits[key] else { throw .unknownEditVariable(variable) }
        try rebuildIfNeeded()
        try run { (t: inout Tableau) throws(StepError) in
            try t.erase(t.records[ObjectIdentifier(info.constraint)]!)
            t.setEdit(key, nil)
        }
    }

    mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard edits[key] != nil else { throw .unknownEditVariable(variable) }
        try rebuildIfNeeded()
        try run { (t: inout Tableau) throws(StepError) in try t.suggest(key, value) }
    }

    /// Writes the value of every variable whose row changed since the last call.
    mutating func updateVariables() {
        if (try? rebuildIfNeeded()) == nil { return }
        for i in dirty {
            let index = Int(i)
            isDirty[index] = false
            externals[index]?.value = rows[index]?.constant ?? 0
        }
        dirty.removeAll(keepingCapacity: true)
    }

    mutating func value(of variable: Variable) -> Double {
        _ = try? rebuildIfNeeded()
        guard let symbol = variables[ObjectIdentifier(variable)] else { return 0 }
        return rows[symbol.index]?.constant ?? 0
    }
}
