// Edits: a suggested value moves the constants of the rows that hold the edit's error
// symbol, then the dual simplex repairs any row that went below zero.

extension Tableau {
    /// Moves an edit variable's target and restores feasibility with the dual simplex.
    mutating func suggest(_ key: Identity, _ value: Double) throws(StepError) {
        var info = edits[key]!
        let delta = value - info.constant
        info.constant = value
        setEdit(key, info)
        let record = recordSlots[recordSlot(of: info.constraint)!]!
        let plus = record.marker!, minus = record.other!
        var large = abs(delta) > Tableau.largeMagnitude
        if rows[plus.index] != nil {
            if shiftConstant(plus, by: -delta) < 0 { infeasible.append(plus) }
        } else if rows[minus.index] != nil {
            if shiftConstant(minus, by: delta) < 0 { infeasible.append(minus) }
        } else {
            large = shiftRows(containing: plus, by: delta)
        }
        if large {
            try requireExactShift(of: plus, ownShift: -delta, other: minus, otherShift: delta, columnShift: delta,
                                  constraint: Constraint(info.constraint.expression - value, .equal,
                                                         strength: info.constraint.strength))
        }
        do throws(StepError) {
            try dualOptimize()
        } catch {
            // Edits are never required, so the system cannot have become infeasible.
            throw .failure(.internalError("dual optimize failed"))
        }
    }

    /// Adds `delta` to the constant of a basic symbol's row and returns the new constant.
    mutating func shiftConstant(_ basic: Symbol, by delta: Double) -> Double {
        let old = rows[basic.index]!.constant
        journalConstant(basic.index, old)
        touch(basic.index)
        rows[basic.index]!.constant = old + delta
        return old + delta
    }

    /// Adds `delta · coefficient(symbol)` to the constant of every row that contains
    /// `symbol`, compacting its column on the way, and queues the restricted rows that
    /// became negative and the basic dummies that left zero (see ``dualOptimize()``). This
    /// is the whole cost of an edit that changes no basis, so it works on the arrays moved
    /// out into locals, where no copy or access check happens. Returns whether a row moved
    /// by more than ``largeMagnitude`` (then rounding may have lost part of its constant: see
    /// ``requireExactShift(of:ownShift:other:otherShift:columnShift:constraint:)``).
    @discardableResult
    mutating func shiftRows(containing symbol: Symbol, by delta: Double) -> Bool {
        nextStamp()
        let stamp = self.stamp
        var table: [Row?] = [], marks: [SymbolState] = [], lists = Columns()
        swap(&table, &rows)
        swap(&marks, &states)
        swap(&lists, &columns)
        let column = symbol.index
        // The old constants go straight into the constant journal while nothing else was
        // journaled in the call, else into a kept scratch list; the external rows that
        // moved go straight into `dirty`. (An edit of a large layout calls this once per
        // record it moves: no list is made per call.)
        let journalsConstants = journaling && journal.count == journalStart
        var shifted: [(index: Int32, constant: Double)] = []
        if journalsConstants { swap(&shifted, &constantJournal) } else { swap(&shifted, &shiftScratch) }
        var changed: [Int32] = [], negative: [Symbol] = []
        swap(&changed, &dirty)
        let record = journaling
        let limit = Tableau.largeMagnitude
        let large = table.withUnsafeMutableBufferPointer { table -> Bool in
            marks.withUnsafeMutableBufferPointer { marks -> Bool in
                var large = false
                lists.filter(column) { entry in
                    let i = Int(entry)
                    guard i < table.count, marks[i].stamp != stamp, table[i] != nil,
                          case let p = table[i].unsafelyUnwrapped.position(of: symbol), p.found else { return false }
                    marks[i].stamp = stamp
                    let old = table[i].unsafelyUnwrapped.constant
                    let shift = delta * table[i].unsafelyUnwrapped.cells[p.index].coefficient
                    if abs(shift) > limit { large = true }
                    let new = old + shift
                    table[i]!.constant = new
                    if record { shifted.append((entry, old)) }
                    if marks[i].symbol.isExternal {
                        if !marks[i].isDirty {
                            marks[i].isDirty = true
                            changed.append(entry)
                        }
                    } else if new < 0 || (marks[i].symbol.isDummy && !nearZero(new)) {
                        // A basic dummy is fixed at zero: any other value is a contradiction.
                        negative.append(marks[i].symbol)
                    }
                    return true
                }
                return large
            }
        }
        swap(&table, &rows)
        swap(&marks, &states)
        swap(&lists, &columns)
        swap(&changed, &dirty)
        if !negative.isEmpty { infeasible.append(contentsOf: negative) }
        if journalsConstants {
            swap(&shifted, &constantJournal)
        } else {
            if journaling { for (i, old) in shifted { journal.append(.constant(i, old)) } }
            shifted.removeAll(keepingCapacity: true)
            swap(&shifted, &shiftScratch)
        }
        return large
    }

