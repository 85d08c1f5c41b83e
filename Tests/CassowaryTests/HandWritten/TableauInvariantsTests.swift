import Testing
@testable import Cassowary

/// The invariant checker the property tests run after every call finds what it claims to.
@Suite struct TableauInvariantsTests {
    func solver() throws -> Solver {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x >= 10)
        try solver.addConstraint(x + y == 50)
        try solver.addConstraint((x == 20).withStrength(.weak))
        return solver
    }

    @Test("a sound tableau has no violations")
    func sound() throws {
        #expect(try solver().tableau.invariantViolations() == [])
    }

    @Test("a negative restricted row and a basic symbol named by another row are found")
    func broken() throws {
        var tableau = try solver().tableau
        let restricted = try #require(tableau.rows.indices.first { tableau.rows[$0] != nil && !tableau.states[$0].symbol.isExternal })
        tableau.rows[restricted]!.constant = -1
        #expect(tableau.invariantViolations().contains { $0.hasPrefix("restricted row of") })

        var other = try solver().tableau
        let basic = other.rows.indices.filter { other.rows[$0] != nil }
        try #require(basic.count >= 2)
        // Name the first basic symbol in the second's row (appended after its cells, so the
        // order is broken too).
        other.rows[basic[1]]!.cells.append(Cell(symbol: other.states[basic[0]].symbol, coefficient: 1))
        #expect(other.invariantViolations().contains { $0.contains("names the basic symbol") })
    }
}
