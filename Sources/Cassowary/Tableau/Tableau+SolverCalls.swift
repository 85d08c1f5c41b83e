// The solver's calls, each run as a transaction on the tableau (see Tableau+Journal.swift):
// it either completes or leaves the tableau exactly as it was.

extension Tableau {
    /// Adds a constraint in a transaction.
    mutating func add(_ constraint: Constraint) throws(StepError) {
        try transaction { (t: inout Tableau) throws(StepError) in try t.insert(constraint) }
    }

    /// ``Solver/addConstraint(_:)`` in one access to the tableau: rejects a duplicate,
    /// rebuilds if needed, then adds (at `sequence` in the order of the constraints, last
    /// when nil).
    mutating func addNew(_ constraint: Constraint, sequence: Int? = nil) throws(StepError) {
        guard !hasRecord(constraint) else { throw .failure(.duplicateConstraint(constraint)) }
        do throws(SolverError) { try rebuildIfNeeded() } catch { throw .failure(error) }
        try addHolding(constraint, sequence: sequence)
    }

    /// Removes a constraint; a required equality without a marker schedules a rebuild
    /// instead (see ``eraseOrRebuild(_:)``), and so does any removal once the removals
    /// since values were last updated have made more cells than the tableau holds.
    ///
    /// (A removal pivots its marker out, which can rewrite long rows: a stack filling
    /// proportionally replaces every view's constraint when one is hidden, and each
    /// replaced constraint's marker sat in the row of the one its sum made redundant, a
    /// row as long as the stack. The rows it was substituted into grew by that much each
    /// time: hiding one of 1,600 labels cost 0.22 s. Past that budget, the removals left
    /// only drop their records, and the next call makes the tableau afresh from the
    /// constraints left, as a build would. Small removals never reach the budget, so a
    /// hide, a show or a constant change never rebuilds.)
    mutating func remove(_ constraint: Constraint) throws(SolverError) {
        guard let slot = recordSlot(of: constraint) else { throw .unknownConstraint(constraint) }
        if needsRebuild || removalWork > columns.entries + removalWorkFloor
            || (recordSlots[slot]!.marker == nil && recordSlots[slot]!.link < 0 && constraint.strength.isRequired) {
            removeRecord(at: slot, journaled: false)
            needsRebuild = true
            return
        }
        let before = cellsMade
        try eraseOrRebuild(slot)
        removalWork &+= cellsMade &- before
    }

    /// Takes the constraint in `slot` out of the tableau in a transaction; when rounding
    /// defeats its pivots (an internal error: an objective that looks unbounded, an
    /// optimization that does not finish, which the transaction has undone), takes its
    /// record out and schedules a rebuild instead. A removal cannot be refused, and the
    /// constraints left describe a tableau that a rebuild makes afresh, without the
    /// rounding the old one carried.
    private mutating func eraseOrRebuild(_ slot: Int) throws(SolverError) {
        do {
            try run { (t: inout Tableau) throws(StepError) in try t.erase(slot) }
        } catch {
            guard case .internalError = error else { throw error }
            removeRecord(at: slot, journaled: false)
            needsRebuild = true
        }
    }

    mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        let key = Identity(variable)
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
        let key = Identity(variable)
        guard let info = edits[key] else { throw .unknownEditVariable(variable) }
        try rebuildIfNeeded()
        try eraseOrRebuild(recordSlot(of: info.constraint)!)
        setEdit(key, nil)
    }

    mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        let key = Identity(variable)
        guard edits[key] != nil else { throw .unknownEditVariable(variable) }
        try rebuildIfNeeded()
        try run { (t: inout Tableau) throws(StepError) in
            try t.suggest(key, value)
            if abs(value) > Tableau.largeMagnitude { t.holdsLargeNumbers = true }
            if t.holdsLargeNumbers { try t.requireAllHold() }
        }
    }

    /// Writes the value of every variable whose row changed since the last call (and of
    /// every variable whose row names one that changed, see ``refreshValues(_:)``).
    mutating func updateVariables() {
        updateVariables(changedBatches: { _ in })
    }

    /// The same, calling `changed` for each variable whose value actually changed.
    mutating func updateVariables(_ changed: (Variable) -> Void) {
        updateVariables(changedBatches: { batch in
            for variable in batch { variable._withUnsafeGuaranteedRef(changed) }
        })
    }

    /// The same, calling `changed` with the variables whose value actually changed, a
    /// batch at a time (a class's members together), unretained (the solver keeps them).
    /// Silent members that moved with their class are not told (see
    /// ``EqualityClasses/silence(_:alongside:)``).
    /// A call per batch costs less than one per variable: a hide in a stack changes
    /// thousands.
    mutating func updateVariables(changedBatches changed: ChangedVariables) {
        if (try? rebuildIfNeeded()) == nil { return }
        removalWork = 0
        if usesClasses { return updateThroughClasses(changed) }
        refreshValues { variable, value in
            variable.value = value
            Tableau.report(variable, changed)
        }
    }

    /// Calls `changed` with a batch of one variable.
    @inline(__always) static func report(_ variable: Variable, _ changed: ChangedVariables) {
        var one = Unmanaged.passUnretained(variable)
        withUnsafePointer(to: &one) { changed(UnsafeBufferPointer(start: $0, count: 1)) }
    }

    mutating func value(of variable: Variable) -> Double {
        _ = try? rebuildIfNeeded()
        if usesClasses { return classValue(of: variable) }
        guard let symbol = registeredSymbol(of: variable) else { return 0 }
        return evaluate(symbol.index)
    }

    /// ``updateVariables(changedBatches:)`` with equality classes: the tableau's variables
    /// (anchors, and members that stand for themselves) first, then the members of the
    /// anchors that moved and of the classes that changed. Anchors are not reported to
    /// `changed`.
    mutating func updateThroughClasses(_ changed: ChangedVariables) {
        // (Unretained: the classes keep their anchors, and a hide that moves half a stack
        // moves thousands of them.)
        var moved: [Unmanaged<Variable>] = []
        refreshValues { variable, value in
            variable.value = value
            // The anchors the classes made are never members anywhere: no member hint.
            if variable.memberHint.load(ordering: .relaxed) < 0 {
                moved.append(Unmanaged.passUnretained(variable))
            } else {
                Tableau.report(variable, changed)
            }
        }
        writeMembers(movedAnchors: moved, changed)
    }
}
