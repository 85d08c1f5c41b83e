import Cassowary

// The issues of a hierarchy a person can act on (see LayoutIssue): conflicts, missing
// constraints and ties found exactly from the solver's optimal face, and what the solution
// itself shows (negative sizes, cut-off content, views outside their superview, unmet
// optional constraints).

extension LayoutView {
    /// Every issue of this view and the views below it, after laying the hierarchy out, in
    /// this order: conflicts, then per view (parents first) missing constraints, ties,
    /// negative sizes, cut-off content and views outside their superview, then unmet
    /// optional constraints. The same layout always gives the same list.
    public func layoutIssues() -> [LayoutIssue] {
        rootView.layoutIfNeeded()
        let engine = self.engine
        let views = subtree()
        var issues = engine.conflictIssues(among: views)
        var tiedAxes = Set<TieKey>()
        // Each view's open components, decided once: a tie reads its siblings' too.
        var open: [Identity: FrameComponents] = [:]
        engine.scanningFace {
            for view in views where view !== engine.root { open[Identity(view)] = engine.ambiguousComponents(of: view) }
        }
        for view in views where view !== engine.root {
            let components = open[Identity(view)]!
            issues += engine.ambiguityIssues(of: view, open: components, known: open, reportedTies: &tiedAxes)
            issues += view.sizeIssues(open: components)
        }
        for view in views {
            for constraint in view.constraints { issues += engine.unmetIssue(constraint).map { [$0] } ?? [] }
        }
        return issues
    }

    /// Negative sizes, content cut off, and a frame outside the superview's bounds (the last
    /// two not for hidden views), from the components the constraints determine (an `open` one is wherever the solver left it,
    /// which says nothing).
    fileprivate func sizeIssues(open: FrameComponents) -> [LayoutIssue] {
        var issues: [LayoutIssue] = []
        let size = frame.size
        let sizes = [(LayoutAxis.horizontal, size.width), (.vertical, size.height)].filter {
            !open.contains($0.0 == .horizontal ? .width : .height)
        }
        for (axis, value) in sizes where value < -LayoutEngine.slack {
            issues.append(LayoutIssue(kind: .negativeSize, views: [self], constraints: [],
                                      message: "Its \(axis.sizeName) is \(points(value)): the constraints push it below zero"))
        }
        // A hidden view shows nothing: nothing of it is cut off or out of place (a stack's
        // hidden arranged view is collapsed on purpose).
        guard !isHiddenInHierarchy else { return issues }
        let intrinsic = currentIntrinsicSize()
        // A view with a text baseline shows text (labels, buttons, text fields).
        let content = firstBaselineOffsetFromTop != nil ? "text" : "content"
        for (axis, has) in sizes where intrinsic[axis] >= 0 && has >= -LayoutEngine.slack && has < intrinsic[axis] - LayoutEngine.slack {
            let needs = intrinsic[axis]
            issues.append(LayoutIssue(kind: .compressedContent, views: [self], constraints: [],
                                      message: "Needs \(points(needs)) points of \(axis.sizeName) and has \(points(has)): "
                                               + "its \(content) is cut off"))
        }
        if let parent = superview, open.isEmpty {
            let bounds = parent.bounds, f = frame
            if f.minX < -LayoutEngine.slack || f.minY < -LayoutEngine.slack || f.maxX > bounds.width + LayoutEngine.slack
                || f.maxY > bounds.height + LayoutEngine.slack {
                issues.append(LayoutIssue(kind: .outsideSuperview, views: [self, parent], constraints: [],
                                          message: "Lies outside its superview '\(parent)': frame \(points(f)) in bounds \(points(bounds))"))
            }
        }
        return issues
    }
}

/// A tie already reported: the superview of the tied views and the axis.
struct TieKey: Hashable {
    let superview: Identity?
    let axis: LayoutAxis
}

extension LayoutAxis {
    /// `width` or `height`.
    var sizeName: String { self == .horizontal ? "width" : "height" }
    /// `horizontal` or `vertical`.
    var name: String { self == .horizontal ? "horizontal" : "vertical" }
}

extension LayoutEngine {
    /// How far a size or position may be off before it counts (rounding in the solver).
    static let slack = 1e-6

