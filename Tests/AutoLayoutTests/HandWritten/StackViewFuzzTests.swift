import SeededRandom
import Testing
@testable import AutoLayout

/// A stack changed step by step lays out as a stack built afresh in its final state: the
/// incremental update of its constraints (kept, changed in place, made, retired) never
/// leaves one behind or misses one.
struct StackViewFuzzTests {
    /// A stack's options and its views' states, to build afresh or to apply.
    struct State {
        var axis = LayoutAxis.horizontal
        var distribution = StackView.Distribution.fill
        var alignment = StackView.Alignment.fill
        var spacing = 0.0
        var baselineRelative = false
        var marginsRelative = false
        /// Per view: hidden, and a custom spacing after it.
        var hidden: [Bool] = []
        var custom: [Double?] = []
        var order: [Int] = []

        mutating func randomize(_ rng: inout SplitMix64, count: Int) {
            axis = Bool.random(using: &rng) ? .horizontal : .vertical
            distribution = StackView.Distribution.allCases.randomElement(using: &rng)!
            alignment = StackView.Alignment.allCases.randomElement(using: &rng)!
            spacing = [0, 4, 8, StackView.spacingUseSystem].randomElement(using: &rng)!
            baselineRelative = Int.random(in: 0..<4, using: &rng) == 0
            marginsRelative = Int.random(in: 0..<4, using: &rng) == 0
            hidden = (0..<count).map { _ in Int.random(in: 0..<4, using: &rng) == 0 }
            custom = (0..<count).map { _ in Int.random(in: 0..<4, using: &rng) == 0 ? Double(Int.random(in: 0...20, using: &rng)) : nil }
            order = Array(0..<count).shuffled(using: &rng)
        }

        /// Sets the stack to this state (in any order: each is a property).
        func apply(to stack: StackView, views: [SizedView]) {
            stack.axis = axis
            stack.distribution = distribution
            stack.alignment = alignment
            stack.spacing = spacing
            stack.isBaselineRelativeArrangement = baselineRelative
            stack.isLayoutMarginsRelativeArrangement = marginsRelative
            for (position, index) in order.enumerated() { stack.insertArrangedSubview(views[index], at: position) }
            for (index, view) in views.enumerated() {
                view.isHidden = hidden[index]
                stack.setCustomSpacing(custom[index] ?? StackView.spacingUseDefault, after: view)
            }
        }
    }

    /// A root and a stack of `count` text-like views with distinct sizes and baselines,
    /// pinned at the top left (and, on odd seeds, given a size).
    static func make(count: Int, sized: Bool) throws -> (LayoutView, StackView, [SizedView]) {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let stack = StackView()
        stack.identifier = "stack"
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        var views: [SizedView] = []
        for index in 0..<count {
            let k = Double(index)
            let view = SizedView("v\(index)", 20 + 13 * k, 10 + 7 * k, firstBaseline: 8 + 5 * k, lastBaseline: 2 + k)
            let hugging = LayoutPriority(Float(240 + index))
            view.setContentHuggingPriority(hugging, for: .horizontal)
            view.setContentHuggingPriority(hugging, for: .vertical)
            stack.addArrangedSubview(view)
            views.append(view)
        }
        var pins = [stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                    stack.topAnchor.constraint(equalTo: root.topAnchor)]
        if sized {
            pins += [stack.widthAnchor.constraint(equalToConstant: 600), stack.heightAnchor.constraint(equalToConstant: 500)]
        }
        try LayoutConstraint.activate(pins)
        return (root, stack, views)
    }

    /// A stack of a seeded number of views (in `counts`) and a random state for it, three
    /// seeds in four of fill or fill equally, whose updates take one kind of change alone.
    static func seeded(_ seed: UInt64, _ rng: inout SplitMix64, counts: ClosedRange<Int>) throws
        -> (root: LayoutView, stack: StackView, views: [SizedView], state: State, count: Int, sized: Bool) {
        let count = Int.random(in: counts, using: &rng)
        let sized = seed % 2 == 1
        let (root, stack, views) = try make(count: count, sized: sized)
        var state = State()
        state.randomize(&rng, count: count)
        if seed % 4 != 0 { state.distribution = seed % 4 == 1 ? .fill : .fillEqually }
        return (root, stack, views, state, count, sized)
    }

