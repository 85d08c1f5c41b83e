// Checking that the required constraints hold after a call.
//
// Doubles carry about 16 significant digits, so a row whose constant mixes 1e20 with 100
// loses the 100: after `x >= 1e20` (weak) and `x == 100` (required), the tableau says
// x = 0. A pivot on a coefficient that rounding left behind does the same to every row it
// reaches. The simplex cannot see either; evaluating the required constraints, from the
// values the tableau now gives their variables, can. That reads every constraint, so it
// runs only once the tableau has held such numbers (``holdsLargeNumbers``).

extension Tableau {
    /// How far from zero a required constraint's expression may be, relative to the
    /// magnitudes involved: the constant plus the size of each term at the current values
    /// (at least 1). Rounding in the simplex leaves errors far below this: over the whole
    /// test suite (2,000 random systems, the conformance cases, every Auto Layout test and
    /// example) the largest was 1.4e-14. A constraint lost among numbers 1e13 times larger
    /// than its own is off by more than this; 1e9 times larger (the Auto Layout limit on
    /// values) still leaves it within 1e-7. The property tests use the same tolerance.
    static let holdingTolerance = 1e-6

    /// The value of a constraint's expression at the tableau's current values, and the
    /// magnitude it is compared with (see ``holdingTolerance``). The terms are read in place, without retaining their variables (as ``makeRow(_:_:)``
    /// reads them).
    mutating func residual(of constraint: Constraint) -> (value: Double, scale: Double) {
        var sum = constraint.constant, scale = abs(constraint.constant)
        // The solver drops terms this small from rows (see `nearZero`), and so does this.
        if constraint.terms.isInline {
            for k in 0..<constraint.terms.count {
                let (variable, coefficient) = constraint.terms.unretainedTerm(at: k)
                guard !nearZero(coefficient), let value = currentValue(of: variable) else { continue }
                sum += coefficient * value
                scale += abs(coefficient * value)
            }
        } else {
            constraint.terms.spilled.withUnsafeBufferPointer { terms in
                guard let base = terms.baseAddress else { return }
                for k in 0..<terms.count where !nearZero(terms[k].coefficient) {
                    guard let value = currentValue(ofTermAt: base + k) else { continue }
                    sum += terms[k].coefficient * value
                    scale += abs(terms[k].coefficient * value)
                }
            }
        }
        return (sum, max(1, scale))
    }

    /// ``currentValue(of:)`` for the variable of a term read in place (as
    /// ``symbol(forTermAt:)`` reads it).
    @inline(__always) mutating func currentValue(ofTermAt term: UnsafePointer<Term>) -> Double? {
        if usesClasses { return knownClassValue(of: term.pointee.variable) }
        let hint = Int(term.pointee.variable.symbolHint.load(ordering: .relaxed))
        if hint >= 0 && hint < states.count && states[hint].variable === term.pointee.variable
            && states[hint].references > 0 {
            return evaluate(hint)
        }
        return registeredSymbol(of: term.pointee.variable).map { evaluate($0.index) }
    }

