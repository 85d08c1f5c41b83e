import Cassowary

// After a solve: finding the views the solve moved, and setting their frames.

extension LayoutEngine {
    /// Writes the solution into the variables and sets the frames of the subviews of every
    /// view the solve touched (a view whose variables changed, and its superview); a view
    /// whose subviews moved is flagged for ``LayoutView/layoutSubviews()``.
    ///
    /// The views are found one of two ways, with the same result: when many variables
    /// changed (a first layout, a rotation), by comparing each view's variables with the
    /// values they had after the last layout (``LayoutView/solvedRect``); when few did,
    /// by looking each one up in ``variableOwners``, which is made on first use and kept up
    /// to date from then on.
    func applySolution() {
        var changedVariables = changedScratch
        changedScratch = []
        changedVariables.removeAll(keepingCapacity: true)
        solver.updateVariables { changedVariables.append(Identity($0)) }
        if !isScratch { writeAliases(into: &changedVariables) }
        defer {
            changedVariables.removeAll(keepingCapacity: true)
            changedScratch = changedVariables
        }
        guard !changedVariables.isEmpty else { return }
        var hosts: [Unmanaged<LayoutView>] = []
        let refs = viewRefs
        if changedVariables.count * 4 >= refs.count {
            for ref in refs {
                let rect = ref._withUnsafeGuaranteedRef { $0.variables.rect }
                if rect != ref._withUnsafeGuaranteedRef({ $0.solvedRect }) {
                    LayoutEngine.noteMoved(ref, rect, hosts: &hosts)
                }
            }
        } else {
            let owners = ownersTable()
            for id in changedVariables {
                guard let ref = owners[id] else { continue }
                LayoutEngine.noteMoved(ref, ref._withUnsafeGuaranteedRef { $0.variables.rect }, hosts: &hosts)
            }
        }
        // Each host's subviews are placed independently, so the order does not matter.
        for ref in hosts {
            ref._withUnsafeGuaranteedRef { view in
                view.isSolveHost = false
                // A view whose subviews moved gets layoutSubviews, where it places them.
                if !view.subviews.isEmpty && applyFrames(ofSubviewsOf: view) { view.markNeedsLayout(in: self) }
            }
        }
    }

    /// Notes a view whose variables changed (now `rect`): it and its superview are hosts.
    /// (Unretained, the superview too: reading `superview` retains it. A static function
    /// with `hosts` passed in: a nested function capturing it would check exclusivity on
    /// every access.)
    @inline(__always)
    static func noteMoved(_ ref: Unmanaged<LayoutView>, _ rect: Rect, hosts: inout [Unmanaged<LayoutView>]) {
        let parent = ref._withUnsafeGuaranteedRef { view in
            view.solvedRect = rect
            if !view.isSolveHost {
                view.isSolveHost = true
                hosts.append(ref)
            }
            return view.superviewReference
        }
        guard let parent, !parent._withUnsafeGuaranteedRef({ $0.isSolveHost }) else { return }
        parent._withUnsafeGuaranteedRef { $0.isSolveHost = true }
        hosts.append(parent)
    }

    /// The view of each variable of the hierarchy's views, made now if it is not kept yet.
    func ownersTable() -> [Identity: Unmanaged<LayoutView>] {
        if let owners = variableOwners { return owners }
        var owners: [Identity: Unmanaged<LayoutView>] = [:]
        let refs = viewRefs
        owners.reserveCapacity(4 * refs.count)
        for ref in refs {
            ref._withUnsafeGuaranteedRef { LayoutEngine.addOwner($0, to: &owners) }
        }
        variableOwners = owners
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

    /// Sets the frame of every subview of `view` from the solver; returns whether any moved
    /// or changed size.
    @discardableResult
    func applyFrames(ofSubviewsOf view: LayoutView) -> Bool {
        var moved = false
        let insets = view.alignmentRectInsets
        let isRoot = view === root
        let base = isRoot ? Rect.zero : view.variables.rect
        let originX = isRoot ? 0 : base.minX - insets.left
        let originY = isRoot ? 0 : base.minY - insets.top
        // (The subviews unretained: `view.subviews` keeps them, and nothing here changes it.)
        let subviews = view.subviews
        for index in subviews.indices {
            Unmanaged.passUnretained(subviews[index])._withUnsafeGuaranteedRef { subview in
                let r = subview.variables.rect, i = subview.alignmentRectInsets
                let frame = Rect(x: r.minX - i.left - originX, y: r.minY - i.top - originY,
                                 width: r.width + i.left + i.right, height: r.height + i.top + i.bottom)
                if frame != subview.storedFrame {
                    moved = true
                    subview.applyLayoutFrame(frame, engine: self)
                }
            }
        }
        return moved
    }
}
