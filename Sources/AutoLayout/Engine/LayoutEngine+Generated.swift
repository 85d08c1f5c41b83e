import Cassowary

// The constraints the engine makes itself: the root's frame, autoresizing masks, content
// size (hugging and compression resistance), and the margins, safe-area and readable guides.

extension LayoutEngine {
    /// What the engine made for one view.
    struct Generated {
        var frame: [LayoutConstraint] = []
        /// The content-size constraints, held without an array in the usual case.
        var contentConstraints = ContentConstraints()
        var guides: [LayoutConstraint] = []
        var all: [LayoutConstraint] { frame + content + guides }

        init(frame: [LayoutConstraint] = [], content: ContentConstraints, guides: [LayoutConstraint]) {
            self.frame = frame
            contentConstraints = content
            self.guides = guides
        }

        /// The content-size constraints as an array.
        var content: [LayoutConstraint] {
            get { contentConstraints.array }
            set { contentConstraints = ContentConstraints(newValue) }
        }
    }

    /// A view's content-size constraints in order: up to two (an equality per axis, the
    /// usual case) held in place, any more in an array, so most views need no array.
    struct ContentConstraints {
        var first: LayoutConstraint?, second: LayoutConstraint?
        var rest: [LayoutConstraint] = []

        init() {}

        init(_ first: LayoutConstraint, _ second: LayoutConstraint) {
            self.first = first
            self.second = second
        }

        init(_ constraints: [LayoutConstraint]) {
            first = constraints.first
            second = constraints.count > 1 ? constraints[1] : nil
            rest = Array(constraints.dropFirst(2))
        }

        var array: [LayoutConstraint] { [first, second].compactMap { $0 } + rest }

        /// Calls `body` with each constraint in order.
        func forEach(_ body: (LayoutConstraint) -> Void) {
            if let first { body(first) }
            if let second { body(second) }
            for constraint in rest { body(constraint) }
        }
    }

    /// What the engine made for a view, nil when it has not taken the view in. A hierarchy's
    /// engine keeps it on the view (``LayoutView/generatedStorage``: no table to hash into
    /// for every view); a scratch engine, whose views stay in their hierarchy, in a table.
    @inline(__always) func generatedConstraints(of view: LayoutView) -> Generated? {
        isScratch ? scratchGenerated[Identity(view)] : view.generatedStorage
    }

    /// Whether the engine made its constraints for a view (has taken it in).
    @inline(__always) func hasGenerated(_ view: LayoutView) -> Bool {
        isScratch ? scratchGenerated[Identity(view)] != nil : view.generatedStorage != nil
    }

    /// Records what the engine made for a view (nil: the view left), keeping the count.
    func setGenerated(_ made: Generated?, of view: LayoutView) {
        let had = hasGenerated(view)
        generatedCount += (made != nil ? 1 : 0) - (had ? 1 : 0)
        if isScratch { scratchGenerated[Identity(view)] = made } else { view.generatedStorage = made }
    }

    /// Makes and installs the engine's constraints for one view.
    func addGenerated(for view: LayoutView) {
        guard !hasGenerated(view) else { return }
        // An aliased view's autoresizing constraints are made when something asks for them
        // (see ``madeFrameConstraints(of:)``): the solver never sees them. (A view that
        // ``deferringAlias(for:)`` does not alias is not aliased by ``frameAlias(for:frame:)``
        // either: both ask the same of the view.)
        let alias = isScratch ? nil : deferringAlias(for: view)
        let made = Generated(frame: alias == nil ? frameConstraints(for: view) : [],
                             content: contentConstraints(for: view), guides: guideConstraints(for: view))
        if !isScratch {
            if alias != nil || view.frameAlias != nil {
                aliasesNeedWriting = true
                changed = true
            }
            view.frameAlias = alias
            if alias != nil { mayHaveAliases = true }
        }
        // (Recorded before installing: lowering an autoresizing width reads its left, see
        // ``autoresizingCompanion(of:)``.)
        if isScratch { setGenerated(made, of: view) } else {
            view.generatedStorage = made
            generatedCount += 1
        }
        if isScratch || alias == nil {
            for constraint in made.frame { install(constraint) }
        }
        made.contentConstraints.forEach { install($0) }
        for constraint in made.guides { install(constraint) }
    }

