// The solver's side of preferred values (see PreferredValues.swift): which soft constraints
// go to a variable's group, how the tableau is kept in line with each group, and the
// settling after every call that can move a variable.

/// The groups of preferred values of a solver, and the soft constraints on one variable that
/// are still rows of their own.
struct PreferenceGroups {
    /// The number of soft constraints on one variable that makes it a group: the members
    /// then leave the tableau for the group. Below it they stay rows, as in any solver.
    static let threshold = 16
    /// How many times the center of a group may move in one pass of settling, and how many
    /// passes one call may make, before the groups give their members back to the tableau
    /// as rows (the answer is then exact by construction).
    static let settleLimit = 64

    /// Whether groups are made (tests compare against a solver without them).
    var isEnabled = true
    /// The groups, by variable.
    var groups: [Identity: PreferredValues] = [:]
    /// The variables of the groups, in the order the groups were made (settling goes in this
    /// order, so the outcome never depends on hashing).
    var order: [Identity] = []
    /// Each member's group and the value and place it was filed under.
    var membership: [Identity: (variable: Identity, value: Double, sequence: Int)] = [:]
    /// How many soft constraints on each variable alone are rows of the tableau.
    var rowCounts: [Identity: Int] = [:]
    /// The constraints the tableau holds for the groups' sums (left out of
    /// ``Solver/constraints``).
    var sums: Set<Identity> = []
}

extension Solver {
    /// Adds a soft constraint on one variable alone to its variable's group, making the
    /// group (from the rows already there) once there are enough; returns false when the
    /// constraint is not for a group, and the caller adds it to the tableau.
    func addPreferred(_ constraint: Constraint, sequence given: Int? = nil) throws(SolverError) -> Bool {
        guard preferences.isEnabled, let variable = PreferredValues.candidateVariable(of: constraint) else { return false }
        let key = Identity(variable)
        let isNew = preferences.groups[key] == nil
        if isNew {
            guard preferences.rowCounts[key, default: 0] + 1 >= PreferenceGroups.threshold else { return false }
        }
        // Before the group is made: a call that throws changes nothing.
        guard !hasConstraint(constraint) else { throw .duplicateConstraint(constraint) }
        if isNew { try makeGroup(for: variable) }
        let sequence = given ?? tableau.nextSequence
        tableau.nextSequence = max(tableau.nextSequence, sequence + 1)
        let member = PreferredValues.member(of: constraint, sequence: sequence)!.member
        preferences.groups[key]!.add(member)
        preferences.membership[Identity(constraint)] = (key, member.value, sequence)
        try syncGroup(key)
        return true
    }

    /// Takes a member out of its group; returns false when the constraint is no member.
    func removePreferred(_ constraint: Constraint) throws(SolverError) -> Bool {
        guard !preferences.membership.isEmpty,
              let entry = preferences.membership.removeValue(forKey: Identity(constraint)),
              preferences.groups[entry.variable] != nil else { return false }
        preferences.groups[entry.variable]!.remove(constraint, value: entry.value, sequence: entry.sequence)
        try syncGroup(entry.variable)
        return true
    }

    /// ``Solver/replaceConstraint(_:with:)`` for a member of a group, in a group or as a
    /// row: `new` takes the member's place in the order of the constraints when only the
    /// constant differs, and goes last otherwise, as a row's replacement does; when it
    /// cannot go in, the solver is put back exactly as it was.
    func replacePreferred(_ old: Constraint, with new: Constraint, sequence oldSequence: Int) throws(SolverError) {
        let savedTableau = tableau, savedPreferences = preferences
        let sequence = Tableau.differOnlyInConstant(old, new) ? oldSequence : tableau.nextSequence
        do throws(SolverError) {
            _ = try removePreferred(old)
            if try !addPreferred(new, sequence: sequence) {
                // Explained, if it cannot hold, against the constraints without `old`.
                try addRow(new, sequence: sequence)
                notePreferredRow(new)
            }
            try settlePreferences()
        } catch {
            tableau = savedTableau
            preferences = savedPreferences
            throw error
        }
    }

