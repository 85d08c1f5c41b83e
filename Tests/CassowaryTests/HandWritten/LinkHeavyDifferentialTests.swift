import SeededRandom
import Testing
@testable import Cassowary

/// Random systems dominated by links (two-variable, unit-coefficient required equalities,
/// which marker mode keeps as equality classes), with preferences and inequalities over a
/// few dozen variables, changed by random adds, removals, constant changes and edits. After
/// every step both modes must agree on what they refuse, hold every required constraint,
/// and reach the reference optimizer's error on every strength level; a refused step must
/// leave each solver exactly as it was, and name a minimal set of conflicts.
@Suite struct LinkHeavyDifferentialTests {
    /// A constraint over variable indices, materialized by each side over its own variables.
    typealias Terms = [(variable: Int, coefficient: Double)]

    struct Spec: CustomStringConvertible {
        var terms: Terms
        var constant: Double
        var relation: Relation
        var strength: Strength

        func constraint(over variables: [Variable]) -> Constraint {
            let expression = Expression(terms.map { Term(variables[$0.variable], coefficient: $0.coefficient) },
                                        constant: constant)
            return Constraint(expression, relation, strength: strength)
        }

        var description: String {
            let left = terms.map { "\($0.coefficient)·v\($0.variable)" }.joined(separator: " + ")
            let strengthName = strength.isRequired ? "required" : strength == .strong ? "strong"
                : strength == .medium ? "medium" : "weak"
            return "\(left) + \(constant) \(relation) 0 [\(strengthName)]"
        }
    }

    enum Step: CustomStringConvertible {
        case add(Spec)
        case remove(Int)
        /// The held constraint at an index gets its constant shifted.
        case replace(Int, shift: Double)
        case suggest(Int, Double, Strength)
        case removeEdit(Int)

        var description: String {
            switch self {
            case .add(let spec): "add \(spec)"
            case .remove(let k): "remove #\(k)"
            case .replace(let k, let shift): "shift #\(k) by \(shift)"
            case .suggest(let v, let value, let strength): "suggest v\(v) = \(value) (\(strength))"
            case .removeEdit(let v): "remove edit v\(v)"
            }
        }
    }

    /// One mode's solver over its own variables.
    final class Side {
        let mode: SolverMode
        let solver: Solver
        let variables: [Variable]
        var held: [Constraint] = []

        init(_ mode: SolverMode, variableCount: Int) {
            self.mode = mode
            solver = mode.makeSolver()
            variables = (0..<variableCount).map { Variable("v\($0)") }
        }

        enum Outcome {
            case accepted
            case refused([Constraint])
            case failed(String)
        }

        /// Runs a step; on refusal checks that nothing changed and the conflicts are minimal.
        func run(_ step: Step, held specs: [Spec], edits: [Int: (Double, Strength)]) -> Outcome {
            solver.updateVariables()
            let dump = solver.dump()
            let values = variables.map(\.value)
            var candidate: Constraint?
            var pool = held
            do throws(SolverError) {
                switch step {
                case .add(let spec):
                    let constraint = spec.constraint(over: variables)
                    candidate = constraint
                    try solver.addConstraint(constraint)
                    held.append(constraint)
                case .remove(let k):
                    try solver.removeConstraint(held[k])
                    held.remove(at: k)
                case .replace(let k, let shift):
                    var spec = specs[k]
                    spec.constant += shift
                    let constraint = spec.constraint(over: variables)
                    candidate = constraint
                    pool.remove(at: k)
                    try solver.replaceConstraint(held[k], with: constraint)
                    if solver.hasConstraint(held[k]) { return .failed("the replaced constraint is still held") }
                    held[k] = constraint
                case .suggest(let v, let value, let strength):
                    if edits[v] == nil { try solver.addEditVariable(variables[v], strength: strength) }
                    try solver.suggestValue(variables[v], value)
                case .removeEdit(let v):
                    try solver.removeEditVariable(variables[v])
                }
                return .accepted
            } catch {
                guard case .unsatisfiableConstraint(let refused, let conflicts) = error, let candidate,
                      refused === candidate, candidate.strength.isRequired else {
                    return .failed("threw \(error)")
                }
                if solver.hasConstraint(candidate) { return .failed("the refused constraint is held") }
                if case .replace(let k, _) = step, !solver.hasConstraint(held[k]) {
                    return .failed("a refused replacement dropped the old constraint")
                }
                if solver.dump() != dump { return .failed("a refusal changed the solver:\n\(dump)\n---\n\(solver.dump())") }
                solver.updateVariables()
                if variables.map(\.value) != values { return .failed("a refusal changed the values") }
                if let problem = Self.conflictProblem(candidate, conflicts, pool: pool) { return .failed(problem) }
                return .refused(conflicts)
            }
        }

