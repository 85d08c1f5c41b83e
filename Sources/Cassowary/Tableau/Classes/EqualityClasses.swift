/// Required equalities of the form `x - y == c` and `x == c` ("links"), kept out of the
/// tableau as classes of variables that move together.
///
/// A chain of such equalities (`view[i].top == view[i-1].bottom + 8`, the shape of every
/// list, row and nested stack) is what makes a Cassowary tableau quadratic when required
/// equalities carry marker columns: the marker of every link appears in every row below
/// it. Here the links never reach the tableau. The variables they join form a class, and
/// each member is its class's *anchor* plus a constant offset (`member = anchor + offset`).
/// The tableau sees only anchors: a constraint over members is lowered to one over
/// anchors, with the offsets folded into its constant (see Tableau+Classes.swift).
///
/// A class's links form a graph. A spanning tree of it defines the offsets; every other
/// link is redundant and has been checked to agree. The class of the constant zero (the
/// *ground*, member 0) holds every variable a chain of links pins to a number: its
/// members have no anchor and their value is their offset.
///
/// Adding a link between two classes relabels the smaller one; removing a tree link
/// splits its class unless a redundant link can take its place; changing a tree link's
/// constant shifts one side. Each costs the size of the side that moves plus the
/// constraints that use its members (which the tableau takes out and puts back, lowered
/// anew), never the size of the whole system. Every change is journaled, so a failed call
/// is undone exactly (see ``rollback(to:)``).
struct EqualityClasses {
    /// A variable the classes know.
    struct Member {
        /// The variable, unretained (``owners`` keeps it alive, so copying a member, as the
        /// journal does for every member a change moves, retains nothing); nil for the
        /// ground and for free slots.
        var reference: Unmanaged<Variable>?
        /// The variable.
        @inline(__always) var variable: Variable? { reference?.takeUnretainedValue() }
        /// `variable == anchor + offset`.
        var offset: Double
        /// Its class; for a free slot, the next free slot (-1 at the end).
        var klass: Int32
        /// The first node of its list of incidences (links that touch it), or -1.
        var firstIncidence: Int32 = -1
        /// The first entry of its list of uses (tableau records that mention it), or -1.
        var firstUse: Int32 = -1
        /// Entries in that list, stale ones included (see ``Use``).
        var useEntries: Int32 = 0
        /// Terms of live tableau records that mention it.
        var uses: Int32 = 0
        /// The mark of the last walk that visited it.
        var stamp: UInt32 = 0
        /// The call in which it was last journaled (see ``setMember(_:_:)``).
        var epoch: UInt32 = 0
        /// Whether its value must be written at the next update.
        var isDirty = false
        /// Whether a move of its class's anchor is not told (see
        /// ``Tableau/silence(_:alongside:)``), while ``silentTag`` is its class's.
        var isSilent = false
        /// Its class's ``Klass/silentTag`` when it was made silent.
        var silentTag: UInt16 = 0

        init(variable: Variable?, klass: Int32, offset: Double) {
            reference = variable.map { Unmanaged.passUnretained($0) }
            self.offset = offset
            self.klass = klass
        }
    }

    /// A class of members.
    struct Klass {
        /// The tableau's variable for the class: nil for the ground, and for a class of
        /// one member whose own variable stands for it (a *self-anchored* class).
        var anchor: Variable?
        /// A member, where walks of the class start; for a free slot, the next free slot.
        var seed: Int32
        /// The number of members.
        var count: Int32
        /// The anchor's value when the members' values were last written.
        var written: Double = 0
        /// The call in which it was last journaled (see ``setClass(_:_:)``).
        var epoch: UInt32 = 0
        /// Changed whenever a member may leave the class or its offset change, which ends
        /// the silence of its members (see ``Member/isSilent``). Two bytes that would
        /// otherwise be padding.
        var silentTag: UInt16 = 0
        /// A number no earlier state of any class had, given at each change (see
        /// ``memberLists``).
        var version: UInt64 = 0
    }

    /// A node of a member's incidence list: node `2k` sits in the list of link k's `u`,
    /// node `2k + 1` in the list of its `v`.
    struct Incidence {
        var next: Int32 = -1
        var previous: Int32 = -1
    }

    /// An entry of a member's use list: the tableau record in `slot`, as long as that
    /// record's generation is still `generation` (a record taken out and put back gets a
    /// new one). Stale entries are dropped when the list is read or outgrows its live uses.
    struct Use {
        var slot: Int32
        var generation: UInt32
        var next: Int32
    }

    /// The ground's member and class index.
    static let ground: Int32 = 0

