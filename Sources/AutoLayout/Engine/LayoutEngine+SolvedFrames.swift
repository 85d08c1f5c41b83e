import Cassowary
import Synchronization

// After a solve: finding the views the solve moved, and setting their frames.

/// What the engine keeps to find the views a solve moved.
struct SolveTracking {
    /// The list of the views the last solve moved (emptied after use; kept for its
    /// capacity).
    var movedScratch: [Unmanaged<LayoutView>] = []
}

extension LayoutEngine {
    /// Writes the solution into the variables and sets the frames the solve changed; a view
    /// whose subviews moved is flagged for ``LayoutView/layoutSubviews()``.
    ///
    /// The solver reports each variable it changed, and each names its view (see
    /// ``owner(of:in:)``), so only the views the solve moved are visited: one view moving in
    /// a row of 100,000 costs one frame, and a hide that moves half a list costs that half.
    /// Each such view gets its frame, and a view whose origin moved gets its subviews'
    /// frames too (they are relative to it).
    func applySolution() {
        var moved = MovedViews(views: tracking.movedScratch)
        tracking.movedScratch = []
        var slotsRenewed = false
        // (The slots read once: reading them through the table for each variable would
        // retain and release its arrays every time.)
        let slots = views.slots
        // (A batch at a time: a call per variable cost more than the rest of its work.)
        solver.updateVariables(changedBatches: { batch in
            for ref in batch {
                ref._withUnsafeGuaranteedRef { variable in
                    if let owner = Self.owner(of: variable, in: slots) {
                        moved.claim(owner)
                    } else if !slotsRenewed && variable.ownerSlot >= 0 {
                        // A view's variable that names another slot: every view's variables
                        // are given their slots again, once.
                        slotsRenewed = true
                        renewOwnerSlots()
                        if let owner = Self.owner(of: variable, in: slots) { moved.claim(owner) }
                    }
                }
            }
        })
        if !isScratch { writeAliases(into: &moved) }
        defer {
            for ref in moved.views { ref._withUnsafeGuaranteedRef { $0.cycle.isSolveHost = false } }
            moved.views.removeAll(keepingCapacity: true)
            tracking.movedScratch = moved.views
        }
        guard !moved.views.isEmpty else { return }
        moved.readRectangles()
        // A view whose superview's origin moved is placed with all its siblings below.
        for ref in moved.views {
            ref._withUnsafeGuaranteedRef { view in
                guard let parent = view.superviewReference else { return }
                parent._withUnsafeGuaranteedRef { parent in
                    guard !parent.cycle.placesSubviews else { return }
                    if applyFrame(of: view, rect: view.solvedRect, origin: solvedOrigin(of: parent)) {
                        parent.markNeedsLayout(in: self)
                    }
                }
            }
        }
        // Each host's subviews are placed independently, so the order does not matter.
        for ref in moved.origins {
            ref._withUnsafeGuaranteedRef { view in
                view.cycle.placesSubviews = false
                if applyFrames(ofSubviewsOf: view) { view.markNeedsLayout(in: self) }
            }
        }
    }

    /// The view of the hierarchy that `variable` belongs to, or nil (a guide's variable),
    /// from the slots of the engine's table of views (``ViewTable/slots``). Each view's
    /// variables keep the view's slot (see ``ItemVariables/setOwnerSlot(_:)``), checked here
    /// against the view found there.
    @inline(__always)
    static func owner(of variable: Variable, in slots: [Unmanaged<LayoutView>?]) -> Unmanaged<LayoutView>? {
        let slot = Int(variable.ownerSlot)
        guard slot >= 0 && slot < slots.count, let ref = slots[slot] else { return nil }
        return ref._withUnsafeGuaranteedRef { $0.variables.owns(variable) } ? ref : nil
    }

    /// Gives every view's variables its slot again (a safety net: the slots are given when
    /// a view joins, and variables made later take them from the view).
    @inline(never) func renewOwnerSlots() {
        for ref in views.slots { ref?._withUnsafeGuaranteedRef { $0.variables.setOwnerSlot($0.viewSlot) } }
    }

