import Cassowary

// Ambiguity: which frame components of a view the constraints leave undetermined, decided
// by the solver over every optimal solution (see Cassowary's `optimalRange(of:)`).

extension LayoutEngine {
    /// The edges of a view's alignment rectangle in root coordinates as expressions over
    /// solver variables: its own variables, or for an aliased view its alias over the
    /// root's; nil for a view no constraint places (it has no variables at all).
    func edgeExpressions(of view: LayoutView) -> (minX: Expression, minY: Expression, maxX: Expression, maxY: Expression)? {
        // (An aliased view may have variables, from a hierarchy it was the root of: they
        // are written from the alias, not solved, so the alias comes first.)
        guard let alias = view.frameAlias else {
            guard view.variables.hasVariables else { return nil }
            let v = view.variables
            return (Expression([Term(v.minX)]), Expression([Term(v.minY)]), Expression([Term(v.maxX)]), Expression([Term(v.maxY)]))
        }
        let r = root.variables
        func over(_ form: AliasForm) -> Expression {
            Expression([Term(r.minX, coefficient: form.x - form.width), Term(r.minY, coefficient: form.y - form.height),
                        Term(r.maxX, coefficient: form.width), Term(r.maxY, coefficient: form.height)],
                       constant: form.constant)
        }
        let minX = over(alias.x), minY = over(alias.y)
        return (minX, minY, minX + over(alias.width), minY + over(alias.height))
    }

    /// A view's frame (x and y in its superview's coordinates, as the engine sets frames)
    /// as expressions over solver variables; nil when no constraint places the view or its
    /// superview (their variables do not exist). The root's frame is set, not solved.
    func frameExpressions(of view: LayoutView) -> (x: Expression, y: Expression, width: Expression, height: Expression)? {
        guard let edges = edgeExpressions(of: view) else { return nil }
        var origin = (x: Expression(), y: Expression())
        if let parent = view.superview, parent !== root {
            guard let outer = edgeExpressions(of: parent) else { return nil }
            let insets = parent.alignmentRectInsets
            origin = (outer.minX - insets.left, outer.minY - insets.top)
        }
        let i = view.alignmentRectInsets
        return (edges.minX - i.left - origin.x, edges.minY - i.top - origin.y,
                edges.maxX - edges.minX + (i.left + i.right), edges.maxY - edges.minY + (i.top + i.bottom))
    }

    /// Runs `body`, which decides the ambiguity of many views, as one scan of the optimal
    /// face (see Cassowary's `withFaceScan`): the queue flushed first, so that nothing
    /// changes the solver during it.
    func scanningFace(_ body: () -> Void) {
        flush()
        solver.withFaceScan(body)
    }

    /// The components of a view's frame that differ between optimal solutions. A root's
    /// frame is set, not solved: it has none.
    func ambiguousComponents(of view: LayoutView) -> FrameComponents {
        flush()
        guard view !== root else { return [] }
        guard let frame = frameExpressions(of: view) else { return .all }
        var result: FrameComponents = []
        if !isDetermined(frame.x) { result.insert(.x) }
        if !isDetermined(frame.y) { result.insert(.y) }
        if !isDetermined(frame.width) { result.insert(.width) }
        if !isDetermined(frame.height) { result.insert(.height) }
        return result
    }

    /// Whether the constraints determine an expression: the exercise pins, weaker than
    /// every priority, do not count (see ``LayoutView/exerciseAmbiguityInLayout()``).
    func isDetermined(_ expression: Expression) -> Bool {
        solver.isDetermined(expression, ignoringStrengthsBelow: LayoutEngine.weakestPriorityLevel)
    }

    /// The range of an expression over the solutions that satisfy the constraints equally
    /// well (exercise pins left out, as in ``isDetermined(_:)``).
    func optimalRange(of expression: Expression) -> ClosedRange<Double> {
        solver.optimalRange(of: expression, ignoringStrengthsBelow: LayoutEngine.weakestPriorityLevel)
    }
}
