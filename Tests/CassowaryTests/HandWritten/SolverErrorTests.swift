import FixtureSupport
import Testing
@testable import Cassowary

/// Each error the solver throws, what it carries, and that the solver is unchanged after it.
@Suite struct SolverErrorTests {
    let x = Variable("x"), y = Variable("y")

    /// The ``SolverError`` `body` throws, if any (see `thrownError(_:by:)`).
    func failure(_ body: () throws -> Void) -> SolverError? { thrownError(SolverError.self, by: body) }

    @Test func duplicateConstraint() throws {
        let solver = Solver()
        let c = x == 10
        try solver.addConstraint(c)
        let before = solver.dump()
        let error = failure { try solver.addConstraint(c) }
        guard case .duplicateConstraint(let d)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(d === c)
        #expect(solver.dump() == before)
        #expect(error?.description.hasPrefix("duplicate constraint: x - 10 == 0") == true)
    }

    @Test(arguments: SolverMode.allCases)
    func unsatisfiableConstraint(mode: SolverMode) throws {
        let solver = mode.makeSolver()
        let a = x == 10, b = y == x + 5, unrelated = y >= 0
        try solver.addConstraints([a, b, unrelated])
        solver.updateVariables()
        let before = solver.dump()
        let bad = y == 20
        let error = failure { try solver.addConstraint(bad) }
        guard case .unsatisfiableConstraint(let c, let conflicts)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(c === bad)
        #expect(conflicts.count == 2 && conflicts[0] === a && conflicts[1] === b)
        #expect(solver.dump() == before)
        #expect(!solver.hasConstraint(bad))
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 15)
        #expect(error!.description.contains("it conflicts with [x - 10 == 0 | required], [y - x - 5 == 0 | required]"))
        // Every later call works.
        try solver.removeConstraint(a)
        try solver.addConstraint(bad)
        solver.updateVariables()
        #expect(x.value == 15 && y.value == 20)
    }

    @Test func unknownConstraint() {
        let solver = Solver()
        let c = x >= 1
        guard case .unknownConstraint(let d)? = failure({ try solver.removeConstraint(c) }) else {
            Issue.record("no unknownConstraint")
            return
        }
        #expect(d === c)
    }

    @Test func duplicateEditVariable() throws {
        let solver = Solver()
        try solver.addEditVariable(x, strength: .strong)
        guard case .duplicateEditVariable(let v)? = failure({ try solver.addEditVariable(x, strength: .weak) }) else {
            Issue.record("no duplicateEditVariable")
            return
        }
        #expect(v === x)
    }

    @Test func unknownEditVariable() {
        let solver = Solver()
        guard case .unknownEditVariable(let v)? = failure({ try solver.removeEditVariable(x) }) else {
            Issue.record("no unknownEditVariable on remove")
            return
        }
        #expect(v === x)
        guard case .unknownEditVariable? = failure({ try solver.suggestValue(y, 3) }) else {
            Issue.record("no unknownEditVariable on suggest")
            return
        }
    }

    @Test func badRequiredStrength() {
        let solver = Solver()
        guard case .badRequiredStrength(let v)? = failure({ try solver.addEditVariable(x, strength: .required) }) else {
            Issue.record("no badRequiredStrength")
            return
        }
        #expect(v === x)
        #expect(!solver.hasEditVariable(x))
        #expect(solver.isEmpty)
    }

    @Test func internalErrorDescribesItself() {
        #expect(SolverError.internalError("dual optimize failed").description == "internal solver error: dual optimize failed")
    }
}
