// The constraints a stack view makes, as UIKit's UIStackView makes them (their identifiers,
// relations and priorities from UIKit's logs; see the conformance README and spec §7):
//
// - UISV-canvas-connection: the canvas (the stack, or its margins guide) to the first and
//   last visible views along the axis, and to the first view (or the spanner) across it;
// - UISV-spacing: between neighbouring visible views, `==` for the fill distributions and
//   `>=` for equal spacing and centering; a hidden view is attached, 0 apart, to the view
//   before it (or the canvas), so it sits where it would be and takes no room;
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

/// What one of a stack's constraints does, with UIKit's identifier.
enum ArrangementRole: String {
    case canvasConnection = "UISV-canvas-connection"
    case canvasFit = "UISV-canvas-fit"
    case spacing = "UISV-spacing"
    case hiding = "UISV-hiding"
    case fillEqually = "UISV-fill-equally"
    case fillProportionally = "UISV-fill-proportionally"
    case distributingEdge = "UISV-distributing-edge"
    case alignment = "UISV-alignment"
    case spanningBoundary = "UISV-spanning-boundary"
    case spanningFit = "UISV-spanning-fit"
    case ambiguitySuppression = "UISV-ambiguity-suppression"
}

/// A constraint's role and items: how an update finds the constraint it made before, to
/// keep it (changing its constant or priority in place) instead of making it again.
struct ArrangementKey: Hashable {
    let role: ArrangementRole
    let first: Identity, firstAttribute: LayoutAttribute
    let second: Identity?, secondAttribute: LayoutAttribute
}

/// One constraint a stack wants, before it is made.
struct ArrangementRule {
    let role: ArrangementRole
    let first: LayoutItem, firstAttribute: LayoutAttribute
    let relation: LayoutRelation
    let second: LayoutItem?, secondAttribute: LayoutAttribute
    var multiplier = 1.0, constant = 0.0, priority = LayoutPriority.required

    var key: ArrangementKey {
        ArrangementKey(role: role, first: Identity(first), firstAttribute: firstAttribute,
                       second: second.map { Identity($0) }, secondAttribute: secondAttribute)
    }

    /// The constraint, with the role as its identifier.
    func make() -> LayoutConstraint {
        LayoutConstraint(generated: .arrangement, first, firstAttribute, relation, second, secondAttribute,
                         multiplier: multiplier, constant: constant, priority: priority, identifier: role.rawValue)
    }
}

/// The attributes of one axis of a stack.
struct AxisAttributes {
    let start: LayoutAttribute, end: LayoutAttribute, center: LayoutAttribute, size: LayoutAttribute

    static let horizontal = AxisAttributes(start: .leading, end: .trailing, center: .centerX, size: .width)
    static let vertical = AxisAttributes(start: .top, end: .bottom, center: .centerY, size: .height)
}

extension StackView {
    /// The system spacing: 8 points between siblings.
    static let systemSpacing = 8.0

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
    /// resolved.
    func spacing(after view: LayoutView) -> Double {
        let value = customSpacings[Identity(view)] ?? storedSpacing
        return value == StackView.spacingUseSystem ? StackView.systemSpacing : value
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
        let alignment = effectiveAlignment
        let baselines = isBaselineRelativeArrangement && axis == .vertical
        let equalGaps = distribution == .equalSpacing || distribution == .equalCentering
        syncGuides(spanner: alignment != .fill, gapsAfter: equalGaps ? Array(visible.dropLast()) : [])
        var rules: [ArrangementRule] = []
        rules.reserveCapacity(views.count * 5)

        // Along the axis: the canvas to the first and last visible views, the spacing
        // between visible neighbours, and hidden views collapsed where they stand.
        let ends = (visible.first ?? views[0], visible.last ?? views[views.count - 1])
        rules.append(ArrangementRule(role: .canvasConnection, first: canvas, firstAttribute: along.start, relation: .equal,
                                     second: ends.0, secondAttribute: along.start))
        rules.append(ArrangementRule(role: .canvasConnection, first: ends.1, firstAttribute: along.end, relation: .equal,
                                     second: canvas, secondAttribute: along.end))
        var previousVisible: LayoutView?
        for (index, view) in views.enumerated() {
            if view.isHidden {
                rules.append(ArrangementRule(role: .hiding, first: view, firstAttribute: along.size, relation: .equal,
                                             second: nil, secondAttribute: .notAnAttribute))
                if view !== ends.0 {
                    let before: LayoutItem = index > 0 ? views[index - 1] : canvas
                    let attribute = index > 0 ? along.end : along.start
                    rules.append(ArrangementRule(role: index > 0 ? .spacing : .canvasConnection, first: view,
                                                 firstAttribute: along.start, relation: .equal, second: before,
                                                 secondAttribute: attribute))
                }
                continue
            }
            if let previous = previousVisible {
                rules.append(ArrangementRule(role: .spacing, first: view, firstAttribute: baselines ? .firstBaseline : along.start,
                                             relation: equalGaps ? .greaterThanOrEqual : .equal, second: previous,
                                             secondAttribute: baselines ? .lastBaseline : along.end,
                                             constant: spacing(after: previous)))
            }
            previousVisible = view
        }
        appendDistribution(to: &rules, visible: visible, along: along, canvas: canvas, baselines: baselines)
        appendAlignment(to: &rules, views: views, visible: visible, across: across, canvas: canvas)
        return rules
    }