    /// Replaces `old` by `new` in one transaction: by shifting `old`'s marker column when
    /// only the constant differs and a marker exists, else by removing and adding.
    mutating func replace(_ old: Constraint, with new: Constraint) throws(StepError) {
        guard let slot = recordSlot(of: old) else { throw .failure(.unknownConstraint(old)) }
        if recordSlots[slot]!.link >= 0 {
            do throws(StepError) {
                try transaction { (t: inout Tableau) throws(StepError) in
                    try t.replaceLink(slot, with: new, shiftingRecords: true)
                    try t.requireHold(afterAdding: new)
                }
            } catch .unsatisfiable {
                // Shifting the records' rows in place found a contradiction (or a shift too
                // large to trust): lowering them anew decides, and explains a conflict.
                try transaction { (t: inout Tableau) throws(StepError) in
                    try t.replaceLink(slot, with: new, shiftingRecords: false)
                    try t.requireHold(afterAdding: new)
                }
            }
            return
        }
        if recordSlots[slot]!.marker == nil {
            // A required equality without a marker: rebuild without it, then add `new`. The
            // tableau is a value, so keeping the old one costs nothing until it is replaced,
            // and restoring it on failure is exact.
            let saved = self
            removeRecord(at: slot, journaled: false)
            needsRebuild = true
            do throws(StepError) {
                do throws(SolverError) { try rebuildIfNeeded() } catch { throw .failure(error) }
                try addHolding(new)
            } catch {
                self = saved
                // The rebuild moved the records to other slots.
                pointHintsAtSlots()
                throw error
            }
            return
        }
        try transaction { (t: inout Tableau) throws(StepError) in
            let record = t.recordSlots[slot]!
            guard let marker = record.marker, Tableau.differOnlyInConstant(old, new) else {
                try t.erase(slot)
                try t.insert(new)
                try t.requireHold(afterAdding: new)
                return
            }
            t.removeRecord(at: slot, journaled: true)
            // Same slot, same generation: the uses of the members stay valid (same terms).
            t.addRecord(Record(constraint: new, marker: record.marker, other: record.other, sequence: record.sequence,
                               generation: record.generation), journaled: true)
            let (shift, large) = try t.shiftMarker(marker, of: old, by: new.constant - old.constant)
            if large {
                try t.requireExactShift(of: marker, ownShift: shift, other: nil, otherShift: 0, columnShift: -shift,
                                        constraint: new)
            }
            try t.dualOptimize()
            try t.optimize()
            try t.requireHold(afterAdding: new)
        }
    }

    /// Moves a record's row as if its constraint's constant grew by `change`, through its
    /// marker: the row says `expr + σ·m = 0`, so with `expr + change` in its place,
    /// `m' = m − change/σ` keeps every other symbol where it is. Queues what became
    /// infeasible; returns the marker's shift and whether a row moved by more than
    /// ``largeMagnitude``.
    mutating func shiftMarker(_ marker: Symbol, of constraint: Constraint,
                              by change: Double) throws(StepError) -> (shift: Double, large: Bool) {
        let sigma: Double = switch (constraint.relation, constraint.strength.isRequired) {
        case (.lessThanOrEqual, _): 1
        case (.greaterThanOrEqual, _): -1
        case (.equal, false): -1
        case (.equal, true): 1
        }
        let shift = -change / sigma
        guard rows[marker.index] != nil else {
            return (shift, shiftRows(containing: marker, by: -shift))
        }
        let value = shiftConstant(marker, by: shift)
        if marker.isDummy && !nearZero(value) {
            // A redundant equality whose new constant contradicts the others.
            noteCertificate(rows[marker.index]!, marker, inserting: nil)
            throw .unsatisfiable
        }
        if value < 0 { infeasible.append(marker) }
        return (shift, abs(shift) > Tableau.largeMagnitude)
    }

    /// Whether two constraints have the same terms, relation and strengths.
    static func differOnlyInConstant(_ a: Constraint, _ b: Constraint) -> Bool {
        guard a.relation == b.relation, a.strength == b.strength, a.belowStrength == b.belowStrength,
              a.terms.hasSameTerms(as: b.terms) else { return false }
        return true
    }
}