    func removeGenerated(for view: LayoutView) {
        guard let made = generatedConstraints(of: view) else { return }
        setGenerated(nil, of: view)
        let deferred = !isScratch && view.frameAlias != nil && made.frame.isEmpty
        if !isScratch && view.frameAlias != nil {
            view.frameAlias = nil
            aliasesNeedWriting = true
            changed = true
        }
        // (Deferred autoresizing constraints were never made, let alone installed:
        // uninstalling them would only have flushed the queue.)
        if deferred { flush() }
        for constraint in made.all { uninstall(constraint) }
    }

    /// Replaces one group of a view's constraints, changing constants in place when only
    /// the constants differ (a resize, a new frame, a new intrinsic size).
    func replace(_ group: WritableKeyPath<Generated, [LayoutConstraint]>, of view: LayoutView, with new: [LayoutConstraint]) {
        guard var made = generatedConstraints(of: view) else { return }
        let old = made[keyPath: group]
        if old.count == new.count, zip(old, new).allSatisfy({ LayoutEngine.sameShape($0, $1) }) {
            var changed = zip(old, new).map { $0.storedConstant != $1.storedConstant }
            // An autoresizing width (height) is lowered with its left (top): see
            // ``autoresizingCompanion(of:)``.
            if changed.count == 4 && old[0].origin == .autoresizing {
                changed[2] = changed[2] || changed[0]
                changed[3] = changed[3] || changed[1]
            }
            for (o, n) in zip(old, new) where o.storedConstant != n.storedConstant { o.storedConstant = n.storedConstant }
            for k in old.indices where changed[k] { constantChanged(old[k]) }
            return
        }
        for constraint in old { uninstall(constraint) }
        made[keyPath: group] = new
        setGenerated(made, of: view)
        for constraint in new { install(constraint) }
    }

    static func sameShape(_ a: LayoutConstraint, _ b: LayoutConstraint) -> Bool {
        a.firstItem === b.firstItem && a.firstAttribute == b.firstAttribute && a.relation == b.relation
            && a.secondItem === b.secondItem && a.secondAttribute == b.secondAttribute && a.multiplier == b.multiplier
            && a.storedPriority == b.storedPriority && a.compressionPriority == b.compressionPriority
            && a.extraTerms.count == b.extraTerms.count
            && zip(a.extraTerms, b.extraTerms).allSatisfy { $0.item === $1.item && $0.coefficient == $1.coefficient }
    }

    /// A frame set by hand: the root's size, or a translated view's frame and mask, which
    /// are rebased on the superview's current size. Subviews' masks are left alone: they
    /// already follow the superview's size.
    func frameChanged(of view: LayoutView) {
        guard hasGenerated(view) else { return }
        let frame = frameConstraints(for: view)
        if !refreshAlias(of: view, frame: frame) { replace(\.frame, of: view, with: frame) }
        // Guides are tied to the view's edges, so they follow a new size by themselves;
        // insets that depend on frames are refreshed after the next pass.
    }

    func refreshGenerated(for view: LayoutView) {
        guard hasGenerated(view) else { return }
        let frame = frameConstraints(for: view)
        if !refreshAlias(of: view, frame: frame) { replace(\.frame, of: view, with: frame) }
        replace(\.content, of: view, with: contentConstraints(for: view).array)
    }

    func refreshContentSize(for view: LayoutView) {
        guard hasGenerated(view) else { return }
        replace(\.content, of: view, with: contentConstraints(for: view).array)
    }