    /// Sets the frames of the views added to laid-out superviews since the last layout
    /// (their superviews do not place every subview again for them, see
    /// ``LayoutEngine/adopt(_:)``). A view that left the hierarchy since is skipped.
    func placeAddedViews() {
        let added = addedViews
        addedViews = []
        for view in added {
            guard let parent = view.superview, view.engineIfAny === self else { continue }
            if applyFrame(of: view, rect: currentRect(of: view), origin: solvedOrigin(of: parent)) {
                parent.markNeedsLayout(in: self)
            }
        }
    }

    /// The views a solve moved (each once, flagged with ``LayoutCycleFlags/isSolveHost`` until
    /// their frames are applied), and among them those with subviews whose origin moved.
    /// (Unretained: the hierarchy keeps the views. A struct whose methods change it: a
    /// nested function capturing the arrays would check exclusivity on every access.)
    struct MovedViews {
        var views: [Unmanaged<LayoutView>]
        var origins: [Unmanaged<LayoutView>] = []

        /// Notes a view whose variables changed, the first time it is named (its rectangle
        /// is read once all variables are written, by ``readRectangles()``).
        @inline(__always)
        mutating func claim(_ ref: Unmanaged<LayoutView>) {
            ref._withUnsafeGuaranteedRef { view in
                guard !view.cycle.isSolveHost else { return }
                view.cycle.isSolveHost = true
                views.append(ref)
            }
        }

        /// Reads each moved view's rectangle in the solution, and notes those with subviews
        /// whose origin moved.
        mutating func readRectangles() {
            for ref in views {
                ref._withUnsafeGuaranteedRef { view in
                    let old = view.solvedRect, rect = view.variables.rect
                    view.solvedRect = rect
                    if (old.minX != rect.minX || old.minY != rect.minY) && !view.subviews.isEmpty {
                        view.cycle.placesSubviews = true
                        origins.append(ref)
                    }
                }
            }
        }
    }

    /// Where a view's subviews' frames are measured from, in root coordinates: its frame's
    /// origin from the solver (the root's own coordinates for the root).
    @inline(__always) func solvedOrigin(of view: LayoutView) -> (x: Double, y: Double) {
        guard ObjectIdentifier(view) != rootIdentity else { return (0, 0) }
        let base = currentRect(of: view), insets = view.alignmentRectInsets
        return (base.minX - insets.left, base.minY - insets.top)
    }

    /// A view's rectangle in the solution: the one just noted for a view the solve moved
    /// (while it is flagged ``LayoutCycleFlags/isSolveHost``), else read from its variables.
    @inline(__always) func currentRect(of view: LayoutView) -> Rect {
        view.cycle.isSolveHost ? view.solvedRect : view.variables.rect
    }

    /// Sets the frame of `subview` from its rectangle in the solution, `origin` being its
    /// superview's (see ``solvedOrigin(of:)``); returns whether it moved or changed size.
    @inline(__always)
    func applyFrame(of subview: LayoutView, rect r: Rect, origin: (x: Double, y: Double)) -> Bool {
        let i = subview.alignmentRectInsets
        let frame = Rect(x: r.minX - i.left - origin.x, y: r.minY - i.top - origin.y,
                         width: r.width + i.left + i.right, height: r.height + i.top + i.bottom)
        guard frame != subview.storedFrame else { return false }
        subview.applyLayoutFrame(frame, engine: self)
        return true
    }

    /// Sets the frame of every subview of `view` from the solver; returns whether any moved
    /// or changed size.
    @discardableResult
    func applyFrames(ofSubviewsOf view: LayoutView) -> Bool {
        var moved = false
        let origin = solvedOrigin(of: view)
        // (The subviews unretained: `view.subviews` keeps them, and nothing here changes it.)
        let subviews = view.subviews
        for index in subviews.indices {
            Unmanaged.passUnretained(subviews[index])._withUnsafeGuaranteedRef { subview in
                if applyFrame(of: subview, rect: currentRect(of: subview), origin: origin) { moved = true }
            }
        }
        return moved
    }
}
