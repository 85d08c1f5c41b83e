import Testing
@testable import AutoLayout

/// Removing a view from under a host of many constraints: the constraints installed above
/// it that name it (or one of its guides, or a view of its subtree, or an end of a span)
/// are deactivated, and no other, when the host's constraints are read through the words
/// it keeps for them (``HostedConstraintKeys``), which stay in step with its constraints.
@Suite struct HostedConstraintKeysTests {
    /// A list of `count` rows in a root, each row 44 high, 8 below the one before it (the
    /// first 8 below the root's top), 16 inside the root's sides: three constraints a row
    /// on the root, one on the row.
    static func list(_ count: Int) throws -> (root: LayoutView, rows: [LayoutView]) {
        let root = makeRoot(375, 667)
        var rows: [LayoutView] = []
        for k in 0..<count {
            let row = makeChild(in: root, "row\(k)")
            try LayoutConstraint.activate([
                row.topAnchor.constraint(equalTo: k == 0 ? root.topAnchor : rows[k - 1].bottomAnchor, constant: 8),
                row.heightAnchor.constraint(equalToConstant: 44),
                row.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                row.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            ])
            rows.append(row)
        }
        return (root, rows)
    }

    /// The constraints installed on `host` that name `view`.
    static func naming(_ view: LayoutView, on host: LayoutView) -> [LayoutConstraint] {
        host.constraints.filter { $0.firstItem === view || $0.secondItem === view }
    }

    /// Whether `host` keeps a word for each of its constraints, in order.
    static func keysInStep(_ host: LayoutView) -> Bool {
        guard let keys = host.extrasStorage?.hostedKeys?.keys, keys.count == host.constraints.count else { return false }
        return zip(keys, host.constraints).allSatisfy { $0 == HostedConstraintKeys.key(of: $1, host: host) }
    }

