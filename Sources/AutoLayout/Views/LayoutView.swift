/// A rectangle in a hierarchy, laid out by constraints: the counterpart of `UIView`.
///
/// Subclass it as you would `UIView`: override ``intrinsicContentSize``,
/// ``updateConstraints()`` or ``layoutSubviews()``. Each root view (one without a
/// superview) owns the layout engine of its hierarchy, so separate hierarchies share no
/// state and can be laid out on different threads at the same time.
open class LayoutView: LayoutItem {
    // The view's stored state. It stays on the view, not in side tables or objects of its
    // own, because the engine reads it for every view on every activation, lowering and
    // layout pass: a table lookup or a second object per view would cost a hash or a
    // pointer chase (and an allocation) each time. (Swift also wants a class's stored
    // properties in its declaration.) What belongs to one concern is grouped in a struct
    // declared next to the code that owns it (``LayoutCycleFlags``, ``ContentSizeSettings``);
    // settings most views leave at their defaults are in ``ViewExtras``. The properties are
    // only ever accessed briefly (no `inout` access spans a call that could reach them
    // again), so they skip the dynamic exclusivity checks class properties get otherwise.

    /// A name used in every description and diagnostic.
    @exclusivity(unchecked) public var identifier: String?
    /// The view this one is a subview of. (Not a weak reference, which would make every
    /// retain of a superview slow: a view clears it in its subviews when it goes away.)
    public var superview: LayoutView? { superviewReference?.takeUnretainedValue() }
    /// ``superview``, unretained: following or comparing it costs no retain.
    @exclusivity(unchecked) var superviewReference: Unmanaged<LayoutView>?

    /// The subviews, back to front.
    @exclusivity(unchecked) public internal(set) var subviews: [LayoutView] = []
    /// The layout guides added to this view (not its margins or safe-area guides).
    @exclusivity(unchecked) public internal(set) var layoutGuides: [LayoutGuide] = []
    /// The active constraints installed on this view (the closest common ancestor of
    /// their items).
    @exclusivity(unchecked) public internal(set) var constraints: [LayoutConstraint] = []
    /// How the frame follows the superview's size when translated into constraints.
    @exclusivity(unchecked) public var autoresizingMask: AutoresizingMask = [] {
        didSet { if oldValue != autoresizingMask { engineIfAny?.refreshGenerated(for: self) } }
    }

    /// The view's solver variables, which are also its handle.
    @usableFromInline final let variables: ItemVariables
    /// How constraints refer to this view (see ``ItemHandle``): its variables.
    @inlinable final var handle: ItemHandle { variables }
    @exclusivity(unchecked) var storedFrame: Rect
    /// The values of ``variables`` after the last solve that moved the view: a solve that
    /// moves it again compares its origin with them, to tell whether its subviews must be
    /// placed (see ``LayoutEngine/applySolution()``).
    @exclusivity(unchecked) var solvedRect = Rect.zero
    /// The hierarchy's engine: owned by the root, known unretained to every view it took in
    /// (see ``EngineSlot``).
    @exclusivity(unchecked) var engineSlot = EngineSlot.none
    /// The view's slot in its engine's table of views (see ``ViewTable``); -1 before it
    /// joins a hierarchy with an engine.
    var viewSlot: Int {
        get { Int(storedViewSlot) }
        set { storedViewSlot = Int32(clamping: newValue) }
    }
    /// The view's frame as constants and the root's variables, when its engine places it
    /// without variables of its own (see ``FrameAlias``); nil otherwise.
    @exclusivity(unchecked) var frameAlias: FrameAlias?
    /// The constraints the hierarchy's engine made for the view; nil until it takes the
    /// view in (see ``LayoutEngine/generatedConstraints(of:)``).
    @exclusivity(unchecked) var generatedStorage: LayoutEngine.Generated?
    @exclusivity(unchecked) var marginsGuideStorage: LayoutGuide?
    /// The intrinsic size as last read, and the content priorities (see
    /// ``ContentSizeSettings``).
    @exclusivity(unchecked) var contentSizing = ContentSizeSettings()
    /// ``viewSlot``, in four bytes, which fill the end of ``contentSizing``'s last eight (a
    /// view takes a 272-byte block; it would take 288).
    @exclusivity(unchecked) var storedViewSlot: Int32 = -1
    // The one-byte fields below come together after the others: declared among them, each
    // group would be padded to eight bytes (a view takes a 272-byte block instead of 304).
    /// Whether the view is hidden. Hidden views keep taking part in layout, as in UIKit;
    /// a hidden arranged view of a ``StackView`` collapses.
    @exclusivity(unchecked) public var isHidden = false {
        didSet { if isHidden != oldValue, let parent = superview { parent.subviewHiddenChanged(self) } }
    }

