import Cassowary

// Fitting sizes: the size a view's constraints want when its own size is only preferred.

extension LayoutEngine {
    /// The size of `view` when its width and height are pulled toward `target` at the given
    /// priorities instead of being fixed. A root view is solved in its own engine and put
    /// back; a subview is solved with its subtree alone, in a scratch engine, so neither
    /// changes the hierarchy's layout.
    ///
    /// A target component beyond ``LayoutLimits`` (or not finite) is refused and reported;
    /// the view's current size stands in for it.
    func fittingSize(of view: LayoutView, target: Size, horizontal: LayoutPriority,
                     vertical: LayoutPriority) -> Size {
        var target = target
        if !LayoutLimits.contains(target.width) {
            view.refuse(.valueOutOfRange(what: "the fitting width", value: target.width, limit: LayoutLimits.maximumValue))
            target.width = view.storedFrame.width
        }
        if !LayoutLimits.contains(target.height) {
            view.refuse(.valueOutOfRange(what: "the fitting height", value: target.height, limit: LayoutLimits.maximumValue))
            target.height = view.storedFrame.height
        }
        let engine = view === root ? self : LayoutEngine(root: view, scratch: true)
        if engine !== self { engine.adopt(view) }
        return engine.fitRoot(target: target, horizontal: horizontal, vertical: vertical)
    }

    private func fitRoot(target: Size, horizontal: LayoutPriority, vertical: LayoutPriority) -> Size {
        flush()
        let i = root.alignmentRectInsets
        guard let made = generatedConstraints(of: root), made.frame.count == 4 else { return root.storedFrame.size }
        // The root's width and height constraints are lifted out of the solver while it is
        // pulled, and put back after; one the solver will not take back is broken and
        // reported, as any constraint that does not fit.
        var lifted: [(owner: LayoutConstraint, lowering: Cassowary.Constraint)] = []
        for owner in [made.frame[2], made.frame[3]] {
            if let lowering = lowering(of: owner), removeLowering(lowering, of: owner) { lifted.append((owner, lowering)) }
        }
        defer {
            for (owner, lowering) in lifted {
                do {
                    try solver.addConstraint(lowering)
                } catch {
                    setLowering(nil, of: owner)
                    breakConstraint(owner, because: error)
                }
            }
        }
        /// Pulls the size between two edges toward a value.
        func pull(_ min: Variable, _ max: Variable, _ value: Double, _ priority: LayoutPriority) -> Cassowary.Constraint? {
            // A required pull that cannot hold falls back to just below required.
            for strength in [priority.strength, LayoutPriority(999).strength] {
                let c = Cassowary.Constraint(max - min - value, .equal, strength: strength)
                if (try? solver.addConstraint(c)) != nil { return c }
            }
            return nil
        }
        let v = root.variables
        let pulls = [pull(v.minX, v.maxX, target.width - i.left - i.right, horizontal),
                     pull(v.minY, v.maxY, target.height - i.top - i.bottom, vertical)].compactMap { $0 }
        // Views whose intrinsic size depends on their width get the width found, and the
        // size is solved again while one changes (at most as many times as layout passes).
        var passes = 0
        while passes < LayoutView.maximumLayoutPasses, updateWidthDependentSizes() {
            flush()
            passes += 1
        }
        let size = Size(width: solver.value(of: v.maxX) - solver.value(of: v.minX) + i.left + i.right,
                        height: solver.value(of: v.maxY) - solver.value(of: v.minY) + i.top + i.bottom)
        for c in pulls { removeLowering(c, of: nil) }
        return size
    }

    /// Gives each view with variables the width the solver has for it
    /// (``LayoutView/updateIntrinsicContentSize(forWidth:)``) and remakes the content-size
    /// constraints of those whose intrinsic size changed; returns whether any did.
    private func updateWidthDependentSizes() -> Bool {
        var changed = false
        for ref in viewRefs {
            let view = ref.takeUnretainedValue(), v = view.variables
            guard v.hasVariables else { continue }
            let insets = view.alignmentRectInsets
            let width = solver.value(of: v.maxX) - solver.value(of: v.minX) + insets.left + insets.right
            guard view.updateIntrinsicContentSize(forWidth: width) else { continue }
            view.contentSizing.intrinsicCache = nil
            refreshContentSize(for: view)
            changed = true
        }
        return changed
    }
}
