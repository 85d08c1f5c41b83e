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
        guard let removed = pendingRemoval, !needsFullArrangement, removed > 0, oldCount == count + 1,
              distribution == .fill || distribution == .fillEqually, hiddenChanges?.isEmpty == true,
              StackView.editsFromOutside.load(ordering: .relaxed) == editsSeen else { return false }
        let fillEqually = distribution == .fillEqually
        let firstVisible = old.firstIndex(of: false)
        if fillEqually && firstVisible == removed { return false }
        let along = axis == .horizontal ? AxisAttributes.horizontal : .vertical
        let alignment = effectiveAlignment, spanned = alignment != .fill
        let baselines = isBaselineRelativeArrangement && axis == .vertical
        let canvas: LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        guard !spanned || spanner != nil else { return false }

        // Where each part of the old arrangement starts (as ``updateHiddenStates()`` counts).
        func chainStart(_ index: Int) -> Int {
            var position = 2
            for view in 0..<index { position += (old[view] ? 1 : 0) + (view > 0 ? 1 : 0) }
            return position
        }
        let visibleBefore = old[..<removed].reduce(0) { $0 + ($1 ? 0 : 1) }
        let visible = old.reduce(0) { $0 + ($1 ? 0 : 1) }
        let distributionStart = chainStart(oldCount)
        let alignmentStart = distributionStart + (fillEqually ? max(0, visible - 1) : 0)
        let counts = alignmentCounts(alignment)
        let spanningStart = alignmentStart + (oldCount - 1) * counts.perView + counts.canvas
        let total = spanningStart + (spanned ? 2 * visible + 1 + oldCount : 0)
        guard total == arrangement.count else { return false }

        // The chain's window, in the old places: from the removed view to the one after it,
        // widened back to the view after the new last visible one when the removed view was
        // the last visible, and on to the next shown view between baselines.
        let wasVisible = !old[removed]
        var low = removed, high = min(oldCount - 1, removed + 1)
        if wasVisible && baselines { high = old[(removed + 1)...].firstIndex(of: false) ?? oldCount - 1 }
        if wasVisible && old.lastIndex(of: false) == removed { low = (old[..<removed].lastIndex(of: false) ?? -1) + 1 }

        var windows = ArrangementWindows()
        func replace(_ range: Range<Int>, with rules: [ArrangementRule]) { replaceWindow(range, with: rules, in: &windows) }
        // From the back, so that the positions worked out from the old arrangement stay true.
        if spanned {
            let suppression = spanningStart + 2 * visible + 1 + removed
            replace(suppression..<suppression + 1, with: [])
            if wasVisible {
                let start = spanningStart + 2 * visibleBefore
                replace(start..<start + 2, with: [])
            }
        }
        let aligning = alignmentStart + (removed - 1) * counts.perView
        replace(aligning..<aligning + counts.perView, with: [])
        if fillEqually && wasVisible {
            // The first visible view has no rule of its own, and comes before this one.
            let start = distributionStart + visibleBefore - 1
            replace(start..<start + 1, with: [])
        }
        var rules: [ArrangementRule] = []
        // The old views low...high are the new views low..<high.
        appendChainLinks(for: low..<high, to: &rules, views: views, along: along, baselines: baselines)
        replace(chainStart(low)..<chainStart(high + 1), with: rules)
        replace(0..<2, with: [.equal(.canvasConnection, canvas, views[0], along.start),
                              .equal(.canvasConnection, views[count - 1], canvas, along.end)])

        arrangedHidden.remove(at: removed)
        removalUpdates += 1
        activate(windows)
        return true
    }
}