    /// Whether the view's frame and ``autoresizingMask`` become required constraints.
    /// True by default, as in UIKit; set it to false to place the view with constraints.
    @exclusivity(unchecked) public var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { engineIfAny?.refreshGenerated(for: self) } }
    }
    /// Whether the view flips in right-to-left layouts.
    @exclusivity(unchecked) public var semanticContentAttribute: SemanticContentAttribute = .unspecified {
        didSet {
            invalidateDirection()
            engineIfAny?.directionChanged(below: self)
        }
    }
    /// The layout direction of a root view whose content attribute is unspecified.
    @exclusivity(unchecked) public var userInterfaceLayoutDirection: UserInterfaceLayoutDirection = .leftToRight {
        didSet {
            invalidateDirection()
            engineIfAny?.directionChanged(below: self)
        }
    }
    /// ``effectiveUserInterfaceLayoutDirection`` as last computed: 0 when unknown, else the
    /// direction's raw value + 1. A view with a cached direction and an unspecified content
    /// attribute always has a superview with a cached direction (or none), so invalidation
    /// can stop at views whose cache is already clear.
    @exclusivity(unchecked) var directionCache: UInt8 = 0
    /// The view's flags for the steps of the layout cycle (see ``LayoutCycleFlags``).
    @exclusivity(unchecked) var cycle = LayoutCycleFlags()
    /// The settings most views leave at their defaults (see ``ViewExtras``); nil while
    /// they all are.
    @exclusivity(unchecked) var extrasStorage: ViewExtras?

    /// Creates a view with a frame. A frame beyond ``LayoutLimits`` (or not finite) is
    /// refused: the view starts at ``Rect/zero`` and the refusal is reported to its
    /// diagnostics (``LayoutDiagnostic/rejectedValue(view:error:)``).
    public init(frame: Rect = .zero) {
        let refusal = LayoutLimits.problem(with: frame, "the frame")
        storedFrame = refusal == nil ? frame : .zero
        variables = ItemVariables()
        variables.viewReference = Unmanaged.passUnretained(self)
        if let refusal { refuse(refusal) }
    }

    deinit {
        variables.viewReference = nil
        // The engine goes with the root: the views it took in that live on forget it, so
        // that the engine of the hierarchy they form (or join) next takes them all in again.
        ownEngine?.forget(subtree().dropFirst())
        for guide in allGuides { guide.owningView = nil }
        for constraint in constraints {
            constraint.installedOn = nil
            constraint.lowering = nil
        }
        // The subviews are let go one at a time, and one that is about to go hands its own
        // subviews over first, so a deep hierarchy never nests deinits (which would overflow
        // the stack at a depth of some ten thousand views).
        var orphans = subviews
        subviews = []
        for view in orphans { view.setSuperview(nil) }
        while var view = orphans.popLast() {
            if isKnownUniquelyReferenced(&view) {
                orphans.append(contentsOf: view.subviews)
                for subview in view.subviews { subview.setSuperview(nil) }
                view.subviews = []
            }
        }
    }

    /// Creates a view with an identifier, for readable descriptions.
    public convenience init(identifier: String, frame: Rect = .zero) {
        self.init(frame: frame)
        self.identifier = identifier
    }

    /// How far the frame extends beyond the alignment rectangle, the rectangle constraints
    /// act on. Zero by default.
    open var alignmentRectInsets: EdgeInsets { .zero }

    /// The size the view's content wants; ``noIntrinsicMetric`` where it has none (the
    /// default, for both components). Call ``invalidateIntrinsicContentSize()`` when it
    /// changes.
    open var intrinsicContentSize: Size {
        Size(width: LayoutView.noIntrinsicMetric, height: LayoutView.noIntrinsicMetric)
    }

    /// Gives the view the width a fitting solve found, for content whose intrinsic size
    /// depends on its width (a label of several lines wraps its text at it); returns whether
    /// the intrinsic size changed, so ``systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``
    /// solves again. The default does nothing. A view that overrides it updates itself in a
    /// layout pass too, from ``layoutSubviews()`` (calling ``invalidateIntrinsicContentSize()``).
    open func updateIntrinsicContentSize(forWidth width: Double) -> Bool { false }

    /// The distance from the top of the alignment rectangle to the first baseline; nil
    /// (the default) puts the baseline at the bottom.
    open var firstBaselineOffsetFromTop: Double? { nil }

    /// The distance from the last baseline up from the bottom of the alignment rectangle;
    /// 0 by default.
    open var lastBaselineOffsetFromBottom: Double { 0 }

    /// The font of the text the view's baselines belong to, which the system spacing between
    /// baselines scales with (``systemSpacing(below:_:above:_:)``); nil (the default) for a view
    /// without text.
    open var textFontMetrics: TextFontMetrics? { nil }

    /// Called when a view is about to stop being a subview of this one (removed, or moved
    /// elsewhere). Does nothing by default.
    open func willRemoveSubview(_ subview: LayoutView) {}

    /// Called after a view became a subview of this one. Does nothing by default.
    open func didAddSubview(_ subview: LayoutView) {}

    /// A subview's ``isHidden`` changed (a stack view rearranges).
    func subviewHiddenChanged(_ subview: LayoutView) {}

    /// A subview's intrinsic content size was invalidated (a stack view with proportional
    /// sizes rearranges).
    func subviewIntrinsicSizeChanged(_ subview: LayoutView) {}

    /// Override to add or change constraints in a batch before layout; call super last.
    /// Called bottom-up for views flagged with ``setNeedsUpdateConstraints()``.
    open func updateConstraints() {}

    /// Override to adjust layout after the engine has solved; the base implementation sets
    /// every subview's frame from the engine. Called top-down.
    open func layoutSubviews() {
        // A leaf has nothing to place (and finding the engine walks up to the root). The
        // frames a solve moved are placed already; the rest are current unless
        // `setNeedsLayout()` said otherwise.
        guard !subviews.isEmpty, cycle.subviewFramesStale else { return }
        cycle.subviewFramesStale = false
        engineIfAny?.applyFrames(ofSubviewsOf: self)
    }

    /// The identifier, or the class name and address when there is none.
    public var description: String {
        identifier ?? ItemNames.fallback(String(describing: type(of: self)), self)
    }
}
