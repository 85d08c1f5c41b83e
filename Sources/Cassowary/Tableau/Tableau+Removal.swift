// Taking a constraint's row out of the tableau.
//
// A constraint's marker (its slack, its first error symbol, or the dummy of a required
// equality) has a nonzero coefficient in every row that depends on the constraint. To take
// the constraint out, the marker is made basic by a pivot with one of those rows, and its
// row is then dropped: what is left describes the other constraints alone. The pivot sets
// the marker to the value θ that brings the leaving row's basic symbol to zero, and moves
// every other row containing the marker by its coefficient times θ. Which row leaves is
// chosen so that (see ``markerLeavingRow(_:)``):
//
// - every restricted row stays at or above zero, as in kiwi;
// - every basic dummy stays at zero with a row made only of dummies. A basic dummy is the
//   marker of a redundant required equality (its row reached the tableau holding only
//   other dummies, see ``insert(_:sequence:)``), fixed at zero, not merely at or above it.
//   Were the removed marker substituted into its row from a row of slack, error or user
//   symbols, the row would gain those symbols: the ratio tests would then let it grow
//   (they bound restricted rows from below only) and the equality would silently break.
//   The same invariant makes a basic dummy's row that a constant shift moves off zero (a
//   replaced equality that a redundant one depends on) a contradiction: nothing in it can
//   move (see ``dualOptimize()`` and ``shiftRows(containing:by:)``);
// - the pivot is not on a coefficient that may be only rounding error while a sound one
//   keeps every row feasible. A cell is kept unless it cancels to rounding or is tiny (see
//   ``Row/merge(_:_:times:removing:into:added:gained:)``), so the tableau carries rounding
//   errors, amplified by every pivot since: a coefficient well above `epsilon` may be a
//   cell that exact arithmetic would have cancelled (one linking two parts of the system
//   that no constraint links any more). Dividing a row by it multiplies every error in
//   the tableau by its inverse, the leftover rounding in the objective included, and then
//   the simplex works on noise (the conformance record solver_markers_repro.json pivoted
//   on 1.9e-8 where a row of a user variable held the marker with 1, and found the
//   objective unbounded).

extension Tableau {
    /// Pivots whose coefficient is below this fraction of the marker's largest coefficient
    /// are avoided when another pivot keeps every row feasible (see ``markerLeavingRow(_:)``).
    /// Well above the noise a pivot can leave (rounding, times the growth of the rows),
    /// and far below the coefficients of real systems, so the choice departs from
    /// kiwi's only on near-degenerate numbers.
    static let markerPivotTolerance = 1e-5

    /// Takes the row of the constraint whose record is in `slot` out of the tableau and
    /// re-optimizes.
    mutating func erase(_ slot: Int) throws(StepError) {
        try takeOut(slot)
        try optimize()
    }

    /// ``erase(_:)`` without the optimization (the objective may no longer be optimal); a
    /// link leaves the equality classes instead (see ``eraseLink(_:)``).
    mutating func takeOut(_ slot: Int) throws(StepError) {
        if recordSlots[slot]!.link >= 0 {
            try eraseLink(slot)
            return
        }
        let record = recordSlots[slot]!
        let constraint = record.constraint
        for symbol in [record.marker, record.other] {
            guard let symbol, symbol.kind == .error else { continue }
            // An equality's second error symbol is the one below zero.
            let strength = constraint.errorStrength(above: constraint.relation != .equal || symbol != record.other)
            if let row = rows[symbol.index] {
                for component in strength.components {
                    objective.addRow(row, level: component.level, weight: -component.weight)
                }
            } else {
                objective.add(symbol, strength: strength, sign: -1)
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
                noteFactor(row.solve(for: leaving, marker))
                substitute(marker, row)
            }
        }
        removeRecord(at: slot, journaled: true)
        release(constraint)
        for symbol in [record.marker, record.other] { if let symbol { releasedSymbols.append(symbol) } }
    }

