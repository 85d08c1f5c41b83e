import Synchronization

/// A view that lays out a row or a column of views, UIKit's `UIStackView`: it makes the
/// constraints that place its ``arrangedSubviews`` along its ``axis`` by its
/// ``distribution``, ``alignment`` and ``spacing``.
///
/// The constraints it makes carry UIKit's identifiers (`UISV-canvas-connection`,
/// `UISV-spacing`, `UISV-hiding`, `UISV-alignment`, …) and are installed on the stack, so
/// they show in descriptions, conflict logs, traces and ``LayoutView/layoutIssues()`` as
/// they do in Xcode. A hidden arranged view collapses to zero along the axis and the
/// spacing next to it goes away; showing it brings both back. When a constraint of the
/// view's own forbids the collapse (a required width), that constraint is broken while the
/// view is hidden, so the view takes no room, as in UIKit; where the collapse would need
/// two constraints broken, the `UISV-hiding` constraint is, and the view keeps its size but
/// still takes no room (the chain reads past it). The constraints are brought up to date
/// before the next layout (or ``LayoutView/updateConstraintsIfNeeded()``), and a change
/// touches only those it changes. The stack draws nothing and has no intrinsic size: it
/// takes its size from its arrangement unless constrained otherwise.
open class StackView: LayoutView {
    // The stored properties marked `@exclusivity(unchecked)` below are only ever accessed
    // briefly (no `inout` access spans a call that could reach them again), so they skip the
    // runtime's exclusivity checks: a stack's update read them thousands of times, each
    // check a lookup in the thread's set of accesses in progress.

    /// The views the stack arranges, in order. Each is also a subview.
    @exclusivity(unchecked) public private(set) var arrangedSubviews: [LayoutView] = []

