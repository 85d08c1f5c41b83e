// The constraints a stack view makes, as UIKit's UIStackView makes them (their identifiers,
// relations and priorities from UIKit's logs; see the conformance README and spec §7):
//
// - UISV-canvas-connection: the canvas (the stack, or its margins guide) to the first and
//   last views along the axis (visible views for equal spacing and centering), and to the
//   first view (or the spanner) across it;
// - UISV-spacing: `==` between every view and the next for the fill distributions (0 after
//   a hidden view, and after the last visible one), `>=` between visible neighbours for
//   equal spacing and centering (a hidden view attached, 0 apart, to the view before it);
// - UISV-hiding: a hidden view's size along the axis is 0;
// - UISV-fill-equally, UISV-fill-proportionally: sizes along the axis;
// - UISV-distributing-edge: the gap guides of equal spacing (edge to edge) and centering
//   (centre to centre), made equal by UISV-fill-equally (centering at 149, 148, …);
// - UISV-alignment: every arranged view's aligned edge, centre or baseline on the first's;
// - UISV-spanning-boundary and UISV-spanning-fit: a guide spanning the visible views across
//   the axis (for every alignment but fill), as small as it can be (@51);
// - UISV-ambiguity-suppression: each view's size across the axis 0 @25 (not with fill);
// - UISV-canvas-fit: the stack as small as it can be (@49) along the axis for equal spacing
//   and centering, and across it for baseline alignments.

/// What one of a stack's constraints does; ``identifier`` is UIKit's name for it.
enum ArrangementRole: UInt8 {
    case canvasConnection, canvasFit, spacing, hiding, fillEqually, fillProportionally, distributingEdge, alignment,
         spanningBoundary, spanningFit, ambiguitySuppression

    /// UIKit's identifier for constraints of this role.
    var identifier: String {
        switch self {
        case .canvasConnection: "UISV-canvas-connection"
        case .canvasFit: "UISV-canvas-fit"
        case .spacing: "UISV-spacing"
        case .hiding: "UISV-hiding"
        case .fillEqually: "UISV-fill-equally"
        case .fillProportionally: "UISV-fill-proportionally"
        case .distributingEdge: "UISV-distributing-edge"
        case .alignment: "UISV-alignment"
        case .spanningBoundary: "UISV-spanning-boundary"
        case .spanningFit: "UISV-spanning-fit"
        case .ambiguitySuppression: "UISV-ambiguity-suppression"
        }
    }

    /// ``identifier`` as the one object every constraint of the role shares.
    var sharedIdentifier: ConstraintIdentifier { Self.sharedIdentifiers[Int(rawValue)] }

    private static let sharedIdentifiers = (0...ArrangementRole.ambiguitySuppression.rawValue).map {
        ConstraintIdentifier(ArrangementRole(rawValue: $0)!.identifier)
    }
}

/// One constraint a stack wants, before it is made.
///
/// A rule lives only while the stack works out its constraints, and names items the stack
/// holds (itself, its arranged views and its guides), so it holds them unretained: a stack
/// of rows made a few dozen rules a row, and each copy of a rule retained and released both.
struct ArrangementRule {
    let role: ArrangementRole
    unowned(unsafe) let first: LayoutItem
    let firstAttribute: LayoutAttribute
    let relation: LayoutRelation
    unowned(unsafe) let second: LayoutItem?
    let secondAttribute: LayoutAttribute
    var multiplier = 1.0, constant = 0.0, priority = LayoutPriority.required

    /// Whether `constraint` is the one this rule made: the same role, items and attributes
    /// (see ``StackView/updateArrangement()``).
    func matches(_ constraint: LayoutConstraint) -> Bool {
        constraint.firstAttribute == firstAttribute && constraint.secondAttribute == secondAttribute
            && constraint.firstItem === first && constraint.secondItem === second && constraint.identifier == role.identifier
    }

