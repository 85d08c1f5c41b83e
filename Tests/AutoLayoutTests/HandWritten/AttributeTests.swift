import Testing
@testable import AutoLayout

/// Every attribute, lowered in left-to-right and right-to-left layouts.
@Suite struct AttributeTests {
    /// Places a 100×50 child with `child.plainAttribute == root.attribute + constant` and
    /// returns its frame (for `leadingMargin`: `child.leading == root.leadingMargin`). Margins
    /// are UIKit's default 8.
    func place(_ attribute: LayoutAttribute, constant: Double = 0, rtl: Bool = false) throws -> Rect {
        let root = makeRoot()
        if rtl { root.semanticContentAttribute = .forceRightToLeft }
        let child = makeChild(in: root)
        try LayoutConstraint.activate([child.widthAnchor.constraint(equalToConstant: 100),
                                       child.heightAnchor.constraint(equalToConstant: 50)])
        try LayoutConstraint(item: child, attribute: attribute.withoutMargin, relatedBy: .equal, toItem: root,
                             attribute: attribute,
                             constant: constant).activate()
        // Pin the other axis.
        let other: LayoutConstraint = attribute.kind == .horizontal
            ? child.topAnchor.constraint(equalTo: root.topAnchor) : child.leftAnchor.constraint(equalTo: root.leftAnchor)
        try other.activate()
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(root.brokenConstraints.isEmpty)
        return child.frame
    }

    @Test("horizontal attributes, left to right", arguments: [
        (LayoutAttribute.left, 0.0), (.right, 200), (.leading, 0), (.trailing, 200), (.centerX, 100),
        (.leftMargin, 8), (.rightMargin, 192), (.leadingMargin, 8), (.trailingMargin, 192), (.centerXWithinMargins, 100),
    ])
    func horizontalLTR(_ attribute: LayoutAttribute, _ x: Double) throws {
        #expect(try place(attribute).minX == x)
    }

    @Test("horizontal attributes, right to left: leading and trailing swap sides", arguments: [
        (LayoutAttribute.left, 0.0), (.right, 200), (.leading, 200), (.trailing, 0), (.centerX, 100),
        (.leftMargin, 8), (.rightMargin, 192), (.leadingMargin, 192), (.trailingMargin, 8), (.centerXWithinMargins, 100),
    ])
    func horizontalRTL(_ attribute: LayoutAttribute, _ x: Double) throws {
        #expect(try place(attribute, rtl: true).minX == x)
    }

    @Test("vertical attributes", arguments: [
        (LayoutAttribute.top, 0.0), (.bottom, 150), (.centerY, 75), (.topMargin, 8), (.bottomMargin, 142),
        (.centerYWithinMargins, 75), (.lastBaseline, 150), (.firstBaseline, 150),
    ])
    func vertical(_ attribute: LayoutAttribute, _ y: Double) throws {
        #expect(try place(attribute).minY == y)
    }

    @Test("a leading constant goes toward the trailing side in both directions")
    func directionalConstants() throws {
        #expect(try place(.leading, constant: 20).minX == 20)
        #expect(try place(.leading, constant: 20, rtl: true).minX == 180)
        #expect(try place(.trailing, constant: -20).minX == 180)
        #expect(try place(.trailing, constant: -20, rtl: true).minX == 20)
    }

    @Test("the effective direction is inherited and can be forced")
    func inheritedDirection() {
        let root = makeRoot()
        root.userInterfaceLayoutDirection = .rightToLeft
        let child = makeChild(in: root), grandchild = makeChild(in: child)
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        child.semanticContentAttribute = .forceLeftToRight
        #expect(grandchild.effectiveUserInterfaceLayoutDirection == .leftToRight)
        child.semanticContentAttribute = .playback
        #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    @Test("siblings in reading order mirror in right-to-left layouts")
    func siblingsMirror() throws {
        for rtl in [false, true] {
            let root = makeRoot()
            if rtl { root.userInterfaceLayoutDirection = .rightToLeft }
            let a = SizedView("a", 50, 20), b = SizedView("b", 70, 20)
            root.addSubview(a)
            root.addSubview(b)
            try LayoutConstraint.activate([
                a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
                a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
            ])
            root.layoutIfNeeded()
            expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
            #expect(a.frame.minX == (rtl ? 240 : 10))
            #expect(b.frame.minX == (rtl ? 162 : 68))
        }
    }

    @Test("attributes parse from their names")
    func names() {
        for attribute in LayoutAttribute.allCases { #expect(LayoutAttribute(name: attribute.description) == attribute) }
        #expect(LayoutAttribute(name: "baseline") == .lastBaseline)
        #expect(LayoutAttribute(name: "middle") == nil)
    }
}
