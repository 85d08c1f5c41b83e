import Testing
@testable import AutoLayout

/// Every anchor factory: what it makes, and where it puts things.
@Suite struct AnchorTests {
    @Test func factoriesMakeInactiveConstraints() {
        let root = makeRoot(), v = makeChild(in: root)
        let made: [(LayoutConstraint, LayoutRelation, Double, Double)] = [
            (v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5), .equal, 1, 5),
            (v.topAnchor.constraint(greaterThanOrEqualTo: root.topAnchor, constant: 6), .greaterThanOrEqual, 1, 6),
            (v.centerXAnchor.constraint(lessThanOrEqualTo: root.centerXAnchor), .lessThanOrEqual, 1, 0),
            (v.widthAnchor.constraint(equalToConstant: 40), .equal, 0, 40),
            (v.widthAnchor.constraint(greaterThanOrEqualToConstant: 41), .greaterThanOrEqual, 0, 41),
            (v.heightAnchor.constraint(lessThanOrEqualToConstant: 42), .lessThanOrEqual, 0, 42),
            (v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5), .equal, 0.5, 0),
            (v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5, constant: 3), .equal, 0.5, 3),
            (v.heightAnchor.constraint(greaterThanOrEqualTo: root.heightAnchor, multiplier: 2), .greaterThanOrEqual, 2, 0),
            (v.heightAnchor.constraint(lessThanOrEqualTo: root.heightAnchor, multiplier: 2, constant: 1), .lessThanOrEqual, 2, 1),
            (v.leadingAnchor.constraint(equalToSystemSpacingAfter: root.leadingAnchor, multiplier: 2), .equal, 1, 16),
            (v.leadingAnchor.constraint(greaterThanOrEqualToSystemSpacingAfter: root.leadingAnchor, multiplier: 1), .greaterThanOrEqual, 1, 8),
            (v.leadingAnchor.constraint(lessThanOrEqualToSystemSpacingAfter: root.leadingAnchor, multiplier: 1), .lessThanOrEqual, 1, 8),
            (v.topAnchor.constraint(equalToSystemSpacingBelow: root.topAnchor, multiplier: 1), .equal, 1, 8),
            (v.topAnchor.constraint(greaterThanOrEqualToSystemSpacingBelow: root.topAnchor, multiplier: 3), .greaterThanOrEqual, 1, 24),
            (v.topAnchor.constraint(lessThanOrEqualToSystemSpacingBelow: root.topAnchor, multiplier: 1), .lessThanOrEqual, 1, 8),
        ]
        for (c, relation, multiplier, constant) in made {
            #expect(!c.isActive)
            #expect(c.relation == relation && c.multiplier == multiplier && c.constant == constant, "\(c)")
            #expect(c.priority == .required)
        }
        expectDescriptionsRoundTrip(made.map(\.0), items: itemsByIdentifier(root))
    }

    @Test func anchorsPlaceViews() throws {
        let root = makeRoot(400, 300), v = makeChild(in: root, "v")
        try LayoutConstraint.activate([
            v.leadingAnchor.constraint(equalToSystemSpacingAfter: root.leadingAnchor, multiplier: 2),
            v.topAnchor.constraint(equalToSystemSpacingBelow: root.topAnchor, multiplier: 1),
            v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5, constant: 10),
            v.heightAnchor.constraint(equalTo: v.widthAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame == Rect(x: 16, y: 8, width: 210, height: 105))
    }

    @Test("anchorWithOffset(to:) makes a dimension of the distance between two anchors")
    func offsets() throws {
        let root = makeRoot(400, 300)
        let a = makeChild(in: root, "a"), b = makeChild(in: root, "b"), c = makeChild(in: root, "c")
        try LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            a.widthAnchor.constraint(equalToConstant: 30),
            c.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            c.widthAnchor.constraint(equalToConstant: 30),
            b.widthAnchor.constraint(equalToConstant: 50),
            // b sits with equal gaps on either side.
            a.trailingAnchor.anchorWithOffset(to: b.leadingAnchor)
                .constraint(equalTo: b.trailingAnchor.anchorWithOffset(to: c.leadingAnchor)),
            a.topAnchor.anchorWithOffset(to: b.topAnchor).constraint(equalToConstant: 12),
            a.topAnchor.constraint(equalTo: root.topAnchor), c.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 5), b.heightAnchor.constraint(equalToConstant: 5),
            c.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(b.frame.minX == 175)
        #expect(b.frame.minY == 12)
    }

    @Test func guideAnchors() throws {
        let root = makeRoot(300, 100), spacer = LayoutGuide(), v = makeChild(in: root)
        spacer.identifier = "spacer"
        root.addLayoutGuide(spacer)
        root.addLayoutGuide(spacer)  // adding twice is a no-op
        #expect(root.layoutGuides.count == 1)
        try LayoutConstraint.activate([
            spacer.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            spacer.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.25),
            spacer.topAnchor.constraint(equalTo: root.topAnchor), spacer.heightAnchor.constraint(equalToConstant: 1),
            v.leadingAnchor.constraint(equalTo: spacer.trailingAnchor),
            v.topAnchor.constraint(equalTo: spacer.bottomAnchor),
            v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(spacer.layoutFrame == Rect(x: 0, y: 0, width: 75, height: 1))
        #expect(v.frame.origin == Point(x: 75, y: 1))
    }
}
