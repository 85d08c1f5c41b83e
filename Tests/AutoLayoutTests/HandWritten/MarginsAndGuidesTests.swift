import Testing
@testable import AutoLayout

@Suite struct MarginsAndGuidesTests {
    func pinned(to guide: LayoutGuide, in root: LayoutView, _ name: String = "child") throws -> LayoutView {
        let v = makeChild(in: root, name)
        try LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
                                       v.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
                                       v.topAnchor.constraint(equalTo: guide.topAnchor),
                                       v.bottomAnchor.constraint(equalTo: guide.bottomAnchor)])
        return v
    }

    @Test func marginsGuide() throws {
        let root = makeRoot(300, 200)
        #expect(root.layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        let v = try pinned(to: root.layoutMarginsGuide, in: root)
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame == Rect(x: 8, y: 8, width: 284, height: 184))
        #expect(root.layoutMarginsGuide.layoutFrame == v.frame)
        root.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame == Rect(x: 2, y: 1, width: 294, height: 196))
    }

    @Test func directionalMarginsFollowTheDirection() throws {
        for rtl in [false, true] {
            let root = makeRoot(300, 200)
            if rtl { root.userInterfaceLayoutDirection = .rightToLeft }
            root.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 5)
            #expect(root.layoutMargins.left == (rtl ? 5 : 20))
            let v = try pinned(to: root.layoutMarginsGuide, in: root)
            root.layoutIfNeeded()
            expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
            #expect(v.frame.minX == (rtl ? 5 : 20) && v.frame.width == 275)
        }
    }

    @Test("margin attributes and guides follow margin and direction changes made after activation")
    func marginChangesAfterActivation() throws {
        let root = makeRoot(300, 200)
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 5)
        let v = makeChild(in: root, "v")
        let r = try pinned(to: root.readableContentGuide, in: root, "r")
        try LayoutConstraint.activate([
            LayoutConstraint(item: v, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .leadingMargin),
            LayoutConstraint(item: v, attribute: .topMargin, relatedBy: .equal, toItem: root, attribute: .topMargin),
            v.widthAnchor.constraint(equalToConstant: 50),
            v.heightAnchor.constraint(equalTo: root.layoutMarginsGuide.heightAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        #expect(v.frame == Rect(x: 20, y: 2, width: 50, height: 90))
        #expect(r.frame == Rect(x: 20, y: 10, width: 275, height: 180))
        root.semanticContentAttribute = .forceRightToLeft
        root.layoutIfNeeded()
        #expect(v.frame == Rect(x: 230, y: 2, width: 50, height: 90))
        #expect(r.frame == Rect(x: 5, y: 10, width: 275, height: 180))
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 30, leading: 40, bottom: 10, trailing: 5)
        root.layoutIfNeeded()
        #expect(v.frame == Rect(x: 210, y: 22, width: 50, height: 80))
        #expect(r.frame == Rect(x: 5, y: 30, width: 255, height: 160))
        #expect(root.layoutMarginsGuide.layoutFrame == Rect(x: 5, y: 30, width: 255, height: 160))
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
    }

    @Test func safeArea() throws {
        let root = makeRoot(375, 667)
        root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        let v = try pinned(to: root.safeAreaLayoutGuide, in: root)
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame == Rect(x: 0, y: 44, width: 375, height: 589))
        // Margins are measured from the safe area by default.
        let m = try pinned(to: root.layoutMarginsGuide, in: root, "m")
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(m.frame == Rect(x: 8, y: 52, width: 359, height: 573))
        root.insetsLayoutMarginsFromSafeArea = false
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(m.frame == Rect(x: 8, y: 8, width: 359, height: 651))
        // A subview's safe area is the part of the root's unsafe area it covers.
        #expect(v.safeAreaInsets == .zero)
        #expect(m.safeAreaInsets.top == 44 - 8)
    }

    @Test("the readable guide is the margins' width up to 672 points, centred")
    func readableContent() throws {
        for (width, expected) in [(375.0, 359.0), (1024, 672)] {
            let root = makeRoot(width, 100)
            let v = try pinned(to: root.readableContentGuide, in: root)
            root.layoutIfNeeded()
            expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
            #expect(v.frame.width == expected)
            #expect(v.frame.midX == width / 2)
        }
    }

    @Test("preserved superview margins and a subview's safe area feed its margins guide")
    func preservedMarginsAndSubviewSafeArea() throws {
        let root = makeRoot(320, 480)
        root.layoutMargins = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
        root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 0, right: 0)
        root.insetsLayoutMarginsFromSafeArea = false
        let panel = makeChild(in: root, "panel")
        try LayoutConstraint.activate([panel.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       panel.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                                       panel.topAnchor.constraint(equalTo: root.topAnchor),
                                       panel.heightAnchor.constraint(equalToConstant: 100)])
        let inner = try pinned(to: panel.layoutMarginsGuide, in: panel)
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        // Own margins 8, measured from the panel's safe area (the top 44 points are unsafe).
        #expect(inner.frame == Rect(x: 8, y: 52, width: 304, height: 40))
        panel.insetsLayoutMarginsFromSafeArea = false
        panel.preservesSuperviewLayoutMargins = true
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(inner.frame == Rect(x: 20, y: 20, width: 280, height: 72))
    }

    @Test("views beyond the root's edges get no safe-area inset where the root has no unsafe band")
    func offscreenViewsKeepTheirMargins() throws {
        let root = makeRoot(320, 100)
        root.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let below = LayoutView(identifier: "below", frame: Rect(x: 0, y: 500, width: 320, height: 60))
        root.addSubview(below)
        let inner = try pinned(to: below.layoutMarginsGuide, in: below)
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(below.safeAreaInsets == .zero)
        #expect(inner.frame == Rect(x: 8, y: 8, width: 304, height: 44))
        let straddling = LayoutView(identifier: "top", frame: Rect(x: 0, y: -30, width: 320, height: 40))
        root.addSubview(straddling)
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(straddling.safeAreaInsets.top == 40)  // reaches 50 points in, but is only 40 tall
    }

    @Test func removingAGuideDeactivatesItsConstraints() throws {
        let root = makeRoot(), guide = LayoutGuide()
        root.addLayoutGuide(guide)
        let c = guide.widthAnchor.constraint(equalToConstant: 10)
        try c.activate()
        root.removeLayoutGuide(guide)
        #expect(!c.isActive && guide.owningView == nil)
    }
}

