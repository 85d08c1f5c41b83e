// The view tree: adding, moving and removing subviews and layout guides, and walking it.

extension LayoutView {
    /// Sets ``superview`` and clears the cached directions that followed the old superview.
    func setSuperview(_ parent: LayoutView?) {
        superviewReference = parent.map { Unmanaged.passUnretained($0) }
        invalidateDirection()
    }

    /// Adds a view at the front. A view that already has a superview is moved.
    public func addSubview(_ view: LayoutView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view at an index of ``subviews`` (clamped to the valid range).
    public func insertSubview(_ view: LayoutView, at index: Int) {
        guard view !== self else { return }
        if let mine = engineIfAny, view.superviewReference == nil {
            // `view` is a root: this view is inside it exactly when they share an engine (no
            // walk up a deep hierarchy).
            guard view.engineIfAny !== mine else { return }
        } else {
            guard !isDescendant(of: view) else { return }
        }
        if view.superview === self {
            subviews.removeAll { $0 === view }
            subviews.insert(view, at: max(0, min(index, subviews.count)))
            engineIfAny?.dropViewOrder()
            return
        }
        if view.superviewReference != nil { view.removeFromSuperview() }
        // Find (or make) this hierarchy's engine before the view joins it, so the view is
        // adopted exactly once. Where neither side has one yet and the view is placed by
        // constraints (a subtree built before it is added anywhere, a stack's row say),
        // none is made: no constraint is active in either, and the engine made later takes
        // in the whole tree at once. (A view placed by its frame is taken in now: its mask
        // acts on the superview's size from now on.)
        // (Held, not borrowed from the root: adopting runs overridable getters, and code
        // there that moved the root into another hierarchy would release this engine.)
        let deferred = engineIfAny == nil && view.ownEngine == nil && !view.translatesAutoresizingMaskIntoConstraints
        let engine = deferred ? nil : self.engine
        let absorbed = view.ownEngine
        view.ownEngine = nil
        absorbed?.detach()
        view.setSuperview(self)
        // (A view with a subview is placed by its own frame, not its superview's: no longer
        // silent.)
        if subviews.isEmpty && variables.silenceFlags.contains(.silent) { engineIfAny?.endSilence(of: self) }
        if index >= subviews.count {
            // (addSubview: appending is far cheaper than a general insert. The list grows as
            // it fills: room for four from the first subview would take 32 bytes more for
            // every view of a nested chain, where each has one.)
            subviews.append(view)
        } else {
            subviews.insert(view, at: max(0, index))
        }
        engine?.adopt(view)
        // The engine sets the new view's frame at the next layout (see
        // ``LayoutEngine/placeAddedViews()``): its siblings stay where they are.
        setNeedsLayout(placingSubviews: engine == nil)
        didAddSubview(view)
    }

    /// Detaches the view from its superview. Constraints between the view's subtree and
    /// the rest of the old hierarchy are deactivated, as in UIKit.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        if let engine = parent.engineIfAny {
            // (A silent view's frame followed from this superview's; see
            // LayoutEngine+Silence.swift.)
            if !variables.silenceFlags.isDisjoint(with: SilenceFlags.ownState) { engine.endSilence(of: self) }
            engine.release(self)
        } else {
            // A subtree removed from a laid-out hierarchy keeps its constraints active, and
            // has no engine until it joins one: those reaching out of this view go now.
            LayoutEngine.deactivateConstraints(reachingInto: self)
        }
        // (Listed once, and most often among the last added: searched from the end.)
        if let index = parent.subviews.lastIndex(where: { $0 === self }) { parent.subviews.remove(at: index) }
        setSuperview(nil)
        // The solve moves the siblings that the removal moves.
        parent.setNeedsLayout(placingSubviews: false)
        setNeedsLayout()
    }

    /// Whether `view` is this view or one of its ancestors.
    public func isDescendant(of view: LayoutView) -> Bool {
        let target = Unmanaged.passUnretained(view).toOpaque()
        var current: Unmanaged<LayoutView>? = Unmanaged.passUnretained(self)
        while let v = current {
            if v.toOpaque() == target { return true }
            current = v._withUnsafeGuaranteedRef { $0.superviewReference }
        }
        return false
    }

    /// Whether the view or one of its ancestors is hidden: then nothing of it shows.
    public var isHiddenInHierarchy: Bool {
        var current: LayoutView? = self
        while let view = current {
            if view.isHidden { return true }
            current = view.superview
        }
        return false
    }

    /// The topmost ancestor (the view itself when it has no superview).
    public var rootView: LayoutView { rootReference.takeUnretainedValue() }

    /// ``rootView``, unretained (the walk up costs no retains).
    var rootReference: Unmanaged<LayoutView> {
        var top = Unmanaged.passUnretained(self)
        while let parent = top._withUnsafeGuaranteedRef({ $0.superviewReference }) { top = parent }
        return top
    }

    /// This view and every view below it, parents before children.
    func subtree() -> [LayoutView] {
        var result: [LayoutView] = [self]
        var stack: [(view: LayoutView, child: Int)] = [(self, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let (view, child) = stack[top]
            if child < view.subviews.count {
                stack[top].child = child + 1
                let sub = view.subviews[child]
                result.append(sub)
                stack.append((sub, 0))
            } else {
                stack.removeLast()
            }
        }
        return result
    }

    /// ``subtree()``, unretained (the walk costs no retains): the engine's list of views.
    func subtreeReferences() -> [Unmanaged<LayoutView>] {
        let top = Unmanaged.passUnretained(self)
        var result: [Unmanaged<LayoutView>] = [top]
        var stack: [(view: Unmanaged<LayoutView>, child: Int)] = [(top, 0)]
        while let (ref, child) = stack.last {
            let sub = ref._withUnsafeGuaranteedRef { view in
                child < view.subviews.count ? Unmanaged.passUnretained(view.subviews[child]) : nil
            }
            if let sub {
                stack[stack.count - 1].child = child + 1
                result.append(sub)
                stack.append((sub, 0))
            } else {
                stack.removeLast()
            }
        }
        return result
    }

    /// Adds a layout guide owned by this view; adding it again does nothing.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView !== self || !layoutGuides.contains(where: { $0 === guide }) else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        layoutGuides.append(guide)
    }

    /// Removes a layout guide and deactivates the constraints that use it.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard layoutGuides.contains(where: { $0 === guide }) else { return }
        engineIfAny?.release(guide)
        layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
    }
}
