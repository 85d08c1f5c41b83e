import Cassowary

// Diagnostics: constraints the engine breaks or refuses, and values it refuses, reported
// to the root's handler and kept (the most recent 100, counting the ones dropped).

extension LayoutEngine {
    /// Breaks a constraint the solver would not take, or one it conflicts with, and
    /// reports why: a conflict, with the minimal set of active constraints it conflicts
    /// with, or a number the solver refused.
    ///
    /// Which constraint of a conflict is broken is decided by a fixed rule: one made from a
    /// view's autoresizing mask when the set has one (the last of them; a view placed
    /// through a frame alias is unaliased first, so that its constraint can be broken),
    /// since a translated view is most often one its author forgot to switch to
    /// constraints; then, when `constraint` is a stack's `UISV-hiding`, another of the set
    /// (the last one its author made, else the last one that is not a hiding rule), so that
    /// a hidden arranged view never takes room, as in UIKit, where it drops out of the
    /// stack's chain (a hidden view whose width is required at 32 leaves no gap); otherwise
    /// the one activated last, `constraint`. A `UISV-hiding` broken itself (no other
    /// constraint of the set could go alone) is told to its stack, which holds the view open
    /// (see ``StackView/hidingBroke(for:)``).
    func breakConstraint(_ constraint: LayoutConstraint, because error: SolverError) {
        guard case .unsatisfiableConstraint(_, let found) = error else {
            broken.append(constraint)
            // A number the solver cannot use (an overridden baseline that is NaN, say), or
            // one rounding would lose: not a conflict with other constraints.
            report(.rejected(constraint: constraint, error: .solverRefused(error.description)))
            return
        }
        // Name the solver's constraints by their layout constraints (only on this path).
        let owners = loweringOwnersTable()
        var conflicts = found.compactMap { owners[Identity($0)] }
        for c in aliasConstraints(readBy: [constraint] + conflicts) where !conflicts.contains(where: { $0 === c }) {
            conflicts.append(c)
        }
        // An autoresizing width or height is lowered with its left or top (as the far
        // edge, see ``autoresizingCompanion(of:)``), so the set holds that one too.
        for (index, c) in conflicts.enumerated().reversed() where c.origin == .autoresizing {
            if let companion = autoresizingCompanion(of: c), !conflicts.contains(where: { $0 === companion }) {
                conflicts.insert(companion, at: index)
            }
        }
        var victim: LayoutConstraint?
        if constraint.origin != .autoresizing {
            victim = conflicts.last { $0.origin == .autoresizing && lowering(of: $0) != nil }
            // One an alias stands for is not in the solver: its view is unaliased first.
            if victim == nil, let aliased = conflicts.last(where: { $0.origin == .autoresizing }),
               let view = aliased.firstItem as? LayoutView, unalias(view) {
                victim = aliased
            }
        }
        if victim == nil, constraint.isStackHiding {
            victim = conflicts.last { $0.origin == .user && lowering(of: $0) != nil }
                ?? conflicts.last { !$0.isStackHiding && lowering(of: $0) != nil }
        }
        if let victim, breakInstead(victim, keeping: constraint) {
            report(.unsatisfiable(constraint: constraint, conflicts: conflicts, broken: victim))
            return
        }
        broken.append(constraint)
        report(.unsatisfiable(constraint: constraint, conflicts: conflicts, broken: constraint))
        // A hidden view that cannot collapse keeps its size; its stack reads past it.
        if constraint.isStackHiding, let view = constraint.firstItem as? LayoutView,
           let stack = view.superview as? StackView {
            stack.hidingBroke(for: view)
        }
    }