    /// The rules of the distribution along the axis.
    private func appendDistribution(to rules: inout [ArrangementRule], visible: [LayoutView], along: AxisAttributes,
                                    canvas: LayoutItem, baselines: Bool) {
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            for view in visible.dropFirst() {
                rules.append(ArrangementRule(role: .fillEqually, first: view, firstAttribute: along.size, relation: .equal,
                                             second: visible[0], secondAttribute: along.size))
            }
        case .fillProportionally:
            let sizes = visible.map { max(0, $0.currentIntrinsicSize()[axis]) }
            let spacings = zip(visible, visible.dropFirst()).reduce(0.0) { $0 + spacing(after: $1.0) }
            let total = sizes.reduce(0, +) + spacings
            guard total > 0 else { break }
            let countsDown = visible.count > 1
            for (index, view) in visible.enumerated() {
                let position = arrangedSubviews.firstIndex { $0 === view } ?? index
                let priority = countsDown ? LayoutPriority(Float(max(1, 999 - position))) : .required
                rules.append(ArrangementRule(role: .fillProportionally, first: view, firstAttribute: along.size,
                                             relation: .equal, second: canvas, secondAttribute: along.size,
                                             multiplier: sizes[index] / total, priority: priority))
            }
        case .equalSpacing, .equalCentering:
            let centering = distribution == .equalCentering
            rules.append(ArrangementRule(role: .canvasFit, first: self, firstAttribute: along.size, relation: .equal,
                                         second: nil, secondAttribute: .notAnAttribute, priority: 49))
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

    /// The rules of the alignment across the axis.
    private func appendAlignment(to rules: inout [ArrangementRule], views: [LayoutView], visible: [LayoutView],
                                 across: AxisAttributes, canvas: LayoutItem) {
        let alignment = effectiveAlignment
        let first = views[0]
        let aligned: [LayoutAttribute] = switch alignment {
        case .fill: [across.start, across.end]
        case .leading: [across.start]
        case .center: [across.center]
        case .trailing: [across.end]
        case .firstBaseline: [.firstBaseline]
        case .lastBaseline: [.lastBaseline]
        }
        for view in views.dropFirst() {
            for attribute in aligned {
                rules.append(ArrangementRule(role: .alignment, first: first, firstAttribute: attribute, relation: .equal,
                                             second: view, secondAttribute: attribute))
            }
        }
        guard alignment != .fill, let spanner else {
            rules.append(ArrangementRule(role: .canvasConnection, first: canvas, firstAttribute: across.start,
                                         relation: .equal, second: first, secondAttribute: across.start))
            rules.append(ArrangementRule(role: .canvasConnection, first: first, firstAttribute: across.end,
                                         relation: .equal, second: canvas, secondAttribute: across.end))
            return
        }
        // Across the axis: the first view's edge where the views are aligned to it, the
        // spanner's elsewhere.
        let startItem: LayoutItem = alignment == .leading ? first : spanner
        let endItem: LayoutItem = alignment == .trailing ? first : spanner
        rules.append(ArrangementRule(role: .canvasConnection, first: canvas, firstAttribute: across.start, relation: .equal,
                                     second: startItem, secondAttribute: across.start))
        rules.append(ArrangementRule(role: .canvasConnection, first: endItem, firstAttribute: across.end, relation: .equal,
                                     second: canvas, secondAttribute: across.end))
        if alignment == .center {
            rules.append(ArrangementRule(role: .canvasConnection, first: canvas, firstAttribute: across.center,
                                         relation: .equal, second: first, secondAttribute: across.center))
        }
        if alignment == .firstBaseline || alignment == .lastBaseline {
            rules.append(ArrangementRule(role: .canvasFit, first: self, firstAttribute: across.size, relation: .equal,
                                         second: nil, secondAttribute: .notAnAttribute, priority: 49))
        }
        for view in visible {
            rules.append(ArrangementRule(role: .spanningBoundary, first: spanner, firstAttribute: across.start,
                                         relation: alignment == .leading ? .equal : .lessThanOrEqual, second: view,
                                         secondAttribute: across.start, priority: alignment == .leading ? 999.5 : .required))
            rules.append(ArrangementRule(role: .spanningBoundary, first: spanner, firstAttribute: across.end,
                                         relation: alignment == .trailing ? .equal : .greaterThanOrEqual, second: view,
                                         secondAttribute: across.end, priority: alignment == .trailing ? 999.5 : .required))
        }
        rules.append(ArrangementRule(role: .spanningFit, first: spanner, firstAttribute: across.size, relation: .equal,
                                     second: nil, secondAttribute: .notAnAttribute, priority: 51))
        for view in views {
            rules.append(ArrangementRule(role: .ambiguitySuppression, first: view, firstAttribute: across.size,
                                         relation: .equal, second: nil, secondAttribute: .notAnAttribute, priority: 25))
        }
    }
}