    /// One issue per broken constraint among the views' constraints, with the constraints
    /// it conflicted with (from the engine's log, when it still has the report).
    func conflictIssues(among views: [LayoutView]) -> [LayoutIssue] {
        retryBroken()
        let inside = Set(views.map { Identity($0) })
        var issues: [LayoutIssue] = []
        // A constraint the engine made (from an autoresizing mask, say) is installed on no
        // view: it belongs with the views it names.
        for constraint in broken where constraint.installedOn.map({ inside.contains(Identity($0)) })
            ?? constraint.items.contains(where: { inside.contains(Identity($0)) }) {
            var conflicts: [LayoutConstraint] = []
            var keptHiding = false
            for entry in log.entries.reversed() {
                if case .unsatisfiable(let added, let found, let brokenOne) = entry, brokenOne === constraint {
                    conflicts = (found + [added]).filter { $0 !== constraint }
                    keptHiding = LayoutDiagnostic.keepsHiding(refused: added, broken: constraint)
                    break
                }
            }
            // The broken constraint's views first, the root last: the issue is about them.
            let items = ([constraint] + conflicts).flatMap { $0.items.compactMap { $0 as? LayoutView } }
            let involved = items.filter { $0 !== root } + items.filter { $0 === root }
            var seen = Set<Identity>()
            let names = (conflicts + [constraint]).map(\.issueName).joined(separator: ", ")
            var message = "Conflicting constraints: \(names) cannot all hold; the engine broke "
                + "'\(constraint.equationBody)', " + (constraint.isAutoresizingConstraint
                    ? "made from an autoresizing mask (those go first)"
                    : keptHiding ? "to keep the stack's hidden view from taking room" : "the one activated last")
            var translating: [LayoutView] = []
            for c in conflicts + [constraint] where c.origin == .autoresizing {
                if let view = c.firstItem as? LayoutView, !translating.contains(where: { $0 === view }) { translating.append(view) }
            }
            for view in translating {
                message += ". '\(view)' has translatesAutoresizingMaskIntoConstraints on: turn it off to place it "
                    + "by constraints alone"
            }
            issues.append(LayoutIssue(
                kind: .conflictingConstraints, views: involved.filter { seen.insert(Identity($0)).inserted },
                constraints: conflicts + [constraint], message: message))
        }
        return issues
    }

    /// A view's open frame components (`open`) as issues, per axis: "Need constraints for"
    /// when the constraints leave them open, or a tie when only preferences of equal
    /// priority trading with each other do (reported once for the views of a superview on
    /// an axis). `known` holds the open components already decided for other views.
    func ambiguityIssues(of view: LayoutView, open: FrameComponents, known: [Identity: FrameComponents],
                         reportedTies: inout Set<TieKey>) -> [LayoutIssue] {
        guard !open.isEmpty else { return [] }
        let frame = frameExpressions(of: view)
        var issues: [LayoutIssue] = []
        for axis in [LayoutAxis.horizontal, .vertical] where !open.intersection(.along(axis)).isEmpty {
            let names = axis == .horizontal ? ("X position", "width") : ("Y position", "height")
            // Held at every preference's error, what still moves is missing constraints.
            guard let frame else {
                issues.append(LayoutIssue(kind: .missingConstraints, views: [view], constraints: [],
                                          message: "Need constraints for: \(names.0), \(names.1)"))
                continue
            }
            let (position, size) = axis == .horizontal ? (frame.x, frame.width) : (frame.y, frame.height)
            let held = (position: !holdsStill(position), size: !holdsStill(size))
            if held.position || held.size {
                let text: String
                if held.position && held.size {
                    let ways = solver.freedom(of: position, size, ignoringStrengthsBelow: LayoutEngine.weakestPriorityLevel,
                                              holdingPreferences: true)
                    text = ways == 2 ? "\(names.0), \(names.1)" : "\(names.0) or \(names.1)"
                } else {
                    text = held.position ? names.0 : names.1
                }
                issues.append(LayoutIssue(kind: .missingConstraints, views: [view], constraints: [],
                                          message: "Need constraints for: \(text)"))
            } else if reportedTies.insert(TieKey(superview: view.superview.map { Identity($0) }, axis: axis)).inserted {
                issues.append(tieIssue(of: view, along: axis, known: known))
            }
        }
        return issues
    }

    /// Whether an expression stays put on the solutions where every preference keeps its
    /// error.
    private func holdsStill(_ expression: Expression) -> Bool {
        solver.isDetermined(expression, ignoringStrengthsBelow: LayoutEngine.weakestPriorityLevel, holdingPreferences: true)
    }