    /// Counts a soft constraint on one variable that went into the tableau as a row.
    func notePreferredRow(_ constraint: Constraint) {
        guard preferences.isEnabled, let variable = PreferredValues.candidateVariable(of: constraint) else { return }
        preferences.rowCounts[Identity(variable), default: 0] += 1
    }

    /// Uncounts a row counted by ``notePreferredRow(_:)`` that left the tableau.
    func forgetPreferredRow(_ constraint: Constraint) {
        guard let variable = PreferredValues.candidateVariable(of: constraint) else { return }
        let key = Identity(variable)
        guard let count = preferences.rowCounts[key] else { return }
        preferences.rowCounts[key] = count > 1 ? count - 1 : nil
    }

    /// Whether a batch has a constraint that a group would take (it is then added one at a
    /// time).
    func groupsTakeAny(of constraints: [Constraint]) -> Bool {
        guard preferences.isEnabled else { return false }
        var counts: [Identity: Int] = [:]
        for constraint in constraints {
            guard let variable = PreferredValues.candidateVariable(of: constraint) else { continue }
            let key = Identity(variable)
            if preferences.groups[key] != nil { return true }
            counts[key, default: preferences.rowCounts[key, default: 0]] += 1
            if counts[key]! >= PreferenceGroups.threshold { return true }
        }
        return false
    }

    /// Makes a variable's group from its soft rows, which leave the tableau for it (found
    /// among the records: this happens once a group).
    private func makeGroup(for variable: Variable) throws(SolverError) {
        let key = Identity(variable)
        var group = PreferredValues(variable: variable)
        preferences.rowCounts[key] = nil
        // (An edit variable's constraint is one too, but it stays the edit's.)
        let edits = Set(tableau.edits.values.map { Identity($0.constraint) })
        let rows = tableau.recordSlots.compactMap { record -> (sequence: Int, constraint: Constraint)? in
            guard let record, PreferredValues.candidateVariable(of: record.constraint) === variable,
                  !edits.contains(Identity(record.constraint)) else { return nil }
            return (record.sequence, record.constraint)
        }.sorted { $0.sequence < $1.sequence }
        for (sequence, constraint) in rows {
            try tableau.remove(constraint)
            let member = PreferredValues.member(of: constraint, sequence: sequence)!.member
            group.add(member)
            preferences.membership[Identity(constraint)] = (key, member.value, sequence)
        }
        preferences.groups[key] = group
        preferences.order.append(key)
    }

    /// Brings the tableau in line with a group: a constraint for each of its sums.
    private func syncGroup(_ key: Identity) throws(SolverError) {
        var group = preferences.groups[key]!
        defer { preferences.groups[key] = group }
        for slot in 0..<PreferredValues.slots {
            let sum = group.sum(slot: slot), held = group.installedSums[slot]
            if held?.value == sum?.value && held?.weights == sum?.weights { continue }
            if let held {
                try tableau.remove(held.constraint)
                preferences.sums.remove(Identity(held.constraint))
                group.installedSums[slot] = nil
            }
            if let sum {
                let constraint = group.constraint(for: sum, slot: slot)
                try tableau.addPreferenceRow(constraint, sequence: tableau.nextSequence)
                preferences.sums.insert(Identity(constraint))
                group.installedSums[slot] = .init(constraint: constraint, value: sum.value!, weights: sum.weights)
            }
        }
    }

    /// After a call that may have moved a variable with a group: moves the groups' centers
    /// until every grouped variable's value is where its group's sums are exact, which makes
    /// the solution optimal for the members themselves (see PreferredValues.swift). A group
    /// that moves changes the solution, so the groups are gone over again until a pass
    /// moves none.
    func settlePreferences() throws(SolverError) {
        guard !preferences.order.isEmpty else { return }
        for _ in 0..<PreferenceGroups.settleLimit {
            var moved = false
            for key in preferences.order {
                if try settleGroup(key) { moved = true }
            }
            if !moved { return }
        }
        for key in preferences.order { try dissolveGroup(key) }
    }

