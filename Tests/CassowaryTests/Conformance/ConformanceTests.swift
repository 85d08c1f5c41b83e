import Foundation
import FixtureSupport
import Testing
@testable import Cassowary

/// Runs every record of every fixture file through one interpreter, in every solver mode.
@Suite struct ConformanceTests {
    @Test("solver conformance record", arguments: ConformanceCase.all())
    func record(_ testCase: ConformanceCase) throws {
        var runner = ConformanceRunner(record: try testCase.fixture.decode(SolverRecord.self), mode: testCase.mode)
        try runner.run()
    }

    @Test("every fixture file is a JSON array of records")
    func fixturesAreReadable() {
        let unreadable = ConformanceCase.all().filter { $0.fixture.name == "unreadable" }.map(\.fixture.file)
        #expect(unreadable.isEmpty, "unreadable fixture files: \(Set(unreadable))")
    }

    @Test func fixturesAreLoaded() {
        let cases = ConformanceCase.all()
        // solver_cases.json holds 86 records, solver_markers_repro.json one.
        let records = Set(cases.map(\.fixture.description))
        #expect(records.count >= 87)
        #expect(records.contains("solver_markers_repro.json: random-banded.markers-mode-remove-all"))
        for mode in SolverMode.allCases {
            #expect(cases.filter { $0.mode == mode }.count == cases.count / SolverMode.allCases.count)
        }
    }
}

/// Interprets the steps of one solver record.
struct ConformanceRunner {
    let record: SolverRecord
    var steps: [SolverRecord.Step] { record.steps }
    let mode: SolverMode
    var solver: Solver
    var variables: [String: Variable] = [:]
    var constraints: [String: Constraint] = [:]

    init(record: SolverRecord, mode: SolverMode) {
        self.record = record
        self.mode = mode
        solver = mode.makeSolver()
        for name in record.variables ?? [] { variables[name] = Variable(name) }
    }

    mutating func variable(_ name: String) -> Variable {
        if let v = variables[name] { return v }
        let v = Variable(name)
        variables[name] = v
        return v
    }

    static func strength(_ value: NumberOrName?) -> Strength {
        switch value {
        case .name(let name):
            switch name {
            case "required": return .required
            case "strong": return .strong
            case "medium": return .medium
            default: return .weak
            }
        case .number(let number): return Strength(number)
        case nil: return .required
        }
    }

    mutating func makeConstraint(_ spec: SolverRecord.ConstraintSpec) -> Constraint {
        let terms = spec.lhs.keys.sorted().map { Term(variable($0), coefficient: spec.lhs[$0]!) }
        let relation: Relation = switch spec.op {
        case "<=": .lessThanOrEqual
        case ">=": .greaterThanOrEqual
        default: .equal
        }
        return Constraint(Expression(terms, constant: -(spec.constant ?? 0)), relation, strength: Self.strength(spec.strength))
    }

    static func errorName(_ error: SolverError) -> String {
        switch error {
        case .duplicateConstraint: "DuplicateConstraint"
        case .unsatisfiableConstraint: "UnsatisfiableConstraint"
        case .unknownConstraint: "UnknownConstraint"
        case .duplicateEditVariable: "DuplicateEditVariable"
        case .unknownEditVariable: "UnknownEditVariable"
        case .badRequiredStrength: "BadRequiredStrength"
        case .nonFiniteNumber: "NonFiniteNumber"
        case .precisionLoss: "PrecisionLoss"
        case .internalError: "InternalError"
        }
    }

    /// Performs an action step; returns the error it raised, if any.
    mutating func perform(_ step: SolverRecord.Step) -> SolverError? {
        do throws(SolverError) {
            switch step.op {
            case "add":
                let id = step.id ?? "anonymous \(constraints.count)"
                if constraints[id] == nil, let spec = step.constraint { constraints[id] = makeConstraint(spec) }
                try solver.addConstraint(constraints[id]!)
            case "remove":
                let id = step.id ?? "anonymous \(constraints.count)"
                if constraints[id] == nil, let spec = step.constraint { constraints[id] = makeConstraint(spec) }
                try solver.removeConstraint(constraints[id]!)
            case "addEdit":
                try solver.addEditVariable(variable(step.var ?? ""), strength: Self.strength(step.strength))
            case "removeEdit":
                try solver.removeEditVariable(variable(step.var ?? ""))
            case "suggest":
                try solver.suggestValue(variable(step.var ?? ""), step.value?.number ?? .nan)
            case "reset":
                solver.reset()
            default:
                break
            }
        } catch {
            return error
        }
        return nil
    }

