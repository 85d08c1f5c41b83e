// Finding, among the many constraints a view hosts, those that name a given item, without
// reading them all. A subtree leaving its superview takes with it the constraints installed
// above it that name one of its items (see ``LayoutEngine/deactivateConstraints(reachingInto:views:)``);
// read whole, the root of a list of 100,000 rows made removing one row cost 7 ms.

/// The constraints a view hosts, listed under each item they name, other than the host and
/// the guides it owns (a subtree leaving from under the host holds neither, and most of the
/// host's constraints name them).
///
/// Made the second time a subtree leaves from under a view that hosts
/// ``HostedConstraintIndex/threshold`` constraints or more, and kept up to date by
/// activation and deactivation from then on: a constraint is listed from the moment it
/// joins the host's ``LayoutView/constraints`` until it leaves them, so the lists hold
/// their constraints unretained. The lists are in no particular order.
final class HostedConstraintIndex {
    /// Hosts with fewer constraints are read whole: an index costs more than reading them.
    static let threshold = 256

    /// The lists, in a value the methods change in place (one access of the class's
    /// property for a whole constraint, where each access retained and checked it).
    @exclusivity(unchecked) private var lists = HandleLists()
    /// Whether the lists are made; until then the index only records that the host was
    /// read whole once.
    @exclusivity(unchecked) private(set) var isBuilt = false

    /// The entries the lists have made, free ones included (tests check that it stays
    /// bounded as constraints come and go).
    var entrySlots: Int { lists.entries.count }

    /// Makes the lists of the constraints `host` holds now.
    func build(host: LayoutView) {
        var lists = HandleLists()
        lists.heads.reserveCapacity(host.constraints.count)
        lists.entries.reserveCapacity(host.constraints.count)
        for constraint in host.constraints { lists.add(constraint, host: host) }
        self.lists = lists
        isBuilt = true
    }

    /// Lists a constraint `host` has just taken.
    func add(_ constraint: LayoutConstraint, host: LayoutView) {
        if isBuilt { lists.add(constraint, host: host) }
    }

    /// Unlists a constraint `host` has just let go: from the list of every item it names
    /// but the host (a guide may have changed owners since it was listed).
    func remove(_ constraint: LayoutConstraint, host: LayoutView) {
        guard isBuilt else { return }
        let address = Unmanaged.passUnretained(constraint).toOpaque()
        constraint.forEachHandle { handle in
            guard !HandleLists.isView(handle, host) else { return }
            lists.unlink(Identity(handle)) { $0.toOpaque() == address }
        }
    }

    /// Appends to `found` the constraints of the host that name `handle` and are not in
    /// `seen` yet (adding them to it).
    func collect(naming handle: ItemHandle, into found: inout [LayoutConstraint], seen: inout Set<Identity>) {
        lists.forEach(in: Identity(handle)) { entry in
            let constraint = entry.takeUnretainedValue()
            if seen.insert(Identity(constraint)).inserted { found.append(constraint) }
        }
    }

    /// The lists of an index: for each item's handle, a list of constraints, all in one
    /// pool of entries (a host of 300,000 constraints makes no array for each item).
    private struct HandleLists {
        /// One constraint in the list of one item, and the next entry of that list (-1 at
        /// the end); a free entry holds no constraint, and `next` is the next free one.
        struct Entry {
            var constraint: Unmanaged<LayoutConstraint>?
            var next: Int32
        }

        /// The first entry of each handle's list.
        var heads: [Identity: Int32] = [:]
        var entries: [Entry] = []
        var firstFree: Int32 = -1

        /// Whether `handle` is the host's own.
        static func isView(_ handle: ItemHandle, _ host: LayoutView) -> Bool {
            handle.viewReference?.toOpaque() == Unmanaged.passUnretained(host).toOpaque()
        }

