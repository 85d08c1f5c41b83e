// Adding, removing and changing links. Each change is planned first (which members move:
// the tableau takes out the records that use them before the classes change, and puts them
// back after), then applied.

extension EqualityClasses {
    /// A link `u - v == constant` (v is the ground for `u == constant`).
    struct Link {
        var u: Int32
        var v: Int32
        var constant: Double
        /// The slot of the link's record in the tableau; for a free slot, the next free
        /// slot (see ``nextFree``), so a link takes 24 bytes rather than 32.
        var slot: Int32 = -1
        /// Whether it is in its class's spanning tree (else it is redundant).
        var inTree: Bool

        init(u: Int32, v: Int32, constant: Double, inTree: Bool) {
            self.u = u
            self.v = v
            self.constant = constant
            self.inTree = inTree
        }

        /// A free slot, followed by `next` in the free list.
        static func free(next: Int32) -> Link {
            var link = Link(u: -1, v: -1, constant: 0, inTree: false)
            link.slot = next
            return link
        }

        /// For a free slot, the next free slot (-1 at the end).
        var nextFree: Int32 { slot }
    }

    /// What adding a link `u - v == constant` does.
    enum LinkPlan {
        /// Both are in one class already and the link agrees with it.
        case redundant
        /// Both are in one class already and the link contradicts it.
        case inconsistent
        /// The classes join: `moved` (every member of class `from`) moves into class
        /// `into`, each offset shifted by `delta`.
        case merge(Merge)
    }

    /// Two classes joining.
    struct Merge {
        var moved: [Int32]
        var from: Int32
        var into: Int32
        var delta: Double
        /// Whether `into` is self-anchored and gets an anchor of its own (its member's
        /// records are then lowered anew too).
        var anchorsInto: Bool
    }

    /// What removing a link, or changing its constant, does.
    enum SidePlan {
        /// The link is not in the tree: nothing else changes (for a new constant: it
        /// agrees with the tree).
        case redundant
        /// A redundant link replaces it in the tree (removal only).
        case replaced(Int32)
        /// A redundant link contradicts the new constant (a change only).
        case inconsistent
        /// `moved`, one side of the link in class `from`, leaves it (removal) or shifts by
        /// `delta` (a change); `kept` is a member of the other side.
        case side(moved: [Int32], from: Int32, kept: Int32, delta: Double)
    }

    /// Whether `a` and `b` agree to the solver's tolerance, relative to their size.
    static func agree(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-8 * max(1, abs(a), abs(b))
    }

    /// Plans adding the link `u - v == constant`.
    mutating func planLink(_ u: Int32, _ v: Int32, _ constant: Double) -> LinkPlan {
        let cu = members[Int(u)].klass, cv = members[Int(v)].klass
        let ou = members[Int(u)].offset, ov = members[Int(v)].offset
        if cu == cv { return EqualityClasses.agree(ou - ov, constant) ? .redundant : .inconsistent }
        // The smaller class moves; the ground never does.
        let movesU = isGround(cv) || (!isGround(cu) && classes[Int(cu)].count < classes[Int(cv)].count)
        let from = movesU ? cu : cv, into = movesU ? cv : cu
        let delta = movesU ? ov + constant - ou : ou - constant - ov
        let anchorsInto = !isGround(into) && classes[Int(into)].anchor == nil
        return .merge(Merge(moved: membersOf(from), from: from, into: into, delta: delta, anchorsInto: anchorsInto))
    }

    /// Joins two classes as planned (the link itself is added by ``addLink(_:)``).
    mutating func applyMerge(_ merge: Merge) {
        let into = merge.into
        if merge.anchorsInto { giveAnchor(to: into) }
        let delta = merge.delta
        place(merge.moved, into: into) { $0 + delta }
        let count = Int32(merge.moved.count)
        setClass(into) { $0.count += count }
        freeClassSlot(merge.from)
    }

    /// Gives a self-anchored class (one member, whose variable stands for it in the
    /// tableau) an anchor of its own, at its member's value: the records over the member
    /// must then be lowered anew, over the anchor.
    mutating func giveAnchor(to klass: Int32) {
        let seed = classes[Int(klass)].seed
        let anchor = Variable(.classAnchor, value: members[Int(seed)].variable?.value ?? 0)
        setClass(klass) {
            $0.anchor = anchor
            $0.written = anchor.value
        }
        stampAnchor(anchor, klass)
        // The seed's value was its variable's own: it is now the anchor's plus nothing.
        setMember(seed) { $0.offset = 0 }
        markDirty(seed)
    }

