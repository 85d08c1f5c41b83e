import Testing
@testable import AutoLayout

/// Records the layout-cycle calls made on it.
final class RecordingView: LayoutView {
    final class Log { var calls: [String] = [] }
    let log: Log
    var onLayout: (() -> Void)?
    var updates: (() -> Void)?

    init(_ name: String, _ log: Log) {
        self.log = log
        super.init(frame: .zero)
        identifier = name
        translatesAutoresizingMaskIntoConstraints = false
    }

    override func updateConstraints() {
        log.calls.append("update \(identifier!)")
        updates?()
        super.updateConstraints()
    }

    override func layoutSubviews() {
        log.calls.append("layout \(identifier!)")
        super.layoutSubviews()
        onLayout?()
    }
}

@Suite struct LayoutCycleTests {
    func tree() -> (RecordingView, RecordingView, RecordingView, RecordingView.Log) {
        let log = RecordingView.Log()
        let root = RecordingView("root", log), child = RecordingView("child", log), leaf = RecordingView("leaf", log)
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        root.addSubview(child)
        child.addSubview(leaf)
        return (root, child, leaf, log)
    }

    @Test("constraints update bottom-up, layout runs top-down")
    func order() {
        let (root, _, _, log) = tree()
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(log.calls == ["update leaf", "update child", "update root", "layout root", "layout child", "layout leaf"])
        log.calls = []
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(log.calls.isEmpty)  // nothing changed
    }

    @Test("updateConstraints changes are batched into one layout")
    func batchedUpdates() throws {
        let (root, child, leaf, log) = tree()
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        log.calls = []
        leaf.updates = {
            try? LayoutConstraint.activate([leaf.widthAnchor.constraint(equalToConstant: 10),
                                            leaf.heightAnchor.constraint(equalToConstant: 10),
                                            leaf.leadingAnchor.constraint(equalTo: child.leadingAnchor, constant: 5),
                                            leaf.topAnchor.constraint(equalTo: child.topAnchor)])
        }
        try LayoutConstraint.activate([child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       child.topAnchor.constraint(equalTo: root.topAnchor),
                                       child.widthAnchor.constraint(equalToConstant: 50),
                                       child.heightAnchor.constraint(equalToConstant: 50)])
        leaf.setNeedsUpdateConstraints()
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(log.calls.filter { $0.hasPrefix("layout") } == ["layout root", "layout child", "layout leaf"])
        #expect(leaf.frame == Rect(x: 5, y: 0, width: 10, height: 10))
    }

    @Test("a layoutSubviews that keeps invalidating layout elsewhere is stopped and reported")
    func feedbackLoop() {
        let (root, child, leaf, _) = tree()
        var count = 0
        // Each invalidates the other, outside its own subtree, every time.
        leaf.onLayout = {
            count += 1
            child.setNeedsLayout()
        }
        child.onLayout = { leaf.setNeedsLayout() }
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(count == LayoutView.maximumLayoutPasses)
        guard case .layoutFeedbackLoop(let views, let passes)? = root.layoutDiagnostics.last else {
            Issue.record("no feedback-loop diagnostic")
            return
        }
        #expect(passes == LayoutView.maximumLayoutPasses && views.contains { $0 === child })
        #expect(root.layoutDiagnostics.last!.description.hasPrefix("Layout feedback loop: after 100 passes"))
    }