    var members: [Member] = [Member(variable: nil, klass: 0, offset: 0)]
    /// The members' variables, retained (see ``Member/reference``).
    var owners: [Variable?] = [nil]
    var classes: [Klass] = [Klass(anchor: nil, seed: 0, count: 1)]
    var links: [Link] = []
    var incidences: [Incidence] = []
    var uses: [Use] = []
    /// Heads of the free lists of members, classes and links, and of freed use entries.
    var freeMember: Int32 = -1
    var freeClass: Int32 = -1
    var freeLink: Int32 = -1
    var freeUse: Int32 = -1
    /// Members whose value must be written at the next update.
    var dirty: [Int32] = []
    /// The members of registered variables, kept only once a hint fails (see
    /// ``member(of:)``).
    var index: [Identity: Int32] = [:]
    var indexed = false
    /// Variables whose member these classes freed while their hint named it, and that have
    /// not been registered here since: a failed hint for one of them means it is not a
    /// member here, without the index. (Its hint names a slot that another variable may
    /// have taken: a view's edge that a stack let go and took back made every row added
    /// to a column of 25,000 rows index all 400,000 members.) Emptied by a rollback, and when
    /// it grows past ``freedVariablesLimit``: it only spares work.
    var freedVariables = Set<Identity>()
    /// See ``freedVariables``.
    static let freedVariablesLimit = 4_096
    var stamp: UInt32 = 0
    /// The members of large classes: where each class's list is in the pool, the pool, the
    /// places in it no list uses (see EqualityClasses+Lists.swift), and the last version
    /// given to a class.
    var memberLists: [MemberList] = []
    var memberPool: [Int32] = []
    var unusedPool = 0
    var lastVersion: UInt64 = 0

    // The journal of the call in progress (see EqualityClasses+Journal.swift).
    var journal: [Change] = []
    var journaling = false
    /// Array sizes when the call in progress began: entries past them are new, and are
    /// dropped by a rollback rather than journaled.
    var floor = Counts()
    /// The free-list heads when the call in progress began, and the call's number: a
    /// member or class is journaled once per call, however often it changes.
    var heads = (member: Int32(-1), klass: Int32(-1), link: Int32(-1), use: Int32(-1))
    var epoch: UInt32 = 0

    /// The sizes of the tables.
    struct Counts {
        var members = 0, classes = 0, links = 0, incidences = 0, uses = 0
    }

    /// One undoable change.
    enum Change {
        case member(Int32, Member)
        /// Members of one class that a shift, split or merge moved: their class and their
        /// offsets before it (see ``EqualityClasses/journalPlacements(of:)``).
        case placements([Int32], Int32, [Double])
        case klass(Int32, Klass)
        case link(Int32, Link)
        case incidence(Int32, Incidence)
        case use(Int32, Use)
        case owner(Int32, Variable?)
    }

    /// Whether a class holds constants (the ground's class).
    @inline(__always) func isGround(_ klass: Int32) -> Bool { klass == EqualityClasses.ground }

    /// The member of a variable, or nil. The variable's hint names the member when this
    /// solver registered it last; it is checked, and the index answers when it fails.
    @inline(__always) mutating func member(of variable: Variable) -> Int32? {
        let hint = variable.memberHint.load(ordering: .relaxed)
        if let hinted = member(hinted: hint, of: variable) { return hinted }
        if hint < 0 { return nil }
        if !freedVariables.isEmpty && freedVariables.contains(Identity(variable)) { return nil }
        return indexedMember(of: variable)
    }

    /// The member `hint` names, if it is `variable`'s; nil when the hint is stale (another
    /// solver registered the variable since, or its member was freed) or none.
    @inline(__always) func member(hinted hint: Int32, of variable: Variable) -> Int32? {
        guard hint > 0 && Int(hint) < members.count,
              members[Int(hint)].reference?.toOpaque() == Unmanaged.passUnretained(variable).toOpaque() else { return nil }
        return hint
    }

    /// ``member(of:)`` when the hint fails.
    @inline(never) mutating func indexedMember(of variable: Variable) -> Int32? {
        if !indexed {
            index = [:]
            for (k, member) in members.enumerated() {
                if let v = member.variable { index[Identity(v)] = Int32(k) }
            }
            indexed = true
        }
        guard let found = index[Identity(variable)] else { return nil }
        variable.memberHint.store(found, ordering: .relaxed)
        return found
    }

    /// The member of a variable, made (in a class of its own) if the variable is new.
    @inline(__always) mutating func memberMaking(_ variable: Variable) -> Int32 {
        if let found = member(of: variable) { return found }
        return addMember(variable)
    }

    /// A new member in a new class of its own, self-anchored.
    @inline(never) mutating func addMember(_ variable: Variable) -> Int32 {
        let klass = allocateClass(Klass(anchor: nil, seed: -1, count: 1, written: 0))
        let member = allocateMember(Member(variable: variable, klass: klass, offset: 0))
        register(variable, as: member)
        setClass(klass) { $0.seed = member }
        return member
    }

