// Transactions: while a call is in progress every change is journaled, and a failure
// undoes the journal, so a call that throws leaves the tableau exactly as it was.

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
        journalFloor = symbolCount
        objective.journalFloor = symbolCount
        if usesClasses { classes.begin() }
        linkConflict = nil
        return Mark(journal: journal.count, meta: metaJournal.count, objective: objective.mark,
                    symbols: symbolCount, sequence: nextSequence)
    }

    /// Keeps the changes since `begin`.
    mutating func commit() {
        journaling = false
        objective.journaling = false
        // Popping is cheaper than the generic `removeAll(keepingCapacity:)` for the few
        // entries of one call, and keeps the storage too.
        while !journal.isEmpty { journal.removeLast() }
        while !metaJournal.isEmpty { metaJournal.removeLast() }
        if !journalCells.isEmpty { journalCells.removeAll(keepingCapacity: true) }
        if !constantJournal.isEmpty { constantJournal.removeAll(keepingCapacity: true) }
        objective.commit()
        if usesClasses { classes.commit() }
        if !releasedSymbols.isEmpty { recycleSymbols() }
    }

    /// Undoes every change since `mark`.
    mutating func rollback(_ mark: Mark) {
        rollback(to: mark.journal, meta: mark.meta, symbols: mark.symbols)
        objective.rollback(to: mark.objective) { states[$0].symbol }
        if usesClasses { classes.rollback() }
        releasedMembers.removeAll()
        releasedSymbols.removeAll()
        nextSequence = mark.sequence
        commit()
    }

    /// Runs `body` as one transaction; any failure is undone and rethrown.
    mutating func transaction(_ body: (inout Tableau) throws(StepError) -> Void) throws(StepError) {
        let mark = begin()
        do throws(StepError) {
            try body(&self)
            if usesClasses { pruneMembers() }
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

    /// Journals a row's old constant: in the cheap journal while no row has changed yet in
    /// this call, else in the row journal, which keeps the order of undoing exact.
    @inline(__always) mutating func journalConstant(_ index: Int, _ old: Double) {
        guard journaling && index < journalFloor else { return }
        if journal.count == journalStart {
            constantJournal.append((Int32(index), old))
        } else {
            journal.append(.constant(Int32(index), old))
        }
    }

    /// Journals a row about to change in place: its cells are copied to ``journalCells``.
    /// (Journaled as the row itself, the row's storage would be shared with the journal, and
    /// the change would copy it into new storage: an allocation for every row a substitution
    /// rewrites, and a release of the old one when the call ends.)
    @inline(__always) mutating func journalCells(of index: Int) {
        let start = journalCells.count
        let (constant, count) = rows.withUnsafeBufferPointer { rows in
            rows[index].unsafelyUnwrapped.cells.withUnsafeBufferPointer { cells in
                journalCells.append(contentsOf: cells)
                return (rows[index].unsafelyUnwrapped.constant, cells.count)
            }
        }
        journal.append(.cells(Int32(index), constant: constant, start: Int32(start), count: Int32(count)))
    }

    /// Puts a journaled row back (nil: the symbol was parametric then), with its column
    /// entries; the entries of the row it replaces go stale.
    private mutating func putBack(_ old: Row?, at i: Int32) {
        staleColumnEntries += (rows[Int(i)]?.cells.count ?? 0) + (old?.cells.count ?? 0)
        rows[Int(i)] = old
        touch(Int(i))
        guard let old else { return }
        for cell in old.cells { columns.append(i, to: cell.symbol.index) }
        cellsMade &+= old.cells.count
    }

    /// Undoes the journals back to their marks and forgets symbols made since `symbolMark`.
    /// Entries of those symbols (none are journaled from ``begin()`` on, but an edit's
    /// shift journals in bulk) are skipped: their rows are dropped anyway.
    mutating func rollback(to mark: Int, meta metaMark: Int, symbols symbolMark: Int) {
        while journal.count > mark {
            let entry = journal.removeLast()
            switch entry {
            case .row(let i, _), .cells(let i, _, _, _), .constant(let i, _), .references(let i, _), .order(let i, _),
                 .reused(let i, _):
                if Int(i) >= symbolMark { continue }
            }
            switch entry {
            case .row(let i, let old):
                putBack(old, at: i)
            case .cells(let i, let constant, let start, let count):
                putBack(Row(constant: constant, cells: Array(journalCells[Int(start)..<Int(start + count)])), at: i)
                undoneCellRows += 1
            case .constant(let i, let old):
                rows[Int(i)]!.constant = old
                touch(Int(i))
            case .references(let i, let old): states[Int(i)].references = old
            case .order(let i, let old): states[Int(i)].order = old
            case .reused(let i, let old):
                states[Int(i)] = old
                freeSymbols[Int(old.symbol.kind.rawValue)].append(i)
            }
        }
        while let (i, old) = constantJournal.popLast() {
            guard Int(i) < symbolMark else { continue }
            rows[Int(i)]!.constant = old
            touch(Int(i))
        }
        while metaJournal.count > metaMark {
            switch metaJournal.removeLast() {
            case .recordAdded(let slot, let reused): undoRecordAdded(at: Int(slot), reused: reused)
            case .recordRemoved(let slot, let record): undoRecordRemoved(at: Int(slot), record)
            case .edit(let key, let old): edits[key] = old
            case .variable(let key, let old): variables[key] = old
            }
        }
        // Variables first registered since the mark have no journal entry, and the index may
        // have been built during the call: drop it, as the states below are exact.
        dropVariableIndex()
        if symbolCount > symbolMark {
            states.removeSubrange(symbolMark...)
            rows.removeSubrange(symbolMark...)
            columns.removeSymbols(from: symbolMark)
            dirty.removeAll { Int($0) >= symbolMark }
        }
        infeasible.removeAll()
    }
}
