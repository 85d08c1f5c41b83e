import Cassowary

// Lowering: a layout constraint becomes a linear solver constraint over the items'
// variables (each item's alignment rectangle in root coordinates).

extension LayoutEngine {
    /// `first REL multiplier × second + constant (+ extra terms)` as `expression REL 0`.
    ///
    /// In a right-to-left layout the leading/trailing axis runs the other way: a constraint
    /// that involves a leading or trailing attribute has its constant negated and its
    /// relation reversed, so `a.leading == b.trailing + 8` puts `a` 8 points to the left of
    /// `b`, toward the trailing side.
    func lower(_ c: LayoutConstraint) -> Cassowary.Constraint {
        var constant = c.storedConstant
        var relation = c.relation
        let firstIsDirectional = c.firstAttribute.isDirectional
        if firstIsDirectional || c.secondAttribute.isDirectional,
           let handle = firstIsDirectional ? c.firstHandle : c.secondHandle, direction(of: handle) == .rightToLeft {
            constant = -constant
            relation = switch relation {
            case .equal: .equal
            case .lessThanOrEqual: .greaterThanOrEqual
            case .greaterThanOrEqual: .lessThanOrEqual
            }
        }
        // Up to four terms are stored inline: the constraint is the only allocation.
        var terms = TermList()
        var offset = -constant
        if let span = c.firstSpan {
            if let end = span.end.itemHandle { offset += side(end, span.end.attribute, 1, into: &terms) }
            if let start = span.start.itemHandle { offset += side(start, span.start.attribute, -1, into: &terms) }
        } else if let handle = c.firstHandle.map({ Unmanaged.passUnretained($0) }) {
            offset += handle._withUnsafeGuaranteedRef { side($0, c.firstAttribute, 1, into: &terms) }
        }
        if let span = c.secondSpan {
            if let end = span.end.itemHandle { offset += side(end, span.end.attribute, -c.multiplier, into: &terms) }
            if let start = span.start.itemHandle { offset += side(start, span.start.attribute, c.multiplier, into: &terms) }
        } else if let handle = c.secondHandle.map({ Unmanaged.passUnretained($0) }), c.multiplier != 0 {
            offset += handle._withUnsafeGuaranteedRef { side($0, c.secondAttribute, -c.multiplier, into: &terms) }
        }
        for extra in c.extraTerms {
            if let handle = extra.itemHandle { offset += side(handle, extra.attribute, -extra.coefficient, into: &terms) }
        }
        if c.origin == .autoresizing, let companion = autoresizingCompanion(of: c) {
            // `width == …` plus `left == …` is `right == …`: with a fixed right margin (or a
            // flexible width and fixed margins) an equality between two edges.
            offset += companionTerms(companion, into: &terms)
        }
        let solverRelation: Cassowary.Relation = switch relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        if let compression = c.compressionPriority,
           let strengths = strengths.twoSided(above: c.storedPriority, below: compression) {
            return Cassowary.Constraint(consume terms, constant: offset, equal: strengths)
        }
        let priority = c.storedPriority
        return Cassowary.Constraint(consume terms, constant: offset, solverRelation,
                                    strength: priority.isRequired ? .required : strengths.strength(of: priority))
    }

    /// For a view's autoresizing `width` (or `height`) constraint, its `left` (or `top`)
    /// constraint: the width is lowered together with it as the right edge (see
    /// ``lower(_:)``), which is what makes a nest of views that resize with their
    /// superviews a set of links rather than a chain of rows. The four constraints are made,
    /// changed and removed together, so each holds exactly when the others do.
    /// Not while the `left` (or `top`) is broken: the width then stands alone.
    func autoresizingCompanion(of c: LayoutConstraint) -> LayoutConstraint? {
        guard let (companion, isSize) = framePartner(of: c), isSize else { return nil }
        return broken.isEmpty || !broken.contains(where: { $0 === companion }) ? companion : nil
    }