    /// The value of a variable, or nil if it is not registered: found by its hint (see
    /// ``registeredSymbol(of:)``) without retaining it.
    @inline(__always) mutating func currentValue(of variable: Unmanaged<Variable>) -> Double? {
        if usesClasses { return knownClassValue(of: variable.takeUnretainedValue()) }
        let hint = Int(variable._withUnsafeGuaranteedRef { $0.symbolHint.load(ordering: .relaxed) })
        if hint >= 0 && hint < states.count && states[hint].references > 0
            && variable._withUnsafeGuaranteedRef({ states[hint].variable === $0 }) {
            return evaluate(hint)
        }
        return registeredSymbol(of: variable.takeUnretainedValue()).map { evaluate($0.index) }
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

    /// Throws for the first required constraint in the tableau that does not hold (see
    /// ``requireHolds(_:)``).
    mutating func requireAllHold() throws(StepError) {
        for slot in recordSlots.indices {
            if let constraint = recordSlots[slot]?.constraint, constraint.strength.isRequired {
                try requireHolds(constraint)
            }
        }
    }

    /// Whether every required constraint in the tableau holds.
    mutating func allRequiredHold() -> Bool {
        do throws(StepError) { try requireAllHold() } catch { return false }
        return true
    }

    /// Checks the required constraints after `constraint` went in: every one in the
    /// tableau once ``holdsLargeNumbers`` is set, else none (see ``largeMagnitude``).
    mutating func requireHold(afterAdding constraint: Constraint) throws(StepError) {
        if holdsLargeNumbers { try requireAllHold() }
    }

    /// ``requireHold(afterAdding:)`` for a batch.
    mutating func requireHold(afterAdding constraints: [Constraint]) throws(StepError) {
        if holdsLargeNumbers { try requireAllHold() }
    }

    /// After a removal, once ``holdsLargeNumbers`` is set: rebuilds the tableau from its
    /// constraints (lazily, before the next call) if a required constraint no longer holds.
    /// A removal cannot be refused, and taking out `y >= 1e20` can leave `x + y == 100` at
    /// x = y = 0: the rows lost the 100 while they held 1e20.
    mutating func rebuildIfRequiredBroken() {
        guard holdsLargeNumbers, !needsRebuild, !allRequiredHold() else { return }
        needsRebuild = true
    }

    /// Adds a constraint in a transaction that also checks that the required constraints
    /// hold (see ``requireHold(afterAdding:)``); `sequence` places it in the order of the
    /// constraints (last when nil).
    mutating func addHolding(_ constraint: Constraint, sequence: Int? = nil) throws(StepError) {
        try transaction { (t: inout Tableau) throws(StepError) in
            try t.insert(constraint, sequence: sequence)
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
    /// A row can lose more than ``holdingTolerance`` of its old constant only if the shift
    /// is over 1e9 times that constant (doubles keep about 16 digits), so the callers run
    /// this only when a row moved by more than ``largeMagnitude`` (which
    /// ``shiftRows(containing:by:)`` tells them at no cost), and only such rows are looked
    /// at closely.
    mutating func requireExactShift(of symbol: Symbol, ownShift: Double, other: Symbol?, otherShift: Double,
                                    columnShift: Double, constraint: @autoclosure () -> Constraint) throws(StepError) {
        guard journaling, journal.count == journalStart else { return }
        // One tight pass, reading in place (copying a row out of `rows` would retain its
        // cells); every shifted row is basic, as no pivot has happened yet.
        var first = -1
        constantJournal.withUnsafeBufferPointer { entries in
            rows.withUnsafeBufferPointer { table in
                for k in 0..<entries.count {
                    let old = entries[k].constant
                    let new = table[Int(entries[k].index)].unsafelyUnwrapped.constant
                    if abs(new - old) > 1e9 * max(1, abs(old)) {
                        first = k
                        return
                    }
                }
            }
        }
        guard first >= 0 else { return }
        for (index, old) in constantJournal[first...] {
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
    /// leaves one broken rebuilds the tableau. Below it (and with no coefficient below
    /// ``smallCoefficient``) rounding stays far inside the tolerance and nothing is checked:
    /// evaluating a constraint reads its variables through every definition they depend on
    /// (see Tableau+Definitions.swift), which along a chain would cost the chain's length
    /// for every constraint added.
    static let largeMagnitude = 1e9

    /// The coefficient below which a constraint counts as holding a large number: solved
    /// for that variable, its row's other numbers grow by the inverse.
    static let smallCoefficient = 1e-6

    /// Notes a pivot that multiplied a row by `factor`: beyond the inverse of
    /// ``smallCoefficient``, the tableau is badly conditioned from then on (see
    /// ``holdsLargeNumbers``). Coefficients chained through many rows (0.05 times 0.2 and so
    /// on) can leave a cell of 1e-8 that exact arithmetic would have cancelled; dividing by
    /// it turns rounding into values, and a required constraint added next was off by 88.
    @inline(__always) mutating func noteFactor(_ factor: Double) {
        if abs(factor) > 1 / Tableau.smallCoefficient { holdsLargeNumbers = true }
    }
}