    @Test("removing rows of a long list through the words of its root's constraints deactivates exactly what names them")
    func removals() throws {
        let (root, rows) = try Self.list(200)
        #expect(root.constraints.count == 600)
        root.layoutIfNeeded()
        // The middle, the last, the neighbours of a removed row, then the first: in turn.
        for index in [100, 199, 101, 99, 50, 0] {
            let row = rows[index]
            let named = Self.naming(row, on: root)
            // Its top, leading and trailing, and the next row's top while that row is there.
            let nextThere = index < 199 && rows[index + 1].superview === root
            let ownTop = index == 0 || rows[index - 1].superview === root
            #expect(named.count == (ownTop ? 1 : 0) + 2 + (nextThere ? 1 : 0), "row \(index)")
            let others = root.constraints.filter { c in !named.contains { $0 === c } }
            row.removeFromSuperview()
            #expect(named.allSatisfy { !$0.isActive }, "row \(index)")
            #expect(others.allSatisfy { $0.isActive }, "row \(index)")
            #expect(root.constraints.count == others.count, "row \(index)")
            // The row's own constraint (its height) stays active: it left with the row.
            #expect(row.constraints.count == 1 && row.constraints[0].isActive)
            // The words are made with the first removal, and kept in step from then on.
            #expect(Self.keysInStep(root), "row \(index)")
            if index == 50 {
                root.layoutIfNeeded()
                for k in 0..<50 {
                    #expect(rows[k].frame == Rect(x: 16, y: 8 + 52 * Double(k), width: 343, height: 44), "row \(k)")
                }
            }
        }
        // Every constraint left names only rows still in the list.
        for constraint in root.constraints {
            for item in [constraint.firstItem, constraint.secondItem] {
                if let view = item as? LayoutView { #expect(view === root || view.superview === root) }
            }
        }
    }

    @Test("constraints activated after the words are made, on guides, spans and a subtree's views, go when their view goes")
    func laterConstraints() throws {
        let (root, rows) = try Self.list(150)
        rows[10].removeFromSuperview()
        rows[20].removeFromSuperview()
        #expect(Self.keysInStep(root))

        // A card with a label inside, added after the index: the root holds constraints on
        // the card, on its margins guide, on the label, and a span that ends on the label.
        let card = makeChild(in: root, "card")
        let label = makeChild(in: card, "label")
        let other = makeChild(in: root, "other")
        let onCard = card.topAnchor.constraint(equalTo: rows[30].bottomAnchor, constant: 8)
        let onMargins = card.layoutMarginsGuide.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        let onLabel = label.trailingAnchor.constraint(equalTo: rows[31].trailingAnchor)
        let onSpan = other.widthAnchor.constraint(equalTo: root.leadingAnchor.anchorWithOffset(to: label.leadingAnchor))
        let onFirstSpan = root.topAnchor.anchorWithOffset(to: label.topAnchor).constraint(equalToConstant: 30)
        let unrelated = other.topAnchor.constraint(equalTo: rows[40].bottomAnchor)
        let inside = label.leadingAnchor.constraint(equalTo: card.leadingAnchor)
        try LayoutConstraint.activate([onCard, onMargins, onLabel, onSpan, onFirstSpan, unrelated, inside])
        #expect(onSpan.installedOn === root && onFirstSpan.installedOn === root && onLabel.installedOn === root)
        #expect(inside.installedOn === card)

        // One deactivated by hand first: its word goes with it, and the removal leaves it be.
        onLabel.isActive = false
        card.removeFromSuperview()
        #expect(!onCard.isActive && !onMargins.isActive && !onSpan.isActive && !onFirstSpan.isActive && !onLabel.isActive)
        #expect(unrelated.isActive && inside.isActive)
        #expect(label.superview === card)

        // Re-added, its constraints activated again, and removed again: found again.
        root.addSubview(card)
        try LayoutConstraint.activate([onCard, onMargins, onSpan])
        card.removeFromSuperview()
        #expect(!onCard.isActive && !onMargins.isActive && !onSpan.isActive)
        #expect(unrelated.isActive)
        #expect(!root.constraints.contains { $0 === onCard || $0 === onMargins || $0 === onSpan })
        #expect(Self.keysInStep(root))
    }

    @Test("a subtree of more items than are checked one by one still takes exactly the constraints that name it")
    func largeSubtree() throws {
        let (root, rows) = try Self.list(100)
        rows[0].removeFromSuperview()
        let card = makeChild(in: root, "card")
        let labels = (0..<12).map { makeChild(in: card, "label\($0)") }
        #expect(labels.count > HostedConstraintKeys.itemsCheckedOneByOne)
        let naming = labels.map { $0.topAnchor.constraint(equalTo: rows[50].bottomAnchor, constant: 4) }
        let unrelated = (60..<70).map { rows[$0].widthAnchor.constraint(equalTo: rows[$0 + 1].widthAnchor) }
        try LayoutConstraint.activate(naming + unrelated)
        #expect(naming.allSatisfy { $0.installedOn === root })
        card.removeFromSuperview()
        #expect(naming.allSatisfy { !$0.isActive })
        #expect(unrelated.allSatisfy { $0.isActive })
        #expect(Self.keysInStep(root))
    }

    @Test("a constraint that leaves the host and comes back, a thousand times, keeps one word")
    func reactivated() throws {
        let (root, rows) = try Self.list(120)
        rows[1].removeFromSuperview()
        rows[3].removeFromSuperview()
        let extra = rows[60].widthAnchor.constraint(equalTo: rows[61].widthAnchor)
        for _ in 0..<1_000 {
            try extra.activate()
            extra.deactivate()
        }
        #expect(Self.keysInStep(root))
        try extra.activate()
        let named = Self.naming(rows[60], on: root)
        #expect(named.count == 5)
        rows[60].removeFromSuperview()
        #expect(named.allSatisfy { !$0.isActive })
        #expect(Self.naming(rows[60], on: root).isEmpty)
        // 360, less four for each of the two rows removed first, plus the extra, less five.
        #expect(root.constraints.count == 348)
    }

    @Test("removing a guide from under a host of many constraints deactivates exactly the constraints that use it")
    func guideRemoval() throws {
        let (root, rows) = try Self.list(120)
        let guide = LayoutGuide()
        root.addLayoutGuide(guide)
        let using = [
            guide.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 40),
            rows[70].trailingAnchor.constraint(lessThanOrEqualTo: guide.trailingAnchor),
            rows[71].widthAnchor.constraint(equalTo: root.leadingAnchor.anchorWithOffset(to: guide.leadingAnchor)),
        ]
        try LayoutConstraint.activate(using)
        #expect(using.allSatisfy { $0.installedOn === root })
        root.layoutIfNeeded()
        // Once with the words made by a row's removal, once without: the same outcome.
        rows[5].removeFromSuperview()
        #expect(Self.keysInStep(root))
        let others = root.constraints.filter { c in !using.contains { $0 === c } }
        root.removeLayoutGuide(guide)
        #expect(using.allSatisfy { !$0.isActive })
        #expect(others.allSatisfy { $0.isActive })
        #expect(root.constraints.count == others.count)
        #expect(Self.keysInStep(root))
    }
}