        /// Whether the conflicts are held required constraints that contradict `constraint`,
        /// and minimally so.
        static func conflictProblem(_ constraint: Constraint, _ conflicts: [Constraint], pool: [Constraint]) -> String? {
            for c in conflicts where !c.strength.isRequired || !pool.contains(where: { $0 === c }) {
                return "conflict \(c) is not a held required constraint"
            }
            func contradicts(_ set: [Constraint]) -> Bool {
                let probe = Solver()
                probe.explainsConflicts = false
                do {
                    for c in set { try probe.addConstraint(c) }
                    try probe.addConstraint(constraint)
                    return false
                } catch { return true }
            }
            if !contradicts(conflicts) { return "conflicts \(conflicts) do not contradict \(constraint)" }
            for k in conflicts.indices {
                var smaller = conflicts
                smaller.remove(at: k)
                if contradicts(smaller) { return "conflicts \(conflicts) are not minimal for \(constraint)" }
            }
            return nil
        }

        /// The first broken required constraint, or nil.
        func brokenRequired() -> String? {
            solver.updateVariables()
            return firstBrokenRequired(held, tolerance: 1e-7)
        }

        func editList(_ edits: [Int: (Double, Strength)]) -> [(Variable, Double, Strength)] {
            edits.keys.sorted().map { (variables[$0], edits[$0]!.0, edits[$0]!.1) }
        }
    }

    /// A seeded script: the held specs and edits, the same for both sides while they agree.
    struct Script {
        var rng: SplitMix64
        let variableCount: Int
        var specs: [Spec] = []
        var edits: [Int: (Double, Strength)] = [:]

        mutating func twoVariables() -> (Int, Int) {
            let a = rng.int(0...variableCount - 1)
            var b = rng.int(0...variableCount - 2)
            if b >= a { b += 1 }
            return (a, b)
        }

        /// A link `a - b == c` in one of its spellings; `c` agrees with `values` when given.
        mutating func link(_ values: [Double]) -> Spec {
            let (a, b) = twoVariables()
            let c = rng.chance(40) ? values[a] - values[b] : Double(rng.int(-15...15))
            let scale: Double = [1, 1, -1, 2].randomElement(using: &rng)!
            return Spec(terms: [(a, scale), (b, -scale)], constant: -scale * c, relation: .equal, strength: .required)
        }

        mutating func add(_ values: [Double]) -> Spec {
            let roll = rng.int(0...99)
            if roll < 42 { return link(values) }
            if roll < 50 {
                // A ground link `a == c`.
                let a = rng.int(0...variableCount - 1)
                let c = rng.chance(30) ? values[a] : Double(rng.int(-40...40))
                return Spec(terms: [(a, 1)], constant: -c, relation: .equal, strength: .required)
            }
            if roll < 60 {
                // A required inequality, between two variables or against a constant.
                let relation: Relation = rng.chance(50) ? .lessThanOrEqual : .greaterThanOrEqual
                if rng.chance(60) {
                    let (a, b) = twoVariables()
                    return Spec(terms: [(a, 1), (b, -1)], constant: Double(rng.int(-20...20)), relation: relation,
                                strength: .required)
                }
                return Spec(terms: [(rng.int(0...variableCount - 1), 1)], constant: Double(rng.int(-50...50)),
                            relation: relation, strength: .required)
            }
            if roll < 66 {
                // A required equality that is not a link.
                let (a, b) = twoVariables()
                let terms: Terms = rng.chance(50) ? [(a, 1), (b, 1)] : [(a, 1), (b, -2)]
                return Spec(terms: terms, constant: Double(rng.int(-30...30)), relation: .equal, strength: .required)
            }
            let strength: Strength = [.strong, .medium, .weak, .weak].randomElement(using: &rng)!
            let relation: Relation = rng.chance(65) ? .equal : rng.chance(50) ? .lessThanOrEqual : .greaterThanOrEqual
            if rng.chance(50) {
                let (a, b) = twoVariables()
                return Spec(terms: [(a, 1), (b, -1)], constant: Double(rng.int(-25...25)), relation: relation,
                            strength: strength)
            }
            return Spec(terms: [(rng.int(0...variableCount - 1), 1)], constant: Double(rng.int(-60...60)), relation: relation,
                        strength: strength)
        }

