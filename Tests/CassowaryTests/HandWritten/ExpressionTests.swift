import Testing
@testable import Cassowary
import SeededRandom

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

    /// Two-sided strengths made once give the constraint that looking them up gives, and
    /// hold in a solver as it does.
    @Test func twoSidedStrengthsMadeOnceMakeTheSameConstraint() throws {
        #expect(Constraint.TwoSidedStrengths(above: .required, below: .weak) == nil)
        #expect(Constraint.TwoSidedStrengths(above: .weak, below: .required) == nil)
        let shared = try #require(Constraint.TwoSidedStrengths(above: .weak, below: .strong))
        var terms = TermList()
        terms.append(Term(x))
        terms.append(Term(x))
        let made = Constraint(terms, constant: -20, equal: shared)
        let lookedUp = try #require(Constraint(Expression([Term(x, coefficient: 2)], constant: -20), equalAbove: .weak, below: .strong))
        #expect(made.description == lookedUp.description)
        #expect(made.relation == .equal && made.strength == .weak && made.belowStrength == .strong)
        let same = Constraint(TermList(), constant: 0, equal: try #require(Constraint.TwoSidedStrengths(above: .medium, below: .medium)))
        #expect(same.strength == .medium && same.belowStrength == nil)
        // `2x == 20`: a medium pull up to 15 beats its weak error above; a medium pull down
        // to 5 does not beat its strong error below.
        let solver = Solver()
        try solver.addConstraints([made, Constraint(x - 15, .equal, strength: .medium)])
        #expect(solver.value(of: x) == 15)
        var single = TermList()
        single.append(Term(x))
        let other = Solver()
        try other.addConstraints([Constraint(single, constant: -10, equal: shared), Constraint(x - 5, .equal, strength: .medium)])
        #expect(other.value(of: x) == 10)
    }

    @Test func termListBuildsTheSameConstraint() throws {
        let z = Variable("z"), w = Variable("w"), v = Variable("v")
        let cases: [[Term]] = [
            [], [Term(x)], [Term(x, coefficient: 0)], [Term(x), Term(y, coefficient: -1)],
            [Term(x), Term(y), Term(x, coefficient: 2)], [Term(x), Term(x, coefficient: -1), Term(y)],
            [Term(x), Term(y), Term(z), Term(w)], [Term(x), Term(y), Term(x, coefficient: -1), Term(y, coefficient: -1)],
            [Term(x), Term(y), Term(z), Term(w), Term(v, coefficient: 3)],
            [Term(x), Term(y), Term(z), Term(w), Term(x, coefficient: -1), Term(y)],
            // An autoresizing width lowered with its left edge: six terms that cancel to two.
            [Term(x), Term(y, coefficient: -1), Term(z, coefficient: -1), Term(w), Term(y), Term(w, coefficient: -1)],
            // A coefficient with no one-byte code: the terms stay in an array.
            [Term(x), Term(y), Term(z), Term(w), Term(x, coefficient: -1), Term(y, coefficient: 1.0 / 3)],
            [Term(x, coefficient: 1.0 / 3), Term(y)],
            // More terms than the quadratic merge takes, that reduce to two.
            (0..<20).map { Term(v, coefficient: $0 == 19 ? -18 : 1) } + [Term(x)],
        ]
        for terms in cases {
            var list = TermList()
            for term in terms { list.append(term) }
            let expected = Constraint(Expression(terms, constant: -10), .lessThanOrEqual, strength: .strong)
            let built = Constraint(list, constant: -10, .lessThanOrEqual, strength: .strong)
            #expect(built.description == expected.description)
            #expect(built.expression.terms.map(\.coefficient) == expected.expression.terms.map(\.coefficient))
            #expect(zip(built.expression.terms, expected.expression.terms).allSatisfy { $0.variable === $1.variable })
            // The terms left are inline when they fit: at most four, each coefficient with a code.
            let left = expected.expression.terms
            let fits = left.count <= 4 && left.allSatisfy { CoefficientCode.code(of: $0.coefficient) != nil }
            #expect(built.terms.isInline == fits, "\(terms)")
            let both = try #require(Constraint(list, constant: 1, equalAbove: .weak, below: .strong))
            #expect(both.description == Constraint(Expression(terms, constant: 1), equalAbove: .weak, below: .strong)?.description)
        }
        #expect(Constraint(TermList(), constant: 0, equalAbove: .required, below: .weak) == nil)
        // Constants shift in place when only the constant differs.
        var a = TermList(), b = TermList()
        a.append(Term(x))
        b.append(Term(x))
        let solver = Solver()
        let old = Constraint(a, constant: -1, .equal)
        try solver.addConstraint(old)
        #expect(Tableau.differOnlyInConstant(old, Constraint(b, constant: -2, .equal)))
        try solver.replaceConstraint(old, with: Constraint(b, constant: -2, .equal))
        #expect(solver.value(of: x) == 2)
    }

    /// Random lists of up to twenty terms over five variables, with repeats, zeros and
    /// coefficients with and without a one-byte code: a constraint built from the list has
    /// the terms an expression's reduction has, in its order, and keeps them inline exactly
    /// when they fit.
    @Test func randomTermListsReduceAsExpressionsDo() {
        let variables = (0..<5).map { Variable("v\($0)") }
        let coefficients: [Double] = [1, -1, 0.5, -0.5, 2, 0, 1.0 / 3, -0.3, 1e-9, 7]
        var random = SplitMix64(seed: 2026)
        for _ in 0..<500 {
            var terms: [Term] = []
            for _ in 0..<random.int(0...20) {
                terms.append(Term(random.pick(variables), coefficient: random.pick(coefficients)))
            }
            var list = TermList()
            for term in terms { list.append(term) }
            let built = Constraint(list, constant: 1, .equal)
            let expected = Expression(terms).reduced().terms
            #expect(built.expression.terms.map(\.coefficient) == expected.map(\.coefficient), "\(terms)")
            #expect(zip(built.expression.terms, expected).allSatisfy { $0.variable === $1.variable }, "\(terms)")
            let fits = expected.count <= 4 && expected.allSatisfy { CoefficientCode.code(of: $0.coefficient) != nil }
            #expect(built.terms.isInline == fits, "\(terms)")
        }
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