    /// For a view's autoresizing `left` (or `top`) constraint, its `width` (or `height`),
    /// which is lowered together with it (see ``autoresizingCompanion(of:)``).
    func autoresizingDependent(of c: LayoutConstraint) -> LayoutConstraint? {
        guard c.origin == .autoresizing, let (dependent, isSize) = framePartner(of: c), !isSize else { return nil }
        return dependent
    }

    /// The other half of a frame constraint's pair in its view's frame constraints (`left`,
    /// `top`, `width`, `height`): left with width, top with height; and whether `c` is
    /// the size of the two.
    private func framePartner(of c: LayoutConstraint) -> (partner: LayoutConstraint, isSize: Bool)? {
        let index: Int
        switch c.firstAttribute {
        case .left: index = 0
        case .top: index = 1
        case .width: index = 2
        case .height: index = 3
        default: return nil
        }
        guard let view = c.firstHandle?.view, let frame = generatedConstraints(of: view)?.frame, frame.count == 4,
              frame[index] === c else { return nil }
        return (frame[index ^ 2], index >= 2)
    }

    /// Appends the terms of an autoresizing `left` or `top` constraint (`first − parent edge
    /// − share × parent size − constant`) and returns its constant part.
    func companionTerms(_ c: LayoutConstraint, into terms: inout TermList) -> Double {
        var offset = -c.storedConstant
        if let handle = c.firstHandle { offset += side(handle, c.firstAttribute, 1, into: &terms) }
        if let handle = c.secondHandle { offset += side(handle, c.secondAttribute, -c.multiplier, into: &terms) }
        for extra in c.extraTerms {
            if let handle = extra.itemHandle { offset += side(handle, extra.attribute, -extra.coefficient, into: &terms) }
        }
        return offset
    }

    /// The layout direction that decides what leading and trailing mean for an item.
    func direction(of handle: ItemHandle) -> UserInterfaceLayoutDirection {
        // (The view unretained: reading its direction runs no code of a subclass.)
        if let view = handle.viewReference { return view._withUnsafeGuaranteedRef { $0.effectiveUserInterfaceLayoutDirection } }
        return handle.guide?.owningView?.effectiveUserInterfaceLayoutDirection ?? .leftToRight
    }

    /// Appends `factor ×` an attribute of an item to `terms` and returns `factor ×` its
    /// constant part. Margin attributes are the view's edges inset by its margins.
    func side(_ handle: ItemHandle, _ attribute: LayoutAttribute, _ factor: Double, into terms: inout TermList) -> Double {
        guard attribute != .notAnAttribute, factor != 0 else { return 0 }
        // Only leading and trailing depend on the direction, which is read only for them.
        let directional = attribute.isDirectional
        if let reference = handle.viewReference {
            let baselines = attribute == .firstBaseline || attribute == .lastBaseline
            guard attribute.isMargin || baselines else {
                // An edge, centre or size reads no property a subclass can override: the
                // view unretained (its hierarchy keeps it alive).
                return reference._withUnsafeGuaranteedRef { view in
                    let direction = directional ? view.effectiveUserInterfaceLayoutDirection : .leftToRight
                    return viewEdge(view, attribute, direction, nil, factor, &terms)
                }
            }
            // (Held: a subclass's margins or baselines run code of its own.)
            let view = reference.takeUnretainedValue()
            let direction = directional ? view.effectiveUserInterfaceLayoutDirection : .leftToRight
            if attribute.isMargin {
                return insetEdge(of: view, attribute.withoutMargin, insets(of: view).margins, direction, factor, &terms)
            }
            return viewEdge(view, attribute, direction, (view.firstBaselineOffsetFromTop, view.lastBaselineOffsetFromBottom),
                            factor, &terms)
        }
        guard let guide = handle.guide else { return 0 }
        let direction = directional ? direction(of: handle) : .leftToRight
        if guide.isInsetAlias, let owner = guide.owningView {
            let insets = insets(of: owner)
            return insetEdge(of: owner, attribute.withoutMargin,
                             guide.role == .margins ? insets.margins : insets.safeArea, direction, factor, &terms)
        }
        return edge(guide.variables, attribute.withoutMargin, direction, nil, factor, &terms)
    }

