/// An incremental Cassowary constraint solver (Badros, Borning & Stuckey, 2001).
///
/// Add required constraints and weighted preferences, mark variables as editable, suggest
/// values for them, and call ``updateVariables()`` to write the solution into each
/// ``Variable``. The solver keeps the tableau between calls, so each change costs what it
/// touches, not the size of the system.
///
/// Guarantees:
/// - **Transactional.** When a call throws, the solver is exactly as it was before it:
///   same tableau, same constraints, same values.
/// - **Explained.** An unsatisfiable required constraint is reported with a minimal set of
///   the required constraints already in the solver that it contradicts.
/// - **Deterministic.** Every pivot and tie is chosen by creation order and history, never
///   by hashing.
/// - **Numbers it can trust.** NaN and infinities are refused
///   (``SolverError/nonFiniteNumber(_:)``). Doubles keep about 16 digits, so `x == 100`
///   next to `x >= 1e20` would give x = 0, and a pivot on a coefficient that is left over
///   from rounding (1e-8 where exact arithmetic gives 0) turns rounding into values. Once
///   the solver has held a number beyond 1e9, or pivoted on a coefficient below 1e-6,
///   every call that adds, replaces or suggests checks every required constraint: each
///   must hold at the solved values to within 1e-6 of its magnitude (the constant plus
///   each term's size, at least 1), or the call throws
///   ``SolverError/precisionLoss(_:residual:)`` and is undone. A removal that leaves one
///   broken, or whose pivots rounding defeats, rebuilds the tableau from the constraints
///   left (and once more, the required constraints first, if that breaks one). A
///   suggestion or a constant change that would round away part of a value the solver
///   holds is refused the same way. Below those magnitudes (every layout the benchmarks
///   build) nothing is checked. Rounding can still leave a required constraint off by
///   more than 1e-6 of its size in badly conditioned systems without a tiny pivot
///   (coefficients of 0.05 to 0.6 chained through dozens of rows: off by up to 0.008
///   where values are near 1,000).
/// - **Strictly ordered strengths.** The objective is lexicographic over strength levels
///   (see ``Strength``).
/// - **Many preferences on one variable cost what one does.** Once a variable has 16 soft
///   constraints on it alone (`x == 10` at weak, `x <= 300` at medium), the solver keeps
///   them as one cost of that variable's value: at most nine rows, sums of those below,
///   at and above the value the variable has. The optimum is the same as with a row each
///   (20,000 `x == i` at weak: 0.3 s instead of over a minute); where several values are
///   equally good, the one chosen may differ. The questions about the optimal face
///   (``optimalRange(of:ignoringStrengthsBelow:holdingPreferences:)`` and the others) are
///   answered on a copy where every such constraint has its row (at the price of adding
///   them), and leave the solver as it was.
///
/// A solver is not thread-safe; use one per thread (or per layout engine).
public final class Solver {
    var tableau = Tableau(tracksEqualityMarkers: false)
    /// The soft constraints on one variable alone, grouped by variable once there are many
    /// (see PreferredValues.swift).
    @exclusivity(unchecked) var preferences = PreferenceGroups()

    /// Whether ``SolverError/unsatisfiableConstraint(_:conflicts:)`` names the conflicting
    /// constraints (true by default). Finding a minimal set costs a replay of the connected
    /// required constraints; a caller that only wants to know whether a constraint fits can
    /// turn it off and gets an empty list.
    public var explainsConflicts = true

    /// Creates an empty solver.
    ///
    /// Required equalities carry no marker column in the tableau. Their marker is pure
    /// bookkeeping (fixed at zero), and keeping it makes every row of a chain
    /// `x[i+1] == x[i] + 10` grow with the chain, which is what makes other Cassowary
    /// implementations quadratic. The price is paid when a required equality is removed:
    /// the tableau is rebuilt from the constraints left (in insertion order) before the
    /// next call that needs it, once for any number of removals, so such a removal costs
    /// about what building the solver did. Pick it when constraints are mostly added, or
    /// the solver is small; else see ``init(keepsEqualityMarkers:)``.
    public init() {}

    /// Creates an empty solver that keeps a marker column for every required equality
    /// (with `true`; `false` is ``init()``).
    ///
    /// Then removing a required equality, or changing its constant with
    /// ``replaceConstraint(_:with:)``, is incremental instead of rebuilding the tableau. The
    /// markers do not make rows grow along chains: a required equality between two
    /// variables with unit coefficients (`x - y == c`, or `x == c`) joins an equality class
    /// instead of making a row, so a chain `x[i+1] == x[i] + 10` makes no row at all, and a
    /// row may name the definitions of the variables it was built from. The price is a
    /// slower build where the rows are not links: a chain `x[i+1] == x[i] + w[i]`,
    /// `w[i] == 10`, of 20,000 variables takes 64 ms against the default mode's 21 ms
    /// (the `lateEdit` scenarios of `autolayout-bench`). The Auto Layout engine uses this
    /// mode. Pick it when constraints come and go or their constants change, in a solver
    /// of any size.
    public init(keepsEqualityMarkers: Bool) {
        tableau = Tableau(tracksEqualityMarkers: keepsEqualityMarkers)
    }

