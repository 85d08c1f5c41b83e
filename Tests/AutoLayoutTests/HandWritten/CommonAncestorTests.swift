import Testing
@testable import AutoLayout

/// Where activation installs a constraint: the closest common ancestor of its items, found
/// quickly for the usual parent/child and sibling pairs and by walking up otherwise.
@Suite struct CommonAncestorTests {
    @Test func installsOnTheClosestCommonAncestor() throws {
        let root = makeRoot(), a = makeChild(in: root, "a"), b = makeChild(in: root, "b")
        let a1 = makeChild(in: a, "a1"), a2 = makeChild(in: a, "a2"), b1 = makeChild(in: b, "b1")
        let deep = makeChild(in: a1, "deep")
        let cases: [(LayoutView, LayoutView, LayoutView)] = [
            (a, a, a), (a, root, root), (root, a, root), (a1, a2, a), (a, b, root), (a1, b1, root),
            (deep, a2, a), (a2, deep, a), (deep, root, root), (root, deep, root), (deep, a, a), (b1, deep, root),
        ]
        for (first, second, host) in cases {
            let c = first.widthAnchor.constraint(equalTo: second.widthAnchor)
            try c.activate()
            #expect(root.constraints.contains { $0 === c } == (host === root), "\(first) \(second)")
            #expect(host.constraints.contains { $0 === c }, "\(first) \(second) → \(host)")
            c.deactivate()
        }
    }

    @Test func guidesUseTheirOwningView() throws {
        let root = makeRoot(), a = makeChild(in: root, "a"), b = makeChild(in: a, "b")
        let c = b.leadingAnchor.constraint(equalTo: a.layoutMarginsGuide.leadingAnchor)
        try c.activate()
        #expect(a.constraints.contains { $0 === c })
        let loose = LayoutGuide()
        #expect(throws: LayoutError.self) { try b.topAnchor.constraint(equalTo: loose.topAnchor).activate() }
    }

    @Test func unrelatedViewsAreRefused() {
        let one = makeRoot(), two = makeRoot(), x = makeChild(in: one, "x"), y = makeChild(in: two, "y")
        let c = x.widthAnchor.constraint(equalTo: y.widthAnchor)
        #expect(throws: LayoutError.self) { try c.activate() }
        #expect(!c.isActive)
    }
}