    /// `item.attribute == 0` at `priority`: a hidden view's size, or a fit. (Its multiplier
    /// is 0, as a constraint to a constant stores it, so that an update keeps it.)
    static func zero(_ role: ArrangementRole, _ item: LayoutItem, _ attribute: LayoutAttribute,
                     priority: LayoutPriority = .required) -> ArrangementRule {
        ArrangementRule(role: role, first: item, firstAttribute: attribute, relation: .equal, second: nil,
                        secondAttribute: .notAnAttribute, multiplier: 0, priority: priority)
    }

    /// `a.attribute == b.attribute`, required: an edge, centre or size on another's.
    static func equal(_ role: ArrangementRole, _ a: LayoutItem, _ b: LayoutItem, _ attribute: LayoutAttribute) -> ArrangementRule {
        ArrangementRule(role: role, first: a, firstAttribute: attribute, relation: .equal, second: b, secondAttribute: attribute)
    }

    /// The constraint, with the role as its identifier.
    func make() -> LayoutConstraint {
        LayoutConstraint(generated: .arrangement, first, firstAttribute, relation, second, secondAttribute,
                         multiplier: multiplier, constant: constant, priority: priority,
                         identifier: role.sharedIdentifier)
    }
}

/// The attributes of one axis of a stack.
struct AxisAttributes {
    let start: LayoutAttribute, end: LayoutAttribute, center: LayoutAttribute, size: LayoutAttribute

    static let horizontal = AxisAttributes(start: .leading, end: .trailing, center: .centerX, size: .width)
    static let vertical = AxisAttributes(start: .top, end: .bottom, center: .centerY, size: .height)
}

extension StackView {
    /// The alignment as it applies to this axis: baselines align only the views of a
    /// horizontal stack; a vertical stack aligns leading (first) or trailing (last) edges.
    var effectiveAlignment: Alignment {
        guard axis == .vertical else { return alignment }
        switch alignment {
        case .firstBaseline: return .leading
        case .lastBaseline: return .trailing
        default: return alignment
        }
    }

    /// The spacing after a visible view, custom or the stack's, with the system value
    /// resolved: 8 points, or between the baselines of `view` and `next` (a baseline-relative
    /// arrangement) the system spacing of their fonts.
    func spacing(after view: LayoutView, before next: LayoutView? = nil) -> Double {
        let value = customSpacings[Identity(view)] ?? storedSpacing
        guard value == StackView.spacingUseSystem else { return value }
        guard let next else { return LayoutConstraint.standardSiblingSpacing }
        return LayoutView.systemSpacing(below: view, .lastBaseline, above: next, .firstBaseline)
    }

    /// Every constraint the arrangement wants, in the order they are made; makes or drops
    /// the spanner and gap guides to match.
    func arrangementRules() -> [ArrangementRule] {
        let views = arrangedSubviews
        guard !views.isEmpty else {
            syncGuides(spanner: false, gapsAfter: [])
            return []
        }
        let along = axis == .horizontal ? AxisAttributes.horizontal : .vertical
        let across = axis == .horizontal ? AxisAttributes.vertical : .horizontal
        let canvas: LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let visible = views.filter { !$0.isHidden }
        // The views held open stay so while they are hidden (see ``heldOpen``).
        if !heldOpen.isEmpty { heldOpen = heldOpen.filter { id in views.contains { Identity($0) == id && $0.isHidden } } }
        let alignment = effectiveAlignment
        let baselines = isBaselineRelativeArrangement && axis == .vertical
        let equalGaps = distribution == .equalSpacing || distribution == .equalCentering
        syncGuides(spanner: alignment != .fill, gapsAfter: equalGaps ? Array(visible.dropLast()) : [])
        var rules: [ArrangementRule] = []
        rules.reserveCapacity(views.count * 5)

        if equalGaps {
            appendGapChain(to: &rules, views: views, visible: visible, along: along, canvas: canvas, baselines: baselines)
        } else {
            appendChain(to: &rules, views: views, along: along, canvas: canvas, baselines: baselines)
        }
        appendDistribution(to: &rules, visible: visible, along: along, canvas: canvas, baselines: baselines)
        appendAlignment(alignment, to: &rules, views: views, visible: visible, across: across, canvas: canvas)
        return rules
    }