    @Test("the layout pass overwrites a frame set by hand on a constrained view")
    func framesComeFromConstraints() throws {
        let root = makeRoot(), v = makeChild(in: root)
        try LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5),
                                       v.topAnchor.constraint(equalTo: root.topAnchor),
                                       v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        v.frame = Rect(x: 99, y: 99, width: 1, height: 1)
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame == Rect(x: 5, y: 0, width: 10, height: 10))
    }

    @Test("after a solve the views that moved get their frames; a superview that moved places its subviews")
    func solvePlacesWhatMoved() throws {
        let root = makeRoot()
        // A row of three boxes, the middle one holding a child 2 points in.
        let boxes = (0..<3).map { _ in makeChild(in: root) }
        let child = makeChild(in: boxes[1])
        var constraints = [boxes[0].leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                           child.leadingAnchor.constraint(equalTo: boxes[1].leadingAnchor, constant: 2),
                           child.topAnchor.constraint(equalTo: boxes[1].topAnchor, constant: 2),
                           child.widthAnchor.constraint(equalToConstant: 5), child.heightAnchor.constraint(equalToConstant: 5)]
        let lastWidth = boxes[2].widthAnchor.constraint(equalToConstant: 30)
        for (k, box) in boxes.enumerated() {
            constraints += [box.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
                            k == 2 ? lastWidth : box.widthAnchor.constraint(equalToConstant: 30),
                            box.heightAnchor.constraint(equalToConstant: 30)]
            if k > 0 { constraints.append(box.leadingAnchor.constraint(equalTo: boxes[k - 1].trailingAnchor, constant: 8)) }
        }
        try LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        #expect(boxes.map(\.frame.minX) == [10, 48, 86])
        #expect(child.frame == Rect(x: 2, y: 2, width: 5, height: 5))

        // The first gap widens: the last two boxes move; the child keeps its frame in its
        // box but its box's origin moved, so the box places it again (same frame).
        constraints[0].constant = 14
        root.layoutIfNeeded()
        #expect(boxes.map(\.frame.minX) == [14, 52, 90])
        #expect(child.frame == Rect(x: 2, y: 2, width: 5, height: 5))

        // The child's offset changes with nothing else: only it moves.
        constraints[1].constant = 3
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 3, y: 2, width: 5, height: 5))
        #expect(boxes.map(\.frame.minX) == [14, 52, 90])

        // A frame set by hand on a sibling the solve does not move is put back too.
        boxes[0].frame = Rect(x: 0, y: 0, width: 1, height: 1)
        lastWidth.constant = 40
        root.layoutIfNeeded()
        #expect(boxes.map(\.frame) == [Rect(x: 14, y: 20, width: 30, height: 30), Rect(x: 52, y: 20, width: 30, height: 30),
                                       Rect(x: 90, y: 20, width: 40, height: 30)])
        #expect(child.frame == Rect(x: 3, y: 2, width: 5, height: 5))
    }
}

@Suite struct FittingSizeTests {
    /// A label with 10-point insets inside a container.
    func card() throws -> (LayoutView, SizedView) {
        let card = LayoutView(identifier: "card")
        let label = SizedView("label", 100, 20)
        card.addSubview(label)
        try LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
                                       label.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -10),
                                       label.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
                                       label.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -10)])
        return (card, label)
    }

    @Test func compressedAndExpanded() throws {
        let (card, _) = try card()
        #expect(card.systemLayoutSizeFitting(LayoutView.layoutFittingCompressedSize) == Size(width: 120, height: 40))
        #expect(card.systemLayoutSizeFitting(LayoutView.layoutFittingExpandedSize) == Size(width: 120, height: 40))
    }

    @Test("a self-sizing cell: width fixed, height fitted")
    func selfSizingCell() throws {
        let (card, label) = try card()
        label.setContentHuggingPriority(.defaultLow, for: .horizontal)
        let size = card.systemLayoutSizeFitting(Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 320, height: 40))
        // The card's own layout is unchanged.
        #expect(card.frame == .zero)
    }

    @Test("a subview is fitted on its own subtree, leaving the hierarchy's layout alone")
    func subviewFitting() throws {
        let root = makeRoot(300, 300)
        let (card, label) = try card()
        card.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(card)
        try LayoutConstraint.activate([card.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       card.topAnchor.constraint(equalTo: root.topAnchor),
                                       card.widthAnchor.constraint(equalToConstant: 200)])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(label.frame == Rect(x: 10, y: 10, width: 180, height: 20))
        // The card's own required `width == 200` is part of its subtree, so it holds while
        // fitting (as in UIKit); only the height compresses. (The solver once gave 120 here
        // by breaking that equality: redundant with the frame's width pin, it lost its
        // marker's row when the pin was removed for fitting.)
        #expect(card.systemLayoutSizeFitting(LayoutView.layoutFittingCompressedSize) == Size(width: 200, height: 40))
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(label.frame == Rect(x: 10, y: 10, width: 180, height: 20))
    }
}

