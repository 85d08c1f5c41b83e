import Testing
@testable import AutoLayout

/// `addSubview` appends; `insertSubview(_:at:)` clamps its index.
@Suite struct HierarchyOrderTests {
    @Test func insertionIndexesAreClamped() {
        let root = makeRoot()
        let a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b"), c = LayoutView(identifier: "c")
        let d = LayoutView(identifier: "d"), e = LayoutView(identifier: "e")
        root.addSubview(a)
        root.insertSubview(b, at: 100)
        root.insertSubview(c, at: -5)
        root.insertSubview(d, at: 1)
        root.insertSubview(e, at: 4)
        #expect(root.subviews.map(\.description) == ["c", "d", "a", "b", "e"])
        // Moving within the same superview.
        root.insertSubview(e, at: 0)
        root.addSubview(c)
        #expect(root.subviews.map(\.description) == ["e", "d", "a", "b", "c"])
        #expect(root.subviews.allSatisfy { $0.superview === root })
    }
}
