// The arrangement as the last update left it, read by the updates that remake only the
// rules around a change (a hidden state, views appended, a view removed): which options
// the rules read, and where each part of the arrangement starts.

/// A fill or fill-equally stack's arrangement as its last update left it (see
/// ``StackView/arrangementParts()``): the axes and options its rules read, and where each
/// of its parts starts, as the arranged views' hidden states then (``old``) placed them.
/// The parts, in the order of ``StackView/arrangementRules()``:
///
/// - the two canvas connections along the axis;
/// - the chain: each view's hiding rule if it is hidden, and its link to the view before it;
/// - fill equally: a rule for each visible view but the first;
/// - alignment: ``counts`` rules for each view but the first, then the canvas's;
/// - with a spanner: two spanning boundaries for each visible view, the spanner's fit, and
///   an ambiguity suppression for each view (centred, the fit is the last of the canvas's
///   rules and the centre connection takes its place after the boundaries).
struct ArrangementParts {
    let along: AxisAttributes, across: AxisAttributes
    let alignment: StackView.Alignment
    let fillEqually: Bool, spanned: Bool, baselines: Bool
    /// What the arrangement is pinned to: the stack, or its margins.
    let canvas: LayoutItem
    /// Each arranged view's hidden state as of the last update.
    let old: [Bool]
    /// How many of ``old`` are visible.
    let visible: Int
    /// The alignment's rules for each view but the first, and the canvas's.
    let counts: (perView: Int, canvas: Int)
    let distributionStart: Int, alignmentStart: Int, spanningStart: Int
    /// The number of constraints the parts hold.
    let total: Int

    /// Where the chain's rules for the view at `index` start: after the canvas's two, a
    /// hiding rule for each hidden view before it and a link for each view before it but
    /// the first.
    func chainStart(_ index: Int) -> Int {
        2 + (index - visibleBefore(index)) + max(0, index - 1)
    }

    /// How many views before `index` were visible, `skipped` aside. (Counted from the
    /// nearer end: views are most often appended or removed at the end of a long stack.)
    func visibleBefore(_ index: Int, besides skipped: Int? = nil) -> Int {
        var count: Int
        if index <= old.count / 2 {
            count = 0
            for view in 0..<index where !old[view] { count += 1 }
        } else {
            count = visible
            for view in index..<old.count where !old[view] { count -= 1 }
        }
        if let skipped, skipped < index, !old[skipped] { count -= 1 }
        return count
    }
}

extension StackView {
    /// Whether an update may remake only the rules around a change: nothing but hidden
    /// states, appended views or a removed view changed since the last one, the stack fills
    /// (or fills equally), and no stack's constraint was changed from outside (see
    /// ``editsFromOutside``).
    var takesLocalUpdates: Bool {
        !needsFullArrangement && (distribution == .fill || distribution == .fillEqually)
            && StackView.editsFromOutside.load(ordering: .relaxed) == editsSeen
    }

    /// The arrangement's parts as the last update left them; nil when its constraints are
    /// not as many as the rules say, or the alignment has lost its spanner (the whole
    /// arrangement is then worked out again).
    func arrangementParts() -> ArrangementParts? {
        let old = arrangedHidden, count = old.count
        let alignment = effectiveAlignment, spanned = alignment != .fill
        guard !spanned || spanner != nil else { return nil }
        let fillEqually = distribution == .fillEqually
        let hidden = old.reduce(0) { $0 + ($1 ? 1 : 0) }, visible = count - hidden
        let distributionStart = 2 + hidden + max(0, count - 1)
        let alignmentStart = distributionStart + (fillEqually ? max(0, visible - 1) : 0)
        let counts = alignmentCounts(alignment)
        let spanningStart = alignmentStart + max(0, count - 1) * counts.perView + counts.canvas
        let total = spanningStart + (spanned ? 2 * visible + 1 + count : 0)
        guard total == arrangement.count else { return nil }
        return ArrangementParts(
            along: axis == .horizontal ? .horizontal : .vertical, across: axis == .horizontal ? .vertical : .horizontal,
            alignment: alignment, fillEqually: fillEqually, spanned: spanned,
            baselines: isBaselineRelativeArrangement && axis == .vertical,
            canvas: isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self,
            old: old, visible: visible, counts: counts, distributionStart: distributionStart,
            alignmentStart: alignmentStart, spanningStart: spanningStart, total: total)
    }
}