    /// The insets of a view's margins and safe-area guides as the solver has them: the ones
    /// applied by the last refresh of its guides (see ``refreshGuides(of:)``), which records
    /// them on first use.
    func insets(of view: LayoutView) -> (margins: EdgeInsets, safeArea: EdgeInsets) {
        if let applied = view.appliedInsets { return applied }
        let insets = (view.effectiveMarginInsets, view.safeAreaInsets)
        view.appliedInsets = insets
        mayHaveInsetUsers = true
        return insets
    }

    /// Appends the terms of one edge of a view's rectangle inset by `insets` (its margins
    /// or safe area, which have no variables of their own); returns its constant part.
    func insetEdge(of view: LayoutView, _ attribute: LayoutAttribute, _ insets: EdgeInsets,
                   _ direction: UserInterfaceLayoutDirection, _ f: Double, _ terms: inout TermList) -> Double {
        let base = viewEdge(view, attribute, direction, nil, f, &terms)
        let ltr = direction == .leftToRight
        let offset: Double = switch attribute {
        case .left: insets.left
        case .right: -insets.right
        case .top: insets.top
        case .bottom, .firstBaseline, .lastBaseline: -insets.bottom
        case .leading: ltr ? insets.left : -insets.right
        case .trailing: ltr ? -insets.right : insets.left
        case .width: -insets.left - insets.right
        case .height: -insets.top - insets.bottom
        case .centerX: 0.5 * (insets.left - insets.right)
        case .centerY: 0.5 * (insets.top - insets.bottom)
        default: 0
        }
        return base + f * offset
    }

    /// Appends the terms of one edge of a view: its own variables, or the root's through its
    /// frame alias (see ``FrameAlias``); returns its constant part.
    @inline(__always)
    func viewEdge(_ view: LayoutView, _ attribute: LayoutAttribute, _ direction: UserInterfaceLayoutDirection,
                  _ baselines: (first: Double?, last: Double)?, _ f: Double, _ terms: inout TermList) -> Double {
        if let alias = view.frameAlias, !isScratch {
            return aliasedEdge(alias, attribute, direction, baselines, f, &terms)
        }
        return edge(view.variables, attribute, direction, baselines, f, &terms)
    }

    /// Appends the terms of one attribute of a rectangle (over its edge variables); returns
    /// its constant part.
    @inline(__always)
    func edge(_ v: ItemVariables, _ attribute: LayoutAttribute, _ direction: UserInterfaceLayoutDirection,
              _ baselines: (first: Double?, last: Double)?, _ f: Double, _ terms: inout TermList) -> Double {
        let ltr = direction == .leftToRight
        switch attribute {
        case .left: terms.append(Term(v.minX, coefficient: f))
        case .right: terms.append(Term(v.maxX, coefficient: f))
        case .top: terms.append(Term(v.minY, coefficient: f))
        case .bottom: terms.append(Term(v.maxY, coefficient: f))
        case .leading: terms.append(Term(ltr ? v.minX : v.maxX, coefficient: f))
        case .trailing: terms.append(Term(ltr ? v.maxX : v.minX, coefficient: f))
        case .width:
            terms.append(Term(v.maxX, coefficient: f))
            terms.append(Term(v.minX, coefficient: -f))
        case .height:
            terms.append(Term(v.maxY, coefficient: f))
            terms.append(Term(v.minY, coefficient: -f))
        case .centerX:
            terms.append(Term(v.minX, coefficient: 0.5 * f))
            terms.append(Term(v.maxX, coefficient: 0.5 * f))
        case .centerY:
            terms.append(Term(v.minY, coefficient: 0.5 * f))
            terms.append(Term(v.maxY, coefficient: 0.5 * f))
        case .firstBaseline:
            if let offset = baselines?.first {
                terms.append(Term(v.minY, coefficient: f))
                return f * offset
            }
            terms.append(Term(v.maxY, coefficient: f))
        case .lastBaseline:
            terms.append(Term(v.maxY, coefficient: f))
            return -f * (baselines?.last ?? 0)
        default: break
        }
        return 0
    }
}