    // MARK: Constraints

    /// Adds a constraint.
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if it is already in the solver;
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` if it is required and cannot
    ///   hold together with the required constraints already added;
    ///   ``SolverError/nonFiniteNumber(_:)`` for a NaN or infinite constant, coefficient or
    ///   strength; ``SolverError/precisionLoss(_:residual:)`` if rounding would break a
    ///   required constraint.
    public func addConstraint(_ constraint: Constraint) throws(SolverError) {
        try validateNumbers(of: constraint)
        if try addPreferred(constraint) {
            try settlePreferences()
            return
        }
        guard preferences.membership.isEmpty || preferences.membership[Identity(constraint)] == nil else {
            throw .duplicateConstraint(constraint)
        }
        try addRow(constraint)
        notePreferredRow(constraint)
        try settlePreferences()
    }

    /// Adds a constraint to the tableau as a row (at `sequence` in the order of the
    /// constraints, last when nil), explaining it when it cannot hold.
    func addRow(_ constraint: Constraint, sequence: Int? = nil) throws(SolverError) {
        do throws(Tableau.StepError) {
            try tableau.addNew(constraint, sequence: sequence)
        } catch {
            switch error {
            case .unsatisfiable:
                throw .unsatisfiableConstraint(constraint,
                                               conflicts: explainsConflicts ? tableau.explain(constraint) : [])
            case .failure(let failure): throw failure
            }
        }
    }

    /// Adds several constraints in order; stops at the first error, keeping those before it.
    public func addConstraints(_ constraints: [Constraint]) throws(SolverError) {
        for constraint in constraints { try addConstraint(constraint) }
    }

    /// Adds several constraints as one batch, passing each one that cannot be added to
    /// `onFailure` with its error instead of stopping.
    ///
    /// The outcome is that of calling ``addConstraint(_:)`` for each constraint in order
    /// and passing every thrown error to `onFailure`: a failed constraint is skipped and
    /// leaves no trace, the others are added. A constraint already in the solver, or
    /// earlier in the batch, fails with ``SolverError/duplicateConstraint(_:)``; one with a
    /// number that is not finite, with ``SolverError/nonFiniteNumber(_:)`` (the batch is
    /// then added one constraint at a time).
    ///
    /// It is cheaper than adding one at a time: the batch runs as one transaction and the
    /// objective is optimized once, at the end (a constraint whose row needs the dual
    /// simplex to go in optimizes first, since that step needs an optimal objective). If
    /// any constraint of the batch turns out unsatisfiable, or any step fails, the whole
    /// batch is undone and replayed one constraint at a time, so the errors and their
    /// conflict sets are exactly those of sequential adds. Which constraints are rejected
    /// is always the same as with sequential adds (rejection depends only on the required
    /// constraints); the solution is optimal, and may differ from that of sequential adds
    /// only among equally good solutions. `onFailure` is called in the order of the
    /// constraints.
    public func addConstraints(_ constraints: [Constraint], onFailure: (Constraint, SolverError) -> Void) {
        guard !constraints.isEmpty else { return }
        // The soft constraints on one variable alone (usually none): a group may take them.
        let single = preferences.isEnabled ? PreferredValues.candidates(in: constraints) : []
        if single.isEmpty || !groupsTakeAny(of: single.map { constraints[$0] }),
           preferences.membership.isEmpty || !constraints.contains(where: { preferences.membership[Identity($0)] != nil }),
           haveFiniteNumbers(constraints), let duplicates = tableau.addBatch(constraints) {
            for position in duplicates {
                onFailure(constraints[position], .duplicateConstraint(constraints[position]))
            }
            for position in single where !duplicates.contains(position) { notePreferredRow(constraints[position]) }
            do throws(SolverError) { try settlePreferences() } catch { onFailure(constraints[0], error) }
            return
        }
        for constraint in constraints {
            do throws(SolverError) {
                try addConstraint(constraint)
            } catch {
                onFailure(constraint, error)
            }
        }
    }

    /// Removes a constraint.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not in the solver.
    public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        if try removePreferred(constraint) {
            try settlePreferences()
            return
        }
        guard preferences.sums.isEmpty || !preferences.sums.contains(Identity(constraint)) else {
            throw .unknownConstraint(constraint)
        }
        try tableau.remove(constraint)
        forgetPreferredRow(constraint)
        tableau.rebuildIfRequiredBroken()
        try settlePreferences()
    }

    /// Replaces a constraint in the solver by another, as one transaction.
    ///
    /// When `new` differs from `old` only in its constant (same terms, relation and
    /// strength), the change is incremental: the rows that depend on `old`'s marker are
    /// shifted and the dual simplex repairs feasibility, as for an edit. Otherwise, or when
    /// `old` has no marker (a required equality in a solver made with ``init()``), it is a
    /// removal followed by an addition. Either way, if `new` cannot be satisfied the solver
    /// keeps `old` and is unchanged.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if `old` is not in the solver;
    ///   ``SolverError/duplicateConstraint(_:)`` if `new` already is;
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` if `new` cannot hold;
    ///   ``SolverError/nonFiniteNumber(_:)`` if `new` has a number that is not finite;
    ///   ``SolverError/precisionLoss(_:residual:)`` if rounding would break a required
    ///   constraint or lose part of a value.
    public func replaceConstraint(_ old: Constraint, with new: Constraint) throws(SolverError) {
        guard hasConstraint(old) else { throw .unknownConstraint(old) }
        guard old !== new else { return }
        guard !hasConstraint(new) else { throw .duplicateConstraint(new) }
        try validateNumbers(of: new)
        if !preferences.membership.isEmpty, let entry = preferences.membership[Identity(old)] {
            try replacePreferred(old, with: new, sequence: entry.sequence)
            return
        }
        try tableau.rebuildIfNeeded()
        do throws(Tableau.StepError) {
            try tableau.replace(old, with: new)
        } catch {
            switch error {
            case .unsatisfiable:
                // Explain against the constraints without `old`, which `new` replaces.
                var others = tableau
                if let slot = others.recordSlot(of: old) { others.removeRecord(at: slot, journaled: false) }
                throw .unsatisfiableConstraint(new, conflicts: others.conflicts(for: new))
            case .failure(let failure): throw failure
            }
        }
        forgetPreferredRow(old)
        notePreferredRow(new)
        try settlePreferences()
    }

