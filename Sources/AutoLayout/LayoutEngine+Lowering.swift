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
        let directional = c.firstAttribute.isDirectional || c.secondAttribute.isDirectional
        let directionItem = c.firstAttribute.isDirectional ? c.firstItem : c.secondItem
        if directional, let item = directionItem, direction(of: item) == .rightToLeft {
            constant = -constant
            relation = switch relation {
            case .equal: .equal
            case .lessThanOrEqual: .greaterThanOrEqual
            case .greaterThanOrEqual: .lessThanOrEqual
            }
        }
        var terms: [Term] = []
        terms.reserveCapacity(6)
        var offset = -constant
        if let span = c.firstSpan {
            if let end = span.end.item { offset += side(end, span.end.attribute, 1, into: &terms) }
            if let start = span.start.item { offset += side(start, span.start.attribute, -1, into: &terms) }
        } else if let item = c.firstItem {
            offset += side(item, c.firstAttribute, 1, into: &terms)
        }
        if let span = c.secondSpan {
            if let end = span.end.item { offset += side(end, span.end.attribute, -c.multiplier, into: &terms) }
            if let start = span.start.item { offset += side(start, span.start.attribute, c.multiplier, into: &terms) }
        } else if let item = c.secondItem, c.multiplier != 0 {
            offset += side(item, c.secondAttribute, -c.multiplier, into: &terms)
        }
        for extra in c.extraTerms {
            if let item = extra.item { offset += side(item, extra.attribute, -extra.coefficient, into: &terms) }
        }
        let solverRelation: Cassowary.Relation = switch relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        let expression = Expression(terms, constant: offset)
        if let compression = c.compressionPriority,
           let both = Cassowary.Constraint(expression, equalAbove: c.storedPriority.strength, below: compression.strength) {
            return both
        }
        return Cassowary.Constraint(expression, solverRelation, strength: c.storedPriority.strength)
    }

    /// The layout direction that decides what leading and trailing mean for an item.
    func direction(of item: LayoutItem) -> UserInterfaceLayoutDirection {
        switch item {
        case let view as LayoutView: view.effectiveUserInterfaceLayoutDirection
        case let guide as LayoutGuide: guide.owningView?.effectiveUserInterfaceLayoutDirection ?? .leftToRight
        default: .leftToRight
        }
    }

    /// Appends `factor ×` an attribute of an item to `terms` and returns `factor ×` its
    /// constant part. Margin attributes read the view's margins guide (made on first use).
    func side(_ item: LayoutItem, _ attribute: LayoutAttribute, _ factor: Double, into terms: inout [Term]) -> Double {
        guard attribute != .notAnAttribute, factor != 0 else { return 0 }
        // Only leading and trailing depend on the direction, which walks up the hierarchy.
        let directional = attribute.isDirectional
        if attribute.isMargin, let view = item as? LayoutView {
            return insetEdge(of: view, attribute.withoutMargin, insets(of: view).margins,
                             directional ? view.effectiveUserInterfaceLayoutDirection : .leftToRight, factor, &terms)
        }
        switch item {
        case let view as LayoutView:
            let baselines = attribute == .firstBaseline || attribute == .lastBaseline
                ? (view.firstBaselineOffsetFromTop, view.lastBaselineOffsetFromBottom) : nil
            return edge(view.variables, attribute.withoutMargin,
                        directional ? view.effectiveUserInterfaceLayoutDirection : .leftToRight,
                        baselines, factor, &terms)
        case let guide as LayoutGuide:
            let direction = directional ? direction(of: guide) : .leftToRight
            if guide.isInsetAlias, let owner = guide.owningView {
                let insets = insets(of: owner)
                return insetEdge(of: owner, attribute.withoutMargin,
                                 guide.role == .margins ? insets.margins : insets.safeArea, direction, factor, &terms)
            }
            return edge(guide.variables, attribute.withoutMargin, direction, nil, factor, &terms)
        default:
            return 0
        }
    }

    /// The insets of a view's margins and safe-area guides as the solver has them: the ones
    /// applied by the last refresh of its guides (see ``refreshGuides(of:)``), which records
    /// them on first use.
    func insets(of view: LayoutView) -> (margins: EdgeInsets, safeArea: EdgeInsets) {
        if let applied = view.appliedInsets { return applied }
        let insets = (view.effectiveMarginInsets, view.safeAreaInsets)
        view.appliedInsets = insets
        return insets
    }

    /// Appends the terms of one edge of a view's rectangle inset by `insets` (its margins
    /// or safe area, which have no variables of their own); returns its constant part.
    func insetEdge(of view: LayoutView, _ attribute: LayoutAttribute, _ insets: EdgeInsets,
                   _ direction: UserInterfaceLayoutDirection, _ f: Double, _ terms: inout [Term]) -> Double {
        let base = edge(view.variables, attribute, direction, nil, f, &terms)
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

    /// Appends the terms of one edge of a rectangle; returns its constant part.
    func edge(_ v: ItemVariables, _ attribute: LayoutAttribute, _ direction: UserInterfaceLayoutDirection,
              _ baselines: (first: Double?, last: Double)?, _ f: Double, _ terms: inout [Term]) -> Double {
        let ltr = direction == .leftToRight
        switch attribute {
        case .left: terms.append(Term(v.x, coefficient: f))
        case .right: terms += [Term(v.x, coefficient: f), Term(v.width, coefficient: f)]
        case .top: terms.append(Term(v.y, coefficient: f))
        case .bottom: terms += [Term(v.y, coefficient: f), Term(v.height, coefficient: f)]
        case .leading:
            terms.append(Term(v.x, coefficient: f))
            if !ltr { terms.append(Term(v.width, coefficient: f)) }
        case .trailing:
            terms.append(Term(v.x, coefficient: f))
            if ltr { terms.append(Term(v.width, coefficient: f)) }
        case .width: terms.append(Term(v.width, coefficient: f))
        case .height: terms.append(Term(v.height, coefficient: f))
        case .centerX: terms += [Term(v.x, coefficient: f), Term(v.width, coefficient: 0.5 * f)]
        case .centerY: terms += [Term(v.y, coefficient: f), Term(v.height, coefficient: 0.5 * f)]
        case .firstBaseline:
            terms.append(Term(v.y, coefficient: f))
            if let offset = baselines?.first { return f * offset }
            terms.append(Term(v.height, coefficient: f))
        case .lastBaseline:
            terms += [Term(v.y, coefficient: f), Term(v.height, coefficient: f)]
            return -f * (baselines?.last ?? 0)
        default: break
        }
        return 0
    }
}
