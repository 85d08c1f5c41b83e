// Layout margins, the safe area and the guides that expose them.

extension LayoutView {
    /// The insets of ``layoutMarginsGuide`` from the edges (8 on every side by default).
    /// Insets beyond ``LayoutLimits`` (or not finite) are refused and reported, as for
    /// ``frame``.
    public var layoutMargins: EdgeInsets {
        get { directionalMargins?.resolved(for: effectiveUserInterfaceLayoutDirection) ?? marginsStorage }
        set {
            if let refusal = LayoutLimits.problem(with: newValue, "the layout margins") { return refuse(refusal) }
            directionalMargins = nil
            marginsStorage = newValue
            marginsChanged()
        }
    }

    /// The margins with leading and trailing that follow the layout direction (refused and
    /// reported beyond ``LayoutLimits``, as ``layoutMargins``).
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get {
            if let directional = directionalMargins { return directional }
            let m = marginsStorage
            return effectiveUserInterfaceLayoutDirection == .leftToRight
                ? DirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
                : DirectionalEdgeInsets(top: m.top, leading: m.right, bottom: m.bottom, trailing: m.left)
        }
        set {
            if let refusal = LayoutLimits.problem(with: newValue, "the layout margins") { return refuse(refusal) }
            directionalMargins = newValue
            marginsChanged()
        }
    }

    /// Whether the margins grow to at least the superview's margins where the view reaches
    /// into them (false by default). Like UIKit, this reads the frames of the last layout
    /// pass, so a change shows after the following pass.
    public var preservesSuperviewLayoutMargins: Bool {
        get { preservesStorage }
        set {
            preservesStorage = newValue
            marginsChanged()
        }
    }

    /// Whether the margins are measured from the safe area rather than the edges (true by
    /// default, as in UIKit).
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { insetsFromSafeAreaStorage }
        set {
            insetsFromSafeAreaStorage = newValue
            marginsChanged()
        }
    }

    /// The area of the view not covered by bars or the display's corners. Set it on the
    /// root view; a subview's insets are how far it reaches into the root's unsafe bands (up
    /// to its own size), from the last layout pass. Insets beyond ``LayoutLimits`` (or not
    /// finite) are refused and reported, as for ``frame``.
    public var safeAreaInsets: EdgeInsets {
        get {
            guard superview != nil else { return safeAreaInsetsStorage }
            // How far the view reaches into each unsafe band of the root, within its own size.
            let root = rootView, unsafe = root.safeAreaInsetsStorage
            if unsafe == .zero { return .zero }
            let f = rectInRoot(), size = root.bounds.size
            func reach(_ band: Double, _ depth: Double, _ length: Double) -> Double {
                band > 0 ? min(max(0, depth), max(0, length)) : 0
            }
            return EdgeInsets(top: reach(unsafe.top, unsafe.top - f.minY, f.height),
                              left: reach(unsafe.left, unsafe.left - f.minX, f.width),
                              bottom: reach(unsafe.bottom, f.maxY - (size.height - unsafe.bottom), f.height),
                              right: reach(unsafe.right, f.maxX - (size.width - unsafe.right), f.width))
        }
        set {
            if let refusal = LayoutLimits.problem(with: newValue, "the safe-area insets") { return refuse(refusal) }
            safeAreaInsetsStorage = newValue
            engineIfAny?.refreshGuides(below: self)
            setNeedsLayout()
        }
    }

    /// The view's frame in its root view's coordinates, from the last layout pass.
    func rectInRoot() -> Rect {
        var rect = storedFrame
        var current = superview
        while let v = current, v.superview != nil {
            rect.origin.x += v.storedFrame.minX
            rect.origin.y += v.storedFrame.minY
            current = v.superview
        }
        return superview == nil ? bounds : rect
    }

    /// A guide for the view's edges inset by its layout margins.
    public var layoutMarginsGuide: LayoutGuide {
        if let guide = marginsGuideStorage { return guide }
        let guide = LayoutGuide(role: .margins, owner: self)
        marginsGuideStorage = guide
        refreshGuidesAfterMakingInsetGuide()
        return guide
    }

    /// A guide for the view's safe area.
    public var safeAreaLayoutGuide: LayoutGuide {
        if let guide = safeAreaGuideStorage { return guide }
        let guide = LayoutGuide(role: .safeArea, owner: self)
        safeAreaGuideStorage = guide
        refreshGuidesAfterMakingInsetGuide()
        return guide
    }

    /// A guide centred in the margins, no wider than ``readableContentWidth``.
    public var readableContentGuide: LayoutGuide {
        if let guide = readableGuideStorage { return guide }
        _ = layoutMarginsGuide
        let guide = LayoutGuide(role: .readableContent, owner: self)
        readableGuideStorage = guide
        engineIfAny?.refreshGuides(of: self)
        return guide
    }

    /// The widest the readable content guide gets: 672 points, the width UIKit uses for
    /// its default text size (about 70 characters of 17-point text). The guide is that wide
    /// or the margins' width, whichever is less, centred in the margins.
    public static let readableContentWidth: Double = 672

    /// The insets the margins guide applies: the margins, measured from the safe area when
    /// the view insets its margins from it, and grown to the superview's margins where the
    /// view preserves them.
    var effectiveMarginInsets: EdgeInsets {
        var m = layoutMargins
        if insetsLayoutMarginsFromSafeArea {
            let safe = safeAreaInsets
            m = EdgeInsets(top: m.top + safe.top, left: m.left + safe.left,
                           bottom: m.bottom + safe.bottom, right: m.right + safe.right)
        }
        if preservesSuperviewLayoutMargins, let parent = superview {
            let pm = parent.effectiveMarginInsets, f = storedFrame, bounds = parent.bounds
            m = EdgeInsets(top: max(m.top, pm.top - f.minY), left: max(m.left, pm.left - f.minX),
                           bottom: max(m.bottom, pm.bottom - (bounds.height - f.maxY)),
                           right: max(m.right, pm.right - (bounds.width - f.maxX)))
        }
        return m
    }

    /// Refreshes the engine's guides after the margins or safe-area guide was made, unless
    /// that cannot change anything: such a guide has no constraints of its own, and only
    /// the readable guide's constraints read it, so with no readable guide and no insets
    /// applied yet (see ``LayoutEngine/refreshGuides(of:)``) the refresh would be a no-op.
    /// (Most views that use their margins make the guide once, before any layout.)
    private func refreshGuidesAfterMakingInsetGuide() {
        guard appliedInsets != nil || readableGuideStorage != nil else { return }
        engineIfAny?.refreshGuides(of: self)
    }

    func marginsChanged() {
        engineIfAny?.refreshGuides(of: self)
        setNeedsLayout()
    }
}
