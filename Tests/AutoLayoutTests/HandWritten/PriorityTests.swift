import Testing
@testable import AutoLayout

@Suite struct PriorityTests {
    /// The seed demo: a button centred at the bottom, a long label to its left that must
    /// never get closer than the standard space to the leading edge; the centring gives way.
    func demo(width: Double) throws -> (button: Rect, label: Rect) {
        let root = makeRoot(width, 400)
        let button = SizedView("button", 80, 30), label = SizedView("label", 200, 20)
        root.addSubview(button)
        root.addSubview(label)
        let centring = button.centerXAnchor.constraint(equalTo: root.centerXAnchor)
        centring.priority = .defaultLow
        try LayoutConstraint.activate([
            centring,
            button.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -20),
            label.trailingAnchor.constraint(equalTo: button.leadingAnchor, constant: -8),
            label.centerYAnchor.constraint(equalTo: button.centerYAnchor),
            label.leadingAnchor.constraint(greaterThanOrEqualTo: root.layoutMarginsGuide.leadingAnchor),
        ])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(root.brokenConstraints.isEmpty)
        return (button.frame, label.frame)
    }

    @Test func centringGivesWayWhenNarrow() throws {
        let portrait = try demo(width: 320)
        #expect(portrait.label == Rect(x: 8, y: 355, width: 200, height: 20))
        #expect(portrait.button.minX == 216)
        let landscape = try demo(width: 667)
        #expect(landscape.button.minX == 293.5)
        #expect(landscape.label.minX == 85.5)
    }

    @Test("no amount of lower-priority error outweighs a higher priority")
    func strictlyOrdered() throws {
        let root = makeRoot(), v = makeChild(in: root)
        try v.heightAnchor.constraint(equalToConstant: 10).activate()
        try v.topAnchor.constraint(equalTo: root.topAnchor).activate()
        let strong = v.widthAnchor.constraint(equalToConstant: 100)
        strong.priority = 251
        try strong.activate()
        for _ in 0..<50 {
            let weak = v.widthAnchor.constraint(equalToConstant: 10)
            weak.priority = .defaultLow
            try weak.activate()
        }
        try v.leadingAnchor.constraint(equalTo: root.leadingAnchor).activate()
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame.width == 100)
    }

    @Test func inequalities() throws {
        let root = makeRoot(), v = makeChild(in: root)
        try LayoutConstraint.activate([
            v.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor, constant: 30),
            v.widthAnchor.constraint(lessThanOrEqualToConstant: 60),
            v.widthAnchor.constraint(greaterThanOrEqualToConstant: 20),
            v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 5),
        ])
        let pull = v.leadingAnchor.constraint(equalTo: root.leadingAnchor)
        pull.priority = .defaultHigh
        let grow = v.widthAnchor.constraint(equalToConstant: 500)
        grow.priority = .defaultLow
        try LayoutConstraint.activate([pull, grow])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame.minX == 30 && v.frame.width == 60)
    }
}

