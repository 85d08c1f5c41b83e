// A view taken out of a laid-out stack: only the rules that named it, or that follow from
// its place, are worked out, and the constraints of the other views stay as they are, so
// a feed that drops a row costs that row and not the whole list.

extension StackView {
    /// Brings the constraints up to date when nothing but one arranged view's removal
    /// changed since the last update, in a fill or fill-equally stack. The removed view's
    /// rules go from each part of the arrangement (see ``arrangementRules()``):
    ///
    /// - its hiding rule and its link go from the chain, and the view after it is linked to
    ///   the view before it; when it was the last visible view, the chain is remade from the
    ///   view after the new last visible one (the spacing after a view depends on whether a
    ///   visible view follows), and between baselines up to the next shown view (which
    ///   followed the removed one);
    /// - its fill-equally rule, alignment rules, spanning boundaries and ambiguity
    ///   suppression go;
    /// - the canvas connections are those of the new first and last views.
    ///
    /// Returns false, having changed nothing, when the whole arrangement must be worked out
    /// again: another change is pending (a hidden state included), a stack's constraint was
    /// changed from outside (see ``editsFromOutside``), the removed view was the first (the
    /// others align to it) or the first visible one under fill equally (the others size to
    /// it), or the constraints are not as many as the rules say.
    func updateRemoved() -> Bool {
        let views = arrangedSubviews, count = views.count, old = arrangedHidden, oldCount = old.count
        guard takesLocalUpdates, let removed = pendingRemoval, removed > 0, oldCount == count + 1,
              hiddenChanges?.isEmpty == true else { return false }
        if distribution == .fillEqually && old.firstIndex(of: false) == removed { return false }
        guard let parts = arrangementParts() else { return false }
        let along = parts.along

        // The chain's window, in the old places: from the removed view to the one after it,
        // widened back to the view after the new last visible one when the removed view was
        // the last visible, and on to the next shown view between baselines.
        let wasVisible = !old[removed]
        var low = removed, high = min(oldCount - 1, removed + 1)
        if wasVisible && parts.baselines { high = old[(removed + 1)...].firstIndex(of: false) ?? oldCount - 1 }
        if wasVisible && old.lastIndex(of: false) == removed { low = (old[..<removed].lastIndex(of: false) ?? -1) + 1 }

        var windows = ArrangementWindows()
        func replace(_ range: Range<Int>, with rules: [ArrangementRule]) { replaceWindow(range, with: rules, in: &windows) }
        // From the back, so that the positions worked out from the old arrangement stay true.
        let visibleBefore = parts.visibleBefore(removed)
        if parts.spanned {
            let suppression = parts.spanningStart + 2 * parts.visible + 1 + removed
            replace(suppression..<suppression + 1, with: [])
            if wasVisible {
                let start = parts.spanningStart + 2 * visibleBefore
                replace(start..<start + 2, with: [])
            }
        }
        let aligning = parts.alignmentStart + (removed - 1) * parts.counts.perView
        replace(aligning..<aligning + parts.counts.perView, with: [])
        if parts.fillEqually && wasVisible {
            // The first visible view has no rule of its own, and comes before this one.
            let start = parts.distributionStart + visibleBefore - 1
            replace(start..<start + 1, with: [])
        }
        var rules: [ArrangementRule] = []
        // The old views low...high are the new views low..<high.
        appendChainLinks(for: low..<high, to: &rules, views: views, along: along, baselines: parts.baselines)
        replace(parts.chainStart(low)..<parts.chainStart(high + 1), with: rules)
        replace(0..<2, with: [.equal(.canvasConnection, parts.canvas, views[0], along.start),
                              canvasEnd(views, along: along, canvas: parts.canvas)])

        arrangedHidden.remove(at: removed)
        removalUpdates += 1
        activate(windows)
        return true
    }
}
