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
        if needsRebuild && rebuildsAsBatch { return rebuildAdding(constraints) }
        do throws(SolverError) { try rebuildIfNeeded() } catch { return nil }
        return insertBatch(constraints)
    }

    /// Whether a rebuild adds the constraints as one batch (see ``rebuildAdding(_:)``):
    /// with equality classes, and with no edit variable to replay and no large number to
    /// check (the general rebuild handles those).
    var rebuildsAsBatch: Bool { usesClasses && edits.isEmpty && !holdsLargeNumbers }

    /// Makes the tableau afresh from the constraints it has and `constraints`, as one batch
    /// (as a build would: links first, one optimization at the end), each constraint kept
    /// keeping its place in the order; returns the duplicates among `constraints`, as
    /// ``addBatch(_:)`` does. Returns nil when the batch fails: the constraints kept are
    /// then records again, to be rebuilt by the next call, and the caller adds `constraints`
    /// one at a time.
    ///
    /// (Rebuilt one at a time, in order, links met the records over their members and
    /// lowered them anew, and constraints added after a rebuild pivoted through the rows
    /// it made: a quadratic rebuild.)
    mutating func rebuildAdding(_ constraints: [Constraint]) -> [Int]? {
        let kept = recordSlots.compactMap { $0 }.sorted { $0.sequence < $1.sequence }
        let following = nextSequence
        clearTableau()
        resetRecords([])
        needsRebuild = false
        var all = kept.map(\.constraint), sequences = kept.map(\.sequence)
        all += constraints
        sequences += constraints.indices.map { following + $0 }
        if let duplicates = insertBatch(all, sequences: sequences) {
            rebuildCount += 1
            // (The constraints kept are distinct and come first: every duplicate is a new one.)
            return duplicates.map { $0 - kept.count }
        }
        resetRecords(kept)
        needsRebuild = true
        nextSequence = following
        return nil
    }

    /// ``addBatch(_:)`` once no rebuild is pending, each constraint at `sequences[k]` in the
    /// order of the constraints (after the last by default).
    private mutating func insertBatch(_ constraints: [Constraint], sequences: [Int]? = nil) -> [Int]? {
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
        // Which constraints are links, one bit each: the two passes read it, where a list
        // of positions in the order of insertion would take eight bytes a constraint at the
        // peak of a build.
        var isLink = [UInt64](repeating: 0, count: usesClasses ? (constraints.count + 63) / 64 : 0)
        if usesClasses {
            var links = 0, terms = 0
            // (Each constraint unretained: the array keeps it alive.)
            constraints.withUnsafeBufferPointer { constraints in
                for position in constraints.indices {
                    let (link, count) = Unmanaged.passUnretained(constraints[position])._withUnsafeGuaranteedRef {
                        LinkForm.isLink($0) ? (true, 0) : (false, $0.terms.count)
                    }
                    if link {
                        isLink[position >> 6] |= 1 << UInt64(position & 63)
                        links += 1
                    } else {
                        terms += count
                    }
                }
            }
            // Each other constraint makes at most two symbols of its own (its markers),
            // costed, and a member and a symbol for each variable it names that the
            // tableau has not seen: the tables grow once for the batch, where each
            // doubling copied them and held the old and the new at once.
            classes.reserve(links: links, terms: terms)
            let others = constraints.count - links
            reserveSymbols(symbolCount + 2 * others + terms)
            objective.reserveCosts(2 * others)
        }
        /// Calls `body` with the positions in the order of insertion: the links first, then
        /// the others (all in order without classes), stopping when it returns false.
        func inInsertionOrder(_ body: (Int) throws(StepError) -> Bool) throws(StepError) {
            guard !isLink.isEmpty else {
                for position in constraints.indices { guard try body(position) else { return } }
                return
            }
            for pass in [true, false] {
                for position in constraints.indices where (isLink[position >> 6] >> UInt64(position & 63) & 1 == 1) == pass {
                    guard try body(position) else { return }
                }
            }
        }
        var processed = 0
        do throws(StepError) {
            try inInsertionOrder { position throws(StepError) in
                processed += 1
                // (The constraint unretained: the array keeps it alive.)
                var failure: StepError?
                Unmanaged.passUnretained(constraints[position])._withUnsafeGuaranteedRef { constraint in
                    if hasRecord(constraint) {
                        duplicates.append(position)
                        return
                    }
                    do throws(StepError) {
                        try insert(constraint, sequence: sequences?[position] ?? base + position)
                    } catch {
                        failure = error
                    }
                }
                if let failure { throw failure }
                return true
            }
            nextSequence = sequences.map { max(base, ($0.max() ?? -1) + 1) } ?? base + constraints.count
            if pendingOptimize { try optimize() }
            try requireHold(afterAdding: constraints)
        } catch {
            rollback(mark)
            // The records this batch made: the positions before the failure, in the same
            // order, that were not already in the solver.
            let skipped = Set(duplicates)
            var undone = 0
            try? inInsertionOrder { position in
                guard undone < processed else { return false }
                undone += 1
                if !skipped.contains(position), let slot = recordSlot(of: constraints[position]) {
                    removeRecord(at: slot, journaled: false)
                }
                return true
            }
            return nil
        }
        duplicates.sort()
        if usesClasses { pruneMembers() }
        commit()
        return duplicates
    }
}
