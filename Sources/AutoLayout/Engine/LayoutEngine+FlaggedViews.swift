// The views flagged for the steps of the layout cycle, kept per engine so a pass visits
// them without scanning the whole hierarchy (see LayoutEngine+Passes.swift).

/// The views of a hierarchy flagged for one step of the layout cycle, so a pass visits
/// them without scanning every view. A view is added (unretained) when it is flagged and
/// is not listed yet (``LayoutCycleFlags/inLayoutList``, ``LayoutCycleFlags/inUpdateList``); its entry
/// stays until the next pass reads the list, and goes when the view leaves the hierarchy.
/// When most views are flagged (a first layout, a rotation) the list is dropped and the
/// next pass scans every view instead, as it would have to anyway.
struct FlaggedViews {
    var list: [Unmanaged<LayoutView>] = []
    /// Whether the list was dropped for a scan: every view is taken to be listed.
    var scans = false
    /// Counts the views flagged, to tell a pass running through the list that it grew.
    var additions = 0
    /// A switch for tests (see ``LayoutEngine/flaggedViewsAlwaysScan``).
    var alwaysScans = false

    /// Whether no view can be flagged.
    var isEmpty: Bool { list.isEmpty && !scans }

    /// Whether `count` of `total` views are enough for a scan to be the cheaper way.
    func isDense(_ count: Int, of total: Int) -> Bool {
        count > 0 && (alwaysScans || (count > 16 && count * 8 > total))
    }

    /// Adds a view just flagged (`viewCount` is the number of views in the hierarchy).
    mutating func add(_ view: LayoutView, viewCount: Int) {
        additions &+= 1
        guard !scans else { return }
        if isDense(list.count, of: viewCount) {
            scans = true
            list = []
        } else {
            list.append(Unmanaged.passUnretained(view))
        }
    }
}

extension LayoutEngine {
    // MARK: Flagged views

    /// Lists a view just flagged for layout.
    func listForLayout(_ view: LayoutView) {
        view.cycle.inLayoutList = true
        layoutFlags.add(view, viewCount: generatedCount)
    }

    /// Lists a view just flagged for updateConstraints.
    func listForUpdate(_ view: LayoutView) {
        view.cycle.inUpdateList = true
        updateFlags.add(view, viewCount: generatedCount)
    }

    /// Lists the flags of a view joining the hierarchy (set before it joined, or in the
    /// hierarchy it comes from, whose lists are dropped or left without it). A list that
    /// was dropped for a scan only marks the view (the scan reads the flags, and as the
    /// hierarchy changed, a pass under way scans too).
    @inline(__always)
    func listFlags(of view: LayoutView) {
        view.cycle.inLayoutList = view.cycle.needsLayout
        view.cycle.inUpdateList = view.cycle.needsUpdateConstraints
        if view.cycle.needsLayout && !layoutFlags.scans { layoutFlags.add(view, viewCount: generatedCount) }
        if view.cycle.needsUpdateConstraints && !updateFlags.scans { updateFlags.add(view, viewCount: generatedCount) }
    }

    /// Takes views leaving the hierarchy (`inside` holds their identities) out of the lists;
    /// they keep their flags for the hierarchy they join next.
    func unlist(_ views: [LayoutView], inside: Set<Identity>) {
        var listed = false
        for view in views where view.cycle.inLayoutList || view.cycle.inUpdateList {
            view.cycle.inLayoutList = false
            view.cycle.inUpdateList = false
            listed = true
        }
        guard listed else { return }
        layoutFlags.list.removeAll { ref in ref._withUnsafeGuaranteedRef { inside.contains(Identity($0)) } }
        updateFlags.list.removeAll { ref in ref._withUnsafeGuaranteedRef { inside.contains(Identity($0)) } }
    }

    /// The indices in `refs` (this engine's ``viewRefs``) of the views flagged for layout
    /// (or for updateConstraints), ascending, each once; nil when so many are flagged that
    /// the pass should scan every view instead (there is at least one then). Drops the
    /// list entries of views no longer flagged. When the list was dropped, or a listed view
    /// is not found at its index, `refs` is scanned, and the list made again if it can be.
    func flaggedPositions(layout: Bool, in refs: [Unmanaged<LayoutView>]) -> [Int]? {
        var flags = layout ? layoutFlags : updateFlags
        // (Taken out while it is changed, so the list is not copied.)
        if layout { layoutFlags.list = [] } else { updateFlags.list = [] }
        defer { if layout { layoutFlags = flags } else { updateFlags = flags } }
        var positions: [Int] = []
        if !flags.scans {
            var found = true
            flags.list.removeAll { ref in
                ref._withUnsafeGuaranteedRef { view in
                    if layout ? !view.cycle.needsLayout : !view.cycle.needsUpdateConstraints {
                        if layout { view.cycle.inLayoutList = false } else { view.cycle.inUpdateList = false }
                        return true
                    }
                    if let index = views.place(of: view), index < refs.count && refs[index].toOpaque() == ref.toOpaque() {
                        positions.append(index)
                    } else {
                        found = false
                    }
                    return false
                }
            }
            if found && !flags.isDense(positions.count, of: refs.count) {
                positions.sort()
                var unique = 0
                for position in positions where unique == 0 || positions[unique - 1] != position {
                    positions[unique] = position
                    unique += 1
                }
                positions.removeLast(positions.count - unique)
                return positions
            }
            flags.scans = true
            flags.list = []
            positions.removeAll(keepingCapacity: true)
        }
        // The scan marks each view listed or not; it stops as soon as the flagged views are
        // too many for a list (the marks matter only once there is a list again).
        for index in refs.indices {
            let flagged = refs[index]._withUnsafeGuaranteedRef { view in
                let flagged = layout ? view.cycle.needsLayout : view.cycle.needsUpdateConstraints
                if layout { view.cycle.inLayoutList = flagged } else { view.cycle.inUpdateList = flagged }
                return flagged
            }
            guard flagged else { continue }
            positions.append(index)
            if flags.isDense(positions.count, of: refs.count) { return nil }
        }
        flags.scans = false
        flags.list = positions.map { refs[$0] }
        return positions
    }
}