    /// Brings a view's guides up to date: the constants of the constraints that use its
    /// margins or safe area (when those insets changed), and its readable guide.
    func refreshGuides(of view: LayoutView) {
        guard let made = generatedConstraints(of: view) else { return }
        if let applied = view.appliedInsets {
            let margins = view.effectiveMarginInsets, safeArea = view.safeAreaInsets
            if applied.margins != margins || applied.safeArea != safeArea {
                view.appliedInsets = (margins, safeArea)
                for constraint in insetUsers(of: view, generated: made.guides) where lowering(of: constraint) != nil {
                    constantChanged(constraint)
                }
            }
        }
        replace(\.guides, of: view, with: guideConstraints(for: view))
    }

    /// The installed constraints that use a view's margins or safe area: they are on the
    /// view or above it (where a constraint between its guide and anything else goes), or
    /// among its generated guide constraints.
    func insetUsers(of view: LayoutView, generated: [LayoutConstraint]) -> [LayoutConstraint] {
        let aliases = [view.marginsGuideStorage, view.safeAreaGuideStorage].compactMap { $0 }
        func uses(_ c: LayoutConstraint) -> Bool {
            (c.firstItem === view && c.firstAttribute.isMargin) || (c.secondItem === view && c.secondAttribute.isMargin)
                || c.items.contains { item in aliases.contains { $0 === item } }
        }
        var found = generated.filter(uses)
        var host: LayoutView? = view
        while let current = host {
            found += current.constraints.filter(uses)
            host = current.superview
        }
        return found
    }

    func refreshGuides(below view: LayoutView) {
        for v in view.subtree() { refreshGuides(of: v) }
    }

    /// Subviews' safe areas and preserved margins come from their frames: after a pass,
    /// update the guides whose insets changed (the next pass then uses them).
    func refreshSafeAreas() {
        // The root is read once: reading an unowned reference retains it.
        let root = self.root
        let rootIsAllSafe = root.safeAreaInsetsStorage == .zero
        // A hierarchy where no constraint reads margins or a safe area is not visited.
        guard mayHaveInsetUsers else { return }
        var found = false
        defer { mayHaveInsetUsers = found }
        for ref in viewRefs {
            let candidate = ref._withUnsafeGuaranteedRef { view -> Bool in
                guard view !== root, view.appliedInsets != nil else { return false }
                found = true
                // Margins depend on frames only through an unsafe band or preserved margins.
                return !rootIsAllSafe || view.preservesSuperviewLayoutMargins || view.safeAreaGuideStorage != nil
            }
            guard candidate else { continue }
            let view = ref.takeUnretainedValue()
            if view.appliedInsets?.margins == view.effectiveMarginInsets
                && view.appliedInsets?.safeArea == view.safeAreaInsets { continue }
            refreshGuides(of: view)
        }
    }

    // MARK: Making them

    /// The root's frame (required), or the frame and mask of a view that translates its
    /// autoresizing mask (required), or nothing.
    func frameConstraints(for view: LayoutView) -> [LayoutConstraint] {
        // A view placed by constraints (the usual case) has none, unless it is the root: a
        // hierarchy's root has no superview. (Checked first: comparing with the unowned
        // root retains it.)
        if !isScratch && !view.translatesAutoresizingMaskIntoConstraints && view.superviewReference != nil {
            return []
        }
        let i = view.alignmentRectInsets, f = view.storedFrame
        if view === root {
            return [
                LayoutConstraint(generated: .root, view, .left, .equal, nil, .notAnAttribute, constant: i.left,
                                 identifier: "root.minX"),
                LayoutConstraint(generated: .root, view, .top, .equal, nil, .notAnAttribute, constant: i.top,
                                 identifier: "root.minY"),
                LayoutConstraint(generated: .root, view, .width, .equal, nil, .notAnAttribute,
                                 constant: f.width - i.left - i.right, identifier: "root.width"),
                LayoutConstraint(generated: .root, view, .height, .equal, nil, .notAnAttribute,
                                 constant: f.height - i.top - i.bottom, identifier: "root.height"),
            ]
        }
        guard view.translatesAutoresizingMaskIntoConstraints, let parent = view.superview else { return [] }
        return autoresizingConstraints(for: view, in: parent, autoresizingParts(for: view, in: parent),
                                       code: view.autoresizingMask.logCode)
    }

