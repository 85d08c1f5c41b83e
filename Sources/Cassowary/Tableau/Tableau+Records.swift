// The constraints' records, in slots: each constraint remembers the slot of its record in
// the tableau that last stored it (its ``Constraint/recordHint``), so finding a record
// costs no hashing. Every change of a record goes through these, which journal it while a
// call is in progress.

extension Tableau {
    /// A constraint in the tableau: the symbols made for its row, or its link in the
    /// equality classes, and its place in the order of the calls.
    struct Record {
        let constraint: Constraint
        /// ``marker`` and ``other`` as their raw values, `UInt32.max` for none: two optional
        /// symbols would take eight bytes each, and a record 40 bytes instead of 32.
        private var markerRaw: UInt32
        private var otherRaw: UInt32
        let sequence: Int
        /// The constraint's link in ``classes`` (-1 for a constraint with a row).
        var link: Int32 = -1
        /// Tells this record from an earlier one of the same slot (see
        /// ``EqualityClasses/Use``).
        var generation: UInt32 = 0

        init(constraint: Constraint, marker: Symbol? = nil, other: Symbol? = nil, sequence: Int, link: Int32 = -1,
             generation: UInt32 = 0) {
            self.constraint = constraint
            markerRaw = marker?.raw ?? .max
            otherRaw = other?.raw ?? .max
            self.sequence = sequence
            self.link = link
            self.generation = generation
        }

        /// The symbol made for the constraint's row: an inequality's slack, a preference's
        /// error above zero, or a required equality's dummy (nil for one without).
        var marker: Symbol? {
            get { markerRaw == .max ? nil : Symbol(raw: markerRaw) }
            set { markerRaw = newValue?.raw ?? .max }
        }
        /// The second symbol, for a preference: an optional inequality's error, or an
        /// equality's error below zero.
        var other: Symbol? {
            get { otherRaw == .max ? nil : Symbol(raw: otherRaw) }
            set { otherRaw = newValue?.raw ?? .max }
        }
    }

    /// The slot of a constraint's record, or nil when the constraint is not in the tableau.
    ///
    /// The hint is checked against the tableau: the slot must hold this very constraint,
    /// which holds exactly when the constraint's record is there (a constraint has at most
    /// one record). When the check fails (the constraint is not here, its slot was reused,
    /// or another tableau moved the hint), `recordIndex` answers, built first if need be.
    @inline(__always) mutating func recordSlot(of constraint: Constraint) -> Int? {
        let hint = Int(constraint.recordHint.load(ordering: .relaxed))
        // -1: no tableau has ever stored the constraint.
        if hint < 0 { return nil }
        if hint < recordSlots.count && recordSlots[hint]?.constraint === constraint { return hint }
        return indexedRecordSlot(of: constraint)
    }

    /// The slot of a constraint whose hint failed, from `recordIndex`.
    @inline(never) mutating func indexedRecordSlot(of constraint: Constraint) -> Int? {
        if !recordsIndexed { indexRecords() }
        guard let slot = recordIndex[Identity(constraint)] else { return nil }
        if storesHints { constraint.recordHint.store(Int32(clamping: slot), ordering: .relaxed) }
        return slot
    }

    /// Builds `recordIndex` from the slots, and keeps it up to date from then on.
    @inline(never) mutating func indexRecords() {
        recordIndex = [:]
        recordIndex.reserveCapacity(recordCount)
        for slot in recordSlots.indices {
            if let constraint = recordSlots[slot]?.constraint { recordIndex[Identity(constraint)] = slot }
        }
        recordsIndexed = true
    }

    /// The record of a constraint, or nil.
    mutating func record(of constraint: Constraint) -> Record? {
        guard let slot = recordSlot(of: constraint) else { return nil }
        return recordSlots[slot]
    }

    /// Whether the constraint has a record here.
    mutating func hasRecord(_ constraint: Constraint) -> Bool { recordSlot(of: constraint) != nil }

    /// The records, in the order their constraints were added.
    var records: [Record] {
        recordSlots.compactMap { $0 }.sorted { $0.sequence < $1.sequence }
    }

    /// Stores the record of a constraint that has none, in a free slot or a new one.
    /// Journaled while a call is in progress unless `journaled` is false (a batch removes
    /// its records itself, see ``addBatch(_:)``).
    @discardableResult
    mutating func addRecord(_ record: consuming Record, journaled: Bool) -> Int {
        let reused = !freeRecordSlots.isEmpty
        let slot = reused ? Int(freeRecordSlots[freeRecordSlots.count - 1]) : recordSlots.count
        // The constraint is read in place before the record moves in: no retain of it.
        if storesHints { record.constraint.recordHint.store(Int32(clamping: slot), ordering: .relaxed) }
        if recordsIndexed { recordIndex[Identity(record.constraint)] = slot }
        if reused {
            freeRecordSlots.removeLast()
            recordSlots[slot] = consume record
        } else {
            recordSlots.append(consume record)
        }
        recordCount += 1
        if journaled && journaling { metaJournal.append(.recordAdded(Int32(slot), reused: reused)) }
        return slot
    }

    /// Empties a record's slot and frees it. Journaled as ``addRecord(_:journaled:)`` is.
    mutating func removeRecord(at slot: Int, journaled: Bool) {
        let record = recordSlots[slot].take()!
        freeRecordSlots.append(Int32(slot))
        recordCount -= 1
        if recordsIndexed { recordIndex[Identity(record.constraint)] = nil }
        if journaled && journaling { metaJournal.append(.recordRemoved(Int32(slot), record)) }
    }

    /// Undoes ``addRecord(_:journaled:)`` (entries are undone last first, so the slot is
    /// the last one of the table or the one to give back to the top of the free list).
    mutating func undoRecordAdded(at slot: Int, reused: Bool) {
        let record = recordSlots[slot].take()!
        if !reused && slot == recordSlots.count - 1 {
            recordSlots.removeLast()
        } else {
            freeRecordSlots.append(Int32(slot))
        }
        recordCount -= 1
        if recordsIndexed { recordIndex[Identity(record.constraint)] = nil }
    }

    /// Undoes ``removeRecord(at:journaled:)``: the slot is the top of the free list.
    mutating func undoRecordRemoved(at slot: Int, _ record: consuming Record) {
        let constraint = record.constraint
        if freeRecordSlots.last == Int32(slot) {
            freeRecordSlots.removeLast()
        } else {
            freeRecordSlots.removeAll { $0 == Int32(slot) }
        }
        recordSlots[slot] = consume record
        recordCount += 1
        if storesHints { constraint.recordHint.store(Int32(clamping: slot), ordering: .relaxed) }
        if recordsIndexed { recordIndex[Identity(constraint)] = slot }
    }

    /// Replaces every record by `records`, in that order, unjournaled (see
    /// ``rebuildIfNeeded()``).
    mutating func resetRecords(_ records: [Record]) {
        recordSlots = records.map(Optional.some)
        freeRecordSlots = []
        recordCount = records.count
        recordIndex = [:]
        recordsIndexed = false
        pointHintsAtSlots()
    }

    /// Points the hint of every constraint with a record at its slot (after the slots were
    /// replaced wholesale).
    mutating func pointHintsAtSlots() {
        guard storesHints else { return }
        for slot in recordSlots.indices {
            recordSlots[slot]?.constraint.recordHint.store(Int32(clamping: slot), ordering: .relaxed)
        }
    }
}