@Suite struct ContentSizeTests {
    /// Two labels between the margins with a gap: the one that hugs less stretches; with no
    /// room, the one that resists compression less shrinks.
    func row(width: Double, hugA: LayoutPriority, hugB: LayoutPriority,
             resistA: LayoutPriority = .defaultHigh, resistB: LayoutPriority = .defaultHigh) throws -> (Rect, Rect) {
        let root = makeRoot(width, 100)
        let a = SizedView("a", 60, 20), b = SizedView("b", 80, 20)
        root.addSubview(a)
        root.addSubview(b)
        a.setContentHuggingPriority(hugA, for: .horizontal)
        b.setContentHuggingPriority(hugB, for: .horizontal)
        a.setContentCompressionResistancePriority(resistA, for: .horizontal)
        b.setContentCompressionResistancePriority(resistB, for: .horizontal)
        try LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 10),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(root.brokenConstraints.isEmpty)
        return (a.frame, b.frame)
    }

    @Test func huggingDecidesWhoGrows() throws {
        let (a, b) = try row(width: 300, hugA: 251, hugB: 250)
        #expect(a.width == 60 && b.width == 230)
        let (a2, b2) = try row(width: 300, hugA: 250, hugB: 251)
        #expect(a2.width == 210 && b2.width == 80)
    }

    @Test func compressionDecidesWhoShrinks() throws {
        let (a, b) = try row(width: 100, hugA: 250, hugB: 250, resistA: 750, resistB: 749)
        #expect(a.width == 60 && b.width == 30)
        let (a2, b2) = try row(width: 100, hugA: 250, hugB: 250, resistA: 749, resistB: 750)
        #expect(a2.width == 10 && b2.width == 80, "\(a2) \(b2)")
    }

    @Test("an intrinsic size is one two-sided constraint per axis, or two inequalities when a side is required")
    func twoSidedContentSize() throws {
        let root = makeRoot(300, 100)
        let v = SizedView("v", 60, 20)
        root.addSubview(v)
        let wide = v.widthAnchor.constraint(greaterThanOrEqualToConstant: 100)
        wide.priority = 500
        let narrow = v.widthAnchor.constraint(lessThanOrEqualToConstant: 30)
        narrow.priority = 400
        try LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor), wide, narrow])
        root.layoutIfNeeded()
        #expect(v.frame.size == Size(width: 100, height: 20))  // 500 beats hugging (250)
        var content = root.engine.generatedConstraints(of: v)!.content
        #expect(content.count == 2 && content.allSatisfy { $0.relation == .equal && $0.compressionPriority == .defaultHigh })
        let log = content[0].description
        #expect(log.hasPrefix("<ContentSizeLayoutConstraint:0x"), "\(log)")
        #expect(log.hasSuffix(" v.width == 60 Hug:250 CompressionResistance:750   (active)>"), "\(log)")
        v.setContentHuggingPriority(600, for: .horizontal)
        root.layoutIfNeeded()
        #expect(v.frame.size == Size(width: 60, height: 20))  // hugging (600) beats 500, compression beats 400
        wide.isActive = false
        v.setContentCompressionResistancePriority(300, for: .horizontal)
        root.layoutIfNeeded()
        #expect(v.frame.size == Size(width: 30, height: 20))  // 400 beats compression (300)
        v.setContentCompressionResistancePriority(.required, for: .horizontal)
        root.layoutIfNeeded()
        #expect(v.frame.size == Size(width: 60, height: 20))
        content = root.engine.generatedConstraints(of: v)!.content
        #expect(content.map(\.relation) == [.lessThanOrEqual, .greaterThanOrEqual, .equal])
        #expect(content[1].priority == .required && content[1].compressionPriority == nil)
        #expect(root.brokenConstraints.isEmpty)
    }

    @Test func defaultsAndInvalidation() throws {
        let v = SizedView("v", 10, 10)
        #expect(v.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(v.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
        #expect(LayoutView().intrinsicContentSize == Size(width: -1, height: -1))
        let root = makeRoot()
        root.addSubview(v)
        try LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame.size == Size(width: 10, height: 10))
        v.size = Size(width: 40, height: 12)
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame.size == Size(width: 10, height: 10))  // not read again until invalidated
        v.invalidateIntrinsicContentSize()
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame.size == Size(width: 40, height: 12))
    }

    @Test("constraints act on the alignment rectangle; the frame is outset")
    func alignmentRects() throws {
        final class Shadowed: LayoutView {
            override var alignmentRectInsets: EdgeInsets { EdgeInsets(top: 1, left: 2, bottom: 3, right: 4) }
        }
        let root = makeRoot(), v = Shadowed(identifier: "v")
        v.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(v)
        try LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                                       v.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                                       v.widthAnchor.constraint(equalToConstant: 50),
                                       v.heightAnchor.constraint(equalToConstant: 20)])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame == Rect(x: 8, y: 9, width: 56, height: 24))
    }

    @Test func baselines() throws {
        final class Text: LayoutView {
            override var intrinsicContentSize: Size { Size(width: 50, height: 20) }
            override var firstBaselineOffsetFromTop: Double? { 15 }
            override var lastBaselineOffsetFromBottom: Double { 4 }
        }
        let root = makeRoot(), label = Text(identifier: "label"), box = makeChild(in: root, "box")
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        try LayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.leadingAnchor.constraint(equalTo: label.trailingAnchor),
            box.widthAnchor.constraint(equalToConstant: 10), box.heightAnchor.constraint(equalToConstant: 10),
            box.lastBaselineAnchor.constraint(equalTo: label.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(box.frame.maxY == 25)  // a plain view's baseline is its bottom
        // The label's height is only preferred (hugging 250), so it stretches to reach 100.
        try label.lastBaselineAnchor.constraint(equalTo: root.topAnchor, constant: 100).activate()
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(root.brokenConstraints.isEmpty)
        #expect(label.frame == Rect(x: 0, y: 10, width: 50, height: 94))
    }
}
