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
        var offset = -constant
        func add(_ item: LayoutItem?, _ attribute: LayoutAttribute, _ span: AnchorSpan?, _ factor: Double) {
            if let span {
                let end = side(span.end.item, span.end.attribute), start = side(span.start.item, span.start.attribute)
                for t in end.terms { terms.append(Term(t.variable, coefficient: t.coefficient * factor)) }
                for t in start.terms { terms.append(Term(t.variable, coefficient: -t.coefficient * factor)) }
                offset += factor * (end.constant - start.constant)
                return
            }
            guard let item, attribute != .notAnAttribute, factor != 0 else { return }
            let e = side(item, attribute)
            for t in e.terms { terms.append(Term(t.variable, coefficient: t.coefficient * factor)) }
            offset += factor * e.constant
        }
        add(c.firstItem, c.firstAttribute, c.firstSpan, 1)
        add(c.secondItem, c.secondAttribute, c.secondSpan, -c.multiplier)
        for extra in c.extraTerms { add(extra.item, extra.attribute, nil, -extra.coefficient) }
        let solverRelation: Cassowary.Relation = switch relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return Cassowary.Constraint(Expression(terms, constant: offset), solverRelation, strength: c.storedPriority.strength)
    }

    /// The layout direction that decides what leading and trailing mean for an item.
    func direction(of item: LayoutItem) -> UserInterfaceLayoutDirection {
        switch item {
        case let view as LayoutView: view.effectiveUserInterfaceLayoutDirection
        case let guide as LayoutGuide: guide.owningView?.effectiveUserInterfaceLayoutDirection ?? .leftToRight
        default: .leftToRight
        }
    }

    /// An attribute of an item as an expression of its variables. Margin attributes read
    /// the view's margins guide (made on first use).
    func side(_ item: LayoutItem, _ attribute: LayoutAttribute) -> Expression {
        if attribute.isMargin, let view = item as? LayoutView {
            let guide = view.layoutMarginsGuide
            ensureGuides(of: view)
            let plain = attribute.withoutMargin
            return edge(guide.variables, plain, direction(of: view), baselines: nil)
        }
        switch item {
        case let view as LayoutView:
            return edge(view.variables, attribute.withoutMargin, view.effectiveUserInterfaceLayoutDirection,
                        baselines: (view.firstBaselineOffsetFromTop, view.lastBaselineOffsetFromBottom))
        case let guide as LayoutGuide:
            return edge(guide.variables, attribute.withoutMargin, direction(of: guide), baselines: nil)
        default:
            return Expression()
        }
    }

    func edge(_ v: ItemVariables, _ attribute: LayoutAttribute, _ direction: UserInterfaceLayoutDirection,
              baselines: (first: Double?, last: Double)?) -> Expression {
        let ltr = direction == .leftToRight
        switch attribute {
        case .left: return Expression(v.x)
        case .right: return v.x + v.width
        case .top: return Expression(v.y)
        case .bottom: return v.y + v.height
        case .leading: return ltr ? Expression(v.x) : v.x + v.width
        case .trailing: return ltr ? v.x + v.width : Expression(v.x)
        case .width: return Expression(v.width)
        case .height: return Expression(v.height)
        case .centerX: return v.x + 0.5 * v.width
        case .centerY: return v.y + 0.5 * v.height
        case .firstBaseline:
            if let offset = baselines?.first { return v.y + offset }
            return v.y + v.height
        case .lastBaseline:
            return v.y + v.height - (baselines?.last ?? 0)
        default: return Expression()
        }
    }
}
