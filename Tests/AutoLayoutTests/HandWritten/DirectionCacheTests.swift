import Testing
@testable import AutoLayout

/// The cached ``LayoutView/effectiveUserInterfaceLayoutDirection``: every change that can
/// change a view's direction (its own or an ancestor's content attribute, the root's
/// direction, a move to another superview, a superview going away) shows at once, in the
/// value and in layout.
@Suite struct DirectionCacheTests {
    /// The direction as the hierarchy defines it, without any cache.
    static func reference(_ view: LayoutView) -> UserInterfaceLayoutDirection {
        switch view.semanticContentAttribute {
        case .forceRightToLeft: .rightToLeft
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .unspecified: view.superview.map(reference) ?? view.userInterfaceLayoutDirection
        }
    }

    /// root > child > grandchild, with every direction read (and so cached) once.
    static func chain() -> (root: LayoutView, child: LayoutView, grandchild: LayoutView) {
        let root = makeRoot(), child = makeChild(in: root), grandchild = makeChild(in: child, "grandchild")
        for view in [root, child, grandchild] { #expect(view.effectiveUserInterfaceLayoutDirection == .leftToRight) }
        return (root, child, grandchild)
    }

    @Test func reparentingIntoRightToLeftSuperview() {
        let (_, child, grandchild) = Self.chain()
        let rtl = makeRoot()
        rtl.semanticContentAttribute = .forceRightToLeft
        #expect(rtl.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        rtl.addSubview(child)
        #expect(child.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        // And back out: a detached subtree follows its own root's direction.
        child.removeFromSuperview()
        #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .leftToRight)
        child.userInterfaceLayoutDirection = .rightToLeft
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }

    @Test func ancestorAttributeChanges() {
        let (root, child, grandchild) = Self.chain()
        root.semanticContentAttribute = .forceRightToLeft
        #expect(child.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        // A forced view in between shields the views below it.
        child.semanticContentAttribute = .forceLeftToRight
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .leftToRight)
        root.semanticContentAttribute = .unspecified
        root.userInterfaceLayoutDirection = .rightToLeft
        #expect(root.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .leftToRight)
        // Unforcing it again exposes the root's direction, though the child's cache was
        // cleared while the grandchild's was not read.
        child.semanticContentAttribute = .unspecified
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        root.userInterfaceLayoutDirection = .leftToRight
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test func superviewGoingAway() {
        let child = LayoutView(identifier: "child"), grandchild = LayoutView(identifier: "grandchild")
        do {
            let root = makeRoot()
            root.semanticContentAttribute = .forceRightToLeft
            root.addSubview(child)
            child.addSubview(grandchild)
            #expect(grandchild.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        }
        #expect(child.superview == nil)
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test func leadingConstraintsFollowAMove() throws {
        let rtl = makeRoot(300, 200)
        rtl.userInterfaceLayoutDirection = .rightToLeft
        let box = LayoutView(identifier: "box", frame: Rect(x: 0, y: 0, width: 100, height: 50))
        let inner = makeChild(in: box, "inner")
        try LayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: box.leadingAnchor, constant: 10),
            inner.topAnchor.constraint(equalTo: box.topAnchor),
            inner.widthAnchor.constraint(equalToConstant: 20),
            inner.heightAnchor.constraint(equalToConstant: 20),
        ])
        box.layoutIfNeeded()
        #expect(inner.frame.minX == 10)
        rtl.addSubview(box)
        rtl.layoutIfNeeded()
        #expect(inner.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(inner.frame.minX == 70)
    }

    @Test func directionalMarginsFollowAnAncestor() {
        let (root, child, _) = Self.chain()
        child.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 15)
        #expect(child.layoutMargins.left == 5 && child.layoutMargins.right == 15)
        root.semanticContentAttribute = .forceRightToLeft
        #expect(child.layoutMargins.left == 15 && child.layoutMargins.right == 5)
    }

    /// Random changes, each followed by a check of every view against ``reference(_:)``.
    @Test func randomChangesMatchTheUncachedDirection() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let views = (0..<12).map { LayoutView(identifier: "v\($0)") }
        let attributes: [SemanticContentAttribute] = [.unspecified, .unspecified, .unspecified, .forceRightToLeft,
                                                      .forceLeftToRight, .playback]
        for _ in 0..<2_000 {
            let view = views[next(views.count)]
            switch next(5) {
            case 0: views[next(views.count)].addSubview(view)
            case 1: view.removeFromSuperview()
            case 2: view.semanticContentAttribute = attributes[next(attributes.count)]
            case 3: view.userInterfaceLayoutDirection = next(2) == 0 ? .leftToRight : .rightToLeft
            default: break
            }
            // Read a few (caching them), then check them all.
            for _ in 0..<3 { _ = views[next(views.count)].effectiveUserInterfaceLayoutDirection }
            for v in views {
                #expect(v.effectiveUserInterfaceLayoutDirection == Self.reference(v), "\(v)")
            }
        }
    }
}
