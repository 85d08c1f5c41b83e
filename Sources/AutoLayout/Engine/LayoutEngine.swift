import Cassowary

/// The engine of one view hierarchy: a solver with every active constraint of the
/// hierarchy, plus the constraints the engine makes itself (the root's size, autoresizing
/// masks, content sizes, the margins and safe-area guides).
final class LayoutEngine {
    // The stored properties below are only ever accessed briefly (no `inout` access spans
    // a call that could reach the engine again), so they skip the dynamic exclusivity
    // checks class properties get otherwise: installing a constraint touches several.
    unowned let root: LayoutView
    /// The root's identity, for comparisons in loops over views (reading the unowned
    /// ``root`` retains and releases it each time).
    let rootIdentity: ObjectIdentifier
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
    /// What finds the views a solve moved (see ``SolveTracking``).
    @exclusivity(unchecked) var tracking = SolveTracking()
    /// The state of the frame aliases (see ``FrameAliasState``).
    @exclusivity(unchecked) var aliasState = FrameAliasState()
    /// False once ``refreshSafeAreas()`` found no view whose margins or safe area the
    /// solver reads (see ``insets(of:)``), until one is read again.
    @exclusivity(unchecked) var mayHaveInsetUsers = false

    /// The constraints ``LayoutView/exerciseAmbiguityInLayout()`` holds views by, below
    /// every priority, with the value each component had before (see ``ExercisePin``).
    @exclusivity(unchecked) var exercisePins: [Identity: ExercisePin] = [:]

    /// The views the engine took in: their slots, and their order (see ``ViewTable``).
    @exclusivity(unchecked) var views = ViewTable()
    /// Views added to a laid-out superview, whose frames the next layout sets (see
    /// ``placeAddedViews()``); retained until then.
    @exclusivity(unchecked) var addedViews: [LayoutView] = []

    /// The views flagged for ``LayoutView/layoutSubviews()`` (see ``FlaggedViews``).
    @exclusivity(unchecked) var layoutFlags = FlaggedViews()
    /// The views flagged for ``LayoutView/updateConstraints()``.
    @exclusivity(unchecked) var updateFlags = FlaggedViews()