    /// Builds a stack of `count` views afresh in `state` (without the views at `removed`)
    /// and expects `stack` to have the same constraints, made in the same order and all
    /// active, and `views` the frames of their fresh twins; returns the fresh root and stack
    /// for further checks.
    @discardableResult
    static func expectMatchesFresh(_ stack: StackView, _ views: [SizedView], state: State, count: Int, sized: Bool,
                                   removed: Set<Int> = [], _ context: String,
                                   sourceLocation: SourceLocation = #_sourceLocation)
        throws -> (root: LayoutView, stack: StackView) {
        let (freshRoot, freshStack, freshViews) = try make(count: count, sized: sized)
        for index in removed { freshViews[index].removeFromSuperview() }
        state.apply(to: freshStack, views: freshViews)
        freshRoot.layoutIfNeeded()
        #expect(stack.arrangement.map(\.logDescription) == freshStack.arrangement.map(\.logDescription), "\(context)",
                sourceLocation: sourceLocation)
        #expect(stack.arrangement.allSatisfy { $0.isActive }, "\(context)", sourceLocation: sourceLocation)
        expectSameFrames(views, freshViews, freshRoot, context, skipping: removed, sourceLocation: sourceLocation)
        return (freshRoot, freshStack)
    }

    /// Each view (but those at `skipped`) has the frame of its fresh twin, wherever the
    /// fresh layout determines it.
    static func expectSameFrames(_ views: [SizedView], _ freshViews: [SizedView], _ freshRoot: LayoutView, _ context: String,
                                 skipping skipped: Set<Int> = [], sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, (view, fresh)) in zip(views, freshViews).enumerated()
        where !skipped.contains(index) && !fresh.hasAmbiguousLayout && freshRoot.brokenConstraints.isEmpty {
            #expect(abs(view.frame.minX - fresh.frame.minX) < 1e-6 && abs(view.frame.minY - fresh.frame.minY) < 1e-6
                    && abs(view.frame.width - fresh.frame.width) < 1e-6 && abs(view.frame.height - fresh.frame.height) < 1e-6,
                    "\(context): \(view) at \(view.frame), fresh \(fresh.frame)", sourceLocation: sourceLocation)
        }
    }

    @Test("random changes, one layout after each, end where a stack built afresh starts", arguments: 1...40)
    func incrementalMatchesFresh(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let count = Int.random(in: 1...5, using: &rng)
        let sized = seed % 2 == 1
        let (root, stack, views) = try Self.make(count: count, sized: sized)
        var state = State()
        for _ in 0..<6 {
            state.randomize(&rng, count: count)
            state.apply(to: stack, views: views)
            root.layoutIfNeeded()
        }
        // The same constraints, made in the same order as a fresh stack's, and the same
        // frames wherever the fresh layout determines them.
        let fresh = try Self.expectMatchesFresh(stack, views, state: state, count: count, sized: sized, "seed \(seed)")
        #expect(stack.layoutGuides.count == fresh.stack.layoutGuides.count)
        #expect(root.brokenConstraints.count == fresh.root.brokenConstraints.count, "seed \(seed)")
    }

    @Test("hiding and showing a few views at a time, one layout after each, matches a stack built afresh every time",
          arguments: 1...60)
    func hiddenChangesMatchFresh(seed: UInt64) throws {
        var rng = SplitMix64(seed: 1000 + seed)
        var (root, stack, views, state, count, sized) = try Self.seeded(seed, &rng, counts: 1...24)
        state.apply(to: stack, views: views)
        root.layoutIfNeeded()
        for step in 0..<8 {
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let index = Int.random(in: 0..<count, using: &rng)
                state.hidden[index].toggle()
                views[index].isHidden = state.hidden[index]
            }
            // Sometimes a view hidden and shown again before the layout: no net change.
            if Bool.random(using: &rng) {
                let index = Int.random(in: 0..<count, using: &rng)
                views[index].isHidden.toggle()
                views[index].isHidden.toggle()
            }
            root.layoutIfNeeded()
            try Self.expectMatchesFresh(stack, views, state: state, count: count, sized: sized, "seed \(seed), step \(step)")
        }
    }

    @Test("views appended to a laid-out stack a few at a time, one layout after each, match a stack built afresh every time",
          arguments: 1...60)
    func appendedViewsMatchFresh(seed: UInt64) throws {
        var rng = SplitMix64(seed: 2000 + seed)
        var (root, stack, views, state, count, sized) = try Self.seeded(seed, &rng, counts: 2...16)
        state.order = Array(0..<count)
        // The stack starts with its first views; the others are appended in turn.
        /// The state of the first `n` views.
        func first(_ n: Int) -> State {
            var part = state
            part.order = Array(0..<n)
            part.hidden = Array(state.hidden[..<n])
            part.custom = Array(state.custom[..<n])
            return part
        }
        var arranged = Int.random(in: 1...min(3, count - 1), using: &rng)
        for view in views[arranged...] { view.removeFromSuperview() }
        first(arranged).apply(to: stack, views: Array(views[..<arranged]))
        root.layoutIfNeeded()
        var step = 0
        while arranged < count {
            let end = min(count, arranged + Int.random(in: 1...2, using: &rng))
            for index in arranged..<end {
                // Hidden before it joins or after: either way the stack hears of it.
                let hiddenFirst = Bool.random(using: &rng)
                if hiddenFirst { views[index].isHidden = state.hidden[index] }
                stack.addArrangedSubview(views[index])
                if !hiddenFirst { views[index].isHidden = state.hidden[index] }
                stack.setCustomSpacing(state.custom[index] ?? StackView.spacingUseDefault, after: views[index])
            }
            arranged = end
            root.layoutIfNeeded()
            step += 1
            let fresh = try Self.expectMatchesFresh(stack, views, state: first(arranged), count: arranged, sized: sized,
                                                    "seed \(seed), step \(step)")
            #expect(stack.constraints.count == fresh.stack.constraints.count, "seed \(seed), step \(step)")
        }
    }

    @Test("views removed from a laid-out stack one or two at a time, with or without another change, one layout after each, match a stack built afresh every time",
          arguments: 1...60)
    func removedViewsMatchFresh(seed: UInt64) throws {
        var rng = SplitMix64(seed: 3000 + seed)
        var (root, stack, views, state, count, sized) = try Self.seeded(seed, &rng, counts: 2...16)
        state.apply(to: stack, views: views)
        root.layoutIfNeeded()
        var removed = Set<Int>(), step = 0
        while state.order.count > 1 && step < 24 {
            // Now and then two at once, which works out the whole arrangement.
            for _ in 0..<(Int.random(in: 0..<5, using: &rng) == 0 ? 2 : 1) where state.order.count > 1 {
                let index = state.order.remove(at: Int.random(in: 0..<state.order.count, using: &rng))
                // Out of the stack altogether, or out of the arrangement only.
                if Bool.random(using: &rng) { views[index].removeFromSuperview() } else { stack.removeArrangedSubview(views[index]) }
                removed.insert(index)
            }
            // Now and then another change before the layout: a removed view appended again
            // (its custom spacing went with it), or a view hidden or shown.
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:
                let index = removed.sorted().randomElement(using: &rng)!
                removed.remove(index)
                state.order.append(index)
                state.custom[index] = nil
                stack.addArrangedSubview(views[index])
            case 1:
                let index = state.order.randomElement(using: &rng)!
                state.hidden[index].toggle()
                views[index].isHidden = state.hidden[index]
            default:
                break
            }
            root.layoutIfNeeded()
            step += 1
            try Self.expectMatchesFresh(stack, views, state: state, count: count, sized: sized, removed: removed,
                                        "seed \(seed), step \(step)")
        }
    }

    @Test("a view removed from a fill stack takes only its own constraints and its neighbour's link with it")
    func removingTakesTheShortPath() throws {
        let (root, stack, views) = try Self.make(count: 6, sized: false)
        stack.axis = .vertical
        stack.distribution = .fillEqually
        stack.alignment = .leading
        stack.spacing = 4
        root.layoutIfNeeded()
        let before = Set(stack.arrangement.map(ObjectIdentifier.init))
        let naming = stack.arrangement.filter { $0.firstItem === views[3] || $0.secondItem === views[3] }
        // (Tests running beside this one may edit stacks' constraints, which sends every
        // stack down the full path: the short one is expected only when none did since
        // this stack's last update.)
        let seen = stack.editsSeen
        views[3].removeFromSuperview()
        root.layoutIfNeeded()
        let undisturbed = stack.editsSeen == seen
        #expect(stack.removalUpdates == (undisturbed ? 1 : stack.removalUpdates))
        // The removed view's link, fill-equally rule, alignment, spanning boundaries and
        // ambiguity suppression went, and the next view's link to it: one new link replaces
        // them all.
        let after = Set(stack.arrangement.map(ObjectIdentifier.init))
        #expect(naming.count == 7)
        #expect(before.subtracting(after).count == naming.count && after.subtracting(before).count == 1)
        #expect(views[4].frame.minY == views[2].frame.maxY + 4 && views[4].frame.height == views[0].frame.height)
        // A removal with another change works out the whole arrangement.
        let taken = stack.removalUpdates
        views[5].isHidden = true
        views[1].removeFromSuperview()
        root.layoutIfNeeded()
        #expect(stack.removalUpdates == taken)
        #expect(views[2].frame.minY == views[0].frame.maxY + 4 && views[5].frame.height == 0)
    }

    @Test("views appended at the end of a fill stack are taken in without working out the whole arrangement")
    func appendingTakesTheShortPath() throws {
        let (root, stack, views) = try Self.make(count: 6, sized: false)
        for view in views[3...] { view.removeFromSuperview() }
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 4
        root.layoutIfNeeded()
        let before = Set(stack.arrangement.map(ObjectIdentifier.init))
        // (Tests running beside this one may edit stacks' constraints, which sends every
        // stack down the full path: the short one is expected only when none did since
        // this stack's last update.)
        let seen = stack.editsSeen
        stack.addArrangedSubview(views[3])
        views[4].isHidden = true
        stack.addArrangedSubview(views[4])
        root.layoutIfNeeded()
        let undisturbed = stack.editsSeen == seen
        #expect(stack.appendedUpdates == (undisturbed ? 1 : stack.appendedUpdates))
        // Only the canvas connection at the end went; every other constraint stayed.
        let after = Set(stack.arrangement.map(ObjectIdentifier.init))
        #expect(before.subtracting(after).count == 1)
        #expect(views[3].frame.minY == views[2].frame.maxY + 4 && views[4].frame.height == 0)
        // Any other change works out the whole arrangement.
        let taken = stack.appendedUpdates
        stack.insertArrangedSubview(views[5], at: 0)
        root.layoutIfNeeded()
        #expect(stack.appendedUpdates == taken)
        #expect(views[0].frame.minY == views[5].frame.maxY + 4)
    }

    @Test("rows appended one at a time to a laid-out column of rows add a few cells each to the tableau")
    func appendedRowsStayLocal() throws {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let column = StackView()
        column.axis = .vertical
        column.spacing = 4
        column.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(column)
        try LayoutConstraint.activate([column.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       column.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                                       column.topAnchor.constraint(equalTo: root.topAnchor)])
        func row(_ k: Int) -> StackView {
            let labels = [SizedView("a\(k)", 60, 20), SizedView("b\(k)", 120, 20), SizedView("c\(k)", 40, 20)]
            labels[1].setContentHuggingPriority(249, for: .horizontal)
            let row = StackView(arrangedSubviews: labels)
            row.spacing = 8
            return row
        }
        for k in 0..<200 { column.addArrangedSubview(row(k)) }
        root.layoutIfNeeded()
        let before = root.engine.solver.statistics.cells
        for k in 200..<220 {
            column.addArrangedSubview(row(k))
            root.layoutIfNeeded()
        }
        let perRow = Double(root.engine.solver.statistics.cells - before) / 20
        // Each row's own rows, not one opened over the rows above it (about 400 cells each).
        #expect(perRow < 60, "\(perRow) cells a row")
        #expect(column.arrangedSubviews[219].frame == Rect(x: 0, y: 24 * 219, width: 375, height: 20))
    }

    @Test("a hide or a show in a long fill stack remakes only the constraints around the view, by either path")
    func hideTouchesFewConstraints() throws {
        let (root, stack, views) = try Self.make(count: 200, sized: false)
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 4
        root.layoutIfNeeded()
        let before = stack.arrangement.map(ObjectIdentifier.init)
        views[100].isHidden = true
        root.layoutIfNeeded()
        let hidden = stack.arrangement.map(ObjectIdentifier.init)
        // The hiding rule is new and the two spanning boundaries are gone; the spacing after
        // the view changed its constant in place. Every other constraint is the same object.
        #expect(hidden.count == before.count - 1)
        #expect(Set(before).subtracting(hidden).count == 2)
        #expect(Set(hidden).subtracting(before).count == 1)
        #expect(views[101].frame.minY == views[99].frame.maxY + 4)
        #expect(views[100].frame.height == 0)
        // The whole arrangement worked out again (as after a change from outside) keeps as
        // much: the reverse.
        StackView.editsFromOutside.add(1, ordering: .relaxed)
        views[100].isHidden = false
        root.layoutIfNeeded()
        let shown = stack.arrangement.map(ObjectIdentifier.init)
        #expect(shown.count == before.count)
        #expect(Set(hidden).subtracting(shown).count == 1)
        #expect(Set(shown).subtracting(hidden).count == 2)
        #expect(views[101].frame.minY == views[100].frame.maxY + 4)
    }

    @Test("a stack's constraint deactivated from outside is made active again by the next update, a hide's included")
    func deactivatedConstraintComesBack() throws {
        let (root, stack, views) = try Self.make(count: 30, sized: false)
        stack.axis = .vertical
        stack.alignment = .center
        root.layoutIfNeeded()
        func aligning(_ view: LayoutView) -> LayoutConstraint? {
            stack.arrangement.first { $0.identifier == "UISV-alignment" && $0.secondItem === view }
        }
        let far = try #require(aligning(views[25]))
        far.isActive = false
        views[3].isHidden = true
        root.layoutIfNeeded()
        #expect(stack.arrangement.allSatisfy { $0.isActive })
        #expect(aligning(views[25])?.isActive == true)
        #expect(views[25].frame.midX == views[0].frame.midX)
    }

    @Test("a stack's constraint changed from outside is put back by the next update, whatever it does")
    func outsideEditsAreUndone() throws {
        let (root, stack, views) = try Self.make(count: 10, sized: false)
        stack.spacing = 4
        root.layoutIfNeeded()
        func spacing(before view: LayoutView) -> LayoutConstraint? {
            stack.arrangement.first { $0.identifier == "UISV-spacing" && $0.firstItem === view }
        }
        // A constant far from the view that hides.
        try #require(spacing(before: views[8])).constant = 50
        views[1].isHidden = true
        root.layoutIfNeeded()
        #expect(spacing(before: views[8])?.constant == 4)
        #expect(views[8].frame.minX == views[7].frame.maxX + 4)
        // Deactivated, then a view hidden and shown again before the layout: no net change.
        let third = stack.arrangement[2]
        third.isActive = false
        views[5].isHidden = true
        views[5].isHidden = false
        root.layoutIfNeeded()
        #expect(stack.arrangement.count == 2 + 10 + 9 * 2 + 2)
        #expect(stack.arrangement.allSatisfy { $0.isActive })
        // An identifier.
        let alignment = try #require(stack.arrangement.first { $0.identifier == "UISV-alignment" && $0.secondItem === views[9] })
        try #require(spacing(before: views[9])).identifier = "mine"
        views[2].isHidden = true
        root.layoutIfNeeded()
        #expect(spacing(before: views[9])?.isActive == true)
        #expect(alignment.isActive)
    }

    @Test("hiding many neighbours at once keeps every other constraint, by either path")
    func manyHiddenAtOnce() throws {
        for fullPath in [false, true] {
            let (root, stack, views) = try Self.make(count: 30, sized: false)
            stack.axis = .vertical
            stack.alignment = .center
            root.layoutIfNeeded()
            let before = Set(stack.arrangement.map(ObjectIdentifier.init))
            if fullPath { StackView.editsFromOutside.add(1, ordering: .relaxed) }
            // Six neighbours: twelve spanning boundaries in a row go, more than the update
            // looks ahead.
            for view in views[10..<16] { view.isHidden = true }
            root.layoutIfNeeded()
            let after = Set(stack.arrangement.map(ObjectIdentifier.init))
            #expect(before.subtracting(after).count == 12, "full path: \(fullPath)")
            #expect(after.subtracting(before).count == 6, "full path: \(fullPath)")
            #expect(views[16].frame.minY == views[9].frame.maxY)
        }
    }
}