    /// The row to pivot a removed constraint's marker into, or nil when no row holds it.
    ///
    /// The candidates, each keeping every restricted row at or above zero and every basic
    /// dummy at zero, in order of preference:
    /// 1. a basic dummy's row (the marker is then a dummy too): θ is zero, and the row,
    ///    made of dummies, keeps every other dummy row made of dummies. The one with the
    ///    largest coefficient, then the lowest symbol.
    /// 2. the restricted row that limits the marker most as it grows (the smallest
    ///    constant / -coefficient among negative coefficients), as in kiwi;
    /// 3. the restricted row that limits it most as it falls (constant / coefficient among
    ///    positive coefficients);
    /// 4. the oldest row of a user variable that holds the marker, when its θ lies between
    ///    those two limits (or no restricted row holds the marker). The oldest: no
    ///    definition it names holds the marker (see Tableau+Definitions.swift), so solving
    ///    it for the marker is exact.
    ///
    /// Kiwi takes the first of 2, 3 and 4 that exists. Here the first whose coefficient
    /// is at least ``markerPivotTolerance`` times the marker's largest coefficient is
    /// taken; when none is, the one with the largest coefficient. So the choice is kiwi's
    /// unless kiwi's would divide by a coefficient that may be rounding noise while a
    /// sound pivot keeps every row feasible. (Only the ratios at the limits are feasible
    /// among restricted rows: any other would push the limiting row below zero.)
    mutating func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        let basics = rowsContaining(marker)
        var largest = 0.0
        var fixed: (symbol: Symbol, size: Double)?
        var rising: (symbol: Symbol, ratio: Double, size: Double)?
        var falling: (symbol: Symbol, ratio: Double, size: Double)?
        func limits(_ ratio: Double, _ symbol: Symbol, _ current: (symbol: Symbol, ratio: Double, size: Double)?) -> Bool {
            guard let current else { return true }
            return ratio < current.ratio || (ratio == current.ratio && symbol < current.symbol)
        }
        for basic in basics {
            let row = rows[basic.index]!
            let c = row.coefficient(for: marker)
            largest = max(largest, abs(c))
            if basic.isDummy {
                if fixed == nil || abs(c) > fixed!.size || (abs(c) == fixed!.size && basic < fixed!.symbol) {
                    fixed = (basic, abs(c))
                }
            } else if !basic.isExternal {
                let ratio = row.constant / abs(c)
                if c < 0 {
                    if limits(ratio, basic, rising) { rising = (basic, ratio, -c) }
                } else {
                    if limits(ratio, basic, falling) { falling = (basic, ratio, c) }
                }
            }
        }
        if let fixed { return fixed.symbol }
        let sound = Tableau.markerPivotTolerance * largest
        // When no candidate is sound: the largest coefficient, the earlier candidate on a tie.
        var fallback: (symbol: Symbol, size: Double)?
        func isSound(_ symbol: Symbol, _ size: Double) -> Bool {
            if size >= sound { return true }
            if fallback == nil || size > fallback!.size { fallback = (symbol, size) }
            return false
        }
        if let rising, isSound(rising.symbol, rising.size) { return rising.symbol }
        if let falling, isSound(falling.symbol, falling.size) { return falling.symbol }
        // θ may range from -(falling ratio) to the rising ratio; a row of a user variable is
        // bounded by nothing, so the oldest one will do if its θ lies there. (Its value is
        // read through its references only when a limit exists.)
        var oldest: Symbol?
        for basic in basics where basic.isExternal {
            if oldest == nil || states[basic.index].order < states[oldest!.index].order { oldest = basic }
        }
        if let oldest {
            let c = rows[oldest.index]!.coefficient(for: marker)
            var feasible = rising == nil && falling == nil
            if !feasible {
                let theta = -evaluate(oldest.index) / c
                feasible = theta >= -(falling?.ratio ?? .infinity) && theta <= (rising?.ratio ?? .infinity)
            }
            if feasible && isSound(oldest, abs(c)) { return oldest }
        }
        return fallback?.symbol
    }
}
