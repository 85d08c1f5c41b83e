import Testing
@testable import AutoLayout

/// `StackView`: UIKit's stack view behaviour beyond the conformance records.
struct StackViewTests {
    /// A stack of three items 40, 60 and 20 wide (30, 20, 10 high) at the top left of a
    /// root, `width` wide when given.
    static func row(_ distribution: StackView.Distribution, spacing: Double = 10, width: Double? = 200)
        throws -> (root: LayoutView, stack: StackView, items: [SizedView]) {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let items = [SizedView("a", 40, 30), SizedView("b", 60, 20), SizedView("c", 20, 10)]
        let stack = StackView(arrangedSubviews: items)
        stack.identifier = "stack"
        stack.translatesAutoresizingMaskIntoConstraints = false
        stack.distribution = distribution
        stack.spacing = spacing
        root.addSubview(stack)
        var pins = [stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                    stack.topAnchor.constraint(equalTo: root.topAnchor)]
        if let width { pins.append(stack.widthAnchor.constraint(equalToConstant: width)) }
        try LayoutConstraint.activate(pins)
        root.layoutIfNeeded()
        return (root, stack, items)
    }

    static func xs(_ items: [LayoutView]) -> [Double] { items.map { ($0.frame.minX * 1000).rounded() / 1000 } }
    static func widths(_ items: [LayoutView]) -> [Double] { items.map { ($0.frame.width * 1000).rounded() / 1000 } }

    @Test("each distribution across a 200-point row: 40, 60 and 20 points of content, spacing 10")
    func distributions() throws {
        let equally = try Self.row(.fillEqually)
        #expect(Self.widths(equally.items) == [60, 60, 60] && Self.xs(equally.items) == [0, 70, 140])
        let spacing = try Self.row(.equalSpacing)
        #expect(Self.xs(spacing.items) == [0, 80, 180] && Self.widths(spacing.items) == [40, 60, 20])
        let centering = try Self.row(.equalCentering)
        #expect(Self.xs(centering.items) == [0, 75, 180])
        // UIKit's proportions: each view's share of the content plus the spacing (140), of
        // the stack's width, at 999, 998, 997: the last view takes what the spacing leaves.
        let proportional = try Self.row(.fillProportionally)
        #expect(Self.widths(proportional.items) == [57.143, 85.714, 37.143])
        // Fill: the view with the lowest hugging priority takes the room left.
        let fill = try Self.row(.fill, width: nil)
        fill.items[0].setContentHuggingPriority(249, for: .horizontal)
        fill.stack.widthAnchor.constraint(equalToConstant: 200).isActive = true
        fill.root.layoutIfNeeded()
        #expect(Self.widths(fill.items) == [100, 60, 20])
        for case let root in [equally.root, spacing.root, centering.root, fill.root] {
            #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
        }
    }

