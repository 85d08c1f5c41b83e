import Testing
@testable import Cassowary
import SeededRandom

/// `optimalRange(of:)` and `isDetermined(_:)`: the range of a value over every optimal
/// solution, checked against what the solver does when pulled toward each end at a
/// strength below every other.
struct OptimalFaceTests {
    /// Where `expression` settles when a constraint below every level pulls it to `target`.
    static func pulled(_ solver: Solver, _ expression: Expression, to target: Double) -> Double {
        let pull = Constraint(Expression(expression.terms, constant: expression.constant - target), .equal,
                              strength: .level(1e-9))
        try? solver.addConstraint(pull)
        solver.updateVariables()
        let value = expression.value
        try? solver.removeConstraint(pull)
        solver.updateVariables()
        return value
    }

    @Test("a variable pinned by required constraints, or only by its preferences, is determined")
    func determined() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(Constraint(x + -10, .equal))
        try solver.addConstraint(Constraint(y + -(x * 2), .equal, strength: .weak))
        #expect(solver.isDetermined(x))
        #expect(solver.isDetermined(y))
        #expect(solver.optimalRange(of: Expression([Term(y)])) == 20...20)
    }

    @Test("a variable no constraint names, or one an equation leaves free, is unbounded both ways")
    func free() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        try solver.addConstraint(Constraint(x + -y + -100, .equal))
        #expect(!solver.isDetermined(x))
        #expect(!solver.isDetermined(Expression([Term(x)]), holdingPreferences: true))
        #expect(solver.optimalRange(of: Expression([Term(z)])) == -Double.infinity...Double.infinity)
        // Their difference is fixed although neither is.
        #expect(solver.isDetermined(x - y))
    }

    @Test("inequalities bound the face: x between 0 and 50 with no preference")
    func bounded() throws {
        for mode in SolverMode.allCases {
            let solver = mode.makeSolver()
            let x = Variable("x")
            try solver.addConstraint(Constraint(Expression([Term(x)]), .greaterThanOrEqual))
            try solver.addConstraint(Constraint(x + -50, .lessThanOrEqual))
            #expect(solver.optimalRange(of: Expression([Term(x)])) == 0...50, "\(mode)")
        }
    }

    @Test("equal preferences pulling apart leave a tie; unequal ones do not")
    func ties() throws {
        // a + b == 100, a and b each want 80 with the same strength: any split between
        // (20, 80) and (80, 20) costs the same.
        let solver = Solver()
        let a = Variable("a"), b = Variable("b")
        try solver.addConstraint(Constraint(a + b + -100, .equal))
        let wantA = Constraint(a + -80, .equal, strength: .medium)
        try solver.addConstraint(wantA)
        try solver.addConstraint(Constraint(b + -80, .equal, strength: .medium))
        #expect(solver.optimalRange(of: Expression([Term(a)])) == 20...80)
        // Holding each preference at its error, nothing moves: the freedom is a tie.
        #expect(solver.isDetermined(Expression([Term(a)]), holdingPreferences: true))
        #expect(solver.freedom(of: Expression([Term(a)]), Expression([Term(b)]), holdingPreferences: true) == 0)
        #expect(solver.freedom(of: Expression([Term(a)]), Expression([Term(b)])) == 1)
        // A stronger preference for a decides it.
        try solver.removeConstraint(wantA)
        try solver.addConstraint(Constraint(a + -80, .equal, strength: .strong))
        #expect(solver.isDetermined(a))
        #expect(solver.value(of: a) == 80)
    }

    @Test("freedom: how many independent ways a position and a size can move together")
    func freedom() throws {
        for mode in SolverMode.allCases {
            // x free, width fixed: one way (the position).
            let solver = mode.makeSolver()
            let minX = Variable("minX"), maxX = Variable("maxX")
            let x = Expression([Term(minX)]), width = maxX - minX
            try solver.addConstraint(Constraint(maxX - minX + -100, .equal))
            #expect(solver.freedom(of: x, width) == 1, "\(mode)")
            // The trailing edge fixed too: x moves only with the width, still one way.
            let pinned = mode.makeSolver()
            try pinned.addConstraint(Constraint(maxX + -300, .equal))
            #expect(pinned.freedom(of: x, width) == 1, "\(mode)")
            // Nothing fixed: two ways.
            let loose = mode.makeSolver()
            try loose.addConstraint(Constraint(minX + -maxX, .lessThanOrEqual))
            #expect(loose.freedom(of: x, width) == 2, "\(mode)")
            // Both fixed: none.
            try pinned.addConstraint(Constraint(minX + -200, .equal))
            #expect(pinned.freedom(of: x, width) == 0, "\(mode)")
            // Variables no constraint names: two ways.
            #expect(mode.makeSolver().freedom(of: x, width) == 2, "\(mode)")
        }
    }

    @Test("the constraints a value comes from: along a chain, and the bound that wins over a preference")
    func determining() throws {
        for mode in SolverMode.allCases {
            let solver = mode.makeSolver()
            let x0 = Variable("x0"), x1 = Variable("x1"), x2 = Variable("x2"), y = Variable("y")
            let start = Constraint(x0 + -5, .equal), step = Constraint(x1 - x0 + -10, .equal)
            let unrelated = Constraint(y + -3, .equal)
            let wish = Constraint(x2 + -50, .equal, strength: .weak), cap = Constraint(x2 - x1 + -25, .lessThanOrEqual)
            for c in [start, unrelated, step, wish, cap] { try solver.addConstraint(c) }
            #expect(solver.constraintsDetermining([x1]).map(ObjectIdentifier.init) == [start, step].map(ObjectIdentifier.init),
                    "\(mode)")
            // x2 = 40: the cap holds it, 25 above x1, which the chain decides; the wish for
            // 50 only pulls it against the cap.
            #expect(solver.constraintsDetermining([x2]).map(ObjectIdentifier.init)
                    == [start, step, cap].map(ObjectIdentifier.init), "\(mode)")
            #expect(solver.constraintsDetermining([Variable("free")]).isEmpty)
        }
    }

    @Test("random systems: the range is exactly where a pull below every level can take each variable",
          arguments: [SolverMode.default, .markers])
    func randomSystems(mode: SolverMode) {
        var undetermined = 0, boundedTies = 0
        for seed in UInt64(1)...250 {
            var system = RandomSystem(seed: seed)
            let solver = mode.makeSolver()
            let count = Int.random(in: 1...7, using: &system.rng)
            for _ in 0..<count { try? solver.addConstraint(system.constraint()) }
            solver.updateVariables()
            for variable in system.variables {
                let expression = Expression([Term(variable)])
                let range = solver.optimalRange(of: expression)
                let now = variable.value
                #expect(range.contains(now) || abs(range.lowerBound - now) < 1e-6 || abs(range.upperBound - now) < 1e-6,
                        "seed \(seed): \(variable.name) = \(now) outside \(range)")
                let up = Self.pulled(solver, expression, to: now + 1e4)
                let down = Self.pulled(solver, expression, to: now - 1e4)
                #expect(abs(up - min(range.upperBound, now + 1e4)) < 1e-6, "seed \(seed): \(variable.name) rises to \(up), range \(range)")
                #expect(abs(down - max(range.lowerBound, now - 1e4)) < 1e-6, "seed \(seed): \(variable.name) falls to \(down), range \(range)")
                #expect(solver.isDetermined(variable) == (abs(up - down) < 1e-6), "seed \(seed): \(variable.name)")
                if !solver.isDetermined(variable) { undetermined += 1 }
                if range.lowerBound.isFinite && range.upperBound.isFinite && range.upperBound - range.lowerBound > 1e-6 {
                    boundedTies += 1
                }
            }
        }
        // The seeds cover both kinds of freedom, not only determined variables.
        #expect(undetermined >= 50, "\(undetermined) undetermined variables")
        #expect(boundedTies >= 5, "\(boundedTies) bounded ranges wider than a point")
    }

    @Test("random systems: holding every preference's error leaves what a system holding their values leaves",
          arguments: [SolverMode.default, .markers])
    func holdingPreferences(mode: SolverMode) throws {
        var checked = 0, trades = 0
        for seed in UInt64(1)...200 {
            var system = RandomSystem(seed: seed)
            let solver = mode.makeSolver()
            var added: [Constraint] = []
            for _ in 0..<Int.random(in: 1...7, using: &system.rng) {
                let c = system.constraint()
                if (try? solver.addConstraint(c)) != nil { added.append(c) }
            }
            solver.updateVariables()
            // The same required constraints, and each preference held where it is: an
            // equality (or a violated inequality) at its current value, a satisfied
            // inequality as a required one (its error stays zero while it holds).
            let held = Solver()
            for c in added {
                let value = c.expression.value
                if c.strength.isRequired {
                    try held.addConstraint(c)
                } else if c.relation == .equal || abs(value) > 1e-9 && ((c.relation == .greaterThanOrEqual) == (value < 0)) {
                    try held.addConstraint(Constraint(Expression(c.expression.terms, constant: c.expression.constant - value), .equal))
                } else {
                    try held.addConstraint(Constraint(c.expression, c.relation))
                }
            }
            held.updateVariables()
            for variable in system.variables {
                let expression = Expression([Term(variable)])
                let exact = solver.isDetermined(expression, holdingPreferences: true)
                #expect(exact == held.isDetermined(expression), "seed \(seed): \(variable.name)")
                if exact && !solver.isDetermined(expression) { trades += 1 }
                checked += 1
            }
        }
        // Some variables are free only by trading preferences of equal strength.
        #expect(checked > 500 && trades >= 5, "\(checked) checked, \(trades) free only by trades")
    }

    @Test("a face scan answers as single calls do, on random chains with ties, gaps and free ends",
          arguments: [SolverMode.default, .markers])
    func faceScan(mode: SolverMode) {
        var shortcuts = 0, undetermined = 0
        for seed in UInt64(1)...60 {
            var rng = SplitMix64(seed: seed)
            let solver = mode.makeSolver()
            let count = Int.random(in: 5...40, using: &rng)
            let edges = (0...count).map { Variable("e\($0)") }, sizes = (0..<count).map { Variable("s\($0)") }
            try? solver.addConstraint(Constraint(Expression([Term(edges[0])]), .equal, strength: .required))
            let strengths: [Strength] = [.strong, .medium, .weak, .create(0, 0, 3)]
            for k in 0..<count {
                // A link of the chain: next edge = edge + size + gap (sometimes missing).
                if Int.random(in: 0..<8, using: &rng) > 0 {
                    let gap = Double(Int.random(in: 0...8, using: &rng))
                    try? solver.addConstraint(Constraint(Expression([Term(edges[k + 1]), Term(edges[k], coefficient: -1),
                                                                     Term(sizes[k], coefficient: -1)], constant: -gap),
                                                         .equal, strength: .required))
                }
                // Each size wants a value; some want two (a tie when equal strengths).
                let strength = strengths.randomElement(using: &rng)!
                try? solver.addConstraint(Constraint(Expression([Term(sizes[k])], constant: -Double(Int.random(in: 10...50, using: &rng))),
                                                     .equal, strength: strength))
                if Int.random(in: 0..<5, using: &rng) == 0 {
                    try? solver.addConstraint(Constraint(Expression([Term(sizes[k])], constant: -70), .equal,
                                                         strength: strengths.randomElement(using: &rng)!))
                }
                if Int.random(in: 0..<6, using: &rng) == 0 {
                    try? solver.addConstraint(Constraint(Expression([Term(sizes[k])], constant: -5), .greaterThanOrEqual,
                                                         strength: .required))
                }
            }
            if Int.random(in: 0..<2, using: &rng) == 0 {
                try? solver.addConstraint(Constraint(Expression([Term(edges[count])], constant: -900), .lessThanOrEqual,
                                                     strength: .required))
            }
            solver.updateVariables()
            var expressions = (edges + sizes).map { Expression([Term($0)]) }
            for _ in 0..<10 {
                let a = edges.randomElement(using: &rng)!, b = sizes.randomElement(using: &rng)!
                expressions.append(Expression([Term(a), Term(b, coefficient: 0.5)]))
            }
            for (weakest, holding) in [(0.0, false), (1.0, false), (0.0, true)] {
                let alone = expressions.map { solver.isDetermined($0, ignoringStrengthsBelow: weakest, holdingPreferences: holding) }
                let scanned = solver.withFaceScan {
                    expressions.map { expression in
                        let options = FaceOptions(lowest: weakest, holdingErrors: holding)
                        if solver.tableau.isFixedOnFace(expression.terms, options) { shortcuts += 1 }
                        return solver.isDetermined(expression, ignoringStrengthsBelow: weakest, holdingPreferences: holding)
                    }
                }
                #expect(scanned == alone, "seed \(seed), weakest \(weakest), holding \(holding)")
                undetermined += alone.filter { !$0 }.count
            }
        }
        // Both paths are taken: the marks settle most, the programs the rest.
        #expect(shortcuts >= 1000, "\(shortcuts) decided by the marks")
        #expect(undetermined >= 100, "\(undetermined) undetermined")
    }
}
