import Testing
@testable import Cassowary
import SeededRandom

/// `addConstraints(_:onFailure:)`: the same outcome as adding one constraint at a time.
@Suite struct BatchTests {
    /// Whether two errors are the same case about the same constraints (by identity).
    static func same(_ a: SolverError, _ b: SolverError) -> Bool {
        switch (a, b) {
        case (.duplicateConstraint(let x), .duplicateConstraint(let y)): return x === y
        case (.unsatisfiableConstraint(let x, let cx), .unsatisfiableConstraint(let y, let cy)):
            return x === y && cx.count == cy.count && zip(cx, cy).allSatisfy { $0 === $1 }
        default: return false
        }
    }

    /// The failures of adding `constraints` to `solver` one at a time.
    static func sequentialFailures(_ solver: Solver, _ constraints: [Constraint]) -> [(Constraint, SolverError)] {
        var failures: [(Constraint, SolverError)] = []
        for c in constraints {
            do { try solver.addConstraint(c) } catch { failures.append((c, error)) }
        }
        return failures
    }

    /// The failures of adding `constraints` to `solver` as one batch.
    static func batchFailures(_ solver: Solver, _ constraints: [Constraint]) -> [(Constraint, SolverError)] {
        var failures: [(Constraint, SolverError)] = []
        solver.addConstraints(constraints) { failures.append(($0, $1)) }
        return failures
    }

    /// Compares two failure lists; returns a message or nil.
    static func compare(_ got: [(Constraint, SolverError)], _ expected: [(Constraint, SolverError)]) -> String? {
        guard got.count == expected.count else { return "\(got.count) failures, sequential adds give \(expected.count)" }
        for (g, e) in zip(got, expected) where g.0 !== e.0 || !same(g.1, e.1) {
            return "failure \(g.1), sequential adds give \(e.1)"
        }
        return nil
    }

