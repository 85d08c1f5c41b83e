import Testing
@testable import Cassowary

@Suite struct ExpressionTests {
    let x = Variable("x"), y = Variable("y")

    @Test func operatorsBuildTermsAndConstants() {
        let e = 2 * x + y / 2 - 10
        #expect(e.terms.map(\.coefficient) == [2, 0.5])
        #expect(e.constant == -10)
        #expect(e.description == "2 * x + 0.5 * y - 10")
        #expect((-x).description == "-x")
        #expect((5 - x).constant == 5)
    }

    @Test func constraintsMoveEverythingLeft() {
        let c = x == y + 10
        #expect(c.relation == .equal && c.strength == .required)
        #expect(c.expression.description == "x - y - 10")
        #expect((x <= 100).relation == .lessThanOrEqual)
        #expect((x >= y).relation == .greaterThanOrEqual)
        #expect((x + x == 4).expression.terms.count == 1)
        #expect((x + x == 4).expression.terms[0].coefficient == 2)
        #expect((x - x + y == 1).expression.description == "y - 1")
        #expect(c.description == "x - y - 10 == 0 | required")
    }

    @Test func violated() {
        x.value = 3
        #expect((x == 3).isViolated == false)
        #expect((x >= 4).isViolated == true)
        #expect((x <= 4).isViolated == false)
    }

    @Test func dumpShowsTheTableau() throws {
        let solver = Solver()
        try solver.addConstraint(x == 10)
        try solver.addConstraint((y >= x).withStrength(.weak))
        let dump = solver.dump()
        #expect(dump.contains("x = 10"))
        #expect(dump.contains("Constraints\n  x - 10 == 0 | required\n  y - x >= 0 | weak"))
        #expect(solver.statistics.constraints == 2)
    }
}