    /// Moves one group's center until its variable's value is where the sums are exact
    /// (giving the members back as rows if that takes too long); returns whether it changed
    /// the tableau.
    ///
    /// A value at or beyond the nearest member on one side means that the optimum is on that
    /// side (the sums are exact up to that member, where the cost already grows the other
    /// way), so the center is searched for: in steps that double until the value comes
    /// back, then by halving the members between.
    private func settleGroup(_ key: Identity) throws(SolverError) -> Bool {
        // The members the center is known to be at or above, and at or below.
        var low: Int?, high: Int?
        var step = 1, moved = false
        for _ in 0..<PreferenceGroups.settleLimit {
            let group = preferences.groups[key]!
            let x = tableau.value(of: group.variable)
            let exact = group.exactRange
            if exact.lower < x && x < exact.upper { return moved }
            guard let around = group.centerIndices else { break }
            let target: Int
            if x >= exact.upper {
                low = around.upperBound
                target = high.map { (low! + $0) / 2 } ?? min(group.members.count - 1, around.upperBound - 1 + step)
            } else {
                high = around.lowerBound - 1
                target = low.map { ($0 + high!) / 2 } ?? max(0, around.lowerBound - step)
            }
            step *= 2
            let lowest = low ?? 0, highest = high ?? group.members.count - 1
            guard lowest <= highest, (lowest...highest).contains(target) else { break }
            preferences.groups[key]!.moveCenter(to: group.members[target].value)
            try syncGroup(key)
            moved = true
        }
        try dissolveGroup(key)
        return true
    }

    /// Runs `body` on the solver with every group's members given back to the tableau as
    /// rows, then puts the solver back as it was: the questions about the optimal face need
    /// each member's own error, and a question must not change the answer.
    func withPreferencesAsRows<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard !preferences.order.isEmpty else { return try body() }
        let savedTableau = tableau, savedPreferences = preferences
        defer {
            tableau = savedTableau
            preferences = savedPreferences
        }
        for key in preferences.order { try? dissolveGroup(key) }
        return try body()
    }

    /// Gives a group's members back to the tableau as rows and drops the group.
    private func dissolveGroup(_ key: Identity) throws(SolverError) {
        guard let group = preferences.groups.removeValue(forKey: key) else { return }
        preferences.order.removeAll { $0 == key }
        for member in group.members { preferences.membership[Identity(member.constraint)] = nil }
        preferences.rowCounts[key] = group.members.count
        for held in group.installedSums {
            guard let held else { continue }
            try tableau.remove(held.constraint)
            preferences.sums.remove(Identity(held.constraint))
        }
        for member in group.members { try tableau.addPreferenceRow(member.constraint, sequence: member.sequence) }
    }

    /// The members of the groups (none is a row of the tableau), with their places.
    var preferredOutsideTableau: [(sequence: Int, constraint: Constraint)] {
        var result: [(sequence: Int, constraint: Constraint)] = []
        for key in preferences.order {
            for member in preferences.groups[key]!.members { result.append((member.sequence, member.constraint)) }
        }
        return result
    }
}

extension Tableau {
    /// Adds a soft row for a group of preferred values, in its place in the order of the
    /// constraints (``addNew(_:sequence:)``, which cannot fail for a soft row but for rounding).
    mutating func addPreferenceRow(_ constraint: Constraint, sequence: Int) throws(SolverError) {
        do throws(StepError) {
            try addNew(constraint, sequence: sequence)
        } catch {
            switch error {
            case .unsatisfiable: throw .internalError("a soft row was unsatisfiable")
            case .failure(let failure): throw failure
            }
        }
    }
}
