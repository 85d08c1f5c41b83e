import Testing
@testable import Cassowary
import SeededRandom

/// Soft constraints on one variable alone, grouped by variable once there are many (see
/// PreferredValues.swift): the same optimum as a solver that keeps each as a row, and the
/// same answers from the solver's API.
struct PreferredValuesTests {
    /// The total error of a solver's soft constraints at each strength level, at the values
    /// the solver has now.
    static func errors(of solver: Solver) -> [Double: Double] {
        var totals: [Double: Double] = [:]
        for constraint in solver.constraints where !constraint.strength.isRequired {
            var value = constraint.constant
            for term in constraint.expression.terms { value += term.coefficient * solver.value(of: term.variable) }
            let above = max(0, value), below = max(0, -value)
            let error: Double = switch constraint.relation {
            case .equal: above + below
            case .lessThanOrEqual: above
            case .greaterThanOrEqual: below
            }
            let components = constraint.relation == .equal && value < 0
                ? (constraint.belowStrength ?? constraint.strength).components : constraint.strength.components
            for component in components { totals[component.level, default: 0] += error * component.weight }
        }
        return totals
    }

    /// Whether every required constraint holds at the solver's values.
    static func requiredHold(in solver: Solver) -> Bool {
        solver.constraints.allSatisfy { constraint in
            guard constraint.strength.isRequired else { return true }
            var value = constraint.constant
            for term in constraint.expression.terms { value += term.coefficient * solver.value(of: term.variable) }
            return switch constraint.relation {
            case .equal: abs(value) < 1e-6
            case .lessThanOrEqual: value < 1e-6
            case .greaterThanOrEqual: value > -1e-6
            }
        }
    }

    static func sameErrors(_ a: [Double: Double], _ b: [Double: Double]) -> Bool {
        Set(a.keys).union(b.keys).allSatisfy { level in
            let x = a[level] ?? 0, y = b[level] ?? 0
            return abs(x - y) <= 1e-6 * max(1, abs(x), abs(y))
        }
    }