    /// The diagnostics reported so far (see ``DiagnosticLog``).
    @exclusivity(unchecked) var log = DiagnosticLog()
    /// Installed constraints not yet in the solver (see ``InstallQueue``).
    @exclusivity(unchecked) var queue = InstallQueue()
    /// The strengths of the priorities lowered so far (see ``lower(_:)``).
    @exclusivity(unchecked) var strengths = StrengthCache()

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
        rootIdentity = ObjectIdentifier(root)
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
        queue = InstallQueue()
        // The engine that takes the views in lists their flags again.
        layoutFlags = FlaggedViews(alwaysScans: layoutFlags.alwaysScans)
        updateFlags = FlaggedViews(alwaysScans: updateFlags.alwaysScans)
        forget(root.subtree())
    }

    /// Lets views go as if they had never been taken in: they leave the engine, their
    /// constraints forget their solver constraints, and the constraints the engine made for
    /// them go, so that the engine that takes them in next does all of that anew (and so do
    /// the engine's notes on their silence, which were about this engine's solver). (Also
    /// when the root goes away and some of its views live on.)
    func forget(_ views: some Sequence<LayoutView>) {
        for view in views {
            letGo(view)
            for constraint in view.constraints { setLowering(nil, of: constraint) }
            if !isScratch {
                view.generatedStorage = nil
                view.variables.silenceFlags = []
            }
        }
    }

    // MARK: Hierarchy

    /// Takes in a subtree that joined the hierarchy: the engine's constraints for its
    /// views, then the constraints installed on them.
    func adopt(_ top: LayoutView) {
        // A leaf (the usual case) needs no list of its subtree.
        if top.subviews.isEmpty {
            welcome(top)
            addGenerated(for: top)
            for constraint in top.constraints { install(constraint) }
        } else {
            let subtree = top.subtree()
            for view in subtree { welcome(view) }
            for view in subtree { addGenerated(for: view) }
            for view in subtree { for constraint in view.constraints { install(constraint) } }
        }
        if isScratch { return dropViewOrder() }
        listAdded(top)
        // A superview that places all its subviews at its next layout places this one too.
        if let parent = top.superview, !parent.cycle.subviewFramesStale { addedViews.append(top) }
    }

    /// The first step of adopting a view: its engine, insets and flags.
    @inline(__always)
    private func welcome(_ view: LayoutView) {
        if !isScratch, case .owned = view.engineSlot {} else if !isScratch {
            view.engineSlot = .member(Unmanaged.passUnretained(self))
        }
        if !isScratch && views.claim(view) { view.variables.setOwnerSlot(view.viewSlot) }
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
        // The engine's own constraints for the subtree's views (their content sizes, say)
        // go first. Each link between two views that goes later splits an equality class,
        // and the solver lowers anew the rows of the side that moves: rows that are gone
        // by then cost nothing. (A row of labels leaving a stack took every label's size
        // rows through a split for each of the row's links.)
        let leaving = top.subtree()
        for view in leaving { removeGenerated(for: view) }
        let inside = LayoutEngine.deactivateConstraints(reachingInto: top, views: leaving)
        if isScratch { dropViewOrder() } else { unlistLeaving(top, count: leaving.count) }
        for view in leaving {
            letGo(view)
            if !exercisePins.isEmpty { releasePin(of: view) }
            if !aliasState.refused.isEmpty { aliasState.refused.remove(Identity(view)) }
            for constraint in view.constraints { uninstall(constraint) }
        }
        unlist(leaving, inside: inside)
    }

    /// Frees a leaving view's slot and its link to this engine (a scratch engine holds
    /// neither: the view keeps its hierarchy's).
    private func letGo(_ view: LayoutView) {
        guard !isScratch else { return }
        views.vacate(view)
        if case .member = view.engineSlot { view.engineSlot = .none }
    }

    /// Deactivates the constraints installed above a subtree that is leaving its superview
    /// and name a view or guide in it (the subtree's own constraints leave with it); returns
    /// the identities of its views and guides. `views` is the subtree, when the caller has
    /// it already. Also for a hierarchy without an engine: a subtree removed from one keeps
    /// its constraints active, and those reaching out of a part removed from it must go too.
    @discardableResult
    static func deactivateConstraints(reachingInto top: LayoutView, views: [LayoutView]? = nil) -> Set<Identity> {
        let views = views ?? top.subtree()
        var inside = Set<Identity>(), handles = HandleSet()
        for view in views {
            inside.insert(Identity(view))
            handles.insert(view.handle)
            for guide in view.allGuides {
                inside.insert(Identity(guide))
                handles.insert(guide.handle)
            }
        }
        // (Found first, then deactivated: deactivating one while reading the list would
        // copy the list. Not an edit from outside for a stack: the only stack constraints
        // that name a leaving view are its superview's, which has heard of the removal.)
        var reaching: [LayoutConstraint] = []
        var ancestor = top.superview
        while let view = ancestor {
            appendConstraints(of: view, naming: handles, to: &reaching)
            ancestor = view.superview
        }
        for constraint in reaching { constraint.uninstallFromHost() }
        return inside
    }

    /// Appends the constraints `host` holds that name an item of `handles`: a host of many
    /// constraints is read through the words it keeps for them (see
    /// ``HostedConstraintKeys``), any other read whole.
    private static func appendConstraints(of host: LayoutView, naming handles: HandleSet,
                                          to found: inout [LayoutConstraint]) {
        if host.constraints.count >= HostedConstraintKeys.threshold,
           host.hostedKeys.appendConstraints(of: host, naming: handles, to: &found) {
            return
        }
        appendAllConstraints(of: host, naming: handles, to: &found)
    }

    /// ``appendConstraints(of:naming:to:)`` reading every constraint. (A function of
    /// its own, so that the check is inlined in the loop: called for each constraint, it
    /// took twice as long to read the 300,000 of a list's root.)
    private static func appendAllConstraints(of host: LayoutView, naming handles: HandleSet,
                                             to found: inout [LayoutConstraint]) {
        for constraint in host.constraints where constraint.relatesItem(handledBy: handles) { found.append(constraint) }
    }

    /// Deactivates the constraints that use a guide being removed.
    func release(_ guide: LayoutGuide) {
        var handles = HandleSet()
        handles.insert(guide.handle)
        var ancestor = guide.owningView
        while let view = ancestor {
            var using: [LayoutConstraint] = []
            LayoutEngine.appendConstraints(of: view, naming: handles, to: &using)
            for constraint in using { constraint.deactivate() }
            ancestor = view.superview
        }
    }

    /// Direction changed at `top`: leading and trailing mean other edges below it.
    func directionChanged(below top: LayoutView) {
        dropViewOrder()
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