/// The autoresizing masks of spec §5: a view at x = 160, width 80, in a 320-wide superview
/// that grows to 640.
@Suite struct AutoresizingMaskTests {
    static let cases: [(AutoresizingMask, Double, Double)] = [
        (AutoresizingMask(), 160, 80),
        (.flexibleLeftMargin, 480, 80),
        (.flexibleWidth, 160, 400),
        (.flexibleRightMargin, 160, 80),
        ([.flexibleLeftMargin, .flexibleRightMargin], 160 + 320.0 * 160 / 240, 80),
        ([.flexibleLeftMargin, .flexibleWidth], 160 + 320.0 * 160 / 240, 80 + 320.0 * 80 / 240),
        ([.flexibleWidth, .flexibleRightMargin], 160, 80 + 320.0 * 80 / 160),
        ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], 320, 160),
    ]

    @Test(arguments: cases)
    func horizontalMasks(_ mask: AutoresizingMask, _ x: Double, _ width: Double) {
        let root = makeRoot(320, 100)
        let v = LayoutView(identifier: "v", frame: Rect(x: 160, y: 10, width: 80, height: 20))
        v.autoresizingMask = mask
        root.addSubview(v)
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame == Rect(x: 160, y: 10, width: 80, height: 20))
        root.frame = Rect(x: 0, y: 0, width: 640, height: 100)
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(abs(v.frame.minX - x) < 1e-9 && abs(v.frame.width - width) < 1e-9, "\(mask.logCode): \(v.frame)")
        #expect(v.frame.minY == 10 && v.frame.height == 20)
    }

    @Test func verticalMaskAndNesting() {
        let root = makeRoot(320, 200)
        let panel = LayoutView(identifier: "panel", frame: Rect(x: 10, y: 10, width: 300, height: 180))
        panel.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let footer = LayoutView(identifier: "footer", frame: Rect(x: 0, y: 160, width: 300, height: 20))
        footer.autoresizingMask = [.flexibleTopMargin, .flexibleWidth]
        root.addSubview(panel)
        panel.addSubview(footer)
        root.frame = Rect(x: 0, y: 0, width: 420, height: 400)
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(panel.frame == Rect(x: 10, y: 10, width: 400, height: 380))
        #expect(footer.frame == Rect(x: 0, y: 360, width: 400, height: 20))
    }

    @Test("a translated view that is also constrained is the classic unsatisfiable layout")
    func classicConflict() throws {
        let root = makeRoot(320, 100)
        let v = LayoutView(identifier: "v", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(v)
        var seen: [LayoutDiagnostic] = []
        root.layoutDiagnosticsHandler = { seen.append($0) }
        try v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20).activate()
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        // The mask's left edge is broken; its width holds alone, as UIKit's would.
        #expect(v.frame == Rect(x: 20, y: 0, width: 50, height: 50))
        guard case .unsatisfiable(let c, let conflicts, let broken)? = seen.first else {
            Issue.record("no unsatisfiable diagnostic")
            return
        }
        #expect(c.constant == 20 && root.brokenConstraints.count == 1 && broken === root.brokenConstraints.first)
        #expect(conflicts.count == 1 && conflicts[0] === broken && broken.isAutoresizingConstraint)
        let log = seen[0].description
        #expect(log.hasPrefix("Unable to simultaneously satisfy constraints.\n\tProbably at least one of the constraints in the following list is one you don't want."))
        #expect(log.contains("translatesAutoresizingMaskIntoConstraints"))
        // Every item has an identifier: no address, so the log is the same every run.
        #expect(log.contains("<AutoresizingMaskLayoutConstraint h=") && !log.contains("0x"))
        #expect(log.contains("\n    <LayoutConstraint H:|-(20)-[v]   (active, names: '|':root )>\n"))
        #expect(log.hasSuffix("Will attempt to recover by breaking constraint \n"
                              + "<AutoresizingMaskLayoutConstraint h=--- v=--- v.left == root.left>\n"
                              + "(Broken as a constraint made from an autoresizing mask: those go first, then the one activated last.)"))
        // Turning translation off lets the broken constraint in.
        v.translatesAutoresizingMaskIntoConstraints = false
        try LayoutConstraint.activate([v.topAnchor.constraint(equalTo: root.topAnchor),
                                       v.widthAnchor.constraint(equalToConstant: 50),
                                       v.heightAnchor.constraint(equalToConstant: 50)])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(root.brokenConstraints.isEmpty)
        #expect(v.frame.minX == 20)
    }
}