    static func isAction(_ step: SolverRecord.Step) -> Bool {
        ["add", "remove", "addEdit", "removeEdit", "suggest", "reset"].contains(step.op)
    }

    static func close(_ got: Double, _ expected: Double, _ tolerance: Double) -> Bool {
        abs(got - expected) <= tolerance * max(1, abs(expected))
    }

    mutating func run() throws {
        var pending: (step: Int, error: SolverError)?
        for (index, step) in steps.enumerated() {
            let op = step.op
            if let id = step.id, constraints[id] == nil, let spec = step.constraint {
                constraints[id] = makeConstraint(spec)
            }
            if op == "expectError" {
                let expected = step.error ?? ""
                let got = pending.map { Self.errorName($0.error) }
                #expect(got == expected, "step \(index): expected \(expected), got \(got ?? "no error")")
                pending = nil
                continue
            }
            if let p = pending {
                Issue.record("step \(p.step) raised \(p.error) with no expectError after it")
                pending = nil
            }
            if Self.isAction(step) {
                if let error = perform(step) { pending = (index, error) }
                continue
            }
            check(step, at: index)
        }
        if let p = pending { Issue.record("step \(p.step) raised \(p.error) with no expectError after it") }
    }

    mutating func check(_ step: SolverRecord.Step, at index: Int) {
        solver.updateVariables()
        switch step.op {
        case "expect":
            let tolerance = step.tolerance ?? 1e-6
            for (name, expected) in step.values ?? [:] {
                let got = variable(name).value
                #expect(Self.close(got, expected, tolerance), "step \(index): \(name) = \(got), expected \(expected)")
            }
        case "expectOneOf":
            let tolerance = step.tolerance ?? 1e-6
            let alternatives = step.alternatives ?? []
            let matches = alternatives.contains { alternative in
                alternative.allSatisfy { name, value in
                    Self.close(variables[name]?.value ?? .nan, value, tolerance)
                }
            }
            #expect(matches, "step \(index): \(variables.mapValues(\.value)) matches none of \(alternatives)")
        case "expectSatisfies":
            guard let spec = step.constraint else {
                Issue.record("step \(index): expectSatisfies without a constraint")
                return
            }
            let constraint = makeConstraint(spec)
            let v = constraint.expression.value
            let ok = switch constraint.relation {
            case .equal: abs(v) <= 1e-6
            case .lessThanOrEqual: v <= 1e-6
            case .greaterThanOrEqual: v >= -1e-6
            }
            #expect(ok, "step \(index): \(constraint) does not hold (value \(v))")
        case "expectHasConstraint":
            let id = step.id ?? ""
            let has = constraints[id].map { solver.hasConstraint($0) } ?? false
            #expect(has == step.value?.bool, "step \(index): hasConstraint(\(id)) = \(has)")
        case "expectHasEdit":
            let has = solver.hasEditVariable(variable(step.var ?? ""))
            #expect(has == step.value?.bool, "step \(index): hasEditVariable = \(has)")
        case "expectViolated":
            let id = step.id ?? ""
            let violated = constraints[id]?.isViolated
            #expect(violated == step.value?.bool, "step \(index): violated(\(id)) = \(String(describing: violated))")
        case "expectUniqueness":
            for (name, unique) in step.vars ?? [:] {
                let determined = solver.isDetermined(variable(name))
                #expect(determined == unique,
                        "step \(index): \(name) is \(determined ? "" : "not ")determined, range \(solver.optimalRange(of: Expression([Term(variable(name))])))")
                let moves = perturbationMoves(name, upTo: index)
                #expect(moves == !unique, "step \(index): \(name) \(moves ? "moves" : "stays") under perturbation")
            }
        default:
            break
        }
    }

    /// Replays the steps before `end` and pulls `name` 1000 away on a level below every
    /// other: it moves exactly when the higher levels do not pin it.
    func perturbationMoves(_ name: String, upTo end: Int) -> Bool {
        var moved = false
        for delta in [1000.0, -1000.0] {
            var replay = ConformanceRunner(record: record, mode: mode)
            for step in steps[..<end] where Self.isAction(step) { _ = replay.perform(step) }
            replay.solver.updateVariables()
            let target = replay.variable(name)
            let before = target.value
            let pull = Constraint(Expression(target), .equal, strength: .level(1e-9))
            let pullAt = Constraint(pull.expression + -(before + delta), .equal, strength: .level(1e-9))
            try? replay.solver.addConstraint(pullAt)
            replay.solver.updateVariables()
            if abs(target.value - before) > 1e-6 { moved = true }
        }
        return moved
    }
}