        mutating func step(_ values: [Double]) -> Step {
            let roll = rng.int(0...99)
            if roll < 55 || specs.isEmpty { return .add(add(values)) }
            if roll < 70 { return .remove(rng.int(0...specs.count - 1)) }
            if roll < 86 {
                let shift = rng.chance(20) ? 0 : Double(rng.int(-12...12))
                return .replace(rng.int(0...specs.count - 1), shift: shift)
            }
            if roll < 96 || edits.isEmpty {
                let strength: Strength = [.strong, .medium, .weak].randomElement(using: &rng)!
                return .suggest(rng.int(0...variableCount - 1), Double(rng.int(-80...80)), strength)
            }
            return .removeEdit(edits.keys.sorted()[rng.int(0...edits.count - 1)])
        }

        /// Records an accepted step.
        mutating func apply(_ step: Step) {
            switch step {
            case .add(let spec): specs.append(spec)
            case .remove(let k): specs.remove(at: k)
            case .replace(let k, let shift): specs[k].constant += shift
            case .suggest(let v, let value, let strength): edits[v] = (value, edits[v]?.1 ?? strength)
            case .removeEdit(let v): edits[v] = nil
            }
        }
    }

    static let levels = [Strength.strongLevel, Strength.mediumLevel, Strength.weakLevel]

    /// Runs one seeded script; returns the first failure and the steps up to it, or nil.
    /// Counts the refusals into `refusals`.
    static func run(seed: UInt64, variables: Int = 24, steps: Int = 60, refusals: inout Int)
        -> (failure: String, steps: [Step])? {
        var script = Script(rng: SplitMix64(seed: seed), variableCount: variables)
        let sides = SolverMode.allCases.map { Side($0, variableCount: variables) }
        var done: [Step] = []
        for index in 0..<steps {
            sides[1].solver.updateVariables()
            let step = script.step(sides[1].variables.map(\.value))
            done.append(step)
            let outcomes = sides.map { $0.run(step, held: script.specs, edits: script.edits) }
            var accepted: [Bool] = []
            for (side, outcome) in zip(sides, outcomes) {
                switch outcome {
                case .accepted: accepted.append(true)
                case .refused: accepted.append(false)
                case .failed(let message): return ("step \(index) \(step) [\(side.mode)]: \(message)", done)
                }
            }
            if accepted[0] != accepted[1] {
                return ("step \(index) \(step): accepted \(accepted) by [default, markers]", done)
            }
            if accepted[0] { script.apply(step) } else { refusals += 1 }
            for side in sides {
                if let broken = side.brokenRequired() { return ("step \(index) \(step) [\(side.mode)]: required \(broken)", done) }
                let unsound = side.solver.tableau.invariantViolations()
                if !unsound.isEmpty { return ("step \(index) \(step) [\(side.mode)]: tableau invariants broken: \(unsound)", done) }
            }
            // Both sides reach the optimum of every level.
            let reference = sides[1]
            guard let best = ReferenceOptimizer.optimum(of: reference.held, edits: reference.editList(script.edits),
                                                        variables: reference.variables, levels: levels) else {
                return ("step \(index) \(step): the reference finds the held constraints infeasible", done)
            }
            for side in sides {
                side.solver.updateVariables()
                let got = ReferenceOptimizer.errors(of: side.held, edits: side.editList(script.edits), levels: levels)
                for (level, (g, b)) in zip(levels, zip(got, best)) where abs(g - b) > 1e-6 * max(1, abs(b)) {
                    return ("step \(index) \(step) [\(side.mode)]: error \(g) at level \(level), optimum \(b)", done)
                }
            }
        }
        // Everything out: both solvers are empty again.
        for side in sides {
            do {
                for c in side.held.reversed() { try side.solver.removeConstraint(c) }
                for v in script.edits.keys.sorted() { try side.solver.removeEditVariable(side.variables[v]) }
            } catch {
                return ("emptying [\(side.mode)]: \(error)", done)
            }
            if !side.solver.isEmpty { return ("emptying [\(side.mode)]: not empty\n\(side.solver.dump())", done) }
        }
        return nil
    }

    @Test("link-heavy random systems: both modes agree with each other and with the reference")
    func linkHeavySystems() {
        var failures: [String] = []
        var refusals = 0
        for seed in UInt64(1)...40 {
            if let (failure, steps) = Self.run(seed: seed, refusals: &refusals) {
                failures.append("seed \(seed): \(failure)\nsteps: \(steps.map(\.description).joined(separator: "; "))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failing seeds, first: \(failures.first ?? "")")
        // The generator must exercise refusals.
        #expect(refusals >= 20, "\(refusals) refusals")
    }
}