    /// The chain of a fill distribution, as UIKit makes it: the canvas to the first and last
    /// arranged views, and every view to the one before it; the spacing after a view is
    /// its own (or the stack's) when it is visible and a visible view follows, else 0. A
    /// hidden view collapses where it stands, so hiding or showing one changes one constant
    /// and its width (or height) only; one whose own constraints forbid the collapse is held
    /// open (see ``heldOpen``), and the chain reads its start, so it takes no room either
    /// (in UIKit hidden views drop out of the chain). Measured between baselines, a shown
    /// view follows the last shown one before it (a collapsed view has no baseline to speak
    /// of), so the texts keep their spacing when a view between them hides.
    private func appendChain(to rules: inout [ArrangementRule], views: [LayoutView], along: AxisAttributes,
                             canvas: LayoutItem, baselines: Bool) {
        rules.append(.equal(.canvasConnection, canvas, views[0], along.start))
        rules.append(canvasEnd(views, along: along, canvas: canvas))
        appendChainLinks(for: views.indices, to: &rules, views: views, along: along, baselines: baselines)
    }

    /// The canvas's end on the last view's end (its start, when it is held open: see
    /// ``heldOpen``).
    func canvasEnd(_ views: [LayoutView], along: AxisAttributes, canvas: LayoutItem) -> ArrangementRule {
        let last = views[views.count - 1]
        return ArrangementRule(role: .canvasConnection, first: last, firstAttribute: chainEnd(of: last, along),
                               relation: .equal, second: canvas, secondAttribute: along.end)
    }

    /// The chain's rules for the views at `range` (see ``appendChain(to:views:along:canvas:baselines:)``):
    /// each one's hiding rule, if it is hidden, and its spacing from the view before it.
    /// They depend on the views before them only through the one just before, the last
    /// shown one, and the last visible one.
    func appendChainLinks(for range: Range<Int>, to rules: inout [ArrangementRule], views: [LayoutView],
                          along: AxisAttributes, baselines: Bool) {
        let lastVisible = views.lastIndex { !$0.isHidden } ?? -1
        var lastShown = baselines ? views[..<range.lowerBound].last { !$0.isHidden } : nil
        for index in range {
            let view = views[index]
            if view.isHidden {
                rules.append(.zero(.hiding, view, along.size))
            }
            defer { if !view.isHidden { lastShown = view } }
            guard index > 0 else { continue }
            let previous = views[index - 1]
            if baselines, !view.isHidden, let shown = lastShown {
                rules.append(ArrangementRule(role: .spacing, first: view, firstAttribute: .firstBaseline, relation: .equal,
                                             second: shown, secondAttribute: .lastBaseline,
                                             constant: spacing(after: shown, before: view)))
                continue
            }
            // Between baselines the space after a shown view goes to the next shown view's rule.
            let gap = !previous.isHidden && index <= lastVisible && !baselines ? spacing(after: previous) : 0
            rules.append(ArrangementRule(role: .spacing, first: view, firstAttribute: along.start, relation: .equal,
                                         second: previous, secondAttribute: chainEnd(of: previous, along), constant: gap))
        }
    }

