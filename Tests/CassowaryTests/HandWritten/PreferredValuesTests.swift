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
                let variable = Int.random(in: 0..<5, using: &rng) < 2 ? y : x
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
            } else if roll < 84, !added.isEmpty {
                let (a, b) = added.remove(at: Int.random(in: 0..<added.count, using: &rng))
                try grouped.removeConstraint(a)
                try rows.removeConstraint(b)
            } else if roll < 88, !added.isEmpty {
                // A constraint replaced by a preference on x (or a required bound): it takes the
                // old one's place in both solvers, or fails in both and changes nothing.
                let index = Int.random(in: 0..<added.count, using: &rng)
                let expression = Expression([Term(x)], constant: -Double(Int.random(in: -12...12, using: &rng) * 5))
                let strength = Bool.random(using: &rng) ? Strength.required : strengths[Int.random(in: 0..<strengths.count, using: &rng)]
                let replacement = (Constraint(expression, .greaterThanOrEqual, strength: strength),
                                   Constraint(expression, .greaterThanOrEqual, strength: strength))
                var failedA = false, failedB = false
                do { try grouped.replaceConstraint(added[index].0, with: replacement.0) } catch { failedA = true }
                do { try rows.replaceConstraint(added[index].1, with: replacement.1) } catch { failedB = true }
                #expect(failedA == failedB, "seed \(seed) step \(step): a replacement failed in one solver only")
                if !failedA && !failedB { added[index] = replacement }
            } else if roll < 91 {
                // Asking about the optimal face changes nothing.
                let before = grouped.value(of: x)
                #expect(grouped.optimalRange(of: Expression([Term(x)])) == rows.optimalRange(of: Expression([Term(x)])),
                        "seed \(seed) step \(step)")
                #expect(grouped.value(of: x) == before, "seed \(seed) step \(step): a question moved x")
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
            // The same constraints in the same order (edit constraints are each solver's own).
            let partner = Dictionary(uniqueKeysWithValues: added.map { (ObjectIdentifier($0.0), ObjectIdentifier($0.1)) })
            let mine = grouped.constraints.compactMap { partner[ObjectIdentifier($0)] }
            let theirs = rows.constraints.map(ObjectIdentifier.init).filter { Set(partner.values).contains($0) }
            #expect(mine == theirs, "seed \(seed) step \(step): the constraints' order differs")
            #expect(mine.count == added.count, "seed \(seed) step \(step): \(mine.count) listed, \(added.count) added")
        }
        #expect(!grouped.preferences.groups.isEmpty, "seed \(seed): no group was made")
    }

    static func weak(_ variable: Variable, _ value: Double, _ strength: Strength = .weak) -> Constraint {
        Constraint(Expression([Term(variable)], constant: -value), .equal, strength: strength)
    }

    /// Two groups tied together: a group that moves changes where the other's variable
    /// ends, so the groups are settled again until none moves (a single pass left y on the
    /// edge of its group's exact range, with a weak error of 1,320 where 1,240 is best).
    @Test func groupsTiedTogether() throws {
        let x = Variable("x"), y = Variable("y"), grouped = Solver(), rows = Solver()
        rows.preferences.isEnabled = false
        for solver in [grouped, rows] {
            for value in Array(repeating: 10.0, count: 14) + [80, 50] { try solver.addConstraint(Self.weak(y, value)) }
            for value in [80.0, 80] + Array(repeating: 100.0, count: 11) + [10, 10, 10] { try solver.addConstraint(Self.weak(x, value)) }
            try solver.addConstraint(Constraint(Expression([Term(x), Term(y, coefficient: -1)]), .equal))
        }
        #expect(grouped.preferences.groups.count == 2)
        #expect(PreferredValuesTests.errors(of: grouped) == PreferredValuesTests.errors(of: rows))
        #expect(grouped.value(of: x) == rows.value(of: x))
    }

    /// Many members preferring the same few values: the members at the center are one row
    /// per kind too, so each change costs a few rows (a row each made 1,600 of them take
    /// two minutes).
    @Test func manyMembersAtFewValues() throws {
        let x = Variable("x"), grouped = Solver(), rows = Solver()
        rows.preferences.isEnabled = false
        for i in 0..<1_200 {
            let value = [0.0, 100, 50][i % 3]
            try grouped.addConstraint(Self.weak(x, value))
            try rows.addConstraint(Self.weak(x, value))
        }
        #expect(grouped.value(of: x) == 50 && rows.value(of: x) == 50)
        #expect(grouped.tableau.records.count <= 9, "\(grouped.tableau.records.count) rows")
        #expect(PreferredValuesTests.errors(of: grouped) == PreferredValuesTests.errors(of: rows))
    }

    /// A replacement that fails leaves the solver as it was, order included; one that goes in
    /// takes the old constraint's place.
    @Test func replacementKeepsThePlace() throws {
        let x = Variable("x"), solver = Solver()
        let bound = Constraint(Expression([Term(x)], constant: -10), .lessThanOrEqual)
        try solver.addConstraint(bound)
        let members = (0..<20).map { Self.weak(x, Double($0)) }
        for member in members { try solver.addConstraint(member) }
        let order = solver.constraints.map(ObjectIdentifier.init)
        #expect(throws: SolverError.self) {
            try solver.replaceConstraint(members[3], with: Constraint(Expression([Term(x)], constant: -100), .greaterThanOrEqual))
        }
        #expect(solver.constraints.map(ObjectIdentifier.init) == order)
        #expect(solver.value(of: x) == 9.5 || solver.value(of: x) == 9 || solver.value(of: x) == 10)
        let moved = Self.weak(x, 7)
        try solver.replaceConstraint(members[3], with: moved)
        #expect(solver.constraints.map(ObjectIdentifier.init)[4] == ObjectIdentifier(moved))
    }

    /// A level that only a few light members carry survives a heavy member of that level
    /// coming and going (the sum is added up again rather than trusted to rounding).
    @Test func lightLevelSurvivesAHeavyMember() throws {
        let x = Variable("x"), grouped = Solver(), rows = Solver()
        rows.preferences.isEnabled = false
        let light = Strength.level(1, weight: 1e-7), heavy = Strength.level(1, weight: 1e6)
        for solver in [grouped, rows] {
            let bound = Constraint(Expression([Term(x)]), .lessThanOrEqual)
            try solver.addConstraint(bound)
            for _ in 0..<8 { try solver.addConstraint(Self.weak(x, 0, light)) }
            for _ in 0..<9 { try solver.addConstraint(Self.weak(x, 10, light)) }
            let passing = Self.weak(x, 10, heavy)
            try solver.addConstraint(passing)
            try solver.removeConstraint(passing)
            try solver.removeConstraint(bound)
        }
        #expect(grouped.value(of: x) == rows.value(of: x) && rows.value(of: x) == 10)
    }

    /// Asking about the optimal face leaves the solution where it was, even where several
    /// values are equally good.
    @Test func questionsChangeNothing() throws {
        let x = Variable("x"), solver = Solver()
        for i in 0..<10 {
            try solver.addConstraint(Self.weak(x, Double(19 - i)))
            try solver.addConstraint(Self.weak(x, Double(i)))
        }
        let before = solver.value(of: x)
        #expect(solver.optimalRange(of: Expression([Term(x)])) == 9...10)
        #expect(solver.value(of: x) == before)
        #expect(!solver.preferences.groups.isEmpty)
    }

    /// Many weak preferences on one variable: it ends on a median, the group holds a handful
    /// of rows, and the API sees every member as added, in order, and nothing else.
    @Test func manyPreferencesOnOneVariable() throws {
        var rng = SplitMix64(seed: 12)
        let x = Variable("x"), solver = Solver()
        let values = (0..<401).map(Double.init).shuffled(using: &rng)
        let constraints = values.map { Constraint(Expression([Term(x)], constant: -$0), .equal, strength: .weak) }
        for constraint in constraints { try solver.addConstraint(constraint) }
        #expect(solver.value(of: x) == 200)
        #expect(solver.tableau.records.count <= 8, "\(solver.tableau.records.count) rows")
        #expect(solver.constraints.map(ObjectIdentifier.init) == constraints.map(ObjectIdentifier.init))
        #expect(constraints.allSatisfy(solver.hasConstraint))
        #expect(throws: SolverError.self) { try solver.addConstraint(constraints[7]) }
        // Removing the 201 largest leaves 0…199: the median moves to 99.5 ± 0.5.
        for constraint in constraints where constraint.constant <= -200 { try solver.removeConstraint(constraint) }
        let median = solver.value(of: x)
        #expect(median >= 99 && median <= 100, "x is \(median)")
        #expect(solver.constraints.count == 200)
        #expect(throws: SolverError.self) { try solver.removeConstraint(constraints.first { $0.constant == -300 }!) }
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
