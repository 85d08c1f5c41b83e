// The engine's views: a slot for each view it took in, and the views in hierarchy order,
// both kept up to date as views join and leave, so that adding a view to a laid-out
// hierarchy costs that view and not the whole hierarchy.

/// The views an engine took in (unretained: their superviews keep them).
///
/// - Each view has a slot (``LayoutView/viewSlot``) from when it joins the hierarchy until it
///   leaves. Its variables name the slot, so a solve finds the views it moved (see
///   ``LayoutEngine/owner(of:in:)``); a slot does not change while the view stays.
/// - ``order`` lists the views parents first, as a depth-first walk from the root meets
///   them: the layout passes visit flagged views in that order. A view added to or removed
///   from a listed hierarchy is put into or taken out of the list at its place, which moves
///   the views after it by one memory move and renumbers their places (``places``); other
///   changes drop the list, and it is made again when next read.
struct ViewTable {
    /// The view in each slot; nil for a free slot.
    var slots: [Unmanaged<LayoutView>?] = []
    /// Free slots, taken last-freed first.
    var free: [Int32] = []
    /// The views parents first, or nil until listed again.
    var order: [Unmanaged<LayoutView>]?
    /// For each slot, its view's place in ``order`` (meaningful while the list is).
    var places: [Int32] = []

    /// The view in a slot, if the slot is taken.
    @inline(__always) func view(inSlot slot: Int) -> Unmanaged<LayoutView>? {
        slot >= 0 && slot < slots.count ? slots[slot] : nil
    }

    /// Whether `view` holds a slot of this table.
    @inline(__always) func holds(_ view: LayoutView) -> Bool {
        self.view(inSlot: view.viewSlot)?.toOpaque() == Unmanaged.passUnretained(view).toOpaque()
    }

    /// The place of `view` in ``order``, or nil when there is no list or the view is not in it.
    @inline(__always) func place(of view: LayoutView) -> Int? {
        guard let order, holds(view) else { return nil }
        let place = Int(places[view.viewSlot])
        return place < order.count && order[place].toOpaque() == Unmanaged.passUnretained(view).toOpaque() ? place : nil
    }

    /// Gives `view` a slot unless it holds one; returns whether it got a new one.
    @inline(__always) mutating func claim(_ view: LayoutView) -> Bool {
        // (A view that never joined a hierarchy has no slot to check.)
        guard view.viewSlot < 0 || !holds(view) else { return false }
        let ref = Unmanaged.passUnretained(view)
        if let slot = free.popLast() {
            slots[Int(slot)] = ref
            view.viewSlot = Int(slot)
        } else {
            view.viewSlot = slots.count
            slots.append(ref)
            places.append(0)
        }
        return true
    }

    /// Frees the slot of a view leaving the hierarchy (its variables name none from now on).
    mutating func vacate(_ view: LayoutView) {
        guard holds(view) else { return }
        slots[view.viewSlot] = nil
        free.append(Int32(view.viewSlot))
        view.viewSlot = -1
        view.variables.setOwnerSlot(-1)
    }

    /// Numbers the places of ``order`` from `start` on.
    mutating func renumber(from start: Int) {
        guard let order else { return }
        places.withUnsafeMutableBufferPointer { places in
            for index in start..<order.count {
                order[index]._withUnsafeGuaranteedRef { places[$0.viewSlot] = Int32(index) }
            }
        }
    }
}

extension LayoutEngine {
    /// Every view of the hierarchy, parents first, unretained (see ``ViewTable/order``).
    /// Reading a flag through these costs no retain. A scratch engine lists its subtree
    /// without numbering it: the views keep the slots of the hierarchy's engine.
    var viewRefs: [Unmanaged<LayoutView>] {
        if let order = views.order { return order }
        let all = root.subtreeReferences()
        views.order = all
        if !isScratch {
            // (A view of the hierarchy without a slot would be a bug; it gets one here.)
            for ref in all { ref._withUnsafeGuaranteedRef { if views.claim($0) { $0.variables.setOwnerSlot($0.viewSlot) } } }
            views.renumber(from: 0)
        }
        return all
    }

    /// Whether `refs`, read from ``viewRefs``, is still the list of the hierarchy's views
    /// (a list changed while a pass holds it gets new storage).
    func isCurrent(_ refs: [Unmanaged<LayoutView>]) -> Bool {
        guard let order = views.order else { return false }
        return order.withUnsafeBufferPointer { $0.baseAddress } == refs.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// Drops the list of the views in order (it is made again when next read).
    func dropViewOrder() {
        views.order = nil
    }

    /// Puts `top`'s subtree, just added as a subview, into the list at its place: before
    /// the view after it among its siblings, or else after its superview's subtree.
    func listAdded(_ top: LayoutView) {
        // (Listed already when the list was made again while the subtree was taken in.)
        guard views.order != nil, views.place(of: top) == nil else { return }
        guard let place = placeForAdded(top) else { return dropViewOrder() }
        let added = top.subviews.isEmpty ? [Unmanaged.passUnretained(top)] : top.subtreeReferences()
        views.order!.insert(contentsOf: added, at: place)
        views.renumber(from: place)
        assert(orderMatchesHierarchy())
    }

    /// Takes `top`'s subtree (`count` views), about to leave, out of the list.
    func unlistLeaving(_ top: LayoutView, count: Int) {
        guard let place = views.place(of: top), place + count <= views.order!.count else { return dropViewOrder() }
        views.order!.removeSubrange(place..<(place + count))
        views.renumber(from: place)
    }

    /// Where the subtree of `top`, just added, goes in the list: the place of the first
    /// view after it in a walk of the hierarchy (its next sibling, or its superview's, and
    /// so on up), or the end. Nil when a view on the way is not listed.
    private func placeForAdded(_ top: LayoutView) -> Int? {
        var child = top
        while let parent = child.superview {
            let siblings = parent.subviews
            guard let index = Self.index(of: child, in: siblings) else { return nil }
            if index + 1 < siblings.count { return views.place(of: siblings[index + 1]) }
            child = parent
        }
        return child === root ? views.order!.count : nil
    }

    /// The index of `view` in `siblings`, searched from both ends at once (a view added
    /// last, or first, is found at once).
    private static func index(of view: LayoutView, in siblings: [LayoutView]) -> Int? {
        var low = 0, high = siblings.count - 1
        while low <= high {
            if siblings[high] === view { return high }
            if siblings[low] === view { return low }
            low += 1
            high -= 1
        }
        return nil
    }

    /// Whether the list matches a fresh walk of the hierarchy (checked in debug builds,
    /// for hierarchies small enough that the walk costs little).
    private func orderMatchesHierarchy() -> Bool {
        guard let order = views.order, order.count <= 2_000 else { return true }
        let walk = root.subtreeReferences()
        guard walk.count == order.count else { return false }
        for index in walk.indices where walk[index].toOpaque() != order[index].toOpaque()
            || Int(views.places[walk[index]._withUnsafeGuaranteedRef { $0.viewSlot }]) != index {
            return false
        }
        return true
    }
}