@Suite struct IncrementalChangeTests {
    @Test func constantChangesAndResizes() throws {
        let root = makeRoot(320, 480), v = makeChild(in: root)
        let left = v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        try LayoutConstraint.activate([left, v.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
                                       v.topAnchor.constraint(equalTo: root.topAnchor),
                                       v.heightAnchor.constraint(equalToConstant: 44)])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame == Rect(x: 20, y: 0, width: 280, height: 44))
        left.constant = 50
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame == Rect(x: 50, y: 0, width: 250, height: 44))
        root.frame = Rect(x: 0, y: 0, width: 480, height: 320)  // rotation
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame == Rect(x: 50, y: 0, width: 410, height: 44))
        #expect(root.frame.size == Size(width: 480, height: 320))
    }

    /// A root whose alignment rectangle is inset, for ``resizedRootKeepsItsFrameConstraints()``.
    final class InsetRoot: LayoutView {
        override var alignmentRectInsets: EdgeInsets { EdgeInsets(top: 1, left: 2, bottom: 3, right: 4) }
    }

    @Test("a resized root keeps its four frame constraints and gives them the new frame's constants")
    func resizedRootKeepsItsFrameConstraints() throws {
        let root = InsetRoot(frame: Rect(x: 0, y: 0, width: 320, height: 480)), v = makeChild(in: root)
        root.identifier = "root"
        try LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor),
                                       v.bottomAnchor.constraint(equalTo: root.bottomAnchor)])
        root.layoutIfNeeded()
        let frame = try #require(root.engine.generatedConstraints(of: root)?.frame)
        #expect(frame.map(\.constant) == [2, 1, 314, 476])
        #expect(v.frame == Rect(x: 2, y: 1, width: 314, height: 476))
        root.frame = Rect(x: 0, y: 0, width: 480, height: 320)
        root.layoutIfNeeded()
        let resized = try #require(root.engine.generatedConstraints(of: root)?.frame)
        #expect(resized.count == 4 && zip(frame, resized).allSatisfy { $0 === $1 })
        #expect(resized.map(\.constant) == [2, 1, 474, 316])
        #expect(v.frame == Rect(x: 2, y: 1, width: 474, height: 316))
        // Only the height changes: the width's constraint keeps its constant.
        root.frame = Rect(x: 0, y: 0, width: 480, height: 100)
        root.layoutIfNeeded()
        #expect(resized.map(\.constant) == [2, 1, 474, 96])
        #expect(v.frame == Rect(x: 2, y: 1, width: 474, height: 96))
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
    }

    @Test("a constant that makes the layout unsatisfiable breaks that constraint; fixing it restores it")
    func breakingConstant() throws {
        let root = makeRoot(320, 480), v = makeChild(in: root)
        let width = v.widthAnchor.constraint(equalToConstant: 100)
        try LayoutConstraint.activate([width, v.widthAnchor.constraint(lessThanOrEqualToConstant: 200),
                                       v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 1)])
        width.constant = 300
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(root.brokenConstraints.contains { $0 === width })
        #expect(width.isActive)
        width.constant = 150
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(root.brokenConstraints.isEmpty)
        #expect(v.frame.width == 150)
    }

    @Test func deactivationAndPriorityChanges() throws {
        let root = makeRoot(), v = makeChild(in: root)
        let narrow = v.widthAnchor.constraint(equalToConstant: 10), wide = v.widthAnchor.constraint(equalToConstant: 90)
        narrow.priority = 300
        wide.priority = 200
        try LayoutConstraint.activate([narrow, wide, v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 1)])
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame.width == 10)
        wide.priority = 400
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame.width == 90)
        wide.isActive = false
        root.layoutIfNeeded()
        expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
        #expect(v.frame.width == 10)
        #expect(root.constraints.count == 2 && v.constraints.count == 2)  // sizes install on the view itself
    }
}

