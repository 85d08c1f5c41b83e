import Testing
@testable import Cassowary

/// A link whose merge would lower more than ``Tableau/mergeRelowerLimit`` records anew is
/// kept as a row between the two classes' anchors: a stack's hiding tie, over which its labels' sizes are written, costs one insertion and
/// one removal instead of taking those records out and back in at every hide and show.
@Suite struct DeclinedMergeTests {
    typealias Helpers = EqualityClassesTests

    /// A column of `rows` rows, 4 apart, each with `labels` labels that prefer it 20 high
    /// (as in ``HiddenRowChainTests``): the class of row k's top holds row k − 1's bottom,
    /// so `2 × labels` records are written over it.
    static func column(_ solver: Solver, rows: Int, labels: Int) throws -> (tops: [Variable], bottoms: [Variable]) {
        let tops = (0..<rows).map { Variable("top\($0)") }, bottoms = (0..<rows).map { Variable("bottom\($0)") }
        try solver.addConstraint(tops[0] == 0)
        for k in 0..<rows {
            if k > 0 { try solver.addConstraint(tops[k] == bottoms[k - 1] + 4) }
            for _ in 0..<labels {
                try solver.addConstraint(Constraint(bottoms[k] - tops[k] - 20, equalAbove: .level(250), below: .level(750))!)
            }
        }
        return (tops, bottoms)
    }

    /// Hides the middle row of a column of 9 (ties its bottom to its top), checks where the
    /// tie went and the values, shows it again and checks the classes are back as built.
    /// Returns whether the tie was kept as a link.
    func hideAndShow(labels: Int) throws -> Bool {
        let solver = SolverMode.markers.makeSolver()
        let (tops, bottoms) = try Self.column(solver, rows: 9, labels: labels)
        solver.updateVariables()
        let classes = Helpers.liveClasses(solver), links = Helpers.liveLinks(solver)
        let tie = bottoms[4] == tops[4]
        try solver.addConstraint(tie)
        solver.updateVariables()
        // Kept as a link, the row's edges are one class; kept as a row, two.
        let linked = Helpers.klass(solver, tops[4]) == Helpers.klass(solver, bottoms[4])
        #expect((Helpers.link(solver, tie) != nil) == linked)
        #expect(Helpers.liveClasses(solver) == classes - (linked ? 1 : 0))
        for k in 0..<9 {
            let top = 24 * Double(k) - (k > 4 ? 20 : 0)
            #expect(tops[k].value == top, "hidden, \(labels) labels: row \(k)")
            #expect(bottoms[k].value == top + (k == 4 ? 0 : 20), "hidden, \(labels) labels: row \(k)")
        }
        #expect(solver.tableau.invariantViolations() == [])
        try solver.removeConstraint(tie)
        solver.updateVariables()
        #expect(Helpers.liveClasses(solver) == classes && Helpers.liveLinks(solver) == links)
        for k in 0..<9 {
            #expect(tops[k].value == 24 * Double(k) && bottoms[k].value == 24 * Double(k) + 20, "shown: row \(k)")
        }
        #expect(solver.tableau.invariantViolations() == [])
        return linked
    }

    @Test("a tie over the sizes of three labels a row is kept as a row, and taking it out leaves the classes as built")
    func manyRecordsKeepARow() throws {
        // Six records over the moving class: more than the limit.
        #expect(try hideAndShow(labels: 3) == false)
    }

    @Test("a tie over the size of one label a row merges the classes")
    func fewRecordsMerge() throws {
        // Two records over the moving class: within the limit.
        #expect(try hideAndShow(labels: 1) == true)
    }

    @Test("a tie kept as a row that contradicts a required height is refused, naming the height, and the call undone")
    func declinedTieConflicts() throws {
        let solver = SolverMode.markers.makeSolver()
        let (tops, bottoms) = try Self.column(solver, rows: 5, labels: 3)
        let height = bottoms[2] == tops[2] + 20
        try solver.addConstraint(height)
        solver.updateVariables()
        let classes = Helpers.liveClasses(solver)
        let tie = bottoms[2] == tops[2]
        let conflicts = ConflictTests().conflicts(solver, tie)
        #expect(conflicts?.contains { $0 === height } == true, "conflicts: \(String(describing: conflicts))")
        #expect(solver.tableau.record(of: tie) == nil && Helpers.liveClasses(solver) == classes)
        solver.updateVariables()
        #expect(bottoms[4].value == 4 * 24 + 20)
        #expect(solver.tableau.invariantViolations() == [])
    }
}
