// The layout cycle: update constraints bottom-up, solve, lay out top-down.

/// A view's flags for the steps of the layout cycle. (One-byte fields, kept together: they
/// fill the bytes after the tag of ``LayoutView/appliedInsets``, see LayoutView.swift.)
struct LayoutCycleFlags {
    /// Whether the view needs ``LayoutView/layoutSubviews()``. Set it with
    /// ``LayoutView/markNeedsLayout(in:)``, which lists the view in its engine (see
    /// ``LayoutEngine/layoutFlags``).
    var needsLayout = true
    /// Whether the view needs ``LayoutView/updateConstraints()``; set by
    /// ``LayoutView/setNeedsUpdateConstraints()``, which lists the view as
    /// ``LayoutView/markNeedsLayout(in:)`` does.
    var needsUpdateConstraints = true
    /// Whether the view is in its engine's ``LayoutEngine/layoutFlags``.
    var inLayoutList = false
    /// Whether the view is in its engine's ``LayoutEngine/updateFlags``.
    var inUpdateList = false
    /// Set while the engine collects the views a solve moved and sets their frames.
    var isSolveHost = false
    /// Set while the engine sets a solve's frames, on a view whose origin moved: the
    /// engine places all its subviews, whose frames are relative to it, in one pass.
    var placesSubviews = false
    /// Whether a subview's frame may differ from the engine's solution for a reason other
    /// than a solve (a subview added, a frame set by hand: both go through
    /// ``LayoutView/setNeedsLayout()``), so the default ``LayoutView/layoutSubviews()``
    /// places every subview. The engine places the views a solve moves itself (see
    /// ``LayoutEngine/applySolution()``), so a view with 100,000 subviews does not visit
    /// them all when one moves.
    var subviewFramesStale = true
}

extension LayoutView {
    /// The most passes ``layoutIfNeeded()`` makes before it reports a feedback loop.
    public static let maximumLayoutPasses = 100

    /// Marks the view as needing ``layoutSubviews()`` in the next layout pass.
    @inline(__always)
    public func setNeedsLayout() {
        setNeedsLayout(placingSubviews: true)
    }

    /// ``setNeedsLayout()``, saying whether the default ``layoutSubviews()`` must place every
    /// subview again (see ``LayoutCycleFlags/subviewFramesStale``): not when only this view's own frame
    /// changed, as its subviews' frames are relative to it and the solve moves what moved.
    @inline(__always)
    func setNeedsLayout(placingSubviews: Bool) {
        cycle.needsLayout = true
        if placingSubviews { cycle.subviewFramesStale = true }
        if !cycle.inLayoutList { listForLayout() }
    }

    /// Lists the view in its hierarchy's engine, if there is one yet.
    @inline(never)
    private func listForLayout() {
        engineIfAny?.listForLayout(self)
    }

    /// Flags the view for ``layoutSubviews()`` and lists it in `engine`, its hierarchy's
    /// engine (which the caller has at hand).
    @inline(__always)
    func markNeedsLayout(in engine: LayoutEngine) {
        cycle.needsLayout = true
        if !cycle.inLayoutList { engine.listForLayout(self) }
    }

    /// Marks the view as needing ``updateConstraints()`` before the next layout pass.
    public func setNeedsUpdateConstraints() {
        cycle.needsUpdateConstraints = true
        if !cycle.inUpdateList { engineIfAny?.listForUpdate(self) }
    }

    /// Runs ``updateConstraints()`` for every flagged view of the hierarchy, children first.
    public func updateConstraintsIfNeeded() {
        engine.updateConstraintsIfNeeded()
    }

    /// Lays out the hierarchy now if anything changed: updates constraints, solves, and
    /// calls ``layoutSubviews()`` top-down. A ``layoutSubviews()`` that keeps invalidating
    /// layout is stopped after ``maximumLayoutPasses`` passes with a
    /// ``LayoutDiagnostic/layoutFeedbackLoop(views:passes:)``.
    public func layoutIfNeeded() {
        rootView.engine.layout()
    }

    /// The size that fits the view's constraints nearest to `targetSize`, holding the target
    /// width and height at the given priorities (``LayoutPriority/fittingSizeLevel`` by
    /// default). For a root view the hierarchy is solved in place; for a subview, its
    /// subtree's constraints are solved on their own (the rest of the hierarchy ignored).
    public func systemLayoutSizeFitting(
        _ targetSize: Size,
        withHorizontalFittingPriority horizontal: LayoutPriority = .fittingSizeLevel,
        verticalFittingPriority vertical: LayoutPriority = .fittingSizeLevel
    ) -> Size {
        updateConstraintsIfNeeded()
        return engine.fittingSize(of: self, target: targetSize, horizontal: horizontal, vertical: vertical)
    }

    /// The smallest size that fits the view's constraints.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// The largest size that fits the view's constraints.
    public static let layoutFittingExpandedSize = Size(width: 1e7, height: 1e7)
}