    @Test("random systems in random batches: same rejections and errors as sequential adds, optimal errors",
          arguments: SolverMode.allCases)
    func randomBatches(mode: SolverMode) {
        var failures: [String] = []
        var rejected = 0, duplicates = 0, batches = 0
        for seed in UInt64(20_000)..<21_000 {
            var run = PropertyRun(seed: seed, mode: mode)
            let sequential = mode.makeSolver()
            var pool: [Constraint] = []
            for round in 0..<4 {
                if Int.random(in: 0..<3, using: &run.system.rng) == 0 {
                    // An edit, on both solvers, so the batches start from a costed objective.
                    let variable = run.system.variables.randomElement(using: &run.system.rng)!
                    let value = Double(Int.random(in: -60...60, using: &run.system.rng))
                    if !run.edits.contains(where: { $0.0 === variable }) {
                        try? run.solver.addEditVariable(variable, strength: .strong)
                        try? sequential.addEditVariable(variable, strength: .strong)
                        run.edits.append((variable, 0, .strong))
                    }
                    try? run.solver.suggestValue(variable, value)
                    try? sequential.suggestValue(variable, value)
                    run.edits[run.edits.firstIndex { $0.0 === variable }!].1 = value
                }
                var batch: [Constraint] = []
                for _ in 0..<Int.random(in: 0...8, using: &run.system.rng) {
                    if !pool.isEmpty && Int.random(in: 0..<8, using: &run.system.rng) == 0 {
                        batch.append(pool.randomElement(using: &run.system.rng)!)
                    } else {
                        batch.append(run.system.constraint())
                    }
                }
                pool += batch
                batches += 1
                let got = Self.batchFailures(run.solver, batch)
                let expected = Self.sequentialFailures(sequential, batch)
                if let message = Self.compare(got, expected) {
                    failures.append("seed \(seed) round \(round): \(message)")
                    break
                }
                for (_, error) in got {
                    if case .duplicateConstraint = error { duplicates += 1 } else { rejected += 1 }
                }
                for c in batch where run.solver.hasConstraint(c) && !run.added.contains(where: { $0 === c }) {
                    run.added.append(c)
                }
                if let c = batch.first(where: { run.solver.hasConstraint($0) != sequential.hasConstraint($0) }) {
                    failures.append("seed \(seed) round \(round): \(c) accepted by only one of the solvers")
                    break
                }
                if let message = run.check() {
                    failures.append("seed \(seed) round \(round): \(message)")
                    break
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failing seeds, first: \(failures.prefix(3))")
        // The generator must exercise rejections, duplicates and the fast path.
        #expect(rejected > 100)
        #expect(duplicates > 100)
        #expect(batches == 4000)
    }

    @Test(arguments: SolverMode.allCases)
    func batchSolvesLikeSequentialAdds(mode: SolverMode) throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = mode.makeSolver()
        var failures = 0
        solver.addConstraints([x >= 10, y == x + 5, (x == 0).withStrength(.weak), (z == 3 * y).withStrength(.strong),
                               (z <= 30).withStrength(.medium), x + y <= 100]) { _, _ in failures += 1 }
        solver.updateVariables()
        #expect(failures == 0)
        #expect(x.value == 10)
        #expect(y.value == 15)
        #expect(z.value == 45)
        #expect(solver.constraints.count == 6)
    }

    @Test(arguments: SolverMode.allCases)
    func unsatisfiableConstraintsAreRejectedAsSequentially(mode: SolverMode) throws {
        let x = Variable("x"), y = Variable("y")
        let low = x >= 10, link = y == x + 5, high = y <= 12, other = x <= 5, fine = (x == 20).withStrength(.weak)
        let batch = [low, link, high, fine, other, y >= 0]
        let solver = mode.makeSolver(), reference = mode.makeSolver()
        let got = Self.batchFailures(solver, batch)
        let expected = Self.sequentialFailures(reference, batch)
        #expect(Self.compare(got, expected) == nil)
        #expect(got.count == 2)
        #expect(got.first?.0 === high && got.last?.0 === other)
        guard case .unsatisfiableConstraint(_, let conflicts)? = got.first?.1 else {
            Issue.record("expected an unsatisfiable constraint, got \(got)")
            return
        }
        #expect(conflicts.count == 2 && conflicts[0] === low && conflicts[1] === link)
        // Replayed one at a time from the same state: the very same tableau.
        #expect(solver.dump() == reference.dump())
        solver.updateVariables()
        #expect(x.value == 20)
        #expect(y.value == 25)
        #expect(!solver.hasConstraint(high) && !solver.hasConstraint(other) && solver.hasConstraint(fine))
    }

    @Test(arguments: SolverMode.allCases)
    func duplicatesAreReported(mode: SolverMode) throws {
        let x = Variable("x"), y = Variable("y")
        let solver = mode.makeSolver()
        let first = x == 10, second = y >= x + 1, third = (y == 0).withStrength(.medium)
        try solver.addConstraint(first)
        var failures: [(Constraint, SolverError)] = []
        solver.addConstraints([second, first, second, third]) { failures.append(($0, $1)) }
        #expect(failures.count == 2)
        #expect(failures.count == 2 && failures[0].0 === first && failures[1].0 === second)
        #expect(failures.allSatisfy { if case .duplicateConstraint(let c) = $0.1 { c === $0.0 } else { false } })
        #expect(solver.constraints.count == 3)
        solver.updateVariables()
        #expect(x.value == 10)
        #expect(y.value == 11)
        // With an unsatisfiable constraint too (the batch is replayed one at a time).
        let bad = x == 11
        let fourth = (x + y == 0).withStrength(.weak)
        failures = []
        solver.addConstraints([fourth, bad, fourth]) { failures.append(($0, $1)) }
        #expect(failures.count == 2)
        if case .unsatisfiableConstraint(let c, let conflicts)? = failures.first?.1 {
            #expect(c === bad && conflicts.count == 1 && conflicts[0] === first)
        } else {
            Issue.record("expected an unsatisfiable constraint, got \(failures)")
        }
        if case .duplicateConstraint(let c)? = failures.last?.1 { #expect(c === fourth) } else {
            Issue.record("expected a duplicate, got \(failures)")
        }
        #expect(solver.constraints.count == 4)
    }

    @Test("a failed batch leaves the tableau as it was: records, new variables, duplicates kept",
          arguments: SolverMode.allCases)
    func failedBatchRollsBack(mode: SolverMode) throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), w = Variable("w")
        let solver = mode.makeSolver()
        let low = x >= 10, prefer = (x == 20).withStrength(.weak)
        try solver.addConstraints([low, prefer])
        let before = solver.dump()
        let variables = solver.tableau.registeredVariableCount, records = solver.tableau.records.count
        let link = y == x + 5, double = (z == 2 * y).withStrength(.strong), free = w >= 0
        // `prefer` is a duplicate (kept), `link` repeats (one record), `y <= 12` contradicts.
        let batch = [link, prefer, double, link, free, y <= 12, (w == 3).withStrength(.medium)]
        #expect(solver.tableau.addBatch(batch) == nil)
        #expect(solver.dump() == before)
        #expect(solver.tableau.registeredVariableCount == variables)
        #expect(solver.tableau.records.count == records)
        #expect(solver.hasConstraint(low) && solver.hasConstraint(prefer))
        #expect(!solver.hasConstraint(link) && !solver.hasConstraint(double) && !solver.hasConstraint(free))
        for variable in [y, z, w] { #expect(solver.tableau.registeredSymbol(of: variable) == nil) }
        #expect(solver.tableau.registeredSymbol(of: x) != nil)
        // The same batch through the public call: replayed one at a time, as sequential adds.
        let reference = mode.makeSolver()
        try reference.addConstraints([low, prefer])
        let got = Self.batchFailures(solver, batch)
        let expected = Self.sequentialFailures(reference, batch)
        #expect(Self.compare(got, expected) == nil)
        #expect(solver.dump() == reference.dump())
        // The variables dropped by the rollback register afresh.
        try solver.addConstraint(z >= 100)
        solver.updateVariables()
        #expect(z.value == 100 && y.value == 50 && x.value == 45 && w.value == 3)
    }

    @Test("a batch that fails in its final optimization, after new variables, rolls back",
          arguments: SolverMode.allCases)
    func failedSingleBatchRollsBack(mode: SolverMode) throws {
        let x = Variable("x"), y = Variable("y")
        let solver = mode.makeSolver()
        try solver.addConstraint(x == 1)
        let before = solver.dump(), variables = solver.tableau.registeredVariableCount
        #expect(solver.tableau.addBatch([y == x + 1, y == 3]) == nil)
        #expect(solver.dump() == before)
        #expect(solver.tableau.registeredVariableCount == variables && solver.tableau.records.count == 1)
        #expect(solver.tableau.registeredSymbol(of: y) == nil)
        // With equality classes, the classes forgot y too (x, pinned by a link, stays).
        if solver.tableau.usesClasses {
            #expect(solver.tableau.classes.member(of: y) == nil && solver.tableau.classes.member(of: x) != nil)
        }
    }

    @Test func emptyBatchChangesNothing() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x == 3)
        let before = solver.dump()
        var calls = 0
        solver.addConstraints([]) { _, _ in calls += 1 }
        #expect(calls == 0)
        #expect(solver.dump() == before)
        solver.updateVariables()
        #expect(x.value == 3)
        let empty = Solver()
        empty.addConstraints([]) { _, _ in calls += 1 }
        #expect(calls == 0 && empty.isEmpty)
    }

    @Test(arguments: SolverMode.allCases)
    func batchAfterRemovalRebuilds(mode: SolverMode) throws {
        let x = Variable("x"), y = Variable("y")
        let solver = mode.makeSolver()
        let pin = x == 5
        try solver.addConstraints([pin, y == x + 1])
        try solver.removeConstraint(pin)
        var failures = 0
        solver.addConstraints([x == 7, y <= 100]) { _, _ in failures += 1 }
        solver.updateVariables()
        #expect(failures == 0)
        #expect(x.value == 7)
        #expect(y.value == 8)
    }
}