    /// The chain of equal spacing or centering: the canvas to the first and last visible
    /// views and a minimum spacing between visible neighbours (their gap guides make the
    /// rest); a hidden view collapses onto the view before it (or the canvas).
    private func appendGapChain(to rules: inout [ArrangementRule], views: [LayoutView], visible: [LayoutView],
                                along: AxisAttributes, canvas: LayoutItem, baselines: Bool) {
        let ends = (visible.first ?? views[0], visible.last ?? views[views.count - 1])
        rules.append(.equal(.canvasConnection, canvas, ends.0, along.start))
        rules.append(.equal(.canvasConnection, ends.1, canvas, along.end))
        var previousVisible: LayoutView?
        for (index, view) in views.enumerated() {
            if view.isHidden {
                rules.append(.zero(.hiding, view, along.size))
                if view !== ends.0 {
                    let before: LayoutItem = index > 0 ? views[index - 1] : canvas
                    rules.append(ArrangementRule(role: index > 0 ? .spacing : .canvasConnection, first: view,
                                                 firstAttribute: along.start, relation: .equal, second: before,
                                                 secondAttribute: index > 0 ? along.end : along.start))
                }
                continue
            }
            if let previous = previousVisible {
                rules.append(ArrangementRule(role: .spacing, first: view, firstAttribute: baselines ? .firstBaseline : along.start,
                                             relation: .greaterThanOrEqual, second: previous,
                                             secondAttribute: baselines ? .lastBaseline : along.end,
                                             constant: spacing(after: previous, before: baselines ? view : nil)))
            }
            previousVisible = view
        }
    }

