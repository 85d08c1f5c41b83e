import Cassowary

/// The engine of one view hierarchy: a solver with every active constraint of the
/// hierarchy, plus the constraints the engine makes itself (the root's size, autoresizing
/// masks, content sizes, the margins and safe-area guides).
final class LayoutEngine {
    // The stored properties below are only ever accessed briefly (no `inout` access spans
    // a call that could reach the engine again), so they skip the dynamic exclusivity
    // checks class properties get otherwise: installing a constraint touches several.
    unowned let root: LayoutView
    let solver = Solver(keepsEqualityMarkers: true)
    /// Active constraints the engine broke because they could not hold.
    @exclusivity(unchecked) var broken: [LayoutConstraint] = []
    /// What a scratch engine made for each view (a hierarchy's engine keeps it on the view
    /// instead, see ``generatedConstraints(of:)``).
    @exclusivity(unchecked) var scratchGenerated: [Identity: Generated] = [:]
    /// The number of views the engine made constraints for: the views it has taken in.
    @exclusivity(unchecked) var generatedCount = 0
    @exclusivity(unchecked) var changed = true
    @exclusivity(unchecked) var inLayout = false
    /// Whether a removal may have made room for a broken constraint.
    @exclusivity(unchecked) var retryPending = false
    /// The view each solver variable belongs to (unretained: a view leaves this table when
    /// it leaves the hierarchy), to find the views a solve that changed few variables
    /// moved. Made on first use (see ``applySolution()``), then kept up to date.
    @exclusivity(unchecked) var variableOwners: [Identity: Unmanaged<LayoutView>]?
    /// Whether translated subviews of the root are placed through frame aliases (see
    /// ``FrameAlias``); a switch for tests, which compare both ways.
    @exclusivity(unchecked) var aliasesTranslatedViews = true
    /// Whether an alias changed since the aliased views' variables were last written, and
    /// the root's rectangle they were written for.
    @exclusivity(unchecked) var aliasesNeedWriting = false
    @exclusivity(unchecked) var aliasBase: Rect?
    /// False once ``refreshSafeAreas()`` found no view whose margins or safe area the
    /// solver reads (see ``insets(of:)``), until one is read again.
    @exclusivity(unchecked) var mayHaveInsetUsers = false
    /// False once a writing found no aliased view, until an alias is made again.
    @exclusivity(unchecked) var mayHaveAliases = false
    /// The variables the last solve changed (emptied after use; kept for its capacity).
    @exclusivity(unchecked) var changedScratch: [Identity] = []

    /// The hierarchy's views, unretained: a retained list would keep the root alive through
    /// its own engine. It is dropped whenever the hierarchy changes, and the views in it are
    /// kept alive by their superviews until then.
    @exclusivity(unchecked) var viewsCache: [Unmanaged<LayoutView>]?

