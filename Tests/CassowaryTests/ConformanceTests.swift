import Foundation
import Testing
@testable import Cassowary

/// Runs every record of every fixture file through one interpreter, in every solver mode.
@Suite struct ConformanceTests {
    @Test("solver conformance record", arguments: ConformanceCase.all())
    func record(_ testCase: ConformanceCase) throws {
        var runner = ConformanceRunner(record: testCase.record, mode: testCase.mode)
        try runner.run()
    }

    @Test func fixturesAreLoaded() {
        let cases = ConformanceCase.all()
        // solver_cases.json holds 86 records, solver_markers_repro.json one.
        let records = Set(cases.map { "\($0.file): \($0.name)" })
        #expect(records.count >= 87)
        #expect(records.contains("solver_markers_repro.json: random-banded.markers-mode-remove-all"))
        for mode in SolverMode.allCases {
            #expect(cases.filter { $0.mode == mode }.count == cases.count / SolverMode.allCases.count)
        }
    }
}

/// Interprets the steps of one solver record.
struct ConformanceRunner {
    let record: [String: Any]
    let steps: [[String: Any]]
    let mode: SolverMode
    var solver: Solver
    var variables: [String: Variable] = [:]
    var constraints: [String: Constraint] = [:]

    init(record: [String: Any], mode: SolverMode) {
        self.record = record
        self.mode = mode
        solver = mode.makeSolver()
        self.steps = record["steps"] as? [[String: Any]] ?? []
        for name in record["variables"] as? [String] ?? [] { variables[name] = Variable(name) }
    }

    mutating func variable(_ name: String) -> Variable {
        if let v = variables[name] { return v }
        let v = Variable(name)
        variables[name] = v
        return v
    }

    static func strength(_ value: Any?) -> Strength {
        switch value {
        case let name as String:
            switch name {
            case "required": return .required
            case "strong": return .strong
            case "medium": return .medium
            default: return .weak
            }
        case let number as NSNumber: return Strength(number.doubleValue)
        default: return .required
        }
    }

    mutating func makeConstraint(_ json: [String: Any]) -> Constraint {
        let lhs = json["lhs"] as? [String: Any] ?? [:]
        let terms = lhs.keys.sorted().map { Term(variable($0), coefficient: (lhs[$0] as! NSNumber).doubleValue) }
        let constant = (json["constant"] as? NSNumber)?.doubleValue ?? 0
        let relation: Relation = switch json["op"] as? String {
        case "<=": .lessThanOrEqual
        case ">=": .greaterThanOrEqual
        default: .equal
        }
        return Constraint(Expression(terms, constant: -constant), relation, strength: Self.strength(json["strength"]))
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
    mutating func perform(_ step: [String: Any]) -> SolverError? {
        do throws(SolverError) {
            switch step["op"] as? String {
            case "add":
                let id = step["id"] as? String ?? "anonymous \(constraints.count)"
                if constraints[id] == nil, let json = step["constraint"] as? [String: Any] {
                    constraints[id] = makeConstraint(json)
                }
                try solver.addConstraint(constraints[id]!)
            case "remove":
                let id = step["id"] as? String ?? "anonymous \(constraints.count)"
                if constraints[id] == nil, let json = step["constraint"] as? [String: Any] {
                    constraints[id] = makeConstraint(json)
                }
                try solver.removeConstraint(constraints[id]!)
            case "addEdit":
                try solver.addEditVariable(variable(step["var"] as! String), strength: Self.strength(step["strength"]))
            case "removeEdit":
                try solver.removeEditVariable(variable(step["var"] as! String))
            case "suggest":
                try solver.suggestValue(variable(step["var"] as! String), (step["value"] as! NSNumber).doubleValue)
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

    static func isAction(_ step: [String: Any]) -> Bool {
        ["add", "remove", "addEdit", "removeEdit", "suggest", "reset"].contains(step["op"] as? String ?? "")
    }

    static func close(_ got: Double, _ expected: Double, _ tolerance: Double) -> Bool {
        abs(got - expected) <= tolerance * max(1, abs(expected))
    }

    mutating func run() throws {
        var pending: (step: Int, error: SolverError)?
        for (index, step) in steps.enumerated() {
            let op = step["op"] as? String ?? ""
            if let id = step["id"] as? String, constraints[id] == nil, let json = step["constraint"] as? [String: Any] {
                constraints[id] = makeConstraint(json)
            }
            if op == "expectError" {
                let expected = step["error"] as? String ?? ""
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

    mutating func check(_ step: [String: Any], at index: Int) {
        solver.updateVariables()
        switch step["op"] as? String {
        case "expect":
            let tolerance = (step["tolerance"] as? NSNumber)?.doubleValue ?? 1e-6
            for (name, value) in step["values"] as? [String: Any] ?? [:] {
                let expected = (value as! NSNumber).doubleValue
                let got = variable(name).value
                #expect(Self.close(got, expected, tolerance), "step \(index): \(name) = \(got), expected \(expected)")
            }
        case "expectOneOf":
            let tolerance = (step["tolerance"] as? NSNumber)?.doubleValue ?? 1e-6
            let alternatives = step["alternatives"] as? [[String: Any]] ?? []
            let matches = alternatives.contains { alternative in
                alternative.allSatisfy { name, value in
                    Self.close(variables[name]?.value ?? .nan, (value as! NSNumber).doubleValue, tolerance)
                }
            }
            #expect(matches, "step \(index): \(variables.mapValues(\.value)) matches none of \(alternatives)")
        case "expectSatisfies":
            let constraint = makeConstraint(step["constraint"] as! [String: Any])
            let v = constraint.expression.value
            let ok = switch constraint.relation {
            case .equal: abs(v) <= 1e-6
            case .lessThanOrEqual: v <= 1e-6
            case .greaterThanOrEqual: v >= -1e-6
            }
            #expect(ok, "step \(index): \(constraint) does not hold (value \(v))")
        case "expectHasConstraint":
            let id = step["id"] as! String
            let has = constraints[id].map { solver.hasConstraint($0) } ?? false
            #expect(has == (step["value"] as? Bool), "step \(index): hasConstraint(\(id)) = \(has)")
        case "expectHasEdit":
            let has = solver.hasEditVariable(variable(step["var"] as! String))
            #expect(has == (step["value"] as? Bool), "step \(index): hasEditVariable = \(has)")
        case "expectViolated":
            let id = step["id"] as! String
            let violated = constraints[id]?.isViolated
            #expect(violated == (step["value"] as? Bool), "step \(index): violated(\(id)) = \(String(describing: violated))")
        case "expectUniqueness":
            for (name, unique) in step["vars"] as? [String: Bool] ?? [:] {
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