    /// A new member for a variable the classes do not know yet, straight in an existing
    /// class at `offset` (for a link that ties the variable to a member of that class; see
    /// ``Tableau/joiningNewVariable(_:)``). The class must be the ground or have an anchor
    /// of its own: a self-anchored class gets one when a second member joins it.
    @inline(never) mutating func addMember(_ variable: Variable, into klass: Int32, offset: Double) -> Int32 {
        let member = allocateMember(Member(variable: variable, klass: klass, offset: offset))
        register(variable, as: member)
        setClass(klass) { $0.count += 1 }
        markDirty(member)
        return member
    }

    /// Makes `member` the member of `variable`: the classes keep the variable alive, and
    /// its hint (and the index, once there is one) find the member.
    @inline(__always) private mutating func register(_ variable: Variable, as member: Int32) {
        setOwner(member, variable)
        if indexed { index[Identity(variable)] = member }
        if !freedVariables.isEmpty { freedVariables.remove(Identity(variable)) }
        variable.memberHint.store(member, ordering: .relaxed)
    }

    /// Whether a class can take a new member as it is: it is the ground or has an anchor.
    @inline(__always) func takesMembers(_ klass: Int32) -> Bool {
        isGround(klass) || classes[Int(klass)].anchor != nil
    }

    /// Frees a member that no link and no record uses any more (its class is its own).
    mutating func removeMemberIfUnused(_ member: Int32) {
        let m = members[Int(member)]
        guard member != EqualityClasses.ground, m.variable != nil, m.uses == 0, m.firstIncidence < 0 else { return }
        if let variable = m.variable {
            if indexed { index[Identity(variable)] = nil }
            if variable.memberHint.load(ordering: .relaxed) == member {
                if freedVariables.count >= EqualityClasses.freedVariablesLimit { freedVariables.removeAll(keepingCapacity: true) }
                freedVariables.insert(Identity(variable))
            }
        }
        freeClassSlot(m.klass)
        let next = freeMember
        setMember(member) { $0 = Member(variable: nil, klass: next, offset: 0) }
        setOwner(member, nil)
        setHeads { $0.member = member }
    }

    // MARK: Reading

    /// The variable the tableau uses for a class, or nil for the ground.
    @inline(__always) func anchor(of klass: Int32) -> Variable? {
        if let anchor = classes[Int(klass)].anchor { return anchor }
        if isGround(klass) { return nil }
        return members[Int(classes[Int(klass)].seed)].variable
    }

    /// The value of a class's anchor (0 for the ground's class), read without retaining it.
    @inline(__always) func anchorValue(of klass: Int32) -> Double {
        if let value = classes[Int(klass)].anchor?.value { return value }
        if isGround(klass) { return 0 }
        return members[Int(classes[Int(klass)].seed)].reference?._withUnsafeGuaranteedRef { $0.value } ?? 0
    }

    /// A fresh stamp for marking members.
    mutating func nextStamp() {
        stamp &+= 1
        if stamp == 0 {
            for k in members.indices { members[k].stamp = 0 }
            stamp = 1
        }
    }

    // MARK: Allocation

    /// Makes room for `count` more links and as many new members, and for `terms` more
    /// members in classes of their own (the variables of a batch's other constraints): a
    /// batch's links then grow each table once, where doublings would each hold the old
    /// table and the new one at once, at the peak of a build. (A link makes at most two
    /// members, and a chain of them one each.)
    mutating func reserve(links count: Int, terms: Int) {
        reserveGrowing(&links, links.count + count)
        reserveGrowing(&incidences, incidences.count + 2 * count)
        reserveGrowing(&members, members.count + count + terms)
        reserveGrowing(&owners, owners.count + count + terms)
        reserveGrowing(&classes, classes.count + count + terms)
        // A new member's value is written at the next update.
        reserveGrowing(&dirty, dirty.count + count + terms)
    }

    mutating func allocateMember(_ member: Member) -> Int32 {
        if freeMember >= 0 {
            let slot = freeMember, next = members[Int(slot)].klass
            setHeads { $0.member = next }
            setMember(slot) { $0 = member }
            return slot
        }
        members.append(member)
        owners.append(nil)
        return Int32(members.count - 1)
    }

    mutating func allocateClass(_ klass: Klass) -> Int32 {
        if freeClass >= 0 {
            let slot = freeClass, next = classes[Int(slot)].seed
            setHeads { $0.klass = next }
            setClass(slot) { $0 = klass }
            return slot
        }
        classes.append(klass)
        classes[classes.count - 1].version = nextVersion()
        return Int32(classes.count - 1)
    }

    mutating func freeClassSlot(_ klass: Int32) {
        if let anchor = classes[Int(klass)].anchor { stampAnchor(anchor, nil) }
        let next = freeClass
        setClass(klass) { $0 = Klass(anchor: nil, seed: next, count: 0) }
        setHeads { $0.klass = klass }
    }

