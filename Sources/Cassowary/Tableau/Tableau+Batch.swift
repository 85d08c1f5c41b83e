// Adding many constraints at once: one transaction, one primal optimization at the end.

extension Tableau {
    /// Adds `constraints` in order as one transaction, deferring the primal optimization
    /// to the end of the batch (see ``insert(_:sequence:)``).
    ///
    /// A constraint already in the solver, or earlier in the batch, is skipped and its
    /// position returned among the duplicates. Returns nil, with the tableau exactly as it
    /// was, when any step fails (an unsatisfiable constraint, say): the caller then adds
    /// the constraints one at a time, which reports every error as sequential adds do.
    mutating func addBatch(_ constraints: [Constraint]) -> [Int]? {
        do throws(SolverError) { try rebuildIfNeeded() } catch { return nil }
        var duplicates: [Int] = []
        // Grow the tables once rather than rehashing or copying them as they fill: at most
        // one symbol per term and two markers per constraint.
        // (With equality classes most constraints of a layout are links, which make no
        // symbols: the tables then grow as they fill.)
        reserveGrowing(&recordSlots, recordSlots.count + constraints.count)
        if !usesClasses {
            var terms = 0
            for constraint in constraints { terms += constraint.terms.count }
            if variablesIndexed { variables.reserveCapacity(variables.count + terms) }
            reserveSymbols(symbolCount + terms + 2 * constraints.count)
        }
        let mark = begin()
        batching = true
        pendingOptimize = false
        defer {
            batching = false
            pendingOptimize = false
        }
        // The batch's records are not journaled (see ``insert(_:sequence:)``): a rollback
        // removes them by going over the constraints it inserted.
        //
        // With equality classes the links go first: a link that merges two classes re-lowers
        // every record already over the moved members, so records made after the links
        // are made once. Each keeps the sequence number of its place in the batch, so
        // conflicts are still explained in the order of the calls; the outcome is that of
        // adding them in order (a failure replays them one at a time).
        let base = nextSequence
        var order = Array(constraints.indices)
        if usesClasses {
            var others: [Int] = []
            var links = 0
            for position in constraints.indices {
                if LinkForm(constraints[position]) != nil {
                    order[links] = position
                    links += 1
                } else {
                    others.append(position)
                }
            }
            order.replaceSubrange(links..., with: others)
        }
        var inserted: [Int] = []
        inserted.reserveCapacity(constraints.count)
        do throws(StepError) {
            for position in order {
                let constraint = constraints[position]
                if hasRecord(constraint) {
                    duplicates.append(position)
                    continue
                }
                inserted.append(position)
                try insert(constraint, sequence: base + position)
            }
            nextSequence = base + constraints.count
            if pendingOptimize { try optimize() }
            try requireHold(afterAdding: constraints)
        } catch {
            rollback(mark)
            for position in inserted {
                if let slot = recordSlot(of: constraints[position]) { removeRecord(at: slot, journaled: false) }
            }
            return nil
        }
        duplicates.sort()
        if usesClasses { pruneMembers() }
        commit()
        return duplicates
    }
}