    /// The autoresizing constraints `left`, `top`, `width`, `height` of a view from their
    /// parts, named by the mask's log code.
    func autoresizingConstraints(for view: LayoutView, in parent: LayoutView, _ parts: AutoresizingParts,
                                 code: String) -> [LayoutConstraint] {
        func make(_ attribute: LayoutAttribute, _ parentAttribute: LayoutAttribute?, _ part: AutoresizingPart,
                  _ sizeAttribute: LayoutAttribute) -> LayoutConstraint {
            let c = LayoutConstraint(generated: .autoresizing, view, attribute, .equal, parentAttribute == nil ? nil : parent,
                                     parentAttribute ?? .notAnAttribute, constant: part.constant, identifier: code)
            if part.share != 0 { c.extraTerms = [ExtraTerm(item: parent, attribute: sizeAttribute, coefficient: part.share)] }
            return c
        }
        return [make(.left, .left, parts.left, .width), make(.top, .top, parts.top, .height),
                make(.width, nil, parts.width, .width), make(.height, nil, parts.height, .height)]
    }

    /// The constants and shares of a translated view's autoresizing constraints.
    func autoresizingParts(for view: LayoutView, in parent: LayoutView) -> AutoresizingParts {
        let i = view.alignmentRectInsets, f = view.storedFrame
        let p = parent.alignmentRectInsets, mask = view.autoresizingMask
        let size = parent.storedFrame.size
        /// The shares of a change in the parent's size that go to the start margin and to
        /// the length: flexible parts share it in proportion to their sizes (equally when
        /// they are all zero).
        /// (Scalars only: this runs for every translated view.)
        func axis(_ position: Double, _ length: Double, _ total: Double, _ flexibleStart: AutoresizingMask,
                  _ flexibleLength: AutoresizingMask, _ flexibleEnd: AutoresizingMask) -> (start: Double, length: Double) {
            let start = mask.contains(flexibleStart), size = mask.contains(flexibleLength)
            let end = mask.contains(flexibleEnd)
            let count = (start ? 1 : 0) + (size ? 1 : 0) + (end ? 1 : 0)
            guard count > 0 else { return (0, 0) }
            // The same sum, in the same order, as adding up the flexible parts one by one.
            var sum = 0.0
            if start { sum += position }
            if size { sum += length }
            if end { sum += total - position - length }
            func share(_ flexible: Bool, _ part: Double) -> Double {
                guard flexible else { return 0 }
                return sum != 0 ? part / sum : 1 / Double(count)
            }
            return (share(start, position), share(size, length))
        }
        let h = axis(f.minX, f.width, size.width, .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)
        let v = axis(f.minY, f.height, size.height, .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin)
        // Δ = parent's bounds size now − at the time of the frame; parent bounds width is
        // its alignment width plus insets.
        func part(_ constant: Double, _ share: Double, _ total: Double, _ insetSum: Double) -> AutoresizingPart {
            AutoresizingPart(constant: constant + share * (insetSum - total), share: share)
        }
        return AutoresizingParts(left: part(f.minX + i.left - p.left, h.start, size.width, p.left + p.right),
                                 top: part(f.minY + i.top - p.top, v.start, size.height, p.top + p.bottom),
                                 width: part(f.width - i.left - i.right, h.length, size.width, p.left + p.right),
                                 height: part(f.height - i.top - i.bottom, v.length, size.height, p.top + p.bottom))
    }

