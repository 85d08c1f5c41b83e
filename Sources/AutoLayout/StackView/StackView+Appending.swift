// Views appended at the end of a laid-out stack: only the rules that name them, or the
// views just before them, are worked out, and the constraints of the others stay as they
// are, so a list that grows one row at a time costs each row and not the whole list.

extension StackView {
    /// Brings the constraints up to date when nothing but views appended at the end of the
    /// arrangement (and their hidden states) changed since the last update, in a fill or
    /// fill-equally stack. The arrangement's parts keep their order (see
    /// ``arrangementRules()``); each grows at its end by the new views' rules:
    ///
    /// - the canvas connection at the end moves to the new last view;
    /// - the chain gains the new views' links, and is remade from the view after the last
    ///   visible one when a new view is visible (the spacing after a view depends on
    ///   whether a visible view follows);
    /// - fill equally, alignment, spanning boundaries and ambiguity suppression gain the
    ///   new views' rules; the rules of the first view and the spanner stay.
    ///
    /// Returns false, having changed nothing, when the whole arrangement must be worked out
    /// again: another change is pending, a stack's constraint was changed from outside
    /// (see ``editsFromOutside``), an old view's hidden state changed, the stack had no
    /// views, fill equally has no visible view to follow yet, or the constraints are not
    /// as many as the rules say.
    func updateAppended() -> Bool {
        let views = arrangedSubviews, count = views.count, old = arrangedHidden, oldCount = old.count
        guard takesLocalUpdates, oldCount > 0, count > oldCount,
              let changes = hiddenChanges, changes.allSatisfy({ $0 >= oldCount }) else { return false }
        let firstVisible = old.firstIndex(of: false)
        if distribution == .fillEqually && firstVisible == nil { return false }
        guard let parts = arrangementParts() else { return false }
        let (along, across, alignment) = (parts.along, parts.across, parts.alignment)

        let added = views[oldCount...]
        let addedVisible = added.filter { !$0.isHidden }
        // The chain is remade from the view after the old last visible one when a new view
        // is visible: the links after the old last visible view had no spacing.
        let lastVisible = old.lastIndex(of: false) ?? -1
        let low = addedVisible.isEmpty ? oldCount : max(0, lastVisible + 1)

        // Each part's window, from the back.
        var windows = ArrangementWindows()
        func replace(_ range: Range<Int>, with rules: [ArrangementRule]) { replaceWindow(range, with: rules, in: &windows) }
        var rules: [ArrangementRule] = []
        if parts.spanned, let spanner {
            rules = added.map { .zero(.ambiguitySuppression, $0, across.size, priority: 25) }
            replace(parts.total..<parts.total, with: rules)
            rules = []
            for view in addedVisible {
                appendSpanningBoundaries(view, spanner: spanner, alignment: alignment, to: &rules, across: across)
            }
            let boundariesEnd = parts.spanningStart + 2 * parts.visible
            replace(boundariesEnd..<boundariesEnd, with: rules)
        }
        let aligned = alignedAttributes(alignment, across: across)
        let alignmentEnd = parts.spanningStart - parts.counts.canvas
        rules = added.flatMap { view in aligned.map { ArrangementRule.equal(.alignment, views[0], view, $0) } }
        replace(alignmentEnd..<alignmentEnd, with: rules)
        if parts.fillEqually, let firstVisible {
            rules = []
            for view in addedVisible { appendFillEqually(view, first: views[firstVisible], to: &rules, along: along) }
            replace(parts.alignmentStart..<parts.alignmentStart, with: rules)
        }
        rules = []
        appendChainLinks(for: low..<count, to: &rules, views: views, along: along, baselines: parts.baselines)
        replace(parts.chainStart(low)..<parts.distributionStart, with: rules)
        replace(1..<2, with: [canvasEnd(views, along: along, canvas: parts.canvas)])

        arrangedHidden += added.map(\.isHidden)
        appendedUpdates += 1
        activate(windows)
        return true
    }
}
