/// A rectangle in a hierarchy, laid out by constraints: the counterpart of `UIView`.
///
/// Subclass it as you would `UIView`: override ``intrinsicContentSize``,
/// ``updateConstraints()`` or ``layoutSubviews()``. Each root view (one without a
/// superview) owns the layout engine of its hierarchy, so separate hierarchies share no
/// state and can be laid out on different threads at the same time.
open class LayoutView: LayoutItem {
    // The stored properties are read on every activation, lowering and layout pass and are
    // only ever accessed briefly (no `inout` access spans a call that could reach them
    // again), so they skip the dynamic exclusivity checks class properties get otherwise.

    /// A name used in every description and diagnostic.
    @exclusivity(unchecked) public var identifier: String?
    /// The view this one is a subview of. (Not a weak reference, which would make every
    /// retain of a superview slow: a view clears it in its subviews when it goes away.)
    @exclusivity(unchecked) public private(set) unowned(unsafe) var superview: LayoutView?
    /// ``superview`` again, as `Unmanaged`: following or comparing it costs no retain, where
    /// reading an `unowned(unsafe)` reference retains and releases.
    @exclusivity(unchecked) private(set) var superviewReference: Unmanaged<LayoutView>?

    /// Sets ``superview`` and its unretained copy, and clears the cached directions that
    /// followed the old superview. (The only way either is set, so they stay equal.)
    private func setSuperview(_ parent: LayoutView?) {
        superview = parent
        superviewReference = parent.map { Unmanaged.passUnretained($0) }
        invalidateDirection()
    }

    /// The subviews, back to front.
    @exclusivity(unchecked) public private(set) var subviews: [LayoutView] = []
    /// The layout guides added to this view (not its margins or safe-area guides).
    @exclusivity(unchecked) public private(set) var layoutGuides: [LayoutGuide] = []
    /// The active constraints installed on this view (the closest common ancestor of
    /// their items).
    @exclusivity(unchecked) public internal(set) var constraints: [LayoutConstraint] = []
    /// Whether the view is hidden. Hidden views keep taking part in layout, as in UIKit.
    @exclusivity(unchecked) public var isHidden = false

