// Checking that a required constraint holds after the call that added it.
//
// Doubles carry about 16 significant digits, so a row whose constant mixes 1e20 with 100
// loses the 100: after `x >= 1e20` (weak) and `x == 100` (required), the tableau says
// x = 0. The simplex cannot see that; evaluating the constraint it just added, from the
// values the tableau now gives its variables, can. The check reads one value per term of
// that constraint only (not the other constraints), so it costs about what building the
// constraint's row did.

extension Tableau {
    /// How far from zero a required constraint's expression may be, relative to the
    /// magnitudes involved: the constant plus the size of each term at the current values
    /// (at least 1). Rounding in the simplex leaves errors many orders of magnitude below
    /// this (about 1e-16 per operation, relative to the largest value a row has held);
    /// a constraint lost among numbers 1e9 times larger than its own is off by far more.
    static let holdingTolerance = 1e-6

    /// The value of a constraint's expression at the tableau's current values, and the
    /// magnitude it is compared with (see ``holdingTolerance``).
    mutating func residual(of constraint: Constraint) -> (value: Double, scale: Double) {
        var sum = constraint.constant, scale = abs(constraint.constant)
        for k in 0..<constraint.terms.count {
            let term = constraint.terms[k]
            // The solver drops terms this small from rows (see `nearZero`), and so does this.
            guard !nearZero(term.coefficient), let symbol = registeredSymbol(of: term.variable) else { continue }
            let part = term.coefficient * value(ofSymbolAt: symbol.index)
            sum += part
            scale += abs(part)
        }
        return (sum, max(1, scale))
    }

    /// Throws ``SolverError/precisionLoss(_:residual:)`` if a required constraint does not
    /// hold at the tableau's current values, within ``holdingTolerance``. (Preferences may
    /// be violated by design.) Call it inside the transaction that added the constraint, so
    /// the failure undoes the call.
    mutating func requireHolds(_ constraint: Constraint) throws(StepError) {
        guard constraint.strength.isRequired else { return }
        let (value, scale) = residual(of: constraint)
        let tolerance = Tableau.holdingTolerance * scale
        let holds = switch constraint.relation {
        case .equal: abs(value) <= tolerance
        case .lessThanOrEqual: value <= tolerance
        case .greaterThanOrEqual: value >= -tolerance
        }
        if !holds { throw .failure(.precisionLoss(constraint, residual: value)) }
    }

    /// Whether every required constraint in the tableau holds (see ``requireHolds(_:)``).
    mutating func allRequiredHold() -> Bool {
        for slot in recordSlots.indices {
            guard let constraint = recordSlots[slot]?.constraint, constraint.strength.isRequired else { continue }
            do throws(StepError) { try requireHolds(constraint) } catch { return false }
        }
        return true
    }

    /// Checks the required constraints after `constraint` went in (or after a suggestion,
    /// with nil): every one in the tableau once it has held a number beyond
    /// ``largeMagnitude``, else `constraint` alone if it is required.
    mutating func requireHold(afterAdding constraint: Constraint?) throws(StepError) {
        if let constraint, !holdsLargeNumbers, constraint.hasLargeNumbers { holdsLargeNumbers = true }
        if holdsLargeNumbers {
            for slot in recordSlots.indices {
                if let other = recordSlots[slot]?.constraint, other.strength.isRequired { try requireHolds(other) }
            }
        } else if let constraint {
            try requireHolds(constraint)
        }
    }

    /// ``requireHold(afterAdding:)`` for a batch.
    mutating func requireHold(afterAdding constraints: [Constraint]) throws(StepError) {
        if !holdsLargeNumbers, constraints.contains(where: \.hasLargeNumbers) { holdsLargeNumbers = true }
        if holdsLargeNumbers { return try requireHold(afterAdding: nil) }
        for constraint in constraints where constraint.strength.isRequired { try requireHolds(constraint) }
    }

    /// After a removal, once the tableau has held numbers beyond ``largeMagnitude``:
    /// rebuilds it from its constraints (lazily, before the next call) if a required
    /// constraint no longer holds. A removal cannot be refused, and taking out `y >= 1e20`
    /// can leave `x + y == 100` at x = y = 0: the rows lost the 100 while they held 1e20.
    mutating func rebuildIfRequiredBroken() {
        guard holdsLargeNumbers, !needsRebuild, !allRequiredHold() else { return }
        needsRebuild = true
    }

    /// Adds a constraint in a transaction that also checks that the required constraints
    /// hold (see ``requireHold(afterAdding:)``).
    mutating func addHolding(_ constraint: Constraint) throws(StepError) {
        try transaction { (t: inout Tableau) throws(StepError) in
            try t.insert(constraint)
            try t.requireHold(afterAdding: constraint)
        }
    }

    /// After an edit or a constant change has shifted row constants, and before any pivot:
    /// throws ``SolverError/precisionLoss(_:residual:)`` if a shifted row lost part of its
    /// old constant to rounding (100 + 1e20 is 1e20: the 100 is gone, and shifting back
    /// gives 0), which would break the constraints that row stands for from then on.
    ///
    /// `symbol`'s own row, if it was shifted, moved by `ownShift`, and `other`'s by
    /// `otherShift`; every other row that contains `symbol` moved by `columnShift` times
    /// its coefficient of `symbol` (see ``suggest(_:_:)`` and ``replace(_:with:)``). The
    /// old constants are those the call journaled (see ``journalConstant(_:_:)``); a step
    /// run outside a transaction (a rebuild replaying a suggestion) is not checked.
    ///
    /// Cheap: a row can lose more than ``holdingTolerance`` of its old constant only if the
    /// shift is over 1e9 times that constant (doubles keep about 16 digits), so only such
    /// rows are looked at closely.
    mutating func requireExactShift(of symbol: Symbol, ownShift: Double, other: Symbol?, otherShift: Double,
                                    columnShift: Double, constraint: @autoclosure () -> Constraint) throws(StepError) {
        guard journaling, journal.count == journalStart else { return }
        for (index, old) in constantJournal {
            let i = Int(index)
            guard let new = rows[i]?.constant else { continue }
            let magnitude = max(1, abs(old))
            if abs(new - old) <= 1e9 * magnitude { continue }
            let shift = i == symbol.index ? ownShift : i == other?.index ? otherShift
                : columnShift * rows[i]!.coefficient(for: symbol)
            let lost = abs((new - shift) - old)
            if lost > Tableau.holdingTolerance * magnitude { throw .failure(.precisionLoss(constraint(), residual: lost)) }
        }
    }

    /// The magnitude beyond which a number can make rounding lose the small ones next to it
    /// by more than ``holdingTolerance`` (doubles resolve about 1e-16 of a value, so 1e9
    /// still keeps 1e-7). Once a constant, coefficient or suggested value beyond it has
    /// come in, every call that adds, replaces or suggests checks every required constraint
    /// (a constraint added earlier can be the one rounding loses), and a removal that
    /// leaves one broken rebuilds the tableau. Below it the check is the added constraint's
    /// alone, so the usual calls cost nothing more.
    static let largeMagnitude = 1e9
}

extension Constraint {
    /// Whether the constant or a coefficient is beyond ``Tableau/largeMagnitude``.
    var hasLargeNumbers: Bool {
        if abs(constant) > Tableau.largeMagnitude { return true }
        if terms.isInline {
            for k in 0..<terms.count where abs(terms.unretainedTerm(at: k).1) > Tableau.largeMagnitude { return true }
            return false
        }
        return terms.spilled.contains { abs($0.coefficient) > Tableau.largeMagnitude }
    }
}