        /// Puts `constraint` at the head of the list of each item it names but the host
        /// and the guides the host owns.
        mutating func add(_ constraint: LayoutConstraint, host: LayoutView) {
            let entry = Unmanaged.passUnretained(constraint)
            // (Written out rather than through `forEachHandle`: its closure, called for each
            // handle of the 300,000 constraints of a list's root, took half the time.)
            if let handle = constraint.firstHandle { add(entry, under: handle, host: host) }
            if let handle = constraint.secondHandle { add(entry, under: handle, host: host) }
            if constraint.rare != nil, let extras = constraint.extras {
                extras.firstSpan?.forEachHandle { add(entry, under: $0, host: host) }
                extras.secondSpan?.forEachHandle { add(entry, under: $0, host: host) }
            }
        }

        /// Puts `constraint` at the head of the list of `handle`, unless it is the host's or
        /// a guide the host owns.
        @inline(__always) private mutating func add(_ constraint: Unmanaged<LayoutConstraint>, under handle: ItemHandle,
                                                    host: LayoutView) {
            let hostAddress = Unmanaged.passUnretained(host).toOpaque()
            if let view = handle.viewReference {
                guard view.toOpaque() != hostAddress else { return }
            } else if let guide = handle.guideReference,
                      guide._withUnsafeGuaranteedRef({ $0.owningReference?.toOpaque() == hostAddress }) {
                return
            }
            let slot: Int32
            if firstFree >= 0 {
                slot = firstFree
                firstFree = entries[Int(slot)].next
            } else {
                slot = Int32(entries.count)
                entries.append(Entry(constraint: nil, next: -1))
            }
            // The entry becomes the head, and the old head (if any) its next: one lookup.
            entries[Int(slot)] = Entry(constraint: constraint, next: slot)
            swap(&heads[Identity(handle), default: -1], &entries[Int(slot)].next)
        }

        /// Calls `body` with each constraint in the list of `key`.
        func forEach(in key: Identity, _ body: (Unmanaged<LayoutConstraint>) -> Void) {
            var current = heads[key] ?? -1
            while current >= 0 {
                if let constraint = entries[Int(current)].constraint { body(constraint) }
                current = entries[Int(current)].next
            }
        }

        /// Frees the first entry of the list of `key` for which `match` is true.
        mutating func unlink(_ key: Identity, where match: (Unmanaged<LayoutConstraint>) -> Bool) {
            guard let first = heads[key] else { return }
            var previous: Int32 = -1, current = first
            while current >= 0 {
                let next = entries[Int(current)].next
                if let constraint = entries[Int(current)].constraint, match(constraint) {
                    if previous >= 0 {
                        entries[Int(previous)].next = next
                    } else {
                        heads[key] = next >= 0 ? next : nil
                    }
                    entries[Int(current)] = Entry(constraint: nil, next: firstFree)
                    firstFree = current
                    return
                }
                previous = current
                current = next
            }
        }
    }
}

extension LayoutConstraint {
    /// Calls `body` with the handle of every item the constraint names: its two items and
    /// the ends of its spans.
    @inline(__always) func forEachHandle(_ body: (ItemHandle) -> Void) {
        if let firstHandle { body(firstHandle) }
        if let secondHandle { body(secondHandle) }
        guard rare != nil, let extras else { return }
        if let span = extras.firstSpan { span.forEachHandle(body) }
        if let span = extras.secondSpan { span.forEachHandle(body) }
    }

    /// The index of the constraints of `host`, made now if it hosts enough of them to need
    /// one and was read whole before (see ``HostedConstraintIndex``); nil for a host to
    /// read whole. (The first time, the host is read whole, as cheaply as a subtree that
    /// leaves once needs; the index, which costs a few readings to make, comes with the
    /// second.)
    static func hostedIndex(of host: LayoutView) -> HostedConstraintIndex? {
        guard host.constraints.count >= HostedConstraintIndex.threshold else { return nil }
        guard let index = host.extrasStorage?.hostedIndex else {
            host.extras.hostedIndex = HostedConstraintIndex()
            return nil
        }
        if !index.isBuilt { index.build(host: host) }
        return index
    }
}

extension AnchorSpan {
    /// Calls `body` with the handles of the span's ends.
    func forEachHandle(_ body: (ItemHandle) -> Void) {
        if let handle = start.itemHandle { body(handle) }
        if let handle = end.itemHandle { body(handle) }
    }
}
