import Testing
@testable import AutoLayout
@testable import Cassowary

/// A view without subviews that moves with its superview is made silent: the solver writes
/// its edges without telling the engine, and its superview skips it when placing its
/// subviews (see LayoutEngine+Silence.swift).
@Suite struct SilentLeavesTests {
    /// A vertical stack of `rows` rows 4 apart, each a horizontal stack, 8 apart, of three
    /// labels 20 high, the middle one taking the room left, 16 inside a 375-wide root; laid
    /// out.
    static func stack(rows: Int) throws -> (root: LayoutView, column: StackView, rows: [StackView]) {
        let root = makeRoot(375, 2000)
        let column = StackView()
        column.axis = .vertical
        column.spacing = 4
        column.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(column)
        let made = (0..<rows).map { k in
            StackView(arrangedSubviews: [SizedView("a\(k)", 60, 20), SizedView("b\(k)", 120, 20), SizedView("c\(k)", 40, 20)])
        }
        for row in made {
            row.arrangedSubviews[1].setContentHuggingPriority(249, for: .horizontal)
            row.spacing = 8
            column.addArrangedSubview(row)
        }
        try LayoutConstraint.activate([column.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                                       column.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
                                       column.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)])
        root.layoutIfNeeded()
        return (root, column, made)
    }

    static func isSilent(_ view: LayoutView) -> Bool { view.variables.silenceFlags.contains(.silent) }

    @Test("hiding a row makes the labels below silent; later hides move the rows and leave the labels' frames")
    func stackHide() throws {
        let (root, _, rows) = try Self.stack(rows: 12)
        #expect(!rows.flatMap(\.arrangedSubviews).contains(where: Self.isSilent))
        rows[3].isHidden = true
        root.layoutIfNeeded()
        // The labels of the rows that moved up kept their frames: made silent.
        #expect(rows[4...].allSatisfy { $0.arrangedSubviews.allSatisfy(Self.isSilent) })
        #expect(rows[..<3].allSatisfy { !$0.arrangedSubviews.contains(where: Self.isSilent) })
        #expect(rows[0].variables.silenceFlags.isEmpty && rows[4].variables.silenceFlags.contains(.hasSilentSubviews))
        for cycle in 0..<3 {
            rows[3].isHidden = cycle % 2 == 1
            root.layoutIfNeeded()
            let hidden = rows[3].isHidden
            for (k, row) in rows.enumerated() where k != 3 {
                let y = 24 * Double(k) - (hidden && k > 3 ? 24 : 0)
                #expect(row.frame == Rect(x: 0, y: y, width: 343, height: 20), "row \(k), cycle \(cycle)")
                #expect(row.arrangedSubviews.map(\.frame) == [Rect(x: 0, y: 0, width: 60, height: 20),
                                                                Rect(x: 68, y: 0, width: 227, height: 20),
                                                                Rect(x: 303, y: 0, width: 40, height: 20)], "row \(k)")
            }
        }
    }

    @Test("after a rebuild of the solver's tableau, the labels taken for silent are silent in the solver again")
    func silenceAfterRebuild() throws {
        let (root, _, rows) = try Self.stack(rows: 12)
        rows[3].isHidden = true
        root.layoutIfNeeded()
        #expect(rows[4...].allSatisfy { $0.arrangedSubviews.allSatisfy(Self.isSilent) })
        // Every removal rebuilds while the budget is below zero (see Tableau.remove(_:)).
        let tableauFloor = root.engine.solver.tableau.removalWorkFloor
        root.engine.solver.tableau.removalWorkFloor = -1_000_000
        rows[3].isHidden = false
        root.layoutIfNeeded()
        root.engine.solver.tableau.removalWorkFloor = tableauFloor
        let rebuilt = root.engine.solver.tableau.rebuildCount
        #expect(rebuilt > 0)
        // The classes made afresh knew no silent member. The labels of the rows that moved
        // were told of again, kept their frames and were made silent anew in the same solve
        // (a told label that keeps its frame is a candidate whatever its flags), so every
        // label the engine takes for silent is silent in the solver.
        let solver = root.engine.solver
        func solverSilent(_ label: LayoutView) -> Bool {
            [1, 3].allSatisfy { edge in
                label.variables.variable(at: edge)._withUnsafeGuaranteedRef { variable in
                    guard let member = solver.tableau.classes.member(of: variable) else { return false }
                    let state = solver.tableau.classes.members[Int(member)]
                    return state.isSilent && state.silentTag == solver.tableau.classes.classes[Int(state.klass)].silentTag
                }
            }
        }
        for label in rows.flatMap(\.arrangedSubviews) {
            #expect(Self.isSilent(label) == solverSilent(label), "\(label.identifier ?? "")")
        }
        for cycle in 0..<4 {
            rows[3].isHidden = cycle % 2 == 0
            root.layoutIfNeeded()
            let hidden = rows[3].isHidden
            for (k, row) in rows.enumerated() where k != 3 {
                #expect(row.frame.minY == 24 * Double(k) - (hidden && k > 3 ? 24 : 0), "row \(k), cycle \(cycle)")
                #expect(row.arrangedSubviews[2].frame == Rect(x: 303, y: 0, width: 40, height: 20), "row \(k), cycle \(cycle)")
            }
        }
        #expect(root.engine.solver.tableau.rebuildCount == rebuilt)
        #expect(rows[4...].allSatisfy { $0.arrangedSubviews.allSatisfy(Self.isSilent) })
    }

    @Test("a hierarchy taken into another forgets its silence, and lays out as before in its new engine")
    func absorbed() throws {
        let (root, _, rows) = try Self.stack(rows: 6)
        rows[1].isHidden = true
        root.layoutIfNeeded()
        #expect(rows[3].arrangedSubviews.allSatisfy(Self.isSilent))
        let outer = makeRoot(375, 2000)
        outer.addSubview(root)
        #expect(!rows.flatMap(\.arrangedSubviews).contains(where: Self.isSilent))
        #expect(!rows.contains { $0.variables.silenceFlags.contains(.hasSilentSubviews) })
        outer.layoutIfNeeded()
        for hidden in [false, true, false] {
            rows[1].isHidden = hidden
            outer.layoutIfNeeded()
            #expect(rows[3].frame == Rect(x: 0, y: hidden ? 48 : 72, width: 343, height: 20))
            #expect(rows[3].arrangedSubviews[2].frame == Rect(x: 303, y: 0, width: 40, height: 20))
        }
    }

    @Test("labels centred in their rows are not silent; once the rows fill, the next hide makes them so")
    func alignmentChange() throws {
        let (root, _, rows) = try Self.stack(rows: 8)
        for row in rows { row.alignment = .center }
        root.layoutIfNeeded()
        rows[1].isHidden = true
        root.layoutIfNeeded()
        // A centred label's top is not in its row's top's class: refused along y.
        let label = rows[5].arrangedSubviews[0]
        #expect(!Self.isSilent(label) && label.variables.silenceFlags.contains(.refusedY))
        for row in rows { row.alignment = .fill }
        rows[1].isHidden = false
        root.layoutIfNeeded()
        #expect(!label.variables.silenceFlags.contains(.refusedY))
        rows[1].isHidden = true
        root.layoutIfNeeded()
        #expect(Self.isSilent(label))
        #expect(rows[5].frame == Rect(x: 0, y: 96, width: 343, height: 20))
        #expect(label.frame == Rect(x: 0, y: 0, width: 60, height: 20))
    }

    @Test("a silent label that gains a subview is placed by its own moves again")
    func silentLeafGainsSubview() throws {
        let (root, _, rows) = try Self.stack(rows: 6)
        rows[1].isHidden = true
        root.layoutIfNeeded()
        let label = rows[4].arrangedSubviews[0]
        #expect(Self.isSilent(label))
        let badge = LayoutView(identifier: "badge")
        badge.translatesAutoresizingMaskIntoConstraints = false
        label.addSubview(badge)
        try LayoutConstraint.activate([badge.topAnchor.constraint(equalTo: rows[0].topAnchor),
                                       badge.leadingAnchor.constraint(equalTo: label.leadingAnchor),
                                       badge.widthAnchor.constraint(equalToConstant: 5),
                                       badge.heightAnchor.constraint(equalToConstant: 5)])
        #expect(!Self.isSilent(label))
        root.layoutIfNeeded()
        // The badge's top is the first row's: 72 above the label, which is at 72 (row 4 of
        // a column with row 1 hidden: 24 × 3).
        #expect(label.frame == Rect(x: 0, y: 0, width: 60, height: 20))
        #expect(badge.frame == Rect(x: 0, y: -72, width: 5, height: 5))
        rows[1].isHidden = false
        root.layoutIfNeeded()
        #expect(badge.frame == Rect(x: 0, y: -96, width: 5, height: 5))
    }

    @Test("a silent view is placed when its superview moves or grows, and stops being silent when it moves")
    func sizeAndMove() throws {
        let root = makeRoot(375, 800)
        let holder = makeChild(in: root, "holder"), other = makeChild(in: root, "other")
        let leaf = makeChild(in: holder, "leaf")
        let top = holder.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)
        let height = holder.heightAnchor.constraint(equalToConstant: 50)
        try LayoutConstraint.activate([top, height,
                                       holder.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       holder.widthAnchor.constraint(equalToConstant: 100),
                                       other.topAnchor.constraint(equalTo: root.topAnchor, constant: 300),
                                       other.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       other.widthAnchor.constraint(equalToConstant: 100),
                                       other.heightAnchor.constraint(equalToConstant: 40),
                                       leaf.topAnchor.constraint(equalTo: holder.topAnchor, constant: 5),
                                       leaf.bottomAnchor.constraint(equalTo: holder.bottomAnchor, constant: -5),
                                       leaf.leadingAnchor.constraint(equalTo: holder.leadingAnchor),
                                       leaf.widthAnchor.constraint(equalToConstant: 30)])
        root.layoutIfNeeded()
        top.constant = 20
        root.layoutIfNeeded()
        #expect(Self.isSilent(leaf))
        #expect(leaf.frame == Rect(x: 0, y: 5, width: 30, height: 40))
        // Only the holder's bottom moves: the silent leaf's height follows.
        height.constant = 80
        root.layoutIfNeeded()
        #expect(holder.frame == Rect(x: 0, y: 20, width: 100, height: 80))
        #expect(leaf.frame == Rect(x: 0, y: 5, width: 30, height: 70))
        // Moved into another view, pinned to the holder still: placed from its new superview.
        other.addSubview(leaf)
        #expect(!Self.isSilent(leaf))
        try LayoutConstraint.activate([leaf.topAnchor.constraint(equalTo: holder.topAnchor, constant: 5),
                                       leaf.bottomAnchor.constraint(equalTo: holder.bottomAnchor, constant: -5),
                                       leaf.leadingAnchor.constraint(equalTo: other.leadingAnchor),
                                       leaf.widthAnchor.constraint(equalToConstant: 30)])
        root.layoutIfNeeded()
        #expect(leaf.frame == Rect(x: 0, y: -275, width: 30, height: 70))
        top.constant = 0
        root.layoutIfNeeded()
        #expect(leaf.frame == Rect(x: 0, y: -295, width: 30, height: 70))
    }
}
