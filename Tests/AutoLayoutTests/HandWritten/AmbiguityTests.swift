import Testing
@testable import AutoLayout

/// `hasAmbiguousLayout`, `ambiguousFrameComponents` and `exerciseAmbiguityInLayout()`.
struct AmbiguityTests {
    @Test("a view with no vertical size is ambiguous in height only; adding one settles it")
    func missingHeight() throws {
        let root = makeRoot(320, 480)
        let view = makeChild(in: root, "box")
        try LayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                                       view.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
                                       view.widthAnchor.constraint(equalToConstant: 100)])
        root.layoutIfNeeded()
        #expect(view.ambiguousFrameComponents == [.height])
        #expect(view.hasAmbiguousLayout)
        try view.heightAnchor.constraint(equalToConstant: 40).activate()
        #expect(view.ambiguousFrameComponents == [])
        #expect(!view.hasAmbiguousLayout)
    }

    @Test("a view nothing places is ambiguous in every component; a root and translated views are not")
    func unplacedAndTranslated() {
        let root = makeRoot(320, 480)
        let loose = makeChild(in: root, "loose")
        let translated = LayoutView(identifier: "translated", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        root.addSubview(translated)
        root.layoutIfNeeded()
        #expect(loose.ambiguousFrameComponents == .all)
        #expect(!translated.hasAmbiguousLayout)
        #expect(!root.hasAmbiguousLayout)
    }

    @Test("two labels of equal hugging in a row share the slack ambiguously; unequal hugging decides")
    func contentPriorityAmbiguity() throws {
        let (root, name, date) = try makeLabelRow()
        root.layoutIfNeeded()
        #expect(name.ambiguousFrameComponents == [.width])
        #expect(date.ambiguousFrameComponents == [.x, .width])
        date.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(!name.hasAmbiguousLayout)
        #expect(!date.hasAmbiguousLayout)
        #expect(date.frame.width == 80)
    }

    @Test("a subview pinned inside an ambiguous superview is determined in its superview's coordinates")
    func relativeToSuperview() throws {
        let root = makeRoot(320, 480)
        let card = makeChild(in: root, "card")
        let icon = makeChild(in: card, "icon")
        try LayoutConstraint.activate([card.topAnchor.constraint(equalTo: root.topAnchor),
                                       card.widthAnchor.constraint(equalToConstant: 200),
                                       card.heightAnchor.constraint(equalToConstant: 50),
                                       icon.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
                                       icon.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
                                       icon.widthAnchor.constraint(equalToConstant: 30),
                                       icon.heightAnchor.constraint(equalToConstant: 30)])
        root.layoutIfNeeded()
        #expect(card.ambiguousFrameComponents == [.x])
        #expect(!icon.hasAmbiguousLayout)
    }

    @Test("exercising moves an ambiguous view to the far end of its range and back again")
    func exercise() throws {
        let root = makeRoot(320, 100)
        let box = makeChild(in: root, "box")
        // x anywhere between 0 and 220.
        try LayoutConstraint.activate([box.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor),
                                       box.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
                                       box.widthAnchor.constraint(equalToConstant: 100),
                                       box.topAnchor.constraint(equalTo: root.topAnchor),
                                       box.heightAnchor.constraint(equalToConstant: 20)])
        root.layoutIfNeeded()
        #expect(box.ambiguousFrameComponents == [.x])
        let before = box.frame
        box.exerciseAmbiguityInLayout()
        let moved = box.frame
        #expect(moved.minX == (before.minX == 220 ? 0 : 220))
        // The hold is weaker than every priority: the view is still ambiguous.
        #expect(box.ambiguousFrameComponents == [.x])
        #expect(moved.size == before.size)
        #expect(root.brokenConstraints.isEmpty)
        box.exerciseAmbiguityInLayout()
        #expect(box.frame == before)
        // A determined view stays where it is.
        let fixed = makeChild(in: root, "fixed")
        try LayoutConstraint.activate([fixed.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       fixed.topAnchor.constraint(equalTo: root.topAnchor),
                                       fixed.widthAnchor.constraint(equalToConstant: 10),
                                       fixed.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        let frame = fixed.frame
        fixed.exerciseAmbiguityInLayout()
        #expect(fixed.frame == frame)
    }

    @Test("an unbounded component moves 100 points, and back")
    func exerciseUnbounded() throws {
        let root = makeRoot(320, 100)
        let box = makeChild(in: root, "box")
        try LayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 50),
                                       box.topAnchor.constraint(equalTo: root.topAnchor),
                                       box.heightAnchor.constraint(equalToConstant: 20)])
        root.layoutIfNeeded()
        let before = box.frame
        box.exerciseAmbiguityInLayout()
        #expect(box.frame.minX == before.minX + 100)
        box.exerciseAmbiguityInLayout()
        #expect(box.frame.minX == before.minX)
        // Removing an exercised view lets its pin go with it.
        box.exerciseAmbiguityInLayout()
        box.removeFromSuperview()
        #expect(root.engine.exercisePins.isEmpty)
    }

    @Test("the trace marks how each view is laid out and names the open components with their ranges")
    func trace() throws {
        let root = makeRoot(320, 100)
        let box = makeChild(in: root, "box")
        let label = SizedView("label", 40, 20)
        box.addSubview(label)
        let badge = LayoutView(identifier: "badge", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(badge)
        try LayoutConstraint.activate([box.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor),
                                       box.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
                                       box.widthAnchor.constraint(equalToConstant: 100),
                                       box.topAnchor.constraint(equalTo: root.topAnchor),
                                       label.leadingAnchor.constraint(equalTo: box.leadingAnchor),
                                       label.topAnchor.constraint(equalTo: box.topAnchor),
                                       box.bottomAnchor.constraint(greaterThanOrEqualTo: label.bottomAnchor)])
        root.layoutIfNeeded()
        let lines = root.autolayoutTrace().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(4)) == [
            "•root",
            "|   *box- AMBIGUOUS LAYOUT for box.minX{0...220}, box.Height{20...}",
            "|   |   *label",
            "|   +badge",
        ])
        #expect(lines[5] == "Legend:")
    }

    @Test("the constraints affecting a view along an axis: its own, the engine's, and what places the views they name")
    func constraintsAffectingLayout() throws {
        let root = makeRoot(320, 100)
        let label = SizedView("label", 60, 20), badge = makeChild(in: root, "badge")
        root.addSubview(label)
        let leading = label.leadingAnchor.constraint(equalTo: badge.trailingAnchor, constant: 8)
        try LayoutConstraint.activate([badge.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                                       badge.widthAnchor.constraint(equalToConstant: 30),
                                       badge.topAnchor.constraint(equalTo: root.topAnchor),
                                       badge.heightAnchor.constraint(equalToConstant: 30),
                                       leading, label.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        let horizontal = label.constraintsAffectingLayout(for: .horizontal).map(\.equationDescription)
        // The root's left edge (the engine pins it at 0), the badge that the label follows,
        // the spacing, and the label's content size.
        #expect(horizontal == ["'root.minX' root.left == 0", "badge.leading == root.leading + 20", "badge.width == 30",
                               "label.leading == badge.trailing + 8",
                               "'H content size' label.width == 60 Hug:250 CompressionResistance:750"], "\(horizontal)")
        let vertical = label.constraintsAffectingLayout(for: .vertical).map(\.equationDescription)
        #expect(vertical.contains("label.top == root.top") && !vertical.contains { $0.hasPrefix("badge.") }, "\(vertical)")
    }
}
