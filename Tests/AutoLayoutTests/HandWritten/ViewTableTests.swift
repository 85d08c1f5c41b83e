import SeededRandom
import Testing
@testable import AutoLayout

/// The engine's table of views: a slot per view, named by its variables, and the views in
/// hierarchy order, kept up to date as views join and leave a laid-out hierarchy instead of
/// listed again after every change (so adding a view costs that view).
@Suite struct ViewTableTests {
    /// A root and a list of rows, each `top == previous.bottom + 8`, 44 high, 16 from the
    /// sides; row k at (16, 8 + 52k, 288, 44).
    final class List {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 320, height: 600))
        var rows: [LayoutView] = []
        var tops: [LayoutConstraint] = []

        init(rows count: Int) throws {
            for _ in 0..<count { try append() }
        }

        /// The constraints of a row placed after `previous` (the root's top for nil).
        func constraints(of row: LayoutView, after previous: LayoutView?) -> [LayoutConstraint] {
            [previous.map { row.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 8) }
                ?? row.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
             row.heightAnchor.constraint(equalToConstant: 44),
             row.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
             row.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16)]
        }

        func append() throws {
            let row = LayoutView(identifier: "row\(rows.count)")
            row.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(row)
            let made = constraints(of: row, after: rows.last)
            try LayoutConstraint.activate(made)
            rows.append(row)
            tops.append(made[0])
        }

        /// Removes row `k` and ties the row after it to the one before.
        func remove(_ k: Int) throws {
            rows[k].removeFromSuperview()
            rows.remove(at: k)
            tops.remove(at: k)
            guard k < rows.count else { return }
            let top = k == 0 ? rows[k].topAnchor.constraint(equalTo: root.topAnchor, constant: 8)
                : rows[k].topAnchor.constraint(equalTo: rows[k - 1].bottomAnchor, constant: 8)
            try top.activate()
            tops[k] = top
        }

        func expectFrames(sourceLocation: SourceLocation = #_sourceLocation) {
            for (k, row) in rows.enumerated() {
                #expect(row.frame == Rect(x: 16, y: 8 + 52 * Double(k), width: 288, height: 44), "row \(k)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    /// Whether the engine's list, if it has one, is a walk of the hierarchy with its places
    /// numbered, and every view's slot holds it and is the one its variables name.
    static func tableIsConsistent(_ root: LayoutView) -> Bool {
        let engine = root.engine, walk = root.subtreeReferences().map { $0.takeUnretainedValue() }
        for view in walk {
            guard engine.views.holds(view) else { return false }
            if view.variables.hasVariables && view.variables.minX.ownerSlot != Int32(view.viewSlot) { return false }
        }
        guard let order = engine.views.order else { return true }
        guard order.count == walk.count else { return false }
        for (index, view) in walk.enumerated() {
            if order[index].takeUnretainedValue() !== view || engine.views.place(of: view) != index { return false }
        }
        return true
    }

    @Test("rows appended to a laid-out list get their frames; the root does not place the others again")
    func appending() throws {
        let list = try List(rows: 30)
        list.root.layoutIfNeeded()
        list.expectFrames()
        for _ in 0..<10 {
            try list.append()
            // The new row goes into the list in place; the root's other subviews stay put.
            #expect(list.root.engine.views.order != nil)
            #expect(!list.root.cycle.subviewFramesStale)
            list.root.layoutIfNeeded()
        }
        list.expectFrames()
        #expect(Self.tableIsConsistent(list.root))
    }

    @Test("rows inserted, removed and moved in a laid-out list keep every frame and the table right")
    func editing() throws {
        let list = try List(rows: 20)
        list.root.layoutIfNeeded()
        // A row at the top: the first row's top constraint moves to it.
        let first = LayoutView(identifier: "first")
        first.translatesAutoresizingMaskIntoConstraints = false
        list.root.insertSubview(first, at: 0)
        list.tops[0].isActive = false
        let made = list.constraints(of: first, after: nil)
        let next = list.rows[0].topAnchor.constraint(equalTo: first.bottomAnchor, constant: 8)
        try LayoutConstraint.activate(made + [next])
        #expect(list.root.engine.views.order != nil)
        list.rows.insert(first, at: 0)
        list.tops[0] = next
        list.tops.insert(made[0], at: 0)
        list.root.layoutIfNeeded()
        list.expectFrames()
        try list.remove(10)
        try list.remove(0)
        try list.remove(list.rows.count - 1)
        #expect(list.root.engine.views.order != nil)
        list.root.layoutIfNeeded()
        list.expectFrames()
        #expect(list.rows.count == 18)
        #expect(Self.tableIsConsistent(list.root))
        // Slots freed by removed rows are taken by new ones.
        let slots = Set(list.rows.map(\.viewSlot) + [list.root.viewSlot])
        try list.append()
        #expect(list.rows.last!.viewSlot < list.root.engine.views.slots.count)
        #expect(!slots.contains(list.rows.last!.viewSlot))
        list.root.layoutIfNeeded()
        list.expectFrames()
    }

    @Test("random insertions, removals and moves keep the list in hierarchy order and every frame solved",
          arguments: 0..<8)
    func randomEdits(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        var views: [LayoutView] = []
        var made = 0
        func attach(_ view: LayoutView, to parent: LayoutView) throws {
            parent.insertSubview(view, at: Int.random(in: 0...parent.subviews.count, using: &rng))
            let inset = Double(Int.random(in: 0...4, using: &rng))
            try LayoutConstraint.activate([
                view.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: inset),
                view.topAnchor.constraint(equalTo: parent.topAnchor, constant: 2 * inset),
                view.widthAnchor.constraint(equalTo: parent.widthAnchor, multiplier: 0.5),
                view.heightAnchor.constraint(equalToConstant: 10 + inset),
            ])
        }
        func newView() -> LayoutView {
            made += 1
            let view = LayoutView(identifier: "v\(made)")
            view.translatesAutoresizingMaskIntoConstraints = false
            return view
        }
        for _ in 0..<25 {
            let view = newView()
            try attach(view, to: views.isEmpty ? root : (views.randomElement(using: &rng) ?? root))
            views.append(view)
        }
        root.layoutIfNeeded()
        for _ in 0..<120 {
            let inHierarchy = views.filter { $0.rootView === root }
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...3:
                let view = newView()
                try attach(view, to: inHierarchy.randomElement(using: &rng) ?? root)
                views.append(view)
            case 4...5:
                inHierarchy.randomElement(using: &rng)?.removeFromSuperview()
            case 6...7:
                // A view moved elsewhere (not into its own subtree): it leaves and joins again.
                guard let view = inHierarchy.randomElement(using: &rng) else { break }
                let parents = [root] + inHierarchy.filter { !$0.isDescendant(of: view) }
                try attach(view, to: parents.randomElement(using: &rng)!)
            default:
                // A view put back among its siblings at another index.
                guard let view = inHierarchy.randomElement(using: &rng), let parent = view.superview else { break }
                parent.insertSubview(view, at: Int.random(in: 0..<parent.subviews.count, using: &rng))
            }
            #expect(Self.tableIsConsistent(root))
            if Bool.random(using: &rng) {
                root.layoutIfNeeded()
                // Each view's frame is its solved rectangle, relative to its superview's.
                for view in root.subtree().dropFirst() {
                    let r = view.variables.rect, parent = view.superview!
                    let origin = parent === root ? Point(x: 0, y: 0) : Point(x: parent.variables.rect.minX, y: parent.variables.rect.minY)
                    #expect(view.frame == Rect(x: r.minX - origin.x, y: r.minY - origin.y, width: r.width, height: r.height),
                            "\(view)")
                }
            }
        }
    }

    @Test("a subtree leaving takes every constraint reaching into it, however many items it has",
          arguments: [1, 3, 12])
    func leavingSubtreeTakesReachingConstraints(depth: Int) throws {
        let list = try List(rows: 3)
        // A chain of `depth` views under the middle row, each with a guide, every view and
        // guide tied to the root: more items than the few compared one by one.
        var parent = list.rows[1], reaching: [LayoutConstraint] = [], inner: [LayoutConstraint] = []
        for k in 0..<depth {
            let view = LayoutView(identifier: "inner\(k)")
            view.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(view)
            let guide = LayoutGuide()
            view.addLayoutGuide(guide)
            reaching += [view.widthAnchor.constraint(equalTo: list.root.widthAnchor, multiplier: 0.5),
                         guide.heightAnchor.constraint(equalTo: list.root.heightAnchor, multiplier: 0.25)]
            inner.append(view.topAnchor.constraint(equalTo: parent.topAnchor))
            parent = view
        }
        try LayoutConstraint.activate(reaching + inner)
        list.root.layoutIfNeeded()
        let kept = list.root.constraints.filter { constraint in !reaching.contains { $0 === constraint } }
        let row = list.rows[1]
        try list.remove(1)
        list.root.layoutIfNeeded()
        #expect(reaching.allSatisfy { !$0.isActive })
        // (The removed row is kept alive: its constraints' host goes with it.)
        withExtendedLifetime(row) { #expect(inner.allSatisfy { $0.isActive }) }
        // The root kept its other constraints but the removed row's three and the next row's
        // top, and gained that row's new top.
        #expect(list.root.constraints.count == kept.count - 4 + 1)
        list.expectFrames()
    }
}