    /// A tie along an axis between the views of `view`'s superview that are open along it:
    /// with content sizes, Interface Builder's content priority ambiguity and the change
    /// that settles it (the weakest hugging, or compression resistance when the views are
    /// squeezed, lowered by one on the first view that has it); else a tie between
    /// optional constraints of equal priority.
    private func tieIssue(of view: LayoutView, along axis: LayoutAxis, known: [Identity: FrameComponents]) -> LayoutIssue {
        let siblings = view.superview?.subviews ?? [view]
        let tied = siblings.filter {
            !(known[Identity($0)] ?? ambiguousComponents(of: $0)).intersection(.along(axis)).isEmpty
        }
        let sized = tied.filter { ($0.currentIntrinsicSize()[axis]) >= 0 }
        guard !sized.isEmpty else {
            return LayoutIssue(kind: .equalPriorityTie, views: tied, constraints: [],
                               message: "Optional constraints of equal priority leave the \(axis.name) layout open: "
                                        + "give one of them a higher priority")
        }
        let squeezed = sized.contains { $0.frame.size[axis] < $0.currentIntrinsicSize()[axis] - LayoutEngine.slack }
        let priority: (LayoutView) -> LayoutPriority = squeezed
            ? { $0.contentCompressionResistancePriority(for: axis) } : { $0.contentHuggingPriority(for: axis) }
        let weakest = sized.map(priority).min()!
        let chosen = sized.first { priority($0) == weakest }!
        let what = squeezed ? "compression resistance" : "hugging"
        let lowered = weakest.rawValue > 1 ? weakest - 1 : weakest
        return LayoutIssue(kind: .contentPriorityAmbiguity, views: [chosen] + tied.filter { $0 !== chosen }, constraints: [],
                           message: "Content Priority Ambiguity: Decrease \(axis.name) \(what) of '\(chosen)' "
                                    + "from \(format(Double(weakest.rawValue))) to \(format(Double(lowered.rawValue)))")
    }

    /// An optional constraint the solution does not meet, with its priority, what it asks
    /// for and what its first item has. Only the user's: the engine's and a stack's
    /// optional constraints (content sizes, a stack's fits at 49 and 51 and its ambiguity
    /// suppression at 25) are preferences that are often unmet by design.
    func unmetIssue(_ constraint: LayoutConstraint) -> LayoutIssue? {
        guard constraint.origin == .user, !constraint.priority.isRequired, let lowering = lowering(of: constraint) else {
            return nil
        }
        let residual = solver.value(of: lowering.expression)
        let unmet = switch lowering.relation {
        case .equal: abs(residual) > LayoutEngine.slack
        case .greaterThanOrEqual: residual < -LayoutEngine.slack
        case .lessThanOrEqual: residual > LayoutEngine.slack
        }
        guard unmet else { return nil }
        var message = "Optional constraint '\(constraint.equationBody)' is not met"
        if constraint.extraTerms.isEmpty, constraint.firstSpan == nil, constraint.secondSpan == nil,
           let first = constraint.firstHandle {
            var terms = TermList()
            let has = value(of: &terms, side(first, constraint.firstAttribute, 1, into: &terms))
            var target = constraint.constant
            if let second = constraint.secondHandle {
                var others = TermList()
                target += value(of: &others, side(second, constraint.secondAttribute, constraint.multiplier, into: &others))
            }
            message += ": it asks for \(points(target)) and the solution has \(points(has))"
        } else {
            message += ": it is off by \(points(abs(residual)))"
        }
        let views = constraint.items.compactMap { $0 as? LayoutView }
        return LayoutIssue(kind: .unmetOptionalConstraint, views: views, constraints: [constraint], message: message)
    }

    /// The value at the solution of `terms` plus `constant`.
    private func value(of terms: inout TermList, _ constant: Double) -> Double {
        var sum = TermList()
        swap(&terms, &sum)
        return solver.value(of: Cassowary.Constraint(sum, constant: constant, .equal).expression)
    }
}

extension LayoutConstraint {
    /// The constraint as an issue names it: its equation in quotes, and where the engine
    /// made it, what from (`'button.left == root.left + 20' (autoresizing mask)`).
    var issueName: String {
        let made = switch origin {
        case .user: ""
        case .autoresizing: " (autoresizing mask)"
        case .contentSize: " (content size)"
        case .guide: " (margins and guides)"
        case .root: " (the root's size)"
        case .arrangement: " (\(identifier ?? "stack view"))"
        }
        return "'\(equationBody)'" + made
    }
}

/// A length in points for a message: at most two decimals, no trailing `.0`.
func points(_ value: Double) -> String {
    format((value * 100).rounded() / 100)
}

/// A rectangle for a message, as `(x, y, width, height)` in ``points(_:)``.
func points(_ rect: Rect) -> String {
    "(\(points(rect.minX)), \(points(rect.minY)), \(points(rect.width)), \(points(rect.height)))"
}

extension Size {
    /// The component along an axis.
    subscript(axis: LayoutAxis) -> Double { axis == .horizontal ? width : height }
}