    /// Whether the constraint is in the solver.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        guard !preferences.order.isEmpty else { return tableau.hasRecord(constraint) }
        let key = Identity(constraint)
        return preferences.membership[key] != nil || (!preferences.sums.contains(key) && tableau.hasRecord(constraint))
    }

    /// The constraints in the solver, in the order they were added (edit constraints included).
    public var constraints: [Constraint] {
        guard !preferences.order.isEmpty else { return tableau.records.map(\.constraint) }
        var listed = tableau.records.filter { !preferences.sums.contains(Identity($0.constraint)) }
            .map { (sequence: $0.sequence, constraint: $0.constraint) }
        listed += preferredOutsideTableau
        return listed.sorted { $0.sequence < $1.sequence }.map(\.constraint)
    }

    // MARK: Edit variables

    /// Makes a variable editable: ``suggestValue(_:_:)`` then pulls it toward a value with
    /// the given strength. The edit starts at 0, as in kiwi.
    /// - Throws: ``SolverError/duplicateEditVariable(_:)`` if it is already editable;
    ///   ``SolverError/badRequiredStrength(_:)`` if the strength is required;
    ///   ``SolverError/nonFiniteNumber(_:)`` if it has a level or weight that is not finite.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        try validateEdit(variable, strength: strength)
        try tableau.addEditVariable(variable, strength: strength)
        try settlePreferences()
    }

    /// Makes a variable no longer editable.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not editable.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        try tableau.removeEditVariable(variable)
        tableau.rebuildIfRequiredBroken()
        try settlePreferences()
    }

    /// Whether the variable is editable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        tableau.edits[Identity(variable)] != nil
    }

    /// Pulls an editable variable toward a value, re-solving with the dual simplex.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not editable;
    ///   ``SolverError/nonFiniteNumber(_:)`` for NaN or an infinity;
    ///   ``SolverError/precisionLoss(_:residual:)`` if the value is so much larger than the
    ///   values it moves that rounding would lose part of them.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        try validateSuggestion(variable, value)
        try tableau.suggestValue(variable, value)
        try settlePreferences()
    }

    // MARK: Results

    /// Writes the current solution into the variables whose rows changed since the last
    /// call (and variables new to the solver); the others already hold their values.
    public func updateVariables() {
        tableau.updateVariables()
    }

    /// Like ``updateVariables()``, and calls `changed` with every variable whose value
    /// changed, so a caller can update only what depends on those.
    public func updateVariables(changed: (Variable) -> Void) {
        tableau.updateVariables(changed)
    }

    /// Like ``updateVariables(changed:)``, calling `changed` with the changed variables a
    /// batch at a time (the members of an equality class together, up to 256 at once),
    /// unretained: the solver keeps them, and they must not be kept past the call. A
    /// variable made silent (see ``silence(_:alongside:)``) is not told of its moves with its
    /// equality class. `changed` must not call the solver.
    package func updateVariables(changedBatches changed: (UnsafeBufferPointer<Unmanaged<Variable>>) -> Void) {
        tableau.updateVariables(changedBatches: changed)
    }

    /// The solved value of a variable (0 for one the solver does not know), without
    /// writing it into the variable.
    public func value(of variable: Variable) -> Double {
        tableau.value(of: variable)
    }

    /// Removes every constraint and edit variable.
    public func reset() {
        tableau = Tableau(tracksEqualityMarkers: tableau.tracksEqualityMarkers)
        preferences = PreferenceGroups(isEnabled: preferences.isEnabled)
    }
}
