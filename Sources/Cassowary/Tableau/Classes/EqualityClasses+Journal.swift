// The classes' journal: while a call is in progress every change of an entry that existed
// when it began is recorded with the entry's old value, so a failed call is undone exactly.
// Entries made during the call are not journaled: a rollback drops them.

extension EqualityClasses {
    /// Starts journaling.
    mutating func begin() {
        journaling = true
        epoch &+= 1
        heads = (freeMember, freeClass, freeLink, freeUse)
        floor = Counts(members: members.count, classes: classes.count, links: links.count,
                       incidences: incidences.count, uses: uses.count)
    }

    /// Keeps the changes.
    mutating func commit() {
        journaling = false
        if !journal.isEmpty { journal.removeAll(keepingCapacity: true) }
    }

    /// Undoes every change since ``begin()``.
    mutating func rollback() {
        while let change = journal.popLast() {
            switch change {
            case .member(let k, let old):
                members[Int(k)] = old
                members[Int(k)].isDirty = false
                markDirty(k)
            case .placements(let moved, let klass, let offsets):
                for (k, offset) in zip(moved, offsets) {
                    members[Int(k)].klass = klass
                    members[Int(k)].offset = offset
                    markDirty(k)
                }
            case .klass(let k, let old):
                classes[Int(k)] = old
                // Its anchor names it again (a change of the class's anchor changes the
                // class, so every anchor whose hint the call changed is restored here).
                if let anchor = old.anchor { stampAnchor(anchor, k) }
            case .link(let k, let old): links[Int(k)] = old
            case .incidence(let k, let old): incidences[Int(k)] = old
            case .use(let k, let old): uses[Int(k)] = old
            case .owner(let k, let old): owners[Int(k)] = old
            }
        }
        (freeMember, freeClass, freeLink, freeUse) = heads
        if members.count > floor.members {
            members.removeSubrange(floor.members...)
            owners.removeSubrange(floor.members...)
        }
        if classes.count > floor.classes { classes.removeSubrange(floor.classes...) }
        if links.count > floor.links { links.removeSubrange(floor.links...) }
        if incidences.count > floor.incidences { incidences.removeSubrange(floor.incidences...) }
        if uses.count > floor.uses { uses.removeSubrange(floor.uses...) }
        dirty.removeAll { Int($0) >= members.count }
        // Members registered during the call may be in the index; it is rebuilt on demand.
        index = [:]
        indexed = false
        // A member freed during the call may be back.
        freedVariables.removeAll()
        journaling = false
    }

    /// Changes a member, journaling its old value the first time in the call.
    @inline(__always) mutating func setMember(_ k: Int32, _ change: (inout Member) -> Void) {
        journalWhole(k)
        change(&members[Int(k)])
    }

    /// Journals a member whole, the first time in the call (not one made during it).
    @inline(__always) private mutating func journalWhole(_ k: Int32) {
        if journaling && Int(k) < floor.members && members[Int(k)].epoch != epoch {
            journal.append(.member(k, members[Int(k)]))
            members[Int(k)].epoch = epoch
        }
    }

    /// Journals the class and offsets of members of one class that are about to move
    /// together (a side of a link, a class joining another), as one entry: a shift, split
    /// or merge moves a whole side, half of a list, and changes nothing else of them.
    /// Members made during the call, or journaled whole already, are left out (a rollback
    /// drops the first and restores the second). The others' epochs are left alone, so a
    /// later change of one in the call is journaled whole, and undone before this entry is.
    /// A few members are journaled whole instead (one entry each, no lists to make).
    @inline(__always) mutating func journalPlacements(of moved: [Int32]) {
        guard journaling, !moved.isEmpty else { return }
        if moved.count <= 4 {
            for m in moved { journalWhole(m) }
        } else {
            journalPlacementsNow(moved)
        }
    }

    @inline(never) private mutating func journalPlacementsNow(_ moved: [Int32]) {
        let floorMembers = floor.members, epoch = self.epoch
        /// Whether a member needs this entry: made before the call, not journaled whole.
        func needs(_ m: Int32) -> Bool { Int(m) < floorMembers && members[Int(m)].epoch != epoch }
        var needed = 0
        for m in moved where needs(m) { needed += 1 }
        guard needed > 0 else { return }
        let kept = needed == moved.count ? moved : moved.filter(needs)
        journal.append(.placements(kept, members[Int(kept[0])].klass, kept.map { members[Int($0)].offset }))
    }

    /// Changes a class, journaling its old value the first time in the call, and gives it
    /// a new version (see ``memberLists``).
    @inline(__always) mutating func setClass(_ k: Int32, _ change: (inout Klass) -> Void) {
        if journaling && Int(k) < floor.classes && classes[Int(k)].epoch != epoch {
            journal.append(.klass(k, classes[Int(k)]))
            classes[Int(k)].epoch = epoch
        }
        change(&classes[Int(k)])
        classes[Int(k)].version = nextVersion()
    }

    @inline(__always) mutating func setLink(_ k: Int32, _ change: (inout Link) -> Void) {
        if journaling && Int(k) < floor.links { journal.append(.link(k, links[Int(k)])) }
        change(&links[Int(k)])
    }

    @inline(__always) mutating func setIncidence(_ k: Int32, _ change: (inout Incidence) -> Void) {
        if journaling && Int(k) < floor.incidences { journal.append(.incidence(k, incidences[Int(k)])) }
        change(&incidences[Int(k)])
    }

    @inline(__always) mutating func setUse(_ k: Int32, _ change: (inout Use) -> Void) {
        if journaling && Int(k) < floor.uses { journal.append(.use(k, uses[Int(k)])) }
        change(&uses[Int(k)])
    }

    /// Changes the free-list heads (a rollback restores them from ``begin()``).
    @inline(__always) mutating func setHeads(_ change: (inout (member: Int32, klass: Int32, link: Int32, use: Int32)) -> Void) {
        var heads = (member: freeMember, klass: freeClass, link: freeLink, use: freeUse)
        change(&heads)
        (freeMember, freeClass, freeLink, freeUse) = heads
    }

    /// Sets or clears the variable a member keeps alive.
    mutating func setOwner(_ k: Int32, _ variable: Variable?) {
        if journaling && Int(k) < floor.members { journal.append(.owner(k, owners[Int(k)])) }
        owners[Int(k)] = variable
    }

    /// Sets or clears the class of an abstract anchor, in its member hint (which no member
    /// uses) as `-2 - class` (see ``klass(ofAnchor:)``). Not journaled: the class's own
    /// entry restores it (see ``rollback()``).
    mutating func stampAnchor(_ anchor: Variable, _ klass: Int32?) {
        anchor.memberHint.store(klass.map { -2 - $0 } ?? -1, ordering: .relaxed)
    }
}
