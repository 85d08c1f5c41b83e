import Testing
@testable import AutoLayout

/// The engine visits only the views flagged for updateConstraints or layoutSubviews; these
/// check that it visits them as a scan of every view would: the same views, in the same
/// order, with flags set outside the hierarchy, by removals, moves and during a pass.
@Suite struct FlaggedViewsTests {
    /// A laid-out root with the given children (each a leaf), and the log, emptied.
    func laidOut(_ names: [String], log: RecordingView.Log = RecordingView.Log())
        -> (RecordingView, [RecordingView], RecordingView.Log) {
        let root = RecordingView("root", log)
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let children = names.map { RecordingView($0, log) }
        for child in children { root.addSubview(child) }
        root.layoutIfNeeded()
        log.calls = []
        return (root, children, log)
    }

    @Test("flags set on a view before it joins a hierarchy are honoured there")
    func flagsBeforeJoining() {
        let (root, children, log) = laidOut(["a", "b"])
        let log2 = log
        let fresh = RecordingView("fresh", log2)  // flagged for both since it was made
        let leaf = RecordingView("leaf", log2)
        fresh.addSubview(leaf)
        root.insertSubview(fresh, at: 1)
        root.layoutIfNeeded()
        #expect(log.calls == ["update leaf", "update fresh", "layout root", "layout fresh", "layout leaf"])

        // A hierarchy laid out on its own, flagged there, then added with its engine.
        let other = RecordingView("other", log)
        let inner = RecordingView("inner", log)
        other.addSubview(inner)
        other.layoutIfNeeded()
        inner.setNeedsUpdateConstraints()
        inner.setNeedsLayout()
        log.calls = []
        children[1].addSubview(other)
        root.layoutIfNeeded()
        #expect(log.calls == ["update inner", "layout b", "layout inner"])
        log.calls = []
        other.layoutIfNeeded()
        #expect(log.calls.isEmpty)
    }

    @Test("a view flagged in one hierarchy and moved to another is laid out by the one it joins")
    func flagsMoveWithTheView() {
        let log = RecordingView.Log()
        let (first, firstChildren, _) = laidOut(["a", "b"], log: log)
        let (second, secondChildren, _) = laidOut(["c", "d"], log: log)
        firstChildren[0].setNeedsUpdateConstraints()
        firstChildren[0].setNeedsLayout()
        secondChildren[1].addSubview(firstChildren[0])
        log.calls = []
        first.layoutIfNeeded()
        #expect(log.calls == ["layout root"])
        log.calls = []
        second.layoutIfNeeded()
        #expect(log.calls == ["update a", "layout d", "layout a"])
    }

    @Test("a view removed while flagged is skipped, and keeps its flags")
    func removedWhileFlagged() {
        let (root, children, log) = laidOut(["a", "b", "c"])
        children[1].setNeedsUpdateConstraints()
        children[1].setNeedsLayout()
        children[1].removeFromSuperview()
        root.layoutIfNeeded()
        #expect(log.calls == ["layout root"])
        log.calls = []
        children[1].layoutIfNeeded()
        #expect(log.calls == ["update b", "layout b"])

        // A flagged view that goes away before the pass.
        weak var gone: RecordingView?
        do {
            let doomed = RecordingView("doomed", log)
            root.addSubview(doomed)
            gone = doomed
            root.layoutIfNeeded()
            doomed.setNeedsUpdateConstraints()
            doomed.setNeedsLayout()
            doomed.removeFromSuperview()
        }
        #expect(gone == nil)
        log.calls = []
        children[2].setNeedsLayout()
        root.layoutIfNeeded()
        #expect(log.calls == ["layout root", "layout c"])
    }

    @Test("a layoutSubviews that flags views later in the order runs them in the same pass, earlier ones in the next")
    func flagsDuringLayout() {
        let (root, children, log) = laidOut(["a", "b", "c"])
        let (a, b, c) = (children[0], children[1], children[2])
        b.onLayout = {
            b.onLayout = nil
            a.setNeedsLayout()
            c.setNeedsLayout()
        }
        b.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(log.calls == ["layout b", "layout c", "layout a"])
        log.calls = []
        // A view processed in this pass and flagged again by a later one waits for the next.
        c.onLayout = {
            c.onLayout = nil
            a.setNeedsLayout()
        }
        a.setNeedsLayout()
        c.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(log.calls == ["layout a", "layout c", "layout a"])
        _ = root
    }

    @Test("an updateConstraints that flags views: those still to come run in the same sweep")
    func flagsDuringUpdate() {
        let (root, children, log) = laidOut(["a", "b"])
        let (a, b) = (children[0], children[1])
        a.updates = {
            a.updates = nil
            b.setNeedsUpdateConstraints()  // already passed (children last to first)
            root.setNeedsUpdateConstraints()  // still to come
        }
        a.setNeedsUpdateConstraints()
        a.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(log.calls == ["update a", "update root", "layout a", "update b"])
    }

    @Test("a layoutSubviews that adds and removes views: the hierarchy is read again")
    func hierarchyChangesDuringLayout() {
        let (root, children, log) = laidOut(["a", "b", "c"])
        let (a, b, c) = (children[0], children[1], children[2])
        let added = RecordingView("added", log)
        a.onLayout = {
            a.onLayout = nil
            b.addSubview(added)
            c.removeFromSuperview()
        }
        a.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(log.calls == ["layout a", "layout b", "layout added", "update added", "layout root"])
        #expect(c.superview == nil && added.superview === b)
    }

    @Test("many flagged views, flagged in reverse order, run in hierarchy order")
    func orderOfManyFlags() {
        let names = (0..<64).map { "v\($0)" }
        let (root, children, log) = laidOut(names)
        for flagged in [[3, 40, 17], Array(0..<64), Array(stride(from: 1, to: 64, by: 3))] {
            log.calls = []
            for index in flagged.reversed() {
                children[index].setNeedsLayout()
                children[index].setNeedsUpdateConstraints()
            }
            root.layoutIfNeeded()
            let sorted = flagged.sorted()
            #expect(log.calls == sorted.reversed().map { "update v\($0)" } + sorted.map { "layout v\($0)" })
        }
    }

    @Test("many hierarchies keep their flags apart")
    func manyHierarchies() {
        let log = RecordingView.Log()
        let hierarchies = (0..<12).map { h in laidOut((0..<8).map { "h\(h)v\($0)" }, log: log) }
        // Flag views across the hierarchies in an interleaved order.
        for step in 0..<8 {
            for (h, hierarchy) in hierarchies.enumerated() where (h + step) % 3 != 0 {
                hierarchy.1[7 - step].setNeedsLayout()
            }
        }
        // Move one flagged view from each hierarchy into the next.
        for (h, hierarchy) in hierarchies.enumerated() {
            let next = hierarchies[(h + 1) % hierarchies.count]
            next.0.addSubview(hierarchy.1[5])
        }
        log.calls = []
        for (h, hierarchy) in hierarchies.enumerated() {
            hierarchy.0.layoutIfNeeded()
            let previous = (h + hierarchies.count - 1) % hierarchies.count
            var expected = ["layout root"]
            for index in [0, 1, 2, 3, 4, 6, 7] where (h + 7 - index) % 3 != 0 { expected.append("layout h\(h)v\(index)") }
            expected.append("layout h\(previous)v5")
            #expect(log.calls == expected)
            log.calls = []
        }
        for hierarchy in hierarchies {
            hierarchy.0.layoutIfNeeded()
        }
        #expect(log.calls.isEmpty)
    }
}
