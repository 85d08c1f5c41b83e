import SeededRandom
import Synchronization
import Testing
@testable import AutoLayout

/// After a solve the engine finds the views that moved from the variables the solver
/// changed, each naming its view by the view's slot in the engine's table of views (checked
/// before use, and given again when wrong). Few changes or many, the frames must be those a
/// fresh hierarchy gets.
@Suite struct SolvedFramesTests {
    /// A column of rows, each a cell (placed by its frame and mask) holding a label
    /// constrained to the cell's margins and a badge after it.
    final class Column {
        let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 320, height: 800))
        var cells: [LayoutView] = []
        var labels: [SizedView] = []
        var gaps: [LayoutConstraint] = []

        init(rows: Int) throws {
            for i in 0..<rows { try addRow(i) }
        }

        func addRow(_ i: Int) throws {
            let cell = LayoutView(identifier: "cell\(i)", frame: Rect(x: 0, y: Double(i) * 40, width: 320, height: 40))
            cell.autoresizingMask = .flexibleWidth
            root.addSubview(cell)
            let label = SizedView("label\(i)", 60, 20), badge = SizedView("badge\(i)", 20, 20)
            cell.addSubview(label)
            cell.addSubview(badge)
            let gap = badge.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 4)
            try LayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: cell.layoutMarginsGuide.leadingAnchor),
                label.centerYAnchor.constraint(equalTo: cell.centerYAnchor),
                gap,
                badge.centerYAnchor.constraint(equalTo: label.centerYAnchor),
            ])
            cells.append(cell)
            labels.append(label)
            gaps.append(gap)
        }

        /// Every frame below the root, in hierarchy order.
        var frames: [Rect] { root.subtree().dropFirst().map(\.frame) }
    }

    /// The frames of a fresh column with the given gaps and width, laid out once.
    func reference(rows: Int, gaps: [Int: Double] = [:], width: Double = 320) throws -> [Rect] {
        let column = try Column(rows: rows)
        for (row, constant) in gaps { column.gaps[row].constant = constant }
        column.root.frame = Rect(x: 0, y: 0, width: width, height: 800)
        column.root.layoutIfNeeded()
        return column.frames
    }

    @Test("a constant change that moves a few views sets the same frames as a fresh layout")
    func fewChanges() throws {
        let column = try Column(rows: 30)
        column.root.layoutIfNeeded()
        #expect(column.frames == (try reference(rows: 30)))
        column.gaps[7].constant = 12
        column.root.layoutIfNeeded()
        // Each view's variables name its slot in the engine.
        let label = column.labels[7]
        #expect(label.variables.minY.ownerSlot == Int32(label.viewSlot))
        #expect(column.frames == (try reference(rows: 30, gaps: [7: 12])))
        column.gaps[7].constant = 4
        column.gaps[20].constant = 9
        column.root.layoutIfNeeded()
        #expect(column.frames == (try reference(rows: 30, gaps: [20: 9])))
    }

    @Test("alternating many changes and few keeps every frame right")
    func manyThenFew() throws {
        let column = try Column(rows: 30)
        column.root.layoutIfNeeded()
        for (step, width) in [400.0, 320, 500].enumerated() {
            column.root.frame = Rect(x: 0, y: 0, width: width, height: 800)
            column.root.layoutIfNeeded()
            #expect(column.frames == (try reference(rows: 30, gaps: step == 0 ? [:] : [3: 10], width: width)))
            column.gaps[3].constant = 10
            column.root.layoutIfNeeded()
            #expect(column.frames == (try reference(rows: 30, gaps: [3: 10], width: width)))
        }
    }

    @Test("views added to, removed from and moved within a laid-out hierarchy get their frames")
    func hierarchyChanges() throws {
        let column = try Column(rows: 30)
        column.root.layoutIfNeeded()
        column.gaps[0].constant = 6
        column.root.layoutIfNeeded()
        column.gaps[0].constant = 4
        try column.addRow(30)
        column.root.layoutIfNeeded()
        #expect(column.frames == (try reference(rows: 31)))
        // A removed row's views come back at the same place: only their own frames change.
        let cell = column.cells[12]
        cell.removeFromSuperview()
        column.root.layoutIfNeeded()
        column.root.insertSubview(cell, at: 12)
        column.gaps[12].constant = 8
        column.root.layoutIfNeeded()
        #expect(column.frames == (try reference(rows: 31, gaps: [12: 8])))
        // A label moved into another cell keeps its constraints to nothing outside it.
        let label = column.labels[5]
        column.cells[6].addSubview(label)
        try LayoutConstraint.activate([label.topAnchor.constraint(equalTo: column.cells[6].topAnchor),
                                       label.trailingAnchor.constraint(equalTo: column.cells[6].trailingAnchor)])
        column.root.layoutIfNeeded()
        #expect(label.frame == Rect(x: 260, y: 0, width: 60, height: 20))
    }

    @Test("a view whose variables name another view's place is found once the places are renewed")
    func staleSlots() throws {
        let column = try Column(rows: 10)
        column.root.layoutIfNeeded()
        let badge = column.cells[4].subviews[1], label = column.labels[6]
        #expect(badge.variables.minX.ownerSlot == Int32(badge.viewSlot))
        // Slots left stale: one names the root's place, one a place past the list.
        badge.variables.setOwnerSlot(0)
        label.variables.setOwnerSlot(10_000)
        column.gaps[4].constant = 10
        column.cells[6].layoutMargins = EdgeInsets(top: 8, left: 20, bottom: 8, right: 8)
        column.root.layoutIfNeeded()
        let expected = try Column(rows: 10)
        expected.gaps[4].constant = 10
        expected.cells[6].layoutMargins = EdgeInsets(top: 8, left: 20, bottom: 8, right: 8)
        expected.root.layoutIfNeeded()
        #expect(column.frames == expected.frames)
        #expect(badge.frame.minX == expected.cells[4].subviews[1].frame.minX)
        #expect(label.frame.minX == 20)
        #expect(badge.variables.minX.ownerSlot == Int32(badge.viewSlot))
        #expect(label.variables.maxY.ownerSlot == Int32(label.viewSlot))
    }

    @Test("a view whose solved rectangle does not change keeps a frame set by hand until its superview lays out")
    func untouchedViews() throws {
        let column = try Column(rows: 30)
        column.root.layoutIfNeeded()
        let label = column.labels[2]
        let solved = label.frame
        label.frame = Rect(x: 1, y: 1, width: 1, height: 1)
        column.cells[2].cycle.needsLayout = false
        column.gaps[9].constant = 11
        column.root.layoutIfNeeded()
        #expect(label.frame == Rect(x: 1, y: 1, width: 1, height: 1))
        column.cells[2].setNeedsLayout()
        column.root.layoutIfNeeded()
        #expect(label.frame == solved)
    }

    @Test("snapping to the grid of 2⁻³² gives what rounded() gives, to the bit, halves and signed zeros included")
    func snappingMatchesRounded() {
        let scale = 4_294_967_296.0
        func reference(_ value: Double) -> Double {
            abs(value) < 1_048_576 * scale ? (value * scale).rounded() / scale : value
        }
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }
        var values: [Double] = [0, -0.0, 1, -1, 0.1, -0.1, 1.0 / 3, 375, -667.25, 1e-12, -1e-12,
                                1_048_575.999_999, 1_048_576, -1_048_576, 1e300, .infinity, -.infinity, .nan,
                                .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .ulpOfOne,
                                // Whole numbers (on the grid already), and numbers past 2²⁰ (rounded apart).
                                44, -8, 100_000, 2_000_000, 2_000_000.3, -123_456_789.123, 1e9 + 1.0 / 3, 4e15, -4e15]
        // Halves of the grid, the one case where rounding rules differ: k / 2³³ for odd k.
        for k in [1.0, 3, 5, 7, 1023, 4_294_967_295, 4_503_599_627_370_495] {
            values += [k / (2 * scale), -k / (2 * scale)]
        }
        var random = SplitMix64(seed: 12)
        for _ in 0..<20_000 {
            let decades: [Double] = [0.001, 0.01, 0.1, 1, 10, 100, 1000]
            let magnitude = Double(random.next() % 2_000_000) / 1_000 * decades[Int(random.next() % 7)]
            let grid: Double = Double(random.next() % 1_000_000_000) / scale / 2
            values += [magnitude, -magnitude, grid, -grid, magnitude + 0.5 / scale]
        }
        let wrong = values.filter { !same(snapped($0), reference($0)) }
        #expect(wrong.count == 0, "snapped differs from rounded() at \(wrong.prefix(5))")
    }
}
