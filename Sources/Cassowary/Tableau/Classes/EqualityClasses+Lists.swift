// Lists of the members of large classes, kept between updates.
//
// Writing the values of a class whose anchor moved visits its members. A walk of its
// spanning tree finds them, but reads every member's incidences and links and marks each
// member on the way: in a hide that moves half a stack, most of the update. A class's
// members change only when the class does (a merge, a split, a member added or freed),
// and every such change goes through ``EqualityClasses/setClass(_:_:)`` or
// ``EqualityClasses/allocateClass(_:)``, which give the class a new version. A list made
// at one version is the class's members for as long as the class keeps that version.
//
// Versions come from one counter that a rollback leaves alone: a rollback restores a
// class's old version together with its old members, so a list made before the call is
// right again, and a list made during it is at a version no class will have again. The
// counter has 64 bits, so no version is ever given twice: a counter that wrapped could
// give a class, again, the version of a list made for it with other members (a rollback
// restores versions from before the wrap, so clearing the lists then would not do).
//
// The lists share one pool (a list each would be an allocation per class at the first
// layout); a list made again leaves its old place unused, and the pool is compacted when
// more than half of it is.

extension EqualityClasses {
    /// Where a class's list is in ``memberPool``, and the version of the class it was made
    /// at (0: no list).
    struct MemberList {
        var version: UInt64 = 0
        var start: Int32 = 0
        var count: Int32 = 0
    }

    /// The fewest members a class has for its list to be kept (a smaller class is walked
    /// each time, which costs less than keeping a list for it).
    static let listedClassSize: Int32 = 4

    /// A version no class has had.
    @inline(__always) mutating func nextVersion() -> UInt64 {
        lastVersion += 1
        return lastVersion
    }

    /// The place in ``memberPool`` of the members of a large class, made by a walk of its
    /// tree unless its list was made at the class's version; nil for a small class.
    mutating func listedMembers(of klass: Int32) -> Range<Int>? {
        let k = Int(klass), version = classes[k].version
        guard classes[k].count >= EqualityClasses.listedClassSize else { return nil }
        if k < memberLists.count {
            let list = memberLists[k]
            if list.version == version { return Int(list.start)..<Int(list.start + list.count) }
            if list.version != 0 { unusedPool += Int(list.count) }
        } else {
            memberLists.append(contentsOf: repeatElement(MemberList(), count: classes.count - memberLists.count))
        }
        if unusedPool > 1024 && unusedPool > memberPool.count / 2 { compactPool() }
        // (The pool is walked into as a local: the walk changes the members' marks.)
        var pool: [Int32] = []
        swap(&pool, &memberPool)
        let start = pool.count
        walk(from: classes[k].seed, avoiding: -1, into: &pool)
        swap(&pool, &memberPool)
        memberLists[k] = MemberList(version: version, start: Int32(start), count: Int32(memberPool.count - start))
        return start..<memberPool.count
    }

    /// Keeps in the pool only the lists still at their class's version.
    private mutating func compactPool() {
        var pool: [Int32] = []
        pool.reserveCapacity(memberPool.count - unusedPool)
        for k in memberLists.indices where memberLists[k].version != 0 {
            let list = memberLists[k]
            guard k < classes.count, classes[k].version == list.version else {
                memberLists[k] = MemberList()
                continue
            }
            memberLists[k].start = Int32(pool.count)
            pool.append(contentsOf: memberPool[Int(list.start)..<Int(list.start + list.count)])
        }
        memberPool = pool
        unusedPool = 0
    }
}
