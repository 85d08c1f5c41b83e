import FixtureSupport
import Testing
@testable import Cassowary

/// NaN and infinities are refused wherever a number enters the solver, and the solver is
/// unchanged after the refusal.
@Suite struct NonFiniteNumberTests {
    let x = Variable("x"), y = Variable("y")

    /// The ``SolverError`` `body` throws, if any (see `thrownError(_:by:)`).
    func failure(_ body: () throws -> Void) -> SolverError? { thrownError(SolverError.self, by: body) }

    /// The message of a ``SolverError/nonFiniteNumber(_:)``, or nil for any other outcome.
    func refusal(_ body: () throws -> Void) -> String? {
        guard case .nonFiniteNumber(let what)? = failure(body) else { return nil }
        return what
    }

    @Test func constantsAndCoefficients() throws {
        let solver = Solver()
        try solver.addConstraint(x == 10)
        let before = solver.dump()
        #expect(refusal { try solver.addConstraint(x == .nan) }?.hasPrefix("the constant of x") == true)
        #expect(refusal { try solver.addConstraint(x + y <= .infinity) }?.hasPrefix("the constant of") == true)
        let infinite = Constraint(Expression([Term(y, coefficient: .infinity)], constant: -1), .greaterThanOrEqual)
        #expect(refusal { try solver.addConstraint(infinite) } == "the coefficient of y in inf * y - 1 >= 0 | required is inf")
        // inf - inf: the terms of y combine into NaN.
        let cancelled = Constraint(Expression([Term(y, coefficient: .infinity), Term(y, coefficient: -.infinity)]), .equal)
        #expect(refusal { try solver.addConstraint(cancelled) }?.hasSuffix("is nan") == true)
        #expect(refusal { try solver.addConstraint(Double.infinity * y >= 0) } != nil)
        #expect(solver.dump() == before)
        #expect(solver.constraints.count == 1)
        solver.updateVariables()
        #expect(x.value == 10)
        #expect(SolverError.nonFiniteNumber("the value suggested for x is nan").description
            == "not a finite number: the value suggested for x is nan")
    }

    @Test func strengths() throws {
        #expect(!Strength.create(.nan, 0, 0).isFinite)
        #expect(!Strength.create(1, 0, 0, weight: .infinity).isFinite)
        #expect(!Strength(.nan).isFinite)
        #expect(!Strength(.infinity).isFinite)
        #expect(!Strength(-.infinity).isFinite)
        #expect(!Strength.level(.nan).isFinite)
        #expect(!Strength.level(750, weight: .infinity).isFinite)
        // Finite inputs keep kiwi's clipping.
        #expect(Strength.create(5000, 0, 0).isFinite && Strength.create(5000, 0, 0) == .create(1000, 0, 0))
        #expect(Strength.create(1e300, 0, 0, weight: 1e300) == .create(1000, 0, 0))
        #expect(Strength(2e9).isRequired && Strength.strong.isFinite && Strength.required.isFinite)

        let solver = Solver()
        for strength in [Strength.create(0, .nan, 1), Strength(.infinity), .level(.infinity)] {
            #expect(refusal { try solver.addConstraint((x == 1).withStrength(strength)) }?.hasPrefix("the strength of") == true)
            #expect(refusal { try solver.addEditVariable(x, strength: strength) }
                == "the strength of the edit variable x has a level or weight that is not finite")
        }
        let twoSided = Constraint(Expression(x), equalAbove: .weak, below: .level(.nan))!
        #expect(refusal { try solver.addConstraint(twoSided) }?.hasPrefix("the strength below zero") == true)
        #expect(solver.constraints.isEmpty && !solver.hasEditVariable(x))
    }

    @Test func suggestedValues() throws {
        let solver = Solver()
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValue(x, 42)
        let before = solver.dump()
        #expect(refusal { try solver.suggestValue(x, .nan) } == "the value suggested for x is nan")
        #expect(refusal { try solver.suggestValue(x, -.infinity) } == "the value suggested for x is -inf")
        #expect(solver.dump() == before)
        solver.updateVariables()
        #expect(x.value == 42)
    }

    @Test func batchReportsEachInOrder() throws {
        let solver = Solver()
        let good = x == 1, bad = y == .nan, later = y == 2
        var failures: [(Constraint, SolverError)] = []
        solver.addConstraints([good, bad, later]) { failures.append(($0, $1)) }
        #expect(failures.count == 1)
        #expect(failures.first?.0 === bad)
        if case .nonFiniteNumber? = failures.first?.1 {} else { Issue.record("got \(failures)") }
        #expect(solver.hasConstraint(good) && solver.hasConstraint(later) && !solver.hasConstraint(bad))
        solver.updateVariables()
        #expect(x.value == 1 && y.value == 2)
    }

    @Test func replacementKeepsTheOld() throws {
        let solver = Solver(keepsEqualityMarkers: true)
        let old = x == 10
        try solver.addConstraint(old)
        let before = solver.dump()
        #expect(refusal { try solver.replaceConstraint(old, with: x == .infinity) } != nil)
        #expect(solver.dump() == before && solver.hasConstraint(old))
    }
}