    /// Plans removing a link (`newConstant` nil) or changing its constant.
    mutating func planSides(of link: Int32, newConstant: Double?) -> SidePlan {
        let l = links[Int(link)]
        if !l.inTree {
            guard let c = newConstant else { return .redundant }
            let agrees = EqualityClasses.agree(members[Int(l.u)].offset - members[Int(l.v)].offset, c)
            return agrees ? .redundant : .inconsistent
        }
        // The same constant again changes nothing (and contradicts no redundant link).
        if let c = newConstant, EqualityClasses.agree(c, l.constant) { return .redundant }
        let (small, smallStamp, other) = movingSide(of: link)
        if newConstant == nil {
            // A redundant link across the cut keeps the class whole.
            if let k = redundantLink(leaving: small, marked: smallStamp, besides: link) { return .replaced(k) }
        }
        var delta = 0.0
        if let c = newConstant {
            // A redundant link across the cut would no longer agree.
            if redundantLink(leaving: small, marked: smallStamp, besides: link) != nil { return .inconsistent }
            delta = small.contains(l.u) ? c - l.constant : l.constant - c
        }
        return .side(moved: small, from: members[Int(l.u)].klass, kept: other, delta: delta)
    }

    /// Moves one side of a removed tree link into a class of its own. `anchorValue` is the
    /// value of the class's anchor now: the moved members keep their values until the
    /// tableau says otherwise. Returns the new class.
    @discardableResult
    mutating func applySplit(moved: [Int32], from: Int32, kept: Int32, anchorValue: Double) -> Int32 {
        let single = moved.count == 1
        let anchor: Variable? = single ? nil : Variable(.classAnchor, value: 0)
        let klass = allocateClass(Klass(anchor: anchor, seed: moved[0], count: Int32(moved.count)))
        if let anchor { stampAnchor(anchor, klass) }
        place(moved, into: klass) { single ? 0 : $0 + anchorValue }
        endSilence(in: from)
        let count = Int32(moved.count)
        setClass(from) {
            $0.count -= count
            $0.seed = kept
        }
        return klass
    }

    /// The most a member's offset would lose to rounding if `delta` were added to the
    /// offsets of `moved` (100 + 1e20 is 1e20: the 100 is gone), beyond the solver's
    /// tolerance relative to the offset; nil when none loses that much.
    func precisionLoss(_ moved: [Int32], delta: Double) -> Double? {
        guard abs(delta) > Tableau.largeMagnitude else { return nil }
        var worst: Double?
        for m in moved {
            let old = members[Int(m)].offset
            let lost = abs((old + delta) - delta - old)
            if lost > Tableau.holdingTolerance * max(1, abs(old)) { worst = max(worst ?? 0, lost) }
        }
        return worst
    }

    /// Shifts the offsets of one side of a tree link whose constant changed.
    mutating func applyShift(moved: [Int32], delta: Double) {
        guard let first = moved.first else { return }
        place(moved, into: members[Int(first)].klass) { $0 + delta }
        endSilence(in: members[Int(first)].klass)
    }

    /// Moves members of one class into `klass` (their own for a shift), each at the offset
    /// `offset` gives for its old one, and marks them dirty and not silent (see
    /// ``Member/isSilent``); journaled as one entry (see
    /// ``journalPlacements(of:)``). The members are written through one buffer, without a
    /// uniqueness check per member.
    @inline(__always)
    private mutating func place(_ moved: [Int32], into klass: Int32, offset: (Double) -> Double) {
        journalPlacements(of: moved)
        var marked: [Int32] = []
        swap(&marked, &dirty)
        members.withUnsafeMutableBufferPointer { members in
            for m in moved {
                members[Int(m)].klass = klass
                members[Int(m)].offset = offset(members[Int(m)].offset)
                members[Int(m)].isSilent = false
                if !members[Int(m)].isDirty {
                    members[Int(m)].isDirty = true
                    marked.append(m)
                }
            }
        }
        swap(&marked, &dirty)
    }
}
