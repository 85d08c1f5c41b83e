import Cassowary

// Installing: an active constraint is lowered, queued, and added to the solver in a batch
// when something next reads or changes the solver; removing, retrying the broken ones, and
// changing a constant or priority in place.

/// The constraints installed but not yet in the solver (see ``LayoutEngine/flush()``), as
/// their lowerings: a batch goes to the solver without a copy, and the layout constraints
/// are not listed again (a failure finds its constraint through
/// ``LayoutEngine/loweringOwnersTable()``), which spares a list as long as the batch at
/// the peak of a build.
struct InstallQueue {
    /// The lowerings of installed constraints, in installation order.
    var lowerings: [Cassowary.Constraint] = []
    /// The lowerings of optional content-size constraints, which go to the solver after the
    /// others of their activation call (see ``LayoutEngine/queueContent()``).
    var content: [Cassowary.Constraint] = []

    /// Appends the waiting content-size constraints to the others.
    mutating func moveContentToEnd() {
        lowerings.append(contentsOf: content)
        content.removeAll(keepingCapacity: true)
    }
}

extension LayoutEngine {
    /// Lowers an active constraint and queues it for the solver (see ``flush()``).
    func install(_ constraint: LayoutConstraint) {
        guard isScratch ? scratchLowerings[Identity(constraint)] == nil : constraint.lowering == nil,
              broken.isEmpty || !broken.contains(where: { $0 === constraint }) else { return }
        let lowering = lower(constraint)
        changed = true
        setLowering(lowering, of: constraint)
        if tracking.hasRefusals { allowSilence(for: constraint) }
        // (Moved into a queue: `lower` returned it owned, and the queue takes that reference
        // instead of a copy.)
        // (Its priority, not its lowering's strength, which would be made to be asked: the
        // lowering is required exactly when the priority is, see ``lower(_:)``.)
        if constraint.compressionPriority != nil && !constraint.storedPriority.isRequired {
            queue.content.append(consume lowering)
        } else {
            queue.lowerings.append(consume lowering)
        }
    }

    /// Queues the waiting content-size constraints after the others (see ``flush()``):
    /// at the end of each activation call, so that each view's follow the constraints
    /// that place it, and the rows they change are still the recent ones (deferring them
    /// all to the end of a large batch would touch every cell's rows again, far apart).
    @inline(__always) func queueContent() {
        guard !queue.content.isEmpty else { return }
        queue.moveContentToEnd()
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
        guard !queue.lowerings.isEmpty else { return }
        let lowerings = queue.lowerings
        queue.lowerings = []
        var failures: [(Cassowary.Constraint, SolverError)] = []
        solver.addConstraints(lowerings) { failures.append(($0, $1)) }
        guard !failures.isEmpty else { return }
        // (Every queued constraint is installed: on a view of the hierarchy, or made by the
        // engine for one, so the table names it.)
        let owners = loweringOwnersTable()
        let failed = failures.map { (owners[Identity($0.0)], $0.1) }
        for (constraint, _) in failed { if let constraint { setLowering(nil, of: constraint) } }
        let unaliased = aliasState.refused.count
        for (constraint, error) in failed {
            guard let constraint else { continue }
            // Breaking an earlier one may have unaliased a view this one reads (see
            // ``unalias(_:)``): lowered again, it reads the view's own variables, and its
            // conflict names the view's autoresizing constraints.
            if aliasState.refused.count != unaliased {
                do { try addNow(constraint) } catch { breakConstraint(constraint, because: error) }
                continue
            }
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
            removeLowering(lowering, of: constraint)
            retryPending = !broken.isEmpty
        } else {
            broken.removeAll { $0 === constraint }
        }
    }

    /// Takes a lowered constraint out of the solver; returns whether it went. A removal the
    /// solver refuses (a fault: it holds every constraint the engine put in) is reported as
    /// ``LayoutError/removalRefused(_:)``, against `owner`, the layout constraint it was
    /// lowered from, or against the root for one the engine made itself: the solver never
    /// keeps a constraint the engine has let go of without a word.
    @discardableResult
    func removeLowering(_ lowering: Cassowary.Constraint, of owner: LayoutConstraint?) -> Bool {
        do {
            try solver.removeConstraint(lowering)
            return true
        } catch {
            let refusal = LayoutError.removalRefused(error.description)
            if let owner {
                report(.rejected(constraint: owner, error: refusal), flushing: false)
            } else {
                report(.rejectedValue(view: root, error: refusal), flushing: false)
            }
            return false
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
            do {
                try addNow(constraint)
                changed = true
            } catch {
                broken.append(constraint)
            }
        }
    }

    /// Lowers a constraint and adds it to the solver at once, not through the queue.
    func addNow(_ constraint: LayoutConstraint) throws(SolverError) {
        let lowering = lower(constraint)
        try solver.addConstraint(lowering)
        setLowering(lowering, of: constraint)
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
            removeLowering(old, of: constraint)
            breakConstraint(constraint, because: error)
        }
    }

    /// The priority of an active constraint changed.
    func priorityChanged(_ constraint: LayoutConstraint) {
        constantChanged(constraint)
    }
}