    /// Whether the view's frame and ``autoresizingMask`` become required constraints.
    /// True by default, as in UIKit; set it to false to place the view with constraints.
    @exclusivity(unchecked) public var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { engineIfAny?.refreshGenerated(for: self) } }
    }
    /// How the frame follows the superview's size when translated into constraints.
    @exclusivity(unchecked) public var autoresizingMask: AutoresizingMask = [] {
        didSet { if oldValue != autoresizingMask { engineIfAny?.refreshGenerated(for: self) } }
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

    /// The view's solver variables, which are also its handle.
    @usableFromInline final let variables: ItemVariables
    /// How constraints refer to this view (see ``ItemHandle``): its variables.
    @inlinable final var handle: ItemHandle { variables }
    @exclusivity(unchecked) var storedFrame: Rect
    /// The values of ``variables`` after the hierarchy's last layout, to tell which views a
    /// solve moved (see ``LayoutEngine/applySolution()``).
    @exclusivity(unchecked) var solvedRect = Rect.zero
    /// The hierarchy's engine: owned by the root, known unretained to every view it took in
    /// (see ``EngineSlot``).
    @exclusivity(unchecked) var engineSlot = EngineSlot.none
    /// The engine, on a root view only.
    var ownEngine: LayoutEngine? {
        get {
            guard case .owned(let engine) = engineSlot else { return nil }
            return engine
        }
        set { engineSlot = newValue.map { .owned($0) } ?? .none }
    }
    /// The view's index in its engine's ``LayoutEngine/viewRefs`` when they were last listed.
    @exclusivity(unchecked) var hierarchyIndex = 0
    /// The view's frame as constants and the root's variables, when its engine places it
    /// without variables of its own (see ``FrameAlias``); nil otherwise.
    @exclusivity(unchecked) var frameAlias: FrameAlias?
    /// The constraints the hierarchy's engine made for the view; nil until it takes the
    /// view in (see ``LayoutEngine/generatedConstraints(of:)``).
    @exclusivity(unchecked) var generatedStorage: LayoutEngine.Generated?
    @exclusivity(unchecked) var marginsGuideStorage: LayoutGuide?
    @exclusivity(unchecked) var intrinsicSizeCache: Size?
    @exclusivity(unchecked) var huggingPriorities = AxisPriorities(.defaultLow)
    @exclusivity(unchecked) var compressionPriorities = AxisPriorities(.defaultHigh)
    /// The margin and safe-area insets the engine's guide constraints were last made with.
    @exclusivity(unchecked) var appliedInsets: (margins: EdgeInsets, safeArea: EdgeInsets)?
    // The one-byte fields below fill the bytes after appliedInsets's tag: declared among the
    // others, each group would be padded to eight bytes (a view takes a 368-byte block
    // instead of 384).
    /// ``effectiveUserInterfaceLayoutDirection`` as last computed: 0 when unknown, else the
    /// direction's raw value + 1. A view with a cached direction and an unspecified content
    /// attribute always has a superview with a cached direction (or none), so invalidation
    /// can stop at views whose cache is already clear.
    @exclusivity(unchecked) var directionCache: UInt8 = 0
    /// Whether the view needs ``layoutSubviews()``. Set it with ``markNeedsLayout(in:)``,
    /// which lists the view in its engine (see ``LayoutEngine/layoutFlags``).
    @exclusivity(unchecked) var needsLayout = true
    /// Whether the view needs ``updateConstraints()``; set by ``setNeedsUpdateConstraints()``,
    /// which lists the view as ``markNeedsLayout(in:)`` does.
    @exclusivity(unchecked) var needsUpdateConstraints = true
    /// Whether the view is in its engine's ``LayoutEngine/layoutFlags``.
    @exclusivity(unchecked) var inLayoutList = false
    /// Whether the view is in its engine's ``LayoutEngine/updateFlags``.
    @exclusivity(unchecked) var inUpdateList = false
    /// Set while the engine collects the views a solve moved.
    @exclusivity(unchecked) var isSolveHost = false
    /// Whether a subview's frame may differ from the engine's solution for a reason other
    /// than a solve (a subview added, a frame set by hand: both go through
    /// ``setNeedsLayout()``), so the default ``layoutSubviews()`` places every subview. The
    /// engine places the views a solve moves itself (see ``LayoutEngine/applySolution()``),
    /// so a view with 100,000 subviews does not visit them all when one moves.
    @exclusivity(unchecked) var subviewFramesStale = true
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
        // The engine goes with the root: the views it took in that live on forget it.
        if ownEngine != nil {
            for view in subtree().dropFirst() { view.engineSlot = .none }
        }
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

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates. Setting it on a view placed by
    /// constraints lasts until the next layout pass; on a root view it sets the size the
    /// hierarchy is laid out in; on a view that translates its autoresizing mask it moves
    /// the view's constraints. A frame beyond ``LayoutLimits`` (or not finite) is refused:
    /// the view keeps its frame and the refusal is reported
    /// (``LayoutDiagnostic/rejectedValue(view:error:)``).
    public var frame: Rect {
        get { storedFrame }
        set {
            guard newValue != storedFrame else { return }
            if let refusal = LayoutLimits.problem(with: newValue, "the frame") { return refuse(refusal) }
            storedFrame = newValue
            engineIfAny?.frameChanged(of: self)
            setNeedsLayout(placingSubviews: false)
            superview?.setNeedsLayout()  // the next pass puts a constrained view back
        }
    }

    /// The view's own rectangle: its size at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: storedFrame.size) }

    /// The center of the frame, in the superview's coordinates.
    public var center: Point {
        get { Point(x: storedFrame.midX, y: storedFrame.midY) }
        set {
            frame = Rect(x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2,
                         width: storedFrame.width, height: storedFrame.height)
        }
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

    /// The distance from the top of the alignment rectangle to the first baseline; nil
    /// (the default) puts the baseline at the bottom.
    open var firstBaselineOffsetFromTop: Double? { nil }

    /// The distance from the last baseline up from the bottom of the alignment rectangle;
    /// 0 by default.
    open var lastBaselineOffsetFromBottom: Double { 0 }

    /// Override to add or change constraints in a batch before layout; call super last.
    /// Called bottom-up for views flagged with ``setNeedsUpdateConstraints()``.
    open func updateConstraints() {}

    /// Override to adjust layout after the engine has solved; the base implementation sets
    /// every subview's frame from the engine. Called top-down.
    open func layoutSubviews() {
        // A leaf has nothing to place (and finding the engine walks up to the root). The
        // frames a solve moved are placed already; the rest are current unless
        // `setNeedsLayout()` said otherwise.
        guard !subviews.isEmpty, subviewFramesStale else { return }
        subviewFramesStale = false
        engineIfAny?.applyFrames(ofSubviewsOf: self)
    }

    /// Sets the frame from the engine's result, without feeding it back as constraints.
    func applyLayoutFrame(_ rect: Rect, engine: LayoutEngine) {
        if rect.size != storedFrame.size { markNeedsLayout(in: engine) }
        storedFrame = rect
    }

    // MARK: Direction

    /// The direction this view lays out leading and trailing in.
    /// Cached per view: a change of ``semanticContentAttribute`` or
    /// ``userInterfaceLayoutDirection``, or a move to another superview, clears the caches
    /// that depended on it.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        let cached = directionCache
        if cached != 0 { return cached == 1 ? .leftToRight : .rightToLeft }
        let direction: UserInterfaceLayoutDirection = switch semanticContentAttribute {
        case .forceRightToLeft: .rightToLeft
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .unspecified: superview?.effectiveUserInterfaceLayoutDirection ?? userInterfaceLayoutDirection
        }
        directionCache = UInt8(truncatingIfNeeded: direction.rawValue) &+ 1
        return direction
    }

    /// Clears the cached direction of this view and of the views below it that follow it.
    func invalidateDirection() {
        guard directionCache != 0 else { return }
        directionCache = 0
        // A worklist rather than recursion: hierarchies can be deeper than the stack.
        var pending = subviews
        while let view = pending.popLast() {
            guard view.semanticContentAttribute == .unspecified, view.directionCache != 0 else { continue }
            view.directionCache = 0
            pending.append(contentsOf: view.subviews)
        }
    }

    // MARK: Hierarchy

    /// Adds a view at the front. A view that already has a superview is moved.
    public func addSubview(_ view: LayoutView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view at an index of ``subviews`` (clamped to the valid range).
    public func insertSubview(_ view: LayoutView, at index: Int) {
        guard view !== self else { return }
        if let mine = engineIfAny, view.superviewReference == nil {
            // `view` is a root: this view is inside it exactly when they share an engine (no
            // walk up a deep hierarchy).
            guard view.engineIfAny !== mine else { return }
        } else {
            guard !isDescendant(of: view) else { return }
        }
        if view.superview === self {
            subviews.removeAll { $0 === view }
            subviews.insert(view, at: max(0, min(index, subviews.count)))
            engineIfAny?.viewsCache = nil
            return
        }
        if view.superviewReference != nil { view.removeFromSuperview() }
        // Make (or find) this hierarchy's engine before the view joins it, so the view is
        // adopted exactly once.
        // (Held, not borrowed from the root: adopting runs overridable getters, and code
        // there that moved the root into another hierarchy would release this engine.)
        let engine = self.engine
        let absorbed = view.ownEngine
        view.ownEngine = nil
        absorbed?.detach()
        view.setSuperview(self)
        if index >= subviews.count {
            // (addSubview: appending is far cheaper than a general insert; a first subview
            // makes room for a few, as views that have subviews rarely have just one.)
            if subviews.isEmpty { subviews.reserveCapacity(4) }
            subviews.append(view)
        } else {
            subviews.insert(view, at: max(0, index))
        }
        engine.adopt(view)
        setNeedsLayout()
    }

    /// Detaches the view from its superview. Constraints between the view's subtree and
    /// the rest of the old hierarchy are deactivated, as in UIKit.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.engine.release(self)
        parent.subviews.removeAll { $0 === self }
        parent.engineIfAny?.viewsCache = nil
        setSuperview(nil)
        parent.setNeedsLayout()
        setNeedsLayout()
    }

    /// Whether `view` is this view or one of its ancestors.
    public func isDescendant(of view: LayoutView) -> Bool {
        let target = Unmanaged.passUnretained(view).toOpaque()
        var current: Unmanaged<LayoutView>? = Unmanaged.passUnretained(self)
        while let v = current {
            if v.toOpaque() == target { return true }
            current = v._withUnsafeGuaranteedRef { $0.superviewReference }
        }
        return false
    }

    /// The topmost ancestor (the view itself when it has no superview).
    public var rootView: LayoutView { rootReference.takeUnretainedValue() }

    /// ``rootView``, unretained (the walk up costs no retains).
    var rootReference: Unmanaged<LayoutView> {
        var top = Unmanaged.passUnretained(self)
        while let parent = top._withUnsafeGuaranteedRef({ $0.superviewReference }) { top = parent }
        return top
    }

    /// This view and every view below it, parents before children.
    func subtree() -> [LayoutView] {
        var result: [LayoutView] = [self]
        var stack: [(view: LayoutView, child: Int)] = [(self, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let (view, child) = stack[top]
            if child < view.subviews.count {
                stack[top].child = child + 1
                let sub = view.subviews[child]
                result.append(sub)
                stack.append((sub, 0))
            } else {
                stack.removeLast()
            }
        }
        return result
    }

    /// ``subtree()``, unretained (the walk costs no retains): the engine's list of views.
    func subtreeReferences() -> [Unmanaged<LayoutView>] {
        let top = Unmanaged.passUnretained(self)
        var result: [Unmanaged<LayoutView>] = [top]
        var stack: [(view: Unmanaged<LayoutView>, child: Int)] = [(top, 0)]
        while let (ref, child) = stack.last {
            let sub = ref._withUnsafeGuaranteedRef { view in
                child < view.subviews.count ? Unmanaged.passUnretained(view.subviews[child]) : nil
            }
            if let sub {
                stack[stack.count - 1].child = child + 1
                result.append(sub)
                stack.append((sub, 0))
            } else {
                stack.removeLast()
            }
        }
        return result
    }

    /// Adds a layout guide owned by this view; adding it again does nothing.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView !== self || !layoutGuides.contains(where: { $0 === guide }) else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        layoutGuides.append(guide)
    }

    /// Removes a layout guide and deactivates the constraints that use it.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard layoutGuides.contains(where: { $0 === guide }) else { return }
        engineIfAny?.release(guide)
        layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    // MARK: Engine

    /// The engine of this view's hierarchy, made on first use.
    var engine: LayoutEngine {
        if let engine = engineIfAny { return engine }
        let root = rootView
        let engine = LayoutEngine(root: root)
        root.ownEngine = engine
        engine.adopt(root)
        return engine
    }

    /// The engine of a view's hierarchy (made on first use), unretained: the root keeps it.
    static func engineReference(of view: Unmanaged<LayoutView>) -> Unmanaged<LayoutEngine> {
        switch view._withUnsafeGuaranteedRef({ $0.engineSlot }) {
        case .member(let engine): return engine
        case .owned(let engine): return Unmanaged.passUnretained(engine)
        case .none: return Unmanaged.passUnretained(view._withUnsafeGuaranteedRef { $0.engine })
        }
    }

    /// The engine if the hierarchy has made one already. (No walk up the hierarchy: an
    /// engine marks every view it takes in.)
    var engineIfAny: LayoutEngine? {
        switch engineSlot {
        case .member(let engine): engine.takeUnretainedValue()
        case .owned(let engine): engine
        case .none: nil
        }
    }

    /// The identifier, or the class name and address when there is none.
    public var description: String {
        identifier ?? ItemNames.fallback(String(describing: type(of: self)), self)
    }
}

/// What a view knows of its hierarchy's engine, so that finding it never walks up the
/// hierarchy.
enum EngineSlot {
    /// The hierarchy has no engine yet (or the view is not in one).
    case none
    /// The engine of the hierarchy this view is the root of, which it owns.
    case owned(LayoutEngine)
    /// The engine of the hierarchy the view is in, unretained: set when the engine takes
    /// the view in, cleared when the view leaves or the root (and its engine) goes away.
    case member(Unmanaged<LayoutEngine>)
}