    /// Hugging (`size <= intrinsic`) and compression resistance (`size >= intrinsic`) for
    /// each axis with an intrinsic metric: one constraint `size == intrinsic` carrying both
    /// priorities when neither is required (held as one two-sided solver equality), else
    /// the two inequalities.
    func contentConstraints(for view: LayoutView) -> ContentConstraints {
        let size = view.currentIntrinsicSize()
        let hasWidth = size.width >= 0 && size.width.isFinite, hasHeight = size.height >= 0 && size.height.isFinite
        guard hasWidth || hasHeight else { return ContentConstraints() }
        let handle = view.handle
        /// A constraint `size REL value` (made with the view's handle: no cast of the view).
        func make(_ attribute: LayoutAttribute, _ relation: LayoutRelation, _ value: Double, _ priority: LayoutPriority,
                  _ identifier: String) -> LayoutConstraint {
            LayoutConstraint(origin: .contentSize, handle, attribute, relation, nil, .notAnAttribute, multiplier: 0,
                             constant: value, priority: priority, identifier: identifier)
        }
        /// Whether both priorities of an axis are optional: one equality carries them.
        func isOptional(_ axis: LayoutAxis) -> Bool {
            !view.contentHuggingPriority(for: axis).isRequired
                && !view.contentCompressionResistancePriority(for: axis).isRequired
        }
        /// The equality for an axis whose priorities are both optional.
        func equality(_ axis: LayoutAxis, _ attribute: LayoutAttribute, _ value: Double) -> LayoutConstraint {
            let both = make(attribute, .equal, value, view.contentHuggingPriority(for: axis),
                            axis == .horizontal ? "H content size" : "V content size")
            both.compressionPriority = view.contentCompressionResistancePriority(for: axis)
            return both
        }
        // The usual case, two equalities, held without an array.
        if hasWidth && hasHeight && isOptional(.horizontal) && isOptional(.vertical) {
            return ContentConstraints(equality(.horizontal, .width, size.width), equality(.vertical, .height, size.height))
        }
        var made: [LayoutConstraint] = []
        made.reserveCapacity(2)
        func add(_ axis: LayoutAxis, _ attribute: LayoutAttribute, _ value: Double, _ present: Bool) {
            guard present else { return }
            if isOptional(axis) {
                made.append(equality(axis, attribute, value))
                return
            }
            let horizontal = axis == .horizontal
            made.append(make(attribute, .lessThanOrEqual, value, view.contentHuggingPriority(for: axis),
                             horizontal ? "H hugging" : "V hugging"))
            made.append(make(attribute, .greaterThanOrEqual, value, view.contentCompressionResistancePriority(for: axis),
                             horizontal ? "H compression resistance" : "V compression resistance"))
        }
        add(.horizontal, .width, size.width, hasWidth)
        add(.vertical, .height, size.height, hasHeight)
        return ContentConstraints(made)
    }

    /// The readable guide's constraints, if the view has one. (The margins and safe-area
    /// guides need none: see ``LayoutGuide/isInsetAlias``.)
    func guideConstraints(for view: LayoutView) -> [LayoutConstraint] {
        guard let readable = view.readableGuideStorage, let margins = view.marginsGuideStorage else { return [] }
        let name = "UIView-readableContent"
        return [
            LayoutConstraint(generated: .guide, readable, .centerX, .equal, margins, .centerX, constant: 0, identifier: name),
            LayoutConstraint(generated: .guide, readable, .top, .equal, margins, .top, constant: 0, identifier: name),
            LayoutConstraint(generated: .guide, readable, .bottom, .equal, margins, .bottom, constant: 0, identifier: name),
            LayoutConstraint(generated: .guide, readable, .width, .lessThanOrEqual, margins, .width, constant: 0,
                             identifier: name),
            LayoutConstraint(generated: .guide, readable, .width, .lessThanOrEqual, nil, .notAnAttribute,
                             constant: LayoutView.readableContentWidth, identifier: name),
            LayoutConstraint(generated: .guide, readable, .width, .equal, margins, .width, constant: 0,
                             priority: 999, identifier: name),
        ]
    }
}