    /// The rules of the distribution along the axis.
    private func appendDistribution(to rules: inout [ArrangementRule], visible: [LayoutView], along: AxisAttributes,
                                    canvas: LayoutItem, baselines: Bool) {
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            for view in visible.dropFirst() { appendFillEqually(view, first: visible[0], to: &rules, along: along) }
        case .fillProportionally:
            let sizes = visible.map { max(0, $0.currentIntrinsicSize()[axis]) }
            let spacings = zip(visible, visible.dropFirst()).reduce(0.0) { $0 + spacing(after: $1.0, before: baselines ? $1.1 : nil) }
            let total = sizes.reduce(0, +) + spacings
            guard total > 0 else { break }
            // Priorities count down by position among all the arranged views, hidden ones too.
            let countsDown = visible.count > 1
            var index = 0
            for (position, view) in arrangedSubviews.enumerated() where !view.isHidden {
                let priority = countsDown ? LayoutPriority(Float(max(1, 999 - position))) : .required
                rules.append(ArrangementRule(role: .fillProportionally, first: view, firstAttribute: along.size,
                                             relation: .equal, second: canvas, secondAttribute: along.size,
                                             multiplier: sizes[index] / total, priority: priority))
                index += 1
            }
        case .equalSpacing, .equalCentering:
            let centering = distribution == .equalCentering
            rules.append(.zero(.canvasFit, self, along.size, priority: 49))
            var firstGap: LayoutGuide?
            for (index, (before, after)) in zip(visible, visible.dropFirst()).enumerated() {
                guard let gap = gapGuides[Identity(before)] else { continue }
                let leading: LayoutAttribute = centering ? along.center : baselines ? .lastBaseline : along.end
                let trailing: LayoutAttribute = centering ? along.center : baselines ? .firstBaseline : along.start
                rules.append(ArrangementRule(role: .distributingEdge, first: gap, firstAttribute: along.start,
                                             relation: .equal, second: before, secondAttribute: leading))
                rules.append(ArrangementRule(role: .distributingEdge, first: gap, firstAttribute: along.end,
                                             relation: .equal, second: after, secondAttribute: trailing))
                if let firstGap {
                    rules.append(ArrangementRule(role: .fillEqually, first: gap, firstAttribute: along.size, relation: .equal,
                                                 second: firstGap, secondAttribute: along.size,
                                                 priority: centering ? LayoutPriority(Float(max(1, 150 - index))) : .required))
                } else {
                    firstGap = gap
                }
            }
        }
    }

    /// A visible view's size along the axis equal to the first visible view's (fill equally).
    func appendFillEqually(_ view: LayoutView, first: LayoutView, to rules: inout [ArrangementRule], along: AxisAttributes) {
        rules.append(.equal(.fillEqually, view, first, along.size))
    }

    /// The rules of the alignment across the axis.
    ///
    /// Centred, the spanner's fit takes the centre connection's place before the spanning
    /// boundaries, and the centre connection the fit's after them. The solver takes a batch
    /// in order, and the order decides how each edge is written. Fit first, the spanner's far
    /// edge is written as its near edge plus a size. The boundaries then place each view from
    /// the near edge, and the centre, coming last, is solved within the row.
    ///
    /// In UIKit's order the centre came before the boundaries. The row's far edge, which is the
    /// next row's near edge in a column of rows, was then written through the first view's
    /// edges, and the views of each row through every row above it: a column of 800 centred
    /// rows took 75 s to build.
    private func appendAlignment(_ alignment: Alignment, to rules: inout [ArrangementRule], views: [LayoutView],
                                 visible: [LayoutView], across: AxisAttributes, canvas: LayoutItem) {
        let first = views[0]
        let aligned = alignedAttributes(alignment, across: across)
        for view in views.dropFirst() {
            for attribute in aligned { rules.append(.equal(.alignment, first, view, attribute)) }
        }
        guard alignment != .fill, let spanner else {
            rules.append(.equal(.canvasConnection, canvas, first, across.start))
            rules.append(.equal(.canvasConnection, first, canvas, across.end))
            return
        }
        // Across the axis: the first view's edge where the views are aligned to it, the
        // spanner's elsewhere.
        rules.append(.equal(.canvasConnection, canvas, alignment == .leading ? first : spanner, across.start))
        rules.append(.equal(.canvasConnection, alignment == .trailing ? first : spanner, canvas, across.end))
        let fit = ArrangementRule.zero(.spanningFit, spanner, across.size, priority: 51)
        let centered = ArrangementRule.equal(.canvasConnection, canvas, first, across.center)
        // Centred, the fit and the centre connection swap places (see above).
        if alignment == .center { rules.append(fit) }
        if alignment == .firstBaseline || alignment == .lastBaseline {
            rules.append(.zero(.canvasFit, self, across.size, priority: 49))
        }
        for view in visible { appendSpanningBoundaries(view, spanner: spanner, alignment: alignment, to: &rules, across: across) }
        rules.append(alignment == .center ? centered : fit)
        for view in views { rules.append(.zero(.ambiguitySuppression, view, across.size, priority: 25)) }
    }

    /// The attributes every view after the first aligns on the first's, across the axis.
    func alignedAttributes(_ alignment: Alignment, across: AxisAttributes) -> [LayoutAttribute] {
        switch alignment {
        case .fill: [across.start, across.end]
        case .leading: [across.start]
        case .center: [across.center]
        case .trailing: [across.end]
        case .firstBaseline: [.firstBaseline]
        case .lastBaseline: [.lastBaseline]
        }
    }

    /// The two rules that keep a visible view within the spanner across the axis (equal on
    /// the side the views are aligned to).
    func appendSpanningBoundaries(_ view: LayoutView, spanner: LayoutGuide, alignment: Alignment,
                                  to rules: inout [ArrangementRule], across: AxisAttributes) {
        rules.append(ArrangementRule(role: .spanningBoundary, first: spanner, firstAttribute: across.start,
                                     relation: alignment == .leading ? .equal : .lessThanOrEqual, second: view,
                                     secondAttribute: across.start, priority: alignment == .leading ? 999.5 : .required))
        rules.append(ArrangementRule(role: .spanningBoundary, first: spanner, firstAttribute: across.end,
                                     relation: alignment == .trailing ? .equal : .greaterThanOrEqual, second: view,
                                     secondAttribute: across.end, priority: alignment == .trailing ? 999.5 : .required))
    }

    /// How many alignment rules each view after the first gets, and how many rules tie the
    /// first view (or the spanner) to the canvas across the axis (see
    /// ``appendAlignment(_:to:views:visible:across:canvas:)``).
    func alignmentCounts(_ alignment: Alignment) -> (perView: Int, canvas: Int) {
        switch alignment {
        case .fill: (2, 2)
        case .center, .firstBaseline, .lastBaseline: (1, 3)
        case .leading, .trailing: (1, 2)
        }
    }
}
