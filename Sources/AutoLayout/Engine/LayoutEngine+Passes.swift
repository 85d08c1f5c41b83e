// The layout cycle's passes: updateConstraints bottom-up, then a solve, then layoutSubviews
// top-down. Each pass visits the flagged views only (``LayoutEngine/updateFlags`` and
// ``LayoutEngine/layoutFlags``), in the order a scan of every view would visit them, and
// scans every view when most are flagged or the hierarchy changes during the pass.

extension LayoutEngine {
    /// Runs ``LayoutView/updateConstraints()`` for the flagged views, children first: the
    /// hierarchy's views as they are now, last to first, each if it is flagged when reached.
    func updateConstraintsIfNeeded() {
        guard !updateFlags.isEmpty else { return }
        let refs = viewRefs
        var additions = updateFlags.additions
        guard var batch = flaggedPositions(layout: false, in: refs) else {
            scanUpdateConstraints(refs[...])
            return
        }
        var next = batch.count
        var cursor = refs.count  // the views before it are still to be reached
        while true {
            // The hierarchy changed: the rest of the views it had are scanned.
            guard isCurrent(refs) else { return scanUpdateConstraints(refs[..<cursor]) }
            if updateFlags.additions != additions {
                // A view was flagged: it is reached if it comes later.
                additions = updateFlags.additions
                guard let again = flaggedPositions(layout: false, in: refs) else {
                    return scanUpdateConstraints(refs[..<cursor])
                }
                batch = again
                next = batch.count
            }
            while next > 0 && batch[next - 1] >= cursor { next -= 1 }
            guard next > 0 else { return }
            next -= 1
            cursor = batch[next]
            let ref = refs[cursor]
            guard ref._withUnsafeGuaranteedRef({ $0.cycle.needsUpdateConstraints }) else { continue }
            let view = ref.takeUnretainedValue()
            view.cycle.needsUpdateConstraints = false
            view.updateConstraints()
        }
    }

    /// Runs updateConstraints for the flagged views among `refs`, last to first.
    private func scanUpdateConstraints(_ refs: ArraySlice<Unmanaged<LayoutView>>) {
        for ref in refs.reversed() where ref._withUnsafeGuaranteedRef({ $0.cycle.needsUpdateConstraints }) {
            let view = ref.takeUnretainedValue()
            view.cycle.needsUpdateConstraints = false
            view.updateConstraints()
        }
    }

    /// Update constraints, solve, and lay out top-down until nothing needs layout.
    ///
    /// After a solve every frame is set from the engine at once; then ``LayoutView/layoutSubviews()``
    /// runs, parents first, for the views whose size changed or that asked for it, as in UIKit.
    func layout() {
        guard !inLayout else { return }
        inLayout = true
        defer { inLayout = false }
        var passes = 0
        while true {
            updateConstraintsIfNeeded()
            retryBroken()
            if changed {
                changed = false
                // Only views the solve moved, and their superviews, need frames applied.
                applySolution()
            }
            if !addedViews.isEmpty { placeAddedViews() }
            guard !layoutFlags.isEmpty else { return }
            let refs = viewRefs
            let flagged = flaggedPositions(layout: true, in: refs)
            if flagged?.isEmpty == true { return }
            if passes == LayoutView.maximumLayoutPasses {
                let pendingRefs = flagged.map { $0.map { refs[$0] } }
                    ?? refs.filter { $0._withUnsafeGuaranteedRef { $0.cycle.needsLayout } }
                var pending: [LayoutView] = []
                for ref in pendingRefs {
                    let view = ref.takeUnretainedValue()
                    view.cycle.needsLayout = false
                    pending.append(view)
                }
                report(.layoutFeedbackLoop(views: pending, passes: passes))
                return
            }
            passes += 1
            if let flagged {
                layoutSubviewsPass(refs: refs, flagged: flagged)
            } else {
                scanLayoutSubviews(from: 0)
            }
            refreshSafeAreas()
        }
    }

    /// Runs ``LayoutView/layoutSubviews()`` for the flagged views, parents first: the
    /// hierarchy's views in order, each if it is flagged when reached. The flagged views
    /// are read again when a layoutSubviews flags a view.
    private func layoutSubviewsPass(refs: [Unmanaged<LayoutView>], flagged: [Int]) {
        var additions = layoutFlags.additions
        var batch = flagged, next = 0
        var cursor = 0  // the views from it on are still to be reached
        while true {
            // The hierarchy changed: the rest is scanned.
            guard isCurrent(refs) else { return scanLayoutSubviews(from: cursor) }
            if layoutFlags.additions != additions {
                additions = layoutFlags.additions
                guard let again = flaggedPositions(layout: true, in: refs) else {
                    return scanLayoutSubviews(from: cursor)
                }
                batch = again
                next = 0
            }
            while next < batch.count && batch[next] < cursor { next += 1 }
            guard next < batch.count else { return }
            let ref = refs[batch[next]]
            cursor = batch[next] + 1
            next += 1
            guard ref._withUnsafeGuaranteedRef({ $0.cycle.needsLayout }) else { continue }
            let view = ref.takeUnretainedValue()
            view.cycle.needsLayout = false
            view.layoutSubviews()
        }
    }

    /// Runs layoutSubviews for the flagged views from index `start` of ``viewRefs`` on; the
    /// views are read again after each layoutSubviews, which may change the hierarchy.
    /// (Not at each view: reading the list retains it, and a resize scans every view.)
    private func scanLayoutSubviews(from start: Int) {
        var index = start
        var refs = viewRefs
        while index < refs.count {
            let ref = refs[index]
            index += 1
            guard ref._withUnsafeGuaranteedRef({ $0.cycle.needsLayout }) else { continue }
            let view = ref.takeUnretainedValue()
            view.cycle.needsLayout = false
            view.layoutSubviews()
            refs = viewRefs
        }
    }
}