@Suite struct HierarchyTests {
    @Test func movingViewsBetweenHierarchies() throws {
        let a = makeRoot(200, 200), b = makeRoot(400, 400)
        let v = makeChild(in: a), inner = makeChild(in: v)
        let outer = v.leadingAnchor.constraint(equalTo: a.leadingAnchor, constant: 10)
        let own = [inner.leadingAnchor.constraint(equalTo: v.leadingAnchor, constant: 5),
                   inner.topAnchor.constraint(equalTo: v.topAnchor), inner.widthAnchor.constraint(equalToConstant: 7),
                   inner.heightAnchor.constraint(equalToConstant: 7)]
        try LayoutConstraint.activate([outer, v.topAnchor.constraint(equalTo: a.topAnchor),
                                       v.widthAnchor.constraint(equalToConstant: 50), v.heightAnchor.constraint(equalToConstant: 50)] + own)
        #expect(outer.installedOn === a && own[0].installedOn === v)
        a.layoutIfNeeded()
        #expect(inner.frame.minX == 5 && v.frame.minX == 10)
        v.removeFromSuperview()
        #expect(!outer.isActive)                   // reached across the cut
        let ownStillActive = own.allSatisfy { $0.isActive }
        #expect(ownStillActive)                   // stays with the subtree
        b.addSubview(v)
        try LayoutConstraint.activate([v.trailingAnchor.constraint(equalTo: b.trailingAnchor),
                                       v.bottomAnchor.constraint(equalTo: b.bottomAnchor),
                                       v.widthAnchor.constraint(equalToConstant: 50), v.heightAnchor.constraint(equalToConstant: 50)])
        b.layoutIfNeeded()
        #expect(v.frame == Rect(x: 350, y: 350, width: 50, height: 50))
        #expect(inner.frame == Rect(x: 5, y: 0, width: 7, height: 7))
        #expect(b.brokenConstraints.isEmpty)
    }

    @Test("a view that goes away clears the references its subviews, guides and constraints hold")
    func deallocation() throws {
        let child = LayoutView(identifier: "child"), guide = LayoutGuide()
        var constraint: LayoutConstraint?
        do {
            let parent = LayoutView(identifier: "parent")
            parent.addSubview(child)
            parent.addLayoutGuide(guide)
            constraint = child.widthAnchor.constraint(equalTo: parent.widthAnchor)
            try constraint!.activate()
            #expect(child.superview === parent && guide.owningView === parent && constraint!.isActive)
            child.removeFromSuperview()
            parent.addSubview(child)
        }
        // `parent` is gone; nothing dangles.
        #expect(child.superview == nil)
        #expect(guide.owningView == nil)
        #expect(constraint?.isActive == false)
        child.layoutIfNeeded()
        #expect(child.rootView === child)
    }

    @Test("a hierarchy that is dropped is freed: no cycle through constraints or the engine")
    func noLeaks() throws {
        weak var probeRoot: LayoutView?
        weak var probeChild: LayoutView?
        do {
            let root = makeRoot(), child = makeChild(in: root)
            try LayoutConstraint.activate([child.widthAnchor.constraint(equalToConstant: 10),
                                           child.heightAnchor.constraint(equalToConstant: 10),
                                           child.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
                                           child.topAnchor.constraint(equalTo: root.topAnchor)])
            root.layoutIfNeeded()
            expectDescriptionsRoundTrip(installedConstraints(root), items: itemsByIdentifier(root))
            _ = root.systemLayoutSizeFitting(LayoutView.layoutFittingCompressedSize)
            probeRoot = root
            probeChild = child
        }
        #expect(probeRoot == nil && probeChild == nil)
    }

    @Test func subviewOrderAndDescendants() {
        let root = makeRoot(), a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b"), c = LayoutView(identifier: "c")
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, at: 1)
        #expect(root.subviews.map(\.identifier) == ["a", "c", "b"])
        root.insertSubview(a, at: 99)
        #expect(root.subviews.map(\.identifier) == ["c", "b", "a"])
        a.addSubview(root)  // a cycle is refused
        #expect(root.superview == nil && a.isDescendant(of: root))
        #expect(a.rootView === root)
        let v = LayoutView(frame: Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 3, height: 4) && v.center == Point(x: 2.5, y: 4))
        v.center = Point(x: 10, y: 10)
        #expect(v.frame.origin == Point(x: 8.5, y: 8))
    }
}