    @Test("a hidden view collapses with its spacing, and comes back when shown; only a few constraints change")
    func hiding() throws {
        let (root, stack, items) = try Self.row(.fill, width: nil)
        #expect(Self.xs(items) == [0, 50, 120] && stack.frame.width == 140)
        // (A constraint on one view alone is installed on that view, as in UIKit.)
        func all() -> [LayoutConstraint] { stack.constraints + items.flatMap(\.constraints) }
        let before = all()
        items[1].isHidden = true
        root.layoutIfNeeded()
        // b collapses after a's spacing; the spacing after b goes.
        #expect(Self.xs(items) == [0, 50, 50] && Self.widths(items) == [40, 0, 20] && stack.frame.width == 70)
        // As UIKit does it: one constraint made (b's width 0) and one constant changed (the
        // spacing after b); nothing else.
        let hidden = all()
        #expect(hidden.filter { c in !before.contains { $0 === c } }.map(\.logDescription)
                == ["<LayoutConstraint 'UISV-hiding' H:[b(0)]   (active)>"])
        #expect(before.allSatisfy { c in hidden.contains { $0 === c } })
        #expect(hidden.filter { $0.identifier == "UISV-spacing" }.map(\.logDescription)
                == ["<LayoutConstraint 'UISV-spacing' H:[a]-(10)-[b]   (active)>",
                    "<LayoutConstraint 'UISV-spacing' H:[b]-(0)-[c]   (active)>"])
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
        items[1].isHidden = false
        root.layoutIfNeeded()
        #expect(Self.xs(items) == [0, 50, 120] && stack.frame.width == 140)
        #expect(!stack.constraints.contains { $0.identifier == "UISV-hiding" })
        // Every view hidden: the stack collapses to nothing along its axis.
        for item in items { item.isHidden = true }
        root.layoutIfNeeded()
        #expect(stack.frame.width == 0 && root.brokenConstraints.isEmpty)
    }

    @Test("a hidden view whose own width is required still takes no room: the width is broken, not the hiding")
    func hidingWinsOverARequiredWidth() throws {
        let (root, stack, items) = try Self.row(.fill, width: nil)
        var diagnostics: [LayoutDiagnostic] = []
        root.layoutDiagnosticsHandler = { diagnostics.append($0) }
        let width = items[1].widthAnchor.constraint(equalToConstant: 60)
        try width.activate()
        items[1].isHidden = true
        root.layoutIfNeeded()
        // As UIKit lays it out (there the hidden view drops out of the chain): the views
        // after it close up, and the stack ends at the last shown one.
        #expect(Self.xs(items) == [0, 50, 50] && Self.widths(items) == [40, 0, 20] && stack.frame.width == 70)
        #expect(root.brokenConstraints.count == 1 && root.brokenConstraints.first === width)
        let logged = diagnostics.map(\.description).joined(separator: "\n")
        #expect(logged.contains("'UISV-hiding' H:[b(0)]") && logged.contains("Will attempt to recover by breaking constraint \n"
            + width.logDescription + "\n(Broken to keep the stack's 'UISV-hiding': a hidden arranged view takes no room.)"),
            "\(logged)")
        let issue = try #require(root.layoutIssues().first { $0.kind == .conflictingConstraints })
        #expect(issue.message.contains("the engine broke 'b.width == 60', to keep the stack's hidden view from taking room"),
                "\(issue.message)")
        // Shown again, the width holds once more.
        items[1].isHidden = false
        root.layoutIfNeeded()
        #expect(Self.xs(items) == [0, 50, 120] && Self.widths(items) == [40, 60, 20] && stack.frame.width == 140)
        #expect(root.brokenConstraints.isEmpty)
    }

    @Test("a hidden view that cannot collapse keeps its size and takes no room, as a stored Interface Builder frame shows")
    func hiddenViewHeldOpen() throws {
        // A row of square 32-point avatars 32 high, overlapping by 3, the last hidden (as in
        // a real .xib, whose stored frames put the row at 148 wide and the hidden avatar at
        // x 148, 32 wide): its width at 0 would make its height 0 through its aspect ratio,
        // against the row's height. The engine breaks its UISV-hiding, and the row reads
        // past it.
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let avatars = (0..<6).map { k in
            let view = LayoutView(identifier: "a\(k)", frame: .zero)
            view.translatesAutoresizingMaskIntoConstraints = false
            return view
        }
        let stack = StackView(arrangedSubviews: avatars)
        stack.spacing = -3
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        var constraints = [stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                           stack.topAnchor.constraint(equalTo: root.topAnchor),
                           stack.heightAnchor.constraint(equalToConstant: 32)]
        for view in avatars {
            constraints += [view.widthAnchor.constraint(equalToConstant: 32),
                            view.widthAnchor.constraint(equalTo: view.heightAnchor)]
        }
        try LayoutConstraint.activate(constraints)
        avatars[5].isHidden = true
        root.layoutIfNeeded()
        #expect(stack.frame.width == 148 && avatars[5].frame == Rect(x: 148, y: 0, width: 32, height: 32))
        #expect(root.brokenConstraints.count == 1 && root.brokenConstraints.first?.identifier == "UISV-hiding")
        // Shown and hidden again before the next layout: no change, it stays held open.
        avatars[5].isHidden = false
        avatars[5].isHidden = true
        root.layoutIfNeeded()
        #expect(stack.frame.width == 148 && avatars[5].frame == Rect(x: 148, y: 0, width: 32, height: 32))
        // Hidden in the middle too, then shown: the row closes up and opens again.
        avatars[2].isHidden = true
        root.layoutIfNeeded()
        #expect(stack.frame.width == 119 && avatars[3].frame.minX == 58 && avatars[2].frame.width == 32)
        avatars[2].isHidden = false
        avatars[5].isHidden = false
        root.layoutIfNeeded()
        #expect(stack.frame.width == 177 && avatars[5].frame.minX == 145 && root.brokenConstraints.isEmpty)
    }

    @Test("a hidden nested stack takes no room in its stack, and comes back when shown")
    func hiddenNestedStack() throws {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let inner = StackView(arrangedSubviews: [SizedView("x", 30, 10), SizedView("y", 30, 10)])
        inner.identifier = "inner"
        inner.axis = .vertical
        inner.spacing = 8
        let (top, bottom) = (SizedView("top", 30, 20), SizedView("bottom", 30, 20))
        let outer = StackView(arrangedSubviews: [top, inner, bottom])
        outer.identifier = "outer"
        outer.axis = .vertical
        outer.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(outer)
        try LayoutConstraint.activate([outer.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       outer.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(bottom.frame.minY == 48 && outer.frame.height == 68)
        // Its views give way (their compression resistance is not required), so its height
        // reaches 0 with nothing broken.
        inner.isHidden = true
        root.layoutIfNeeded()
        #expect(bottom.frame.minY == 20 && outer.frame.height == 40 && inner.frame.height == 0)
        #expect(root.brokenConstraints.isEmpty)
        inner.isHidden = false
        root.layoutIfNeeded()
        #expect(bottom.frame.minY == 48 && outer.frame.height == 68 && root.brokenConstraints.isEmpty)
    }

    @Test("arranging: insert at an index, move, remove from the arrangement (stays a subview) or from the stack")
    func arranging() throws {
        let (root, stack, items) = try Self.row(.fill, width: nil)
        let d = SizedView("d", 10, 10)
        stack.insertArrangedSubview(d, at: 1)
        #expect(stack.arrangedSubviews.map(\.identifier) == ["a", "d", "b", "c"] && d.superview === stack)
        #expect(!d.translatesAutoresizingMaskIntoConstraints)
        root.layoutIfNeeded()
        #expect(Self.xs(stack.arrangedSubviews) == [0, 50, 70, 140])
        stack.insertArrangedSubview(d, at: 99)
        #expect(stack.arrangedSubviews.map(\.identifier) == ["a", "b", "c", "d"])
        stack.removeArrangedSubview(items[0])
        #expect(stack.arrangedSubviews.map(\.identifier) == ["b", "c", "d"] && items[0].superview === stack)
        root.layoutIfNeeded()
        #expect(Self.xs(stack.arrangedSubviews) == [0, 70, 100])
        #expect(!stack.constraints.contains { $0.items.contains { $0 === items[0] } })
        items[2].removeFromSuperview()
        #expect(stack.arrangedSubviews.map(\.identifier) == ["b", "d"])
        root.layoutIfNeeded()
        #expect(Self.xs(stack.arrangedSubviews) == [0, 70] && stack.frame.width == 80)
    }

    @Test("custom spacing after a view, system spacing, and values refused")
    func spacings() throws {
        let (root, stack, items) = try Self.row(.fill, width: nil)
        #expect(stack.customSpacing(after: items[0]) == StackView.spacingUseDefault)
        stack.setCustomSpacing(30, after: items[0])
        root.layoutIfNeeded()
        #expect(Self.xs(items) == [0, 70, 140] && stack.customSpacing(after: items[0]) == 30)
        stack.setCustomSpacing(StackView.spacingUseDefault, after: items[0])
        stack.spacing = StackView.spacingUseSystem
        root.layoutIfNeeded()
        #expect(Self.xs(items) == [0, 48, 116])
        stack.spacing = .nan
        #expect(stack.spacing == StackView.spacingUseSystem)
        #expect(root.layoutDiagnostics.contains { if case .rejectedValue = $0 { true } else { false } })
    }

    @Test("alignments across a horizontal row: top, centre, bottom, first baselines")
    func alignments() throws {
        let (root, stack, items) = try Self.row(.fill, width: nil)
        func ys() -> [Double] { root.layoutIfNeeded(); return items.map(\.frame.minY) }
        #expect(ys() == [0, 0, 0] && items.map(\.frame.height) == [30, 30, 30])
        stack.alignment = .top
        #expect(ys() == [0, 0, 0] && items.map(\.frame.height) == [30, 20, 10] && stack.frame.height == 30)
        stack.alignment = .center
        #expect(ys() == [0, 5, 10])
        stack.alignment = .bottom
        #expect(ys() == [0, 10, 20])
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
        let texts = [SizedView("t1", 50, 20, firstBaseline: 16), SizedView("t2", 50, 40, firstBaseline: 30)]
        let line = StackView(arrangedSubviews: texts)
        line.translatesAutoresizingMaskIntoConstraints = false
        line.alignment = .firstBaseline
        root.addSubview(line)
        try LayoutConstraint.activate([line.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       line.topAnchor.constraint(equalTo: root.topAnchor, constant: 100)])
        root.layoutIfNeeded()
        // Baselines at 30 from the stack's top; the stack spans both views.
        #expect(texts.map(\.frame.minY) == [14, 0] && line.frame.height == 40)
    }

    @Test("a vertical stack: margins-relative, and baseline-relative spacing")
    func vertical() throws {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let texts = [SizedView("t1", 50, 20, firstBaseline: 15, lastBaseline: 5), SizedView("t2", 80, 20, firstBaseline: 15, lastBaseline: 5)]
        let stack = StackView(arrangedSubviews: texts)
        stack.translatesAutoresizingMaskIntoConstraints = false
        stack.axis = .vertical
        stack.spacing = 30
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        root.addSubview(stack)
        try LayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       stack.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(texts.map(\.frame) == [Rect(x: 20, y: 10, width: 80, height: 20), Rect(x: 20, y: 60, width: 80, height: 20)])
        #expect(stack.frame.size == Size(width: 120, height: 90))
        // Baseline to baseline: 30 from the first view's last baseline (15 down) to the
        // second's first baseline (15 down from its top).
        stack.isBaselineRelativeArrangement = true
        root.layoutIfNeeded()
        #expect(texts[1].frame.minY == 10 + 15 + 30 - 15)
    }

    @Test("nested stacks: the outer one takes its size from the inner ones' arrangements")
    func nesting() throws {
        let rows = (0..<3).map { row in
            let stack = StackView(arrangedSubviews: (0..<3).map { SizedView("r\(row)c\($0)", 30, 20) })
            stack.spacing = 5
            return stack
        }
        let column = StackView(arrangedSubviews: rows)
        column.axis = .vertical
        column.spacing = 8
        let fitting = column.systemLayoutSizeFitting(LayoutView.layoutFittingCompressedSize)
        #expect(fitting == Size(width: 100, height: 76))
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        column.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(column)
        try LayoutConstraint.activate([column.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       column.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(column.frame.size == fitting && rows[2].frame.minY == 56)
        // Hiding a row closes the column up.
        rows[1].isHidden = true
        root.layoutIfNeeded()
        #expect(column.frame.height == 48 && rows[2].frame.minY == 28)
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
    }

    @Test("changing the axis, the distribution or an intrinsic size rearranges")
    func changes() throws {
        let (root, stack, items) = try Self.row(.fillProportionally)
        items[2].size = Size(width: 40, height: 10)
        items[2].invalidateIntrinsicContentSize()
        root.layoutIfNeeded()
        // 200 × 40/160, 200 × 60/160, and the rest.
        #expect(Self.widths(items) == [50, 75, 55])
        stack.distribution = .fill
        stack.axis = .vertical
        root.layoutIfNeeded()
        #expect(items.map(\.frame.minY) == [0, 40, 70] && Self.widths(items) == [200, 200, 200])
        #expect(!stack.constraints.contains { $0.identifier == "UISV-fill-proportionally" })
    }

    @Test("a conflict with a stack's constraint names it as UIKit does")
    func conflictNamesStackConstraints() throws {
        let (root, _, items) = try Self.row(.fillEqually)
        try items[0].widthAnchor.constraint(equalToConstant: 100).activate()
        root.layoutIfNeeded()
        let log = root.layoutDiagnostics.map(\.description).joined(separator: "\n")
        #expect(log.contains("'UISV-fill-equally'") && log.contains("'UISV-canvas-connection'"), "\(log)")
        let issue = try #require(root.layoutIssues().first { $0.kind == .conflictingConstraints })
        #expect(issue.message.contains("(UISV-fill-equally)"), "\(issue.message)")
    }

    @Test("the constraints affecting an arranged view include the stack's, by their UIKit names")
    func affectingConstraints() throws {
        let (root, _, items) = try Self.row(.fill, width: nil)
        let names = Set(items[1].constraintsAffectingLayout(for: .horizontal).compactMap(\.identifier))
        #expect(names.isSuperset(of: ["UISV-spacing", "UISV-canvas-connection"]), "\(names)")
        let vertical = Set(items[1].constraintsAffectingLayout(for: .vertical).compactMap(\.identifier))
        #expect(vertical.contains("UISV-alignment"), "\(vertical)")
        #expect(root.autolayoutTrace().contains("|   |   *b\n"), "\(root.autolayoutTrace())")
    }

    @Test("a stack outliving its superview keeps its arrangement, and so does any subtree")
    func outlivingTheRoot() throws {
        var stack: StackView?, items: [SizedView] = []
        do {
            let made = try Self.row(.fill, width: nil)
            stack = made.stack
            items = made.items
            #expect(Self.xs(items) == [0, 50, 120])
        }
        // The root is gone: the stack is a root now, and lays its views out as before.
        let alone = try #require(stack)
        #expect(alone.superview == nil)
        alone.layoutIfNeeded()
        #expect(Self.xs(items) == [0, 50, 120] && items.map(\.frame.height) == [30, 30, 30])
        #expect(!alone.hasAmbiguousLayout && items.allSatisfy { !$0.hasAmbiguousLayout })
        // As a root its size is its frame's: hiding b leaves the room to a view that hugs.
        items[1].isHidden = true
        alone.layoutIfNeeded()
        #expect(items[1].frame.width == 0 && items[2].frame.maxX == 140 && alone.layoutIssues().map(\.kind) == [.contentPriorityAmbiguity])
    }
}