    /// Whether `refs`, read from ``viewRefs``, is still the list of the hierarchy's views
    /// (the list is made anew whenever the hierarchy changes, and `refs` keeps the old one
    /// alive, so a new list never has the same storage).
    func isCurrent(_ refs: [Unmanaged<LayoutView>]) -> Bool {
        guard let cached = viewsCache else { return false }
        return cached.withUnsafeBufferPointer { $0.baseAddress } == refs.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// Every view of the hierarchy, parents first, unretained (cached until the hierarchy
    /// changes). Reading a flag through these costs no retain. Each view records its index
    /// (``LayoutView/hierarchyIndex``), to order the flagged views without a scan.
    var viewRefs: [Unmanaged<LayoutView>] {
        if let cached = viewsCache { return cached }
        let all = root.subtreeReferences()
        // A scratch engine's subtree keeps the indices of the hierarchy's engine.
        if !isScratch {
            for index in all.indices { all[index]._withUnsafeGuaranteedRef { $0.hierarchyIndex = index } }
        }
        viewsCache = all
        return all
    }

    /// The views flagged for ``LayoutView/layoutSubviews()`` (see ``FlaggedViews``).
    @exclusivity(unchecked) var layoutFlags = FlaggedViews()
    /// The views flagged for ``LayoutView/updateConstraints()``.
    @exclusivity(unchecked) var updateFlags = FlaggedViews()

    /// The diagnostics reported so far (the most recent ``keptDiagnosticCount``).
    @exclusivity(unchecked) var diagnostics: [LayoutDiagnostic] = []
    /// How many diagnostics were reported before those in ``diagnostics`` and dropped.
    @exclusivity(unchecked) var droppedDiagnosticCount = 0
    /// Installed constraints not yet in the solver (see ``flush()``), and their lowerings
    /// at the same indices (kept apart so the batch goes to the solver without a copy).
    @exclusivity(unchecked) var pending: [LayoutConstraint] = []
    @exclusivity(unchecked) var pendingLowerings: [Cassowary.Constraint] = []
    /// The same for optional content-size constraints, which go to the solver after the
    /// others of their batch (see ``flush()``).
    @exclusivity(unchecked) var pendingContent: [LayoutConstraint] = []
    @exclusivity(unchecked) var pendingContentLowerings: [Cassowary.Constraint] = []

    /// A scratch engine (for fitting a subview) keeps its solver constraints to itself, so
    /// the hierarchy's engine, which records them on the layout constraints, is untouched.
    let isScratch: Bool
    @exclusivity(unchecked) var scratchLowerings: [Identity: Cassowary.Constraint] = [:]
    /// The layout constraint of each solver constraint, made when a conflict first needs
    /// to name them (see ``breakConstraint(_:because:)``), then kept up to date: a run of
    /// conflicts costs what each names, not the whole hierarchy each time.
    @exclusivity(unchecked) var loweringOwners: [Identity: LayoutConstraint]?

    init(root: LayoutView, scratch: Bool = false) {
        self.root = root
        isScratch = scratch
    }

    /// The solver constraint of a layout constraint in this engine.
    func lowering(of constraint: LayoutConstraint) -> Cassowary.Constraint? {
        isScratch ? scratchLowerings[Identity(constraint)] : constraint.lowering
    }

    func setLowering(_ lowering: Cassowary.Constraint?, of constraint: LayoutConstraint) {
        if loweringOwners != nil {
            if let old = self.lowering(of: constraint) { loweringOwners![Identity(old)] = nil }
            if let lowering { loweringOwners![Identity(lowering)] = constraint }
        }
        if isScratch { scratchLowerings[Identity(constraint)] = lowering } else { constraint.lowering = lowering }
    }

    /// Called when the hierarchy becomes part of another one: this engine is dropped, and
    /// its constraints forget their solver constraints so the new engine lowers them anew.
    func detach() {
        pending = []
        pendingLowerings = []
        pendingContent = []
        pendingContentLowerings = []
        // The engine that takes the views in lists their flags again.
        layoutFlags = FlaggedViews(alwaysScans: layoutFlags.alwaysScans)
        updateFlags = FlaggedViews(alwaysScans: updateFlags.alwaysScans)
        for view in root.subtree() {
            if !isScratch, case .member = view.engineSlot { view.engineSlot = .none }
            for constraint in view.constraints { setLowering(nil, of: constraint) }
            // The engine that takes the views in makes its own constraints for them.
            if !isScratch { view.generatedStorage = nil }
        }
    }

    // MARK: Installing

    /// Lowers an active constraint and queues it for the solver (see ``flush()``).
    func install(_ constraint: LayoutConstraint) {
        guard isScratch ? scratchLowerings[Identity(constraint)] == nil : constraint.lowering == nil,
              broken.isEmpty || !broken.contains(where: { $0 === constraint }) else { return }
        let lowering = lower(constraint)
        changed = true
        setLowering(lowering, of: constraint)
        // (Moved into a queue: `lower` returned it owned, and the queue takes that reference
        // instead of a copy.)
        if constraint.compressionPriority != nil && !lowering.strength.isRequired {
            pendingContent.append(constraint)
            pendingContentLowerings.append(consume lowering)
        } else {
            pending.append(constraint)
            pendingLowerings.append(consume lowering)
        }
    }

    /// Queues the waiting content-size constraints after the others (see ``flush()``):
    /// at the end of each activation call, so that each view's follow the constraints
    /// that place it, and the rows they change are still the recent ones (deferring them
    /// all to the end of a large batch would touch every cell's rows again, far apart).
    @inline(__always) func queueContent() {
        guard !pendingContent.isEmpty else { return }
        pending.append(contentsOf: pendingContent)
        pendingLowerings.append(contentsOf: pendingContentLowerings)
        pendingContent.removeAll(keepingCapacity: true)
        pendingContentLowerings.removeAll(keepingCapacity: true)
    }

    /// Adds the queued constraints to the solver as one batch; breaks and reports those
    /// that cannot hold, in the order they were installed (as adding them one at a time
    /// would). Everything that reads or changes the solver flushes first, so the queue only
    /// grows while constraints are being installed: building a hierarchy costs one batch.
    ///
    /// Optional content-size constraints wait in the queue until the end of the next
    /// activation call (see ``queueContent()``) or of the batch. They cannot fail, and an
    /// optional constraint never changes whether a required one can hold, so the failures
    /// and their order are those of installation order. But made first (as a view's are,
    /// when it is added, before the constraints that place it), they make every width and
    /// height a basic variable defined by its error symbols, and the constraint that
    /// closes a chain of views then has no variable left to solve for and costs a phase of
    /// optimization. Made after, every such row has a user variable to solve for.
    func flush() {
        queueContent()
        guard !pending.isEmpty else { return }
        let batch = pending, lowerings = pendingLowerings
        pending = []
        pendingLowerings = []
        var failures: [(Cassowary.Constraint, SolverError)] = []
        solver.addConstraints(lowerings) { failures.append(($0, $1)) }
        guard !failures.isEmpty else { return }
        var owners: [Identity: LayoutConstraint] = [:]
        for (constraint, lowering) in zip(batch, lowerings) { owners[Identity(lowering)] = constraint }
        for (lowering, error) in failures {
            guard let constraint = owners[Identity(lowering)] else { continue }
            setLowering(nil, of: constraint)
            breakConstraint(constraint, because: error)
        }
    }

    /// Takes a constraint out of the solver (or out of the broken list), then retries the
    /// broken constraints, which may fit now.
    func uninstall(_ constraint: LayoutConstraint) {
        flush()
        changed = true
        if let lowering = lowering(of: constraint) {
            setLowering(nil, of: constraint)
            try? solver.removeConstraint(lowering)
            retryPending = !broken.isEmpty
        } else {
            broken.removeAll { $0 === constraint }
        }
    }

    /// Tries the broken constraints again (once after any number of removals, before the
    /// next layout), without asking the solver to explain the ones that still do not fit.
    func retryBroken() {
        flush()
        guard retryPending else { return }
        retryPending = false
        let pending = broken
        broken = []
        solver.explainsConflicts = false
        defer { solver.explainsConflicts = true }
        for constraint in pending {
            let lowering = lower(constraint)
            do {
                try solver.addConstraint(lowering)
                setLowering(lowering, of: constraint)
                changed = true
            } catch {
                broken.append(constraint)
            }
        }
    }

    /// The constant of an active constraint changed: shift it in place.
    func constantChanged(_ constraint: LayoutConstraint) {
        flush()
        changed = true
        guard let old = lowering(of: constraint) else {
            if broken.contains(where: { $0 === constraint }) {
                broken.removeAll { $0 === constraint }
                install(constraint)
            }
            return
        }
        let new = lower(constraint)
        do {
            try solver.replaceConstraint(old, with: new)
            setLowering(new, of: constraint)
        } catch {
            // The old value is still in the solver; the constraint now means the new one.
            setLowering(nil, of: constraint)
            try? solver.removeConstraint(old)
            breakConstraint(constraint, because: error)
        }
    }

    /// The priority of an active constraint changed.
    func priorityChanged(_ constraint: LayoutConstraint) {
        constantChanged(constraint)
    }

    // MARK: Hierarchy

    /// Takes in a subtree that joined the hierarchy: the engine's constraints for its
    /// views, then the constraints installed on them.
    func adopt(_ top: LayoutView) {
        viewsCache = nil
        // A leaf (the usual case) needs no list of its subtree.
        if top.subviews.isEmpty {
            welcome(top)
            addGenerated(for: top)
            for constraint in top.constraints { install(constraint) }
            return
        }
        let views = top.subtree()
        for view in views { welcome(view) }
        for view in views { addGenerated(for: view) }
        for view in views { for constraint in view.constraints { install(constraint) } }
    }

    /// The first step of adopting a view: its owners entry, insets and flags.
    @inline(__always)
    private func welcome(_ view: LayoutView) {
        if !isScratch, case .owned = view.engineSlot {} else if !isScratch {
            view.engineSlot = .member(Unmanaged.passUnretained(self))
        }
        if variableOwners != nil { LayoutEngine.addOwner(view, to: &variableOwners!) }
        // Insets recorded in another hierarchy (another direction, another safe area)
        // are read afresh here, and flags set outside this hierarchy are honoured here.
        // A scratch engine (fitting) leaves both alone: the view stays in its hierarchy.
        if !isScratch {
            view.appliedInsets = nil
            listFlags(of: view)
        }
    }

    /// Lets a subtree leave: constraints installed above it that reach into it are
    /// deactivated; its own constraints stay active and leave with it.
    func release(_ top: LayoutView) {
        viewsCache = nil
        let views = top.subtree()
        var inside = Set<Identity>()
        for view in views {
            inside.insert(Identity(view))
            for guide in view.allGuides { inside.insert(Identity(guide)) }
        }
        var ancestor = top.superview
        while let view = ancestor {
            for constraint in view.constraints where constraint.items.contains(where: { inside.contains(Identity($0)) }) {
                constraint.deactivate()
            }
            ancestor = view.superview
        }
        for view in views {
            if !isScratch, case .member = view.engineSlot { view.engineSlot = .none }
            for constraint in view.constraints { uninstall(constraint) }
            removeGenerated(for: view)
            if variableOwners != nil { LayoutEngine.removeOwner(view, from: &variableOwners!) }
        }
        unlist(views, inside: inside)
    }

    /// Deactivates the constraints that use a guide being removed.
    func release(_ guide: LayoutGuide) {
        var ancestor = guide.owningView
        while let view = ancestor {
            for constraint in view.constraints where constraint.items.contains(where: { $0 === guide }) {
                constraint.deactivate()
            }
            ancestor = view.superview
        }
    }

    /// Direction changed at `top`: leading and trailing mean other edges below it.
    func directionChanged(below top: LayoutView) {
        viewsCache = nil
        let views = top.subtree()
        for view in views { refreshGuides(of: view) }
        var seen = Set<Identity>()
        var ancestor: LayoutView? = top
        var hosts = views
        while let view = ancestor?.superview {
            hosts.append(view)
            ancestor = view
        }
        for host in hosts {
            for constraint in host.constraints where seen.insert(Identity(constraint)).inserted
                && (constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional) {
                uninstall(constraint)
                install(constraint)
            }
        }
    }
}

extension LayoutView {
    /// The constraints of the hierarchy the engine broke because they could not hold.
    public var brokenConstraints: [LayoutConstraint] {
        engine.retryBroken()
        return engine.broken
    }

    /// This view's guides: the ones added, and the margins, safe-area and readable guides.
    var allGuides: [LayoutGuide] {
        layoutGuides + [marginsGuideStorage, safeAreaGuideStorage, readableGuideStorage].compactMap { $0 }
    }
}
