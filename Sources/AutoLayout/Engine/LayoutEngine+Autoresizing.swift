import Cassowary

// The frame constraints the engine makes: the root's frame, and the frame and autoresizing
// mask of a view that translates its mask into constraints.

extension LayoutEngine {
    /// A frame set by hand: the root's size, or a translated view's frame and mask, which
    /// are rebased on the superview's current size. Subviews' masks are left alone: they
    /// already follow the superview's size.
    func frameChanged(of view: LayoutView) {
        guard hasGenerated(view) else { return }
        if view === root && refreshRootFrame() { return }
        let frame = frameConstraints(for: view)
        if !refreshAlias(of: view, frame: frame) { replace(.frame, of: view, with: frame) }
        // Guides are tied to the view's edges, so they follow a new size by themselves;
        // insets that depend on frames are refreshed after the next pass.
    }

    /// The constants of the root's frame constraints (`left`, `top`, `width`, `height`; see
    /// ``frameConstraints(for:)``): its alignment rectangle's origin and size.
    func rootFrameConstants() -> [Double] {
        let i = root.alignmentRectInsets, f = root.storedFrame
        return [i.left, i.top, f.width - i.left - i.right, f.height - i.top - i.bottom]
    }

    /// Gives the root's frame constraints the constants of its new frame, in place: resizing
    /// a root (a window's size change) makes no constraint objects. False when the root's
    /// frame constraints are not the usual four, which are then made again.
    private func refreshRootFrame() -> Bool {
        guard !isScratch, root.frameAlias == nil, let made = root.generatedStorage, made.frame.count == 4 else {
            return false
        }
        for (constraint, constant) in zip(made.frame, rootFrameConstants()) where constraint.storedConstant != constant {
            constraint.storedConstant = constant
            constantChanged(constraint)
        }
        return true
    }

    /// The root's frame (required), or the frame and mask of a view that translates its
    /// autoresizing mask (required), or nothing.
    func frameConstraints(for view: LayoutView) -> [LayoutConstraint] {
        // A view placed by constraints (the usual case) has none, unless it is the root: a
        // hierarchy's root has no superview. (Checked first: comparing with the unowned
        // root retains it.)
        if !isScratch && !view.translatesAutoresizingMaskIntoConstraints && view.superviewReference != nil {
            return []
        }
        if view === root {
            let constants = rootFrameConstants()
            return [
                LayoutConstraint(generated: .root, view, .left, .equal, nil, .notAnAttribute, constant: constants[0],
                                 identifier: .rootMinX),
                LayoutConstraint(generated: .root, view, .top, .equal, nil, .notAnAttribute, constant: constants[1],
                                 identifier: .rootMinY),
                LayoutConstraint(generated: .root, view, .width, .equal, nil, .notAnAttribute, constant: constants[2],
                                 identifier: .rootWidth),
                LayoutConstraint(generated: .root, view, .height, .equal, nil, .notAnAttribute, constant: constants[3],
                                 identifier: .rootHeight),
            ]
        }
        guard view.translatesAutoresizingMaskIntoConstraints, let parent = view.superview else { return [] }
        return autoresizingConstraints(for: view, in: parent, autoresizingParts(for: view, in: parent),
                                       code: ConstraintIdentifier(view.autoresizingMask.logCode))
    }

    /// The autoresizing constraints `left`, `top`, `width`, `height` of a view from their
    /// parts, named by the mask's log code (one identifier object for the four).
    func autoresizingConstraints(for view: LayoutView, in parent: LayoutView, _ parts: AutoresizingParts,
                                 code: ConstraintIdentifier) -> [LayoutConstraint] {
        func make(_ attribute: LayoutAttribute, _ parentAttribute: LayoutAttribute?, _ part: AutoresizingPart,
                  _ sizeAttribute: LayoutAttribute) -> LayoutConstraint {
            let c = LayoutConstraint(generated: .autoresizing, view, attribute, .equal, parentAttribute == nil ? nil : parent,
                                     parentAttribute ?? .notAnAttribute, constant: part.constant, identifier: code)
            if part.share != 0 { c.extraTerms = [ExtraTerm(item: parent, attribute: sizeAttribute, coefficient: part.share)] }
            return c
        }
        return [make(.left, .left, parts.left, .width), make(.top, .top, parts.top, .height),
                make(.width, nil, parts.width, .width), make(.height, nil, parts.height, .height)]
    }

    /// The constants and shares of a translated view's autoresizing constraints.
    func autoresizingParts(for view: LayoutView, in parent: LayoutView) -> AutoresizingParts {
        let i = view.alignmentRectInsets, f = view.storedFrame
        let p = parent.alignmentRectInsets, mask = view.autoresizingMask
        let size = parent.storedFrame.size
        /// The shares of a change in the parent's size that go to the start margin and to
        /// the length: flexible parts share it in proportion to their sizes (equally when
        /// they are all zero).
        /// (Scalars only: this runs for every translated view.)
        func axis(_ position: Double, _ length: Double, _ total: Double, _ flexibleStart: AutoresizingMask,
                  _ flexibleLength: AutoresizingMask, _ flexibleEnd: AutoresizingMask) -> (start: Double, length: Double) {
            let start = mask.contains(flexibleStart), size = mask.contains(flexibleLength)
            let end = mask.contains(flexibleEnd)
            let count = (start ? 1 : 0) + (size ? 1 : 0) + (end ? 1 : 0)
            guard count > 0 else { return (0, 0) }
            // The same sum, in the same order, as adding up the flexible parts one by one.
            var sum = 0.0
            if start { sum += position }
            if size { sum += length }
            if end { sum += total - position - length }
            func share(_ flexible: Bool, _ part: Double) -> Double {
                guard flexible else { return 0 }
                return sum != 0 ? part / sum : 1 / Double(count)
            }
            return (share(start, position), share(size, length))
        }
        let h = axis(f.minX, f.width, size.width, .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)
        let v = axis(f.minY, f.height, size.height, .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin)
        // Δ = parent's bounds size now − at the time of the frame; parent bounds width is
        // its alignment width plus insets.
        func part(_ constant: Double, _ share: Double, _ total: Double, _ insetSum: Double) -> AutoresizingPart {
            AutoresizingPart(constant: constant + share * (insetSum - total), share: share)
        }
        return AutoresizingParts(left: part(f.minX + i.left - p.left, h.start, size.width, p.left + p.right),
                                 top: part(f.minY + i.top - p.top, v.start, size.height, p.top + p.bottom),
                                 width: part(f.width - i.left - i.right, h.length, size.width, p.left + p.right),
                                 height: part(f.height - i.top - i.bottom, v.length, size.height, p.top + p.bottom))
    }
}