    /// The axis the views are laid out along (horizontal by default).
    public var axis: LayoutAxis = .horizontal {
        didSet { if axis != oldValue { setNeedsArrangement() } }
    }
    /// How the views are sized and placed along the axis (``Distribution/fill`` by default).
    public var distribution: Distribution = .fill {
        didSet { if distribution != oldValue { setNeedsArrangement() } }
    }
    /// How the views are placed across the axis (``Alignment/fill`` by default).
    public var alignment: Alignment = .fill {
        didSet { if alignment != oldValue { setNeedsArrangement() } }
    }
    /// The space between neighbouring views: exact for the fill distributions, a minimum
    /// for ``Distribution/equalSpacing`` and ``Distribution/equalCentering`` (0 by default).
    /// ``spacingUseSystem`` asks for the system spacing. A value that is not finite, or is
    /// beyond ``LayoutLimits/maximumValue``, is refused and reported.
    public var spacing: Double {
        get { storedSpacing }
        set {
            guard newValue != storedSpacing else { return }
            if newValue != StackView.spacingUseSystem {
                do { try LayoutLimits.check(newValue, "spacing") } catch { return refuse(error) }
            }
            storedSpacing = newValue
            setNeedsArrangement()
        }
    }
    /// Whether a vertical stack measures the spacing between views from the last baseline
    /// of one to the first baseline of the next (false by default).
    public var isBaselineRelativeArrangement = false {
        didSet { if isBaselineRelativeArrangement != oldValue { setNeedsArrangement() } }
    }
    /// Whether the views are laid out within the stack's layout margins rather than its
    /// bounds (false by default).
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { setNeedsArrangement() } }
    }

    @exclusivity(unchecked) var storedSpacing = 0.0
    /// Spacing after particular views (see ``setCustomSpacing(_:after:)``).
    @exclusivity(unchecked) var customSpacings: [Identity: Double] = [:]
    /// The constraints the stack made and keeps active, in the order of the rules that
    /// made them (see ``updateArrangement()``).
    @exclusivity(unchecked) var arrangement: [LayoutConstraint] = []
    /// Each arranged view's hidden state as of the last update, in order.
    @exclusivity(unchecked) var arrangedHidden: [Bool] = []
    /// The places of the arranged views whose hidden state changed since the last update,
    /// in the order they changed (a place may come twice); nil when more changed than an
    /// update remakes one by one (see ``updateHiddenStates()``). So an update finds them
    /// without reading every arranged view.
    @exclusivity(unchecked) var hiddenChanges: [Int]? = []
    /// Whether anything but arranged views' hidden states changed since the last update
    /// (see ``updateHiddenStates()``).
    @exclusivity(unchecked) var needsFullArrangement = true
    /// How many updates took views appended at the end in without working out the whole
    /// arrangement (see ``updateAppended()``; tests read it).
    @exclusivity(unchecked) var appendedUpdates = 0
    /// The hidden arranged views whose `UISV-hiding` constraint the engine broke (their own
    /// constraints forbid the collapse, see ``hidingBroke(for:)``): they keep their size, and
    /// the chain reads their start rather than their end, so they take no room.
    @exclusivity(unchecked) var heldOpen: Set<Identity> = []
    /// The place of the one arranged view removed since the last update, when nothing else
    /// changed (see ``updateRemoved()``).
    @exclusivity(unchecked) var pendingRemoval: Int?
    /// How many updates took a removal without working out the whole arrangement (see
    /// ``updateRemoved()``; tests read it).
    @exclusivity(unchecked) var removalUpdates = 0
    /// ``editsFromOutside`` as of the last update.
    @exclusivity(unchecked) var editsSeen = 0
    /// How many times a stack's constraint was changed, deactivated or renamed by anything
    /// but its stack, in any stack: an update that sees the count move works out its whole
    /// arrangement, which puts its constraints back as the rules say (one counter for all
    /// stacks, so that a constraint needs no field for its stack; a stack that was not
    /// touched only does one full update more).
    static let editsFromOutside = Atomic<Int>(0)

    /// The constraints the stack made for its arrangement (UIKit's `UISV-…` ones), as of
    /// its last update: they are brought up to date before each layout, or by
    /// ``LayoutView/updateConstraintsIfNeeded()``.
    public var arrangementConstraints: [LayoutConstraint] { arrangement }
    /// The guide that spans the views across the axis, when the alignment needs one.
    @exclusivity(unchecked) var spanner: LayoutGuide?
    /// The guides between neighbouring visible views (equal spacing and centering), by the
    /// view before each.
    @exclusivity(unchecked) var gapGuides: [Identity: LayoutGuide] = [:]

    /// A stack view with no arranged views.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// A stack view that arranges these views, in order.
    public convenience init(arrangedSubviews views: [LayoutView]) {
        self.init(frame: .zero)
        // Both lists take their room once, rather than doubling from one as the views come.
        subviews.reserveCapacity(views.count)
        arrangedSubviews.reserveCapacity(views.count)
        for view in views { addArrangedSubview(view) }
    }

    /// Adds a view to the end of the arrangement, and as a subview (on top) if it is not
    /// one already. Its ``LayoutView/translatesAutoresizingMaskIntoConstraints`` is turned
    /// off, as UIKit does.
    public func addArrangedSubview(_ view: LayoutView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view into the arrangement at an index (clamped to the valid range), and
    /// adds it as a subview if it is not one already. A view already arranged moves.
    public func insertArrangedSubview(_ view: LayoutView, at index: Int) {
        guard view !== self else { return }
        // (Only a subview can be arranged already: adding a new view scans nothing.)
        if view.superview === self, let old = arrangedSubviews.firstIndex(where: { $0 === view }) {
            arrangedSubviews.remove(at: old)
        }
        // A new view at the end changes the rules of the views around the end only (see
        // ``updateAppended()``); any other change works out the whole arrangement.
        let appended = index >= arrangedSubviews.count && view.superview !== self && pendingRemoval == nil
        view.translatesAutoresizingMaskIntoConstraints = false
        arrangedSubviews.insert(view, at: max(0, min(index, arrangedSubviews.count)))
        if view.superview !== self { addSubview(view) }
        if appended {
            setNeedsUpdateConstraints()
            setNeedsLayout(placingSubviews: false)
        } else {
            setNeedsArrangement()
        }
    }

    /// Takes a view out of the arrangement; it stays a subview, as in UIKit (call
    /// ``LayoutView/removeFromSuperview()`` to remove it from the stack altogether, which
    /// also takes it out of the arrangement).
    public func removeArrangedSubview(_ view: LayoutView) {
        removeArranged(view, leaving: false)
    }

    /// Takes a view out of the arrangement, as it stays a subview or as it leaves the stack.
    func removeArranged(_ view: LayoutView, leaving: Bool) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        // One removal and nothing else since the last update changes the rules around the
        // view only (see ``updateRemoved()``); anything more works out the whole arrangement.
        let alone = !needsFullArrangement && pendingRemoval == nil && hiddenChanges?.isEmpty == true
            && arrangedHidden.count == arrangedSubviews.count
        arrangedSubviews.remove(at: index)
        customSpacings[Identity(view)] = nil
        let wasHeldOpen = heldOpen.remove(Identity(view)) != nil
        guard alone, !wasHeldOpen else { return setNeedsArrangement() }
        pendingRemoval = index
        setNeedsUpdateConstraints()
        // The solve moves the views the removal moves; a view that stays a subview is
        // placed again, as the full update does.
        setNeedsLayout(placingSubviews: !leaving)
    }

    /// Sets the spacing after one arranged view, in place of ``spacing``;
    /// ``spacingUseDefault`` goes back to ``spacing``. Refused for a view that is not
    /// arranged, or a value that is not finite.
    public func setCustomSpacing(_ spacing: Double, after view: LayoutView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        if spacing != StackView.spacingUseDefault && spacing != StackView.spacingUseSystem {
            do { try LayoutLimits.check(spacing, "custom spacing") } catch { return refuse(error) }
        }
        let new: Double? = spacing == StackView.spacingUseDefault ? nil : spacing
        guard customSpacings[Identity(view)] != new else { return }
        customSpacings[Identity(view)] = new
        setNeedsArrangement()
    }

    /// The spacing after an arranged view set by ``setCustomSpacing(_:after:)``, or
    /// ``spacingUseDefault`` when it has none.
    public func customSpacing(after view: LayoutView) -> Double {
        customSpacings[Identity(view)] ?? StackView.spacingUseDefault
    }

    /// Brings the stack's constraints up to date with its arrangement, then calls super.
    open override func updateConstraints() {
        updateArrangement()
        super.updateConstraints()
    }

    /// A subview leaving the stack leaves the arrangement too.
    open override func willRemoveSubview(_ subview: LayoutView) {
        removeArranged(subview, leaving: true)
        super.willRemoveSubview(subview)
    }

    override func subviewHiddenChanged(_ subview: LayoutView) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === subview }) else { return }
        // A view held open and shown goes back to the chain's usual rules, all of them worked
        // out (the full update lets it go: shown and hidden again before, it stays held).
        if !heldOpen.isEmpty, heldOpen.contains(Identity(subview)) { return setNeedsArrangement() }
        if let changes = hiddenChanges {
            hiddenChanges = changes.count < 2 * StackView.hiddenUpdateLimit ? changes + [index] : nil
        }
        // Only the hidden state: the next update may remake just the rules around it. The
        // solve then places the views it moves, so the others are not placed again (a hide
        // in a column of 10,000 rows visits the rows below it, not all of them).
        setNeedsUpdateConstraints()
        setNeedsLayout(placingSubviews: false)
    }

    override func subviewIntrinsicSizeChanged(_ subview: LayoutView) {
        // Proportional sizes read intrinsic sizes; the system spacing between baselines reads
        // the fonts, which a text view changes along with its intrinsic size.
        let readsFonts = isBaselineRelativeArrangement && axis == .vertical
            && (storedSpacing == StackView.spacingUseSystem || customSpacings.values.contains(StackView.spacingUseSystem))
        if distribution == .fillProportionally || readsFonts, arrangedSubviews.contains(where: { $0 === subview }) {
            setNeedsArrangement()
        }
    }

    /// Asks for the arrangement to be brought up to date before the next layout.
    func setNeedsArrangement() {
        needsFullArrangement = true
        setNeedsUpdateConstraints()
        setNeedsLayout()
    }

    /// Notes that the engine broke the `UISV-hiding` constraint of `view`, a hidden arranged
    /// view: its own constraints forbid its collapse. The chain is worked out again to read
    /// past it (see ``heldOpen``), before the layout ends.
    func hidingBroke(for view: LayoutView) {
        guard view.isHidden, arrangedSubviews.contains(where: { $0 === view }),
              heldOpen.insert(Identity(view)).inserted else { return }
        setNeedsArrangement()
    }

    /// The edge of `view` that the chain reads as its end: its end, or its start when it is
    /// hidden and held open (see ``heldOpen``).
    @inline(__always) func chainEnd(of view: LayoutView, _ along: AxisAttributes) -> LayoutAttribute {
        !heldOpen.isEmpty && view.isHidden && heldOpen.contains(Identity(view)) ? along.start : along.end
    }
}
