import Cassowary

// After a solve: finding the views the solve moved, and setting their frames.

/// What the engine keeps to find the views a solve moved.
struct SolveTracking {
    /// The view each solver variable belongs to (unretained: a view leaves this table when
    /// it leaves the hierarchy), to find the views a solve that changed few variables
    /// moved. Made on first use (see ``LayoutEngine/ownersTable()``), then kept up to date.
    var owners: [Identity: Unmanaged<LayoutView>]?
    /// The variables the last solve changed (emptied after use; kept for its capacity).
    var changedScratch: [Identity] = []
}

extension LayoutEngine {
    /// Writes the solution into the variables and sets the frames the solve changed; a view
    /// whose subviews moved is flagged for ``LayoutView/layoutSubviews()``.
    ///
    /// The views whose variables changed are found one of two ways, with the same result:
    /// when many variables changed (a first layout, a rotation), by comparing each view's
    /// variables with the values they had after the last layout (``LayoutView/solvedRect``);
    /// when few did, by looking each one up in ``SolveTracking/owners``, which is made on first use
    /// and kept up to date from then on. Each such view gets its frame, and a view whose
    /// origin moved gets its subviews' frames too (they are relative to it); siblings that
    /// did not move are not visited, so one view moving in a row of 100,000 costs one frame.
    func applySolution() {
        var changedVariables = tracking.changedScratch
        tracking.changedScratch = []
        changedVariables.removeAll(keepingCapacity: true)
        solver.updateVariables { changedVariables.append(Identity($0)) }
        if !isScratch { writeAliases(into: &changedVariables) }
        defer {
            changedVariables.removeAll(keepingCapacity: true)
            tracking.changedScratch = changedVariables
        }
        guard !changedVariables.isEmpty else { return }
        var moved = MovedViews()
        let refs = viewRefs
        if changedVariables.count * 4 >= refs.count {
            for ref in refs {
                let rect = ref._withUnsafeGuaranteedRef { $0.variables.rect }
                if rect != ref._withUnsafeGuaranteedRef({ $0.solvedRect }) { moved.note(ref, rect) }
            }
        } else {
            let owners = ownersTable()
            for id in changedVariables {
                guard let ref = owners[id] else { continue }
                moved.note(ref, ref._withUnsafeGuaranteedRef { $0.variables.rect })
            }
        }
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
        for ref in moved.views { ref._withUnsafeGuaranteedRef { $0.cycle.isSolveHost = false } }
    }

    /// The views a solve moved (each once, flagged with ``LayoutCycleFlags/isSolveHost`` until
    /// their frames are applied), and among them those with subviews whose origin moved.
    /// (Unretained: the hierarchy keeps the views. A struct whose `note` is a method: a
    /// nested function capturing the arrays would check exclusivity on every access.)
    struct MovedViews {
        var views: [Unmanaged<LayoutView>] = []
        var origins: [Unmanaged<LayoutView>] = []

        /// Notes a view whose variables changed (now `rect`).
        @inline(__always)
        mutating func note(_ ref: Unmanaged<LayoutView>, _ rect: Rect) {
            ref._withUnsafeGuaranteedRef { view in
                let old = view.solvedRect
                view.solvedRect = rect
                guard !view.cycle.isSolveHost else { return }
                view.cycle.isSolveHost = true
                views.append(ref)
                if (old.minX != rect.minX || old.minY != rect.minY) && !view.subviews.isEmpty {
                    view.cycle.placesSubviews = true
                    origins.append(ref)
                }
            }
        }
    }

    /// The view of each variable of the hierarchy's views, made now if it is not kept yet.
    func ownersTable() -> [Identity: Unmanaged<LayoutView>] {
        if let owners = tracking.owners { return owners }
        var owners: [Identity: Unmanaged<LayoutView>] = [:]
        let refs = viewRefs
        owners.reserveCapacity(4 * refs.count)
        for ref in refs {
            ref._withUnsafeGuaranteedRef { LayoutEngine.addOwner($0, to: &owners) }
        }
        tracking.owners = owners
        return owners
    }

    /// Adds a view's four variables to an owners table; a view without variables (see
    /// ``ItemVariables``) is listed by its ``ItemVariables``, which is what
    /// ``writeAliases(into:)`` reports for it, until it makes them.
    static func addOwner(_ view: LayoutView, to owners: inout [Identity: Unmanaged<LayoutView>]) {
        let owner = Unmanaged.passUnretained(view), v = view.variables
        guard v.hasVariables else {
            owners[Identity(v)] = owner
            v.listedWithoutVariables = true
            return
        }
        owners[Identity(v.minX)] = owner
        owners[Identity(v.minY)] = owner
        owners[Identity(v.maxX)] = owner
        owners[Identity(v.maxY)] = owner
    }

    /// Takes a view out of an owners table.
    static func removeOwner(_ view: LayoutView, from owners: inout [Identity: Unmanaged<LayoutView>]) {
        let v = view.variables
        owners[Identity(v)] = nil
        for variable in v.madeVariables { owners[Identity(variable)] = nil }
    }

    /// Where a view's subviews' frames are measured from, in root coordinates: its frame's
    /// origin from the solver (the root's own coordinates for the root).
    @inline(__always) func solvedOrigin(of view: LayoutView) -> (x: Double, y: Double) {
        guard view !== root else { return (0, 0) }
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