    /// Takes `victim` out of the solver and puts `constraint` in; when that still does not
    /// fit (another conflict), puts `victim` back and returns false.
    private func breakInstead(_ victim: LayoutConstraint, keeping constraint: LayoutConstraint) -> Bool {
        guard let old = lowering(of: victim), removeLowering(old, of: victim) else { return false }
        broken.append(victim)
        // An autoresizing width lowered with this left (as the right edge) must now hold
        // alone, as UIKit's would: lowered again, without the broken left.
        let dependent = autoresizingDependent(of: victim)
        let dependentOld = dependent.flatMap { lowering(of: $0) }
        if let dependent, let dependentOld {
            let alone = lower(dependent)
            if (try? solver.replaceConstraint(dependentOld, with: alone)) != nil { setLowering(alone, of: dependent) }
        }
        let lowered = lower(constraint)
        do {
            try solver.addConstraint(lowered)
        } catch {
            broken.removeLast()
            if let dependent, let dependentOld, let now = lowering(of: dependent), now !== dependentOld,
               (try? solver.replaceConstraint(now, with: dependentOld)) != nil {
                setLowering(dependentOld, of: dependent)
            }
            do {
                try solver.addConstraint(old)
            } catch {
                // The victim does not go back: it stays broken, and says why.
                setLowering(nil, of: victim)
                broken.append(victim)
                report(.rejected(constraint: victim, error: .solverRefused(error.description)))
            }
            return false
        }
        setLowering(nil, of: victim)
        setLowering(lowered, of: constraint)
        changed = true
        return true
    }

    /// The layout constraint of each solver constraint, made the first time a diagnostic
    /// needs it and kept up to date from then on (see ``loweringOwners``).
    func loweringOwnersTable() -> [Identity: LayoutConstraint] {
        if let owners = loweringOwners { return owners }
        var owners: [Identity: LayoutConstraint] = [:]
        for view in root.subtree() {
            for c in view.constraints + (generatedConstraints(of: view)?.all ?? []) {
                if let lowering = lowering(of: c) { owners[Identity(lowering)] = c }
            }
        }
        loweringOwners = owners
        return owners
    }

    /// Keeps a diagnostic (see ``DiagnosticLog``) and passes it to the root's handler, or
    /// to ``LayoutLog`` when the root has none.
    /// Conflicts among queued constraints are found first (by flushing), so diagnostics
    /// come in the order things happened;
    /// `flushing: false` skips that from inside the engine's own work of installing
    /// constraints, where a flush would add a half-made view's constraints.
    func report(_ diagnostic: LayoutDiagnostic, flushing: Bool = true) {
        if flushing { flush() }
        log.append(diagnostic)
        if let handler = root.layoutDiagnosticsHandler { handler(diagnostic) } else { LayoutLog.log(diagnostic) }
    }
}

/// The diagnostics an engine reported: the most recent ``keptCount``, and how many came
/// before them.
struct DiagnosticLog {
    /// How many diagnostics an engine keeps: the most recent 100.
    static let keptCount = 100
    /// The diagnostics kept, oldest first.
    private(set) var entries: [LayoutDiagnostic] = []
    /// How many diagnostics were reported before those in ``entries`` and dropped.
    private(set) var droppedCount = 0

    /// Keeps a diagnostic, dropping the oldest beyond ``keptCount``.
    mutating func append(_ diagnostic: LayoutDiagnostic) {
        entries.append(diagnostic)
        if entries.count > DiagnosticLog.keptCount {
            let dropped = entries.count - DiagnosticLog.keptCount
            entries.removeFirst(dropped)
            droppedCount += dropped
        }
    }
}

extension LayoutView {
    /// Called with every diagnostic of the hierarchy this view is the root of, in the order
    /// they happen. A conflict among newly activated constraints is found when the engine
    /// next solves (see ``LayoutConstraint/activate()``), and before any later diagnostic.
    /// While it is set, the hierarchy's diagnostics go to it instead of ``LayoutLog``.
    public var layoutDiagnosticsHandler: ((LayoutDiagnostic) -> Void)? {
        get { diagnosticsHandlerStorage }
        set { diagnosticsHandlerStorage = newValue }
    }

    /// The diagnostics the hierarchy's engine reported (the most recent 100; see
    /// ``droppedLayoutDiagnosticCount`` for how many came before them).
    public var layoutDiagnostics: [LayoutDiagnostic] {
        engine.flush()
        return engine.log.entries
    }

    /// How many diagnostics the hierarchy's engine reported before the ones
    /// ``layoutDiagnostics`` keeps, and no longer has (0 until more than 100 happened).
    /// Every one of them reached ``layoutDiagnosticsHandler``.
    public var droppedLayoutDiagnosticCount: Int {
        engine.flush()
        return engine.log.droppedCount
    }
}
