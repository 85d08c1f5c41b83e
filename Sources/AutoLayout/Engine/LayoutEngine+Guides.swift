import Cassowary

// The guides' constraints and insets: the margins and safe-area guides follow the view's
// edges and insets; the readable guide has constraints of its own.

extension LayoutEngine {
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
        replace(.guides, of: view, with: guideConstraints(for: view))
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

    /// The readable guide's constraints, if the view has one. (The margins and safe-area
    /// guides need none: see ``LayoutGuide/isInsetAlias``.)
    func guideConstraints(for view: LayoutView) -> [LayoutConstraint] {
        guard let readable = view.readableGuideStorage, let margins = view.marginsGuideStorage else { return [] }
        let name = ConstraintIdentifier.readableContent
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
