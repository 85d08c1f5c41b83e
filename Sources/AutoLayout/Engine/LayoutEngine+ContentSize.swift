import Cassowary

// The content-size constraints the engine makes for a view with an intrinsic size:
// hugging and compression resistance.

extension LayoutEngine {
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

    /// Makes a view's content-size constraints again (its intrinsic size or priorities
    /// changed) and replaces the old ones.
    func refreshContentSize(for view: LayoutView) {
        guard hasGenerated(view) else { return }
        replace(.content, of: view, with: contentConstraints(for: view).array)
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
                  _ identifier: ConstraintIdentifier) -> LayoutConstraint {
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
                            axis == .horizontal ? .horizontalContentSize : .verticalContentSize)
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
                             horizontal ? .horizontalHugging : .verticalHugging))
            made.append(make(attribute, .greaterThanOrEqual, value, view.contentCompressionResistancePriority(for: axis),
                             horizontal ? .horizontalCompression : .verticalCompression))
        }
        add(.horizontal, .width, size.width, hasWidth)
        add(.vertical, .height, size.height, hasHeight)
        return ContentConstraints(made)
    }
}
