import Testing
@testable import AutoLayout

/// The shortcuts on the way from anchors to installed constraints: a view's variables are
/// its handle, references are kept unretained, batches make room in their hosts at once,
/// and the usual hosts are found without the general search.
@Suite struct ActivationPathTests {
    @Test("constraints see nil for views and guides that have gone away")
    func handlesOutliveTheirItems() throws {
        var constraints: [LayoutConstraint] = []
        do {
            let view = LayoutView(identifier: "v"), guide = LayoutGuide()
            constraints = [view.widthAnchor.constraint(equalTo: guide.widthAnchor),
                           guide.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 4)]
            #expect(constraints[0].firstItem === view && constraints[0].secondItem === guide)
            #expect(constraints[1].firstItem === guide && constraints[1].secondItem === view)
            #expect(handle(of: view) === view.variables && handle(of: guide) === guide.handle)
        }
        for constraint in constraints {
            #expect(constraint.firstItem == nil && constraint.secondItem == nil)
            #expect(throws: LayoutError.self) { try constraint.activate() }
        }
    }

    @Test("a batch spread over several hosts installs each constraint once, in order")
    func batchesOverSeveralHosts() throws {
        let root = makeRoot(), a = makeChild(in: root, "a"), b = makeChild(in: root, "b")
        let a1 = makeChild(in: a, "a1"), b1 = makeChild(in: b, "b1")
        var batch: [LayoutConstraint] = []
        for k in 0..<40 {
            batch.append(k % 3 == 0 ? a1.widthAnchor.constraint(greaterThanOrEqualToConstant: Double(k))
                         : k % 3 == 1 ? b1.widthAnchor.constraint(lessThanOrEqualTo: b.widthAnchor, constant: Double(-k))
                         : a.leadingAnchor.constraint(equalTo: b.leadingAnchor))
        }
        try LayoutConstraint.activate(batch)
        #expect(a1.constraints.map(\.constant) == batch.filter { $0.firstItem === a1 }.map(\.constant))
        #expect(b.constraints.count == batch.filter { $0.firstItem === b1 }.count)
        #expect(root.constraints.count == batch.filter { $0.firstItem === a }.count)
        #expect(batch.allSatisfy { $0.isActive })
        // Activating again changes nothing.
        try LayoutConstraint.activate(batch)
        #expect(a1.constraints.count + b.constraints.count + root.constraints.count == batch.count)
    }

    @Test("a failing constraint stops a batch: those before it stay active, those after it are not")
    func batchesStopAtTheFirstFailure() {
        let root = makeRoot(), a = makeChild(in: root, "a"), stranger = makeRoot()
        let before = (0..<5).map { a.widthAnchor.constraint(greaterThanOrEqualToConstant: Double($0)) }
        let failing = a.widthAnchor.constraint(equalTo: stranger.widthAnchor)
        let after = (0..<5).map { a.heightAnchor.constraint(greaterThanOrEqualToConstant: Double($0)) }
        #expect(throws: LayoutError.self) { try LayoutConstraint.activate(before + [failing] + after) }
        #expect(before.allSatisfy { $0.isActive } && !failing.isActive && !after.contains { $0.isActive })
        #expect(a.constraints.count == before.count)
    }

    @Test("hosts for views and guides in every arrangement the shortcut decides, and around it")
    func hostsWithGuides() throws {
        let root = makeRoot(), a = makeChild(in: root, "a"), b = makeChild(in: root, "b")
        let a1 = makeChild(in: a, "a1")
        let custom = LayoutGuide()
        b.addLayoutGuide(custom)
        let cases: [(LayoutConstraint, LayoutView)] = [
            (a.leadingAnchor.constraint(equalTo: a.layoutMarginsGuide.leadingAnchor), a),
            (a1.leadingAnchor.constraint(equalTo: a.layoutMarginsGuide.leadingAnchor), a),
            (a.leadingAnchor.constraint(equalTo: a1.layoutMarginsGuide.leadingAnchor), a),
            (a.leadingAnchor.constraint(equalTo: custom.leadingAnchor), root),
            (a1.leadingAnchor.constraint(equalTo: custom.leadingAnchor), root),
            (custom.leadingAnchor.constraint(equalTo: a.leadingAnchor), root),
            (a.layoutMarginsGuide.leadingAnchor.constraint(equalTo: b.leadingAnchor), root),
            (custom.widthAnchor.constraint(equalToConstant: 5), b),
            (a1.widthAnchor.constraint(equalTo: a1.heightAnchor), a1),
        ]
        for (constraint, host) in cases {
            try constraint.activate()
            #expect(host.constraints.contains { $0 === constraint }, "\(constraint) on \(host)")
        }
        let loose = LayoutGuide()
        #expect(throws: LayoutError.guideWithoutOwningView(loose.description)) {
            try a.leadingAnchor.constraint(equalTo: loose.leadingAnchor).activate()
        }
    }

    @Test("moving views keeps superviews, roots and engines consistent")
    func movesKeepTheHierarchyConsistent() throws {
        let one = makeRoot(), two = makeRoot(), v = makeChild(in: one, "v"), w = makeChild(in: v, "w")
        try w.widthAnchor.constraint(equalTo: v.widthAnchor).activate()
        two.addSubview(v)
        #expect(v.superview === two && w.rootView === two && w.isDescendant(of: two) && !w.isDescendant(of: one))
        #expect(one.subviews.isEmpty && two.subviews.map(\.identifier) == ["v"])
        try LayoutConstraint.activate([v.widthAnchor.constraint(equalToConstant: 30),
                                       v.heightAnchor.constraint(equalToConstant: 20),
                                       v.leadingAnchor.constraint(equalTo: two.leadingAnchor),
                                       v.topAnchor.constraint(equalTo: two.topAnchor),
                                       w.heightAnchor.constraint(equalToConstant: 5)])
        two.layoutIfNeeded()
        #expect(w.frame.size == Size(width: 30, height: 5))
        v.removeFromSuperview()
        #expect(v.superview == nil && w.rootView === v && two.subviews.isEmpty)
    }

    @Test("a subtree that outlives its root keeps its constraints: the next engine takes them in")
    func subtreeOutlivesItsRoot() throws {
        let card = LayoutView(identifier: "card", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let label = makeChild(in: card, "label")
        try LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 5),
                                       label.topAnchor.constraint(equalTo: card.topAnchor, constant: 5),
                                       label.widthAnchor.constraint(equalToConstant: 10),
                                       label.heightAnchor.constraint(equalToConstant: 10)])
        do {
            let root = makeRoot()
            root.addSubview(card)
            root.layoutIfNeeded()
        }
        #expect(card.superview == nil)
        card.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        card.layoutIfNeeded()
        #expect(label.frame == Rect(x: 5, y: 5, width: 10, height: 10))
        #expect(!label.hasAmbiguousLayout && card.brokenConstraints.isEmpty)
        // It can join another hierarchy as well.
        let other = makeRoot()
        other.addSubview(card)
        other.layoutIfNeeded()
        #expect(label.frame == Rect(x: 5, y: 5, width: 10, height: 10) && !label.hasAmbiguousLayout)
        // The card, once a root with variables of its own, is placed by its frame now (an
        // alias over the new root's variables): determined, by its autoresizing constraints.
        #expect(!card.hasAmbiguousLayout)
        #expect(card.constraintsAffectingLayout(for: .horizontal).contains { $0.isAutoresizingConstraint })
    }

    @Test("a view removed from a subtree that left its hierarchy lets go of the constraints reaching out of it")
    func removalFromADetachedSubtree() throws {
        let r1 = makeRoot(), c = makeChild(in: r1, "c"), s = makeChild(in: c, "s")
        let cLeading = c.leadingAnchor.constraint(equalTo: r1.leadingAnchor)
        let cross = s.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 5)
        let top = s.topAnchor.constraint(equalTo: c.topAnchor)
        try LayoutConstraint.activate([cLeading, c.topAnchor.constraint(equalTo: r1.topAnchor),
                                       c.widthAnchor.constraint(equalToConstant: 100),
                                       c.heightAnchor.constraint(equalToConstant: 50), cross, top,
                                       s.widthAnchor.constraint(equalToConstant: 20),
                                       s.heightAnchor.constraint(equalToConstant: 20)])
        r1.layoutIfNeeded()
        // The subtree leaves with its own constraints; a view leaving it lets go of those
        // that reach out of it, engine or not, and keeps its own.
        c.removeFromSuperview()
        #expect(cross.isActive && top.isActive)
        s.removeFromSuperview()
        #expect(!cross.isActive && !top.isActive && s.constraints.count == 2)
        // In another hierarchy it is placed there alone: its old one's solves leave it be.
        r1.addSubview(c)
        let r2 = makeRoot(), p = makeChild(in: r2, "p")
        p.addSubview(s)
        try LayoutConstraint.activate([p.leadingAnchor.constraint(equalTo: r2.leadingAnchor, constant: 100),
                                       p.topAnchor.constraint(equalTo: r2.topAnchor),
                                       p.widthAnchor.constraint(equalToConstant: 200),
                                       p.heightAnchor.constraint(equalToConstant: 100),
                                       s.leadingAnchor.constraint(equalTo: p.leadingAnchor, constant: 7),
                                       s.topAnchor.constraint(equalTo: p.topAnchor, constant: 3)])
        r2.layoutIfNeeded()
        #expect(s.frame == Rect(x: 7, y: 3, width: 20, height: 20))
        // (c's place in r1 went when c left it; its own constraints came back with it.)
        #expect(!cLeading.isActive && c.constraints.count == 2)
        cLeading.isActive = true
        cLeading.constant = 40
        r1.layoutIfNeeded()
        #expect(c.frame.minX == 40)
        p.setNeedsLayout()
        r2.layoutIfNeeded()
        #expect(s.frame == Rect(x: 7, y: 3, width: 20, height: 20))
    }
}