    /// Random mixes of soft constraints on one variable (every kind, coefficient and
    /// strength, many sharing a value), required bounds and sums, soft constraints over
    /// several variables, edits and removals: after every step the grouped solver's
    /// errors equal, level by level, those of a solver that keeps every constraint as a
    /// row, and its required constraints hold; in both solver modes.
    @Test(arguments: 0..<30, [false, true])
    func sameOptimumAsRows(seed: Int, markers: Bool) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ (markers ? 11 : 7))
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let grouped = Solver(keepsEqualityMarkers: markers), rows = Solver(keepsEqualityMarkers: markers)
        rows.preferences.isEnabled = false
        let strengths: [Strength] = [.weak, .medium, .strong, .create(0, 0, 3), .create(0, 2, 1), .level(7, weight: 0.5)]
        var added: [(Constraint, Constraint)] = []
        var edited = false
        for step in 0..<70 {
            let roll = Int.random(in: 0..<100, using: &rng)
            var pair: (Constraint, Constraint)?
            if roll < 55 || step < 20 {
                let variable = Int.random(in: 0..<5, using: &rng) == 0 ? y : x
                let coefficient = [1.0, 1, 1, -1, 2, 0.5][Int.random(in: 0..<6, using: &rng)]
                let value = Double(Int.random(in: -12...12, using: &rng) * 5)
                let relation: Relation = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual][Int.random(in: 0..<4, using: &rng)]
                let strength = strengths[Int.random(in: 0..<strengths.count, using: &rng)]
                let expression = Expression([Term(variable, coefficient: coefficient)], constant: -coefficient * value)
                pair = (Constraint(expression, relation, strength: strength), Constraint(expression, relation, strength: strength))
            } else if roll < 65 {
                let bound = Double(Int.random(in: -40...40, using: &rng))
                let expression = Expression([Term(x)], constant: -bound)
                let relation: Relation = Bool.random(using: &rng) ? .greaterThanOrEqual : .lessThanOrEqual
                pair = (Constraint(expression, relation), Constraint(expression, relation))
            } else if roll < 72 {
                let offset = Double(Int.random(in: -30...30, using: &rng))
                let expression = Expression([Term(x), Term(y, coefficient: -1)], constant: -offset)
                let strength = strengths[Int.random(in: 0..<strengths.count, using: &rng)]
                pair = (Constraint(expression, .equal, strength: strength), Constraint(expression, .equal, strength: strength))
            } else if roll < 76 {
                let expression = Expression([Term(y), Term(z, coefficient: -1)], constant: Double(Int.random(in: -20...20, using: &rng)))
                pair = (Constraint(expression, .greaterThanOrEqual), Constraint(expression, .greaterThanOrEqual))
            } else if roll < 90, !added.isEmpty {
                let (a, b) = added.remove(at: Int.random(in: 0..<added.count, using: &rng))
                try grouped.removeConstraint(a)
                try rows.removeConstraint(b)
            } else if !edited {
                try grouped.addEditVariable(x, strength: .medium)
                try rows.addEditVariable(x, strength: .medium)
                edited = true
            } else {
                let value = Double(Int.random(in: -80...80, using: &rng))
                try grouped.suggestValue(x, value)
                try rows.suggestValue(x, value)
            }
            if let (a, b) = pair {
                var failedA = false, failedB = false
                do { try grouped.addConstraint(a) } catch { failedA = true }
                do { try rows.addConstraint(b) } catch { failedB = true }
                #expect(failedA == failedB, "seed \(seed) step \(step): \(a) failed in one solver only")
                if !failedA && !failedB { added.append((a, b)) }
            }
            #expect(PreferredValuesTests.requiredHold(in: grouped), "seed \(seed) step \(step): a required constraint broke")
            let a = PreferredValuesTests.errors(of: grouped), b = PreferredValuesTests.errors(of: rows)
            #expect(PreferredValuesTests.sameErrors(a, b), "seed \(seed) step \(step): errors \(a) against \(b)")
            #expect(grouped.constraints.count == rows.constraints.count, "seed \(seed) step \(step)")
        }
        #expect(!grouped.preferences.groups.isEmpty, "seed \(seed): no group was made")
    }

    /// Many weak preferences on one variable: it ends on a median, the group holds a handful
    /// of rows, and the API sees every member as added, in order, and nothing else.
    @Test func manyPreferencesOnOneVariable() throws {
        var rng = SplitMix64(seed: 12)
        let x = Variable("x"), solver = Solver()
        let values = (0..<2_001).map(Double.init).shuffled(using: &rng)
        let constraints = values.map { Constraint(Expression([Term(x)], constant: -$0), .equal, strength: .weak) }
        for constraint in constraints { try solver.addConstraint(constraint) }
        #expect(solver.value(of: x) == 1_000)
        #expect(solver.tableau.records.count <= 8, "\(solver.tableau.records.count) rows")
        #expect(solver.constraints.map(ObjectIdentifier.init) == constraints.map(ObjectIdentifier.init))
        #expect(constraints.allSatisfy(solver.hasConstraint))
        #expect(throws: SolverError.self) { try solver.addConstraint(constraints[7]) }
        // Removing the 1,001 largest leaves 0…999: the median moves to 499.5 ± 0.5.
        for constraint in constraints where constraint.constant <= -1_000 { try solver.removeConstraint(constraint) }
        let median = solver.value(of: x)
        #expect(median >= 499 && median <= 500, "x is \(median)")
        #expect(solver.constraints.count == 1_000)
        #expect(throws: SolverError.self) { try solver.removeConstraint(constraints.first { $0.constant == -1_500 }!) }
    }

    /// A required bound and a strong pull move the variable off the median: the group's
    /// center follows it, and the result is the one of a solver with a row for each.
    @Test func centerFollowsTheVariable() throws {
        let x = Variable("x"), grouped = Solver(), rows = Solver()
        rows.preferences.isEnabled = false
        for solver in [grouped, rows] {
            for value in 0..<100 {
                try solver.addConstraint(Constraint(Expression([Term(x)], constant: -Double(value)), .equal, strength: .weak))
            }
        }
        for solver in [grouped, rows] { try solver.addConstraint(Constraint(Expression([Term(x)], constant: -80), .greaterThanOrEqual)) }
        #expect(grouped.value(of: x) == 80 && rows.value(of: x) == 80)
        let pull = [grouped, rows].map { _ in Constraint(Expression([Term(x)], constant: 30), .equal, strength: .medium) }
        try grouped.addConstraint(pull[0])
        try rows.addConstraint(pull[1])
        #expect(grouped.value(of: x) == 80)
        try grouped.removeConstraint(grouped.constraints.first { $0.strength.isRequired }!)
        try rows.removeConstraint(rows.constraints.first { $0.strength.isRequired }!)
        #expect(grouped.value(of: x) == -30 && rows.value(of: x) == -30)
        #expect(PreferredValuesTests.sameErrors(PreferredValuesTests.errors(of: grouped), PreferredValuesTests.errors(of: rows)))
    }

    /// The questions about the optimal face get the answers of a solver with a row for each
    /// member (the group gives its members back first).
    @Test func optimalFaceAsRows() throws {
        let x = Variable("x"), grouped = Solver(), rows = Solver()
        rows.preferences.isEnabled = false
        for solver in [grouped, rows] {
            // Two values each preferred by 10 weak constraints: anywhere between is optimal.
            for value in [10.0, 20.0] {
                for _ in 0..<10 {
                    try solver.addConstraint(Constraint(Expression([Term(x)], constant: -value), .equal, strength: .weak))
                }
            }
        }
        #expect(!grouped.preferences.groups.isEmpty)
        #expect(grouped.optimalRange(of: Expression([Term(x)])) == 10...20)
        #expect(rows.optimalRange(of: Expression([Term(x)])) == 10...20)
        #expect(!grouped.isDetermined(x) && !rows.isDetermined(x))
        #expect(grouped.constraints.count == 20)
    }

    /// Replacing a member with another constraint, and back.
    @Test func replacingAMember() throws {
        let x = Variable("x"), solver = Solver()
        let members = (0..<20).map { Constraint(Expression([Term(x)], constant: -Double($0)), .greaterThanOrEqual, strength: .weak) }
        for member in members { try solver.addConstraint(member) }
        #expect(solver.value(of: x) >= 19 - 1e-9)
        let bound = Constraint(Expression([Term(x)], constant: -5), .lessThanOrEqual)
        try solver.replaceConstraint(members[19], with: bound)
        #expect(!solver.hasConstraint(members[19]) && solver.hasConstraint(bound))
        #expect(abs(solver.value(of: x) - 5) < 1e-9)
        try solver.replaceConstraint(bound, with: members[19])
        #expect(solver.value(of: x) >= 19 - 1e-9)
        #expect(solver.constraints.count == 20)
    }
}