    /// Adds a link and links it into both members' incidence lists.
    mutating func addLink(_ link: Link) -> Int32 {
        let index: Int32
        if freeLink >= 0 {
            index = freeLink
            let next = links[Int(index)].nextFree
            setHeads { $0.link = next }
            setLink(index) { $0 = link }
        } else {
            index = Int32(links.count)
            links.append(link)
            incidences.append(Incidence())
            incidences.append(Incidence())
        }
        attach(2 * index, to: link.u)
        attach(2 * index + 1, to: link.v)
        return index
    }

    /// Unlinks a link from both incidence lists and frees it.
    mutating func removeLink(_ index: Int32) {
        let link = links[Int(index)]
        detach(2 * index, from: link.u)
        detach(2 * index + 1, from: link.v)
        let next = freeLink
        setLink(index) { $0 = .free(next: next) }
        setHeads { $0.link = index }
    }

    private mutating func attach(_ node: Int32, to member: Int32) {
        let head = members[Int(member)].firstIncidence
        setIncidence(node) { $0 = Incidence(next: head, previous: -1) }
        if head >= 0 { setIncidence(head) { $0.previous = node } }
        setMember(member) { $0.firstIncidence = node }
    }

    private mutating func detach(_ node: Int32, from member: Int32) {
        let n = incidences[Int(node)]
        if n.previous >= 0 { setIncidence(n.previous) { $0.next = n.next } } else {
            setMember(member) { $0.firstIncidence = n.next }
        }
        if n.next >= 0 { setIncidence(n.next) { $0.previous = n.previous } }
    }

    // MARK: Uses

    /// Records that the tableau record in `slot` (of `generation`) mentions a member.
    mutating func addUse(_ member: Int32, slot: Int32, generation: UInt32, isLive: (Int32, UInt32) -> Bool) {
        let m = members[Int(member)]
        if m.useEntries > 2 * m.uses + 8 { pruneUses(of: member, isLive: isLive) }
        let entry: Int32
        let head = members[Int(member)].firstUse
        if freeUse >= 0 {
            entry = freeUse
            let next = uses[Int(entry)].next
            setHeads { $0.use = next }
            setUse(entry) { $0 = Use(slot: slot, generation: generation, next: head) }
        } else {
            entry = Int32(uses.count)
            uses.append(Use(slot: slot, generation: generation, next: head))
        }
        setMember(member) {
            $0.firstUse = entry
            $0.useEntries += 1
            $0.uses += 1
        }
    }

    /// Drops a member's stale use entries.
    mutating func pruneUses(of member: Int32, isLive: (Int32, UInt32) -> Bool) {
        var previous: Int32 = -1
        var entry = members[Int(member)].firstUse
        var kept: Int32 = 0
        while entry >= 0 {
            let use = uses[Int(entry)]
            if isLive(use.slot, use.generation) {
                kept += 1
                previous = entry
            } else {
                if previous >= 0 { setUse(previous) { $0.next = use.next } } else {
                    setMember(member) { $0.firstUse = use.next }
                }
                let next = freeUse
                setUse(entry) { $0.next = next }
                setHeads { $0.use = entry }
            }
            entry = use.next
        }
        setMember(member) { $0.useEntries = kept }
    }

    /// Appends the live record slots that use any of `members` to `slots` (repeats and all).
    mutating func collectUses(of list: [Int32], into slots: inout [Int32], isLive: (Int32, UInt32) -> Bool) {
        for member in list where members[Int(member)].uses > 0 {
            pruneUses(of: member, isLive: isLive)
            var entry = members[Int(member)].firstUse
            while entry >= 0 {
                slots.append(uses[Int(entry)].slot)
                entry = uses[Int(entry)].next
            }
        }
    }

    // MARK: Values

    /// Marks a member's value for writing.
    @inline(__always) mutating func markDirty(_ member: Int32) {
        if !members[Int(member)].isDirty {
            members[Int(member)].isDirty = true
            dirty.append(member)
        }
    }

    /// The class of an abstract anchor, or nil: its hint names the class (see
    /// ``stampAnchor(_:_:)``), checked against the class's anchor (an anchor whose class
    /// went away, or was dropped by a rollback, is no class's).
    @inline(__always) func klass(ofAnchor anchor: Variable) -> Int32? {
        let hint = Int(anchor.memberHint.load(ordering: .relaxed))
        guard hint <= -2, case let k = -2 - hint, k < classes.count, classes[k].anchor === anchor else { return nil }
        return Int32(k)
    }

    /// The value of a member, given its class's anchor value.
    @inline(__always) func value(of member: Int32, anchorValue: Double) -> Double {
        anchorValue + members[Int(member)].offset
    }
}
