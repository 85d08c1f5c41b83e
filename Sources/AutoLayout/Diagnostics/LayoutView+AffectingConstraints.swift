import Cassowary

// UIKit's `constraintsAffectingLayout(for:)`: the constraints a view's solved frame comes
// from along an axis (see Cassowary's `constraintsDetermining(_:)`).

extension LayoutView {
    /// The active constraints that determine this view's frame along an axis, in the
    /// order they were activated, the engine's own included (content size, autoresizing
    /// masks, margins, the root's size), described as Apple describes them. They are the
    /// constraints the solved values come from: those that hold at their bound (or
    /// equality) and that the view's edges depend on, and in turn those that determine
    /// the other views they name. A constraint that only pulls against one of them is not
    /// among them; a view no constraint places has none.
    public func constraintsAffectingLayout(for axis: LayoutAxis) -> [LayoutConstraint] {
        engine.constraintsAffectingLayout(of: self, along: axis)
    }
}

extension LayoutEngine {
    /// See ``LayoutView/constraintsAffectingLayout(for:)``.
    func constraintsAffectingLayout(of view: LayoutView, along axis: LayoutAxis) -> [LayoutConstraint] {
        flush()
        var variables: [Cassowary.Variable] = []
        var made: [LayoutConstraint] = []
        // (The alias first: an aliased view may keep variables from a hierarchy it was the
        // root of, written from the alias, not solved.)
        if view.frameAlias == nil, view.variables.hasVariables {
            let v = view.variables
            variables = axis == .horizontal ? [v.minX, v.maxX] : [v.minY, v.maxY]
        } else if view.frameAlias != nil {
            // An aliased view's edges are the root's plus constants: its autoresizing
            // constraints, and what places the root.
            let r = root.variables
            variables = axis == .horizontal ? [r.minX, r.maxX] : [r.minY, r.maxY]
            let horizontal: Set<LayoutAttribute> = [.left, .right, .leading, .trailing, .width, .centerX]
            made = madeFrameConstraints(of: view).filter { horizontal.contains($0.firstAttribute) == (axis == .horizontal) }
        }
        let owners = loweringOwnersTable()
        var result = made + solver.constraintsDetermining(variables).compactMap { owners[Identity($0)] }
        for c in aliasConstraints(readBy: result) where !result.contains(where: { $0 === c }) { result.append(c) }
        return result
    }
}
