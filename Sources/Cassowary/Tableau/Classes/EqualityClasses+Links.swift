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
        if merge.anchorsInto {
            let seed = classes[Int(into)].seed
            let anchor = Variable(.classAnchor, value: members[Int(seed)].variable?.value ?? 0)
            setClass(into) {
                $0.anchor = anchor
                $0.written = anchor.value
            }
            stampAnchor(anchor, into)
            // The seed's value was its variable's own: it is now the anchor's plus nothing.
            setMember(seed) { $0.offset = 0 }
            markDirty(seed)
        }
        let delta = merge.delta
        place(merge.moved, into: into) { $0 + delta }
        let count = Int32(merge.moved.count)
        setClass(into) { $0.count += count }
        freeClassSlot(merge.from)
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

    /// The side of a tree link's cut that moves when the link goes or changes: the side
    /// without the ground, or the smaller side when neither holds it; with the stamp its
    /// members carry and an endpoint of the other side. Both sides are walked in step, a
    /// member at a time and a member with many links a few link ends at a time (so the
    /// cost is about twice the smaller side, even when the other side holds a member with
    /// thousands of links, as the root's edge a list's rows all hang from); a side that
    /// reaches the ground stops there, and the other one is walked on to its end from
    /// where it stands.
    private mutating func movingSide(of link: Int32) -> (side: [Int32], stamp: UInt32, other: Int32) {
        let l = links[Int(link)]
        let ground = Int(EqualityClasses.ground)
        nextStamp()
        let stampU = stamp
        nextStamp()
        let stampV = stamp
        return withTree { tree in
            // (Made here: walks captured from outside the closure would live in boxes.)
            var u = SideWalk(start: l.u, mark: stampU), v = SideWalk(start: l.v, mark: stampV)
            tree.members[Int(l.u)].stamp = u.mark
            tree.members[Int(l.v)].stamp = v.mark
            while true {
                if tree.members[ground].stamp == u.mark {
                    while v.step(tree, avoiding: link) {}
                    return (v.side, v.mark, l.u)
                }
                if !u.step(tree, avoiding: link) { return (u.side, u.mark, l.v) }
                if tree.members[ground].stamp == v.mark {
                    while u.step(tree, avoiding: link) {}
                    return (u.side, u.mark, l.v)
                }
                if !v.step(tree, avoiding: link) { return (v.side, v.mark, l.u) }
            }
        }
    }

    /// One side of a cut, walked a member at a time, and a member with many links a few
    /// link ends at a time (see ``movingSide(of:)``): the members found (marked with
    /// `mark`), the first not yet expanded, and the next link end of that one to read.
    private struct SideWalk {
        var side: [Int32]
        let mark: UInt32
        var next = 0
        /// The next incidence of `side[next]` to read; -1 before its first.
        var node: Int32 = -1

        /// The most link ends a step reads.
        static let stepLimit = 16

        init(start: Int32, mark: UInt32) {
            side = [start]
            self.mark = mark
        }

        /// Reads the link ends of the next member (up to ``stepLimit`` of them), adding the
        /// members across tree links (other than `avoiding`) that are not marked yet;
        /// false when the side is complete.
        @inline(__always) mutating func step(_ tree: TreeStorage, avoiding: Int32) -> Bool {
            while node < 0 {
                guard next < side.count else { return false }
                node = tree.members[Int(side[next])].firstIncidence
                if node < 0 { next += 1 }
            }
            var budget = SideWalk.stepLimit
            repeat {
                let k = node >> 1
                if k != avoiding && tree.links[Int(k)].inTree {
                    let far = node & 1 == 0 ? tree.links[Int(k)].v : tree.links[Int(k)].u
                    if tree.members[Int(far)].stamp != mark {
                        tree.members[Int(far)].stamp = mark
                        side.append(far)
                    }
                }
                node = tree.incidences[Int(node)].next
                budget -= 1
            } while node >= 0 && budget > 0
            if node < 0 { next += 1 }
            return true
        }
    }

    /// A redundant link other than `besides` from a member of `side` (its members marked
    /// with `mark`) to a member outside it: one that crosses the cut, or nil.
    private func redundantLink(leaving side: [Int32], marked mark: UInt32, besides link: Int32) -> Int32? {
        for m in side {
            var node = members[Int(m)].firstIncidence
            while node >= 0 {
                let k = node >> 1
                if k != link && !links[Int(k)].inTree {
                    let far = node & 1 == 0 ? links[Int(k)].v : links[Int(k)].u
                    if members[Int(far)].stamp != mark { return k }
                }
                node = incidences[Int(node)].next
            }
        }
        return nil
    }

    /// The members of a class, its seed first (a walk of its spanning tree).
    mutating func membersOf(_ klass: Int32) -> [Int32] {
        var result: [Int32] = []
        walk(from: classes[Int(klass)].seed, avoiding: -1, into: &result)
        return result
    }

    /// Appends the members reached from `start` through tree links other than `avoiding`
    /// (a link index, or -1), marking them with a fresh stamp.
    mutating func walk(from start: Int32, avoiding: Int32, into result: inout [Int32]) {
        nextStamp()
        let first = result.count, mark = stamp
        members[Int(start)].stamp = mark
        result.append(start)
        withTree { $0.walkOn(&result, from: first, marking: mark, avoiding: avoiding) }
    }

    /// Runs `body` with the spanning trees' storage (the members, links and incidences)
    /// held once, so that a walk's steps check neither uniqueness nor bounds.
    @inline(__always)
    mutating func withTree<Result>(_ body: (TreeStorage) -> Result) -> Result {
        links.withUnsafeBufferPointer { links in
            incidences.withUnsafeBufferPointer { incidences in
                members.withUnsafeMutableBufferPointer { members in
                    body(TreeStorage(members: members, links: links, incidences: incidences))
                }
            }
        }
    }

    /// The spanning trees' storage during a walk (see ``withTree(_:)``): only stamps change.
    struct TreeStorage {
        let members: UnsafeMutableBufferPointer<Member>
        let links: UnsafeBufferPointer<Link>
        let incidences: UnsafeBufferPointer<Incidence>

        /// Goes on with a walk: expands `side`'s members from position `next` on (and those
        /// they add) through tree links other than `avoiding`, marking them with `mark`.
        @inline(__always) func walkOn(_ side: inout [Int32], from next: Int, marking mark: UInt32, avoiding: Int32) {
            var k = next
            while k < side.count {
                expand(side[k], mark, avoiding: avoiding, into: &side)
                k += 1
            }
        }

        /// Appends the unvisited tree neighbours of a member (through tree links other than
        /// `avoiding`), marking them.
        @inline(__always) func expand(_ m: Int32, _ mark: UInt32, avoiding: Int32, into side: inout [Int32]) {
            var node = members[Int(m)].firstIncidence
            while node >= 0 {
                let k = node >> 1
                if k != avoiding && links[Int(k)].inTree {
                    let far = node & 1 == 0 ? links[Int(k)].v : links[Int(k)].u
                    if members[Int(far)].stamp != mark {
                        members[Int(far)].stamp = mark
                        side.append(far)
                    }
                }
                node = incidences[Int(node)].next
            }
        }
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
    }

    /// Moves members of one class into `klass` (their own for a shift), each at the offset
    /// `offset` gives for its old one, and marks them dirty; journaled as one entry (see
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
                if !members[Int(m)].isDirty {
                    members[Int(m)].isDirty = true
                    marked.append(m)
                }
            }
        }
        swap(&marked, &dirty)
    }

    /// The tree links on the path between two members of one class (for explanations),
    /// or nil if they are not connected by tree links.
    mutating func treePath(from start: Int32, to goal: Int32) -> [Int32]? {
        if start == goal { return [] }
        nextStamp()
        var parentLink: [Int32: Int32] = [:]
        var queue: [Int32] = [start]
        members[Int(start)].stamp = stamp
        var k = 0
        while k < queue.count {
            let m = queue[k]
            k += 1
            var node = members[Int(m)].firstIncidence
            while node >= 0 {
                let l = node >> 1
                if links[Int(l)].inTree {
                    let far = node & 1 == 0 ? links[Int(l)].v : links[Int(l)].u
                    if members[Int(far)].stamp != stamp {
                        members[Int(far)].stamp = stamp
                        parentLink[far] = l
                        if far == goal {
                            var path: [Int32] = []
                            var at = goal
                            while at != start, let via = parentLink[at] {
                                path.append(via)
                                at = links[Int(via)].u == at ? links[Int(via)].v : links[Int(via)].u
                            }
                            return path
                        }
                        queue.append(far)
                    }
                }
                node = incidences[Int(node)].next
            }
        }
        return nil
    }
}

extension EqualityClasses {
    /// The tree links of the smallest subtree of a class's spanning tree that connects
    /// `ends` (members of one class): the class's tree is walked from the first end, then
    /// each other end climbs toward it until it meets a member already on the way.
    mutating func steinerLinks(connecting ends: [Int32]) -> [Int32] {
        guard let root = ends.first, ends.count > 1 else { return [] }
        var order: [Int32] = []
        walk(from: root, avoiding: -1, into: &order)
        // The link to each member's parent in the walk.
        var parent: [Int32: Int32] = [:]
        for m in order {
            var node = members[Int(m)].firstIncidence
            while node >= 0 {
                let l = node >> 1
                if links[Int(l)].inTree {
                    let far = node & 1 == 0 ? links[Int(l)].v : links[Int(l)].u
                    if far != root && parent[far] == nil { parent[far] = l }
                }
                node = incidences[Int(node)].next
            }
        }
        var onPath: Set<Int32> = [root]
        var result: [Int32] = []
        for end in ends.dropFirst() {
            var at = end
            while !onPath.contains(at), let via = parent[at] {
                onPath.insert(at)
                result.append(via)
                at = links[Int(via)].u == at ? links[Int(via)].v : links[Int(via)].u
            }
        }
        return result
    }
}
