import Testing
@testable import Cassowary
import SeededRandom

/// Rows that block the entering symbol at zero are turned onto symbols only they hold
/// (Tableau+Ties.swift). Turns are degenerate pivots: with them or without, a solve must
/// reach an optimum of the same cost on every level, with every required constraint held.
/// (StackGrowthTests has the column of rows whose work they make linear.)
@Suite struct TieTurnTests {
    /// A soft preference `first - second == target`, costing `above` per unit over and
    /// `below` per unit under, on levels of its own.
    struct Preference {
        let first: Int, second: Int, target: Double, above: Double, below: Double
    }

    /// Random columns of rows: each row's top a gap below the one before, some rows held as
    /// high as the first, every row with a few content-size preferences of a few heights
    /// at a few levels (so that many are tight at once), in random order.
    static func system(seed: UInt64) -> (required: [(Int, Int, Double, Bool)], preferences: [Preference], variables: Int) {
        var random = SplitMix64(seed: seed)
        let rows = 3 + Int(random.next() % 30)
        var required: [(Int, Int, Double, Bool)] = []  // (top of k, bottom of k-1, gap, equal heights)
        var preferences: [Preference] = []
        let levels: [Double] = [250, 750, 999, 1]
        for k in 0..<rows {
            if k > 0 { required.append((k, k - 1, Double(random.next() % 3) * 4, random.next() % 4 != 0)) }
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let above = levels[Int(random.next() % 4)], below = levels[Int(random.next() % 4)]
                preferences.append(Preference(first: 2 * k + 1, second: 2 * k, target: 20 + Double(random.next() % 3),
                                              above: above, below: below))
            }
        }
        preferences.shuffle(using: &random)
        return (required, preferences, 2 * rows)
    }

    /// The solved variables and the cost of the solution on each level, highest first.
    static func solve(seed: UInt64, turning: Bool) throws -> (values: [Double], costs: [Double: Double], turns: Int) {
        let (required, preferences, count) = system(seed: seed)
        let solver = Solver(keepsEqualityMarkers: true)
        solver.tableau.turnsTies = turning
        let v = (0..<count).map { Variable("v\($0)") }
        var constraints: [Constraint] = preferences.compactMap {
            Constraint(v[$0.first] - v[$0.second] - $0.target, equalAbove: .level($0.above), below: .level($0.below))
        }
        constraints.append(v[0] == 0)
        for (k, previous, gap, equal) in required {
            constraints.append(v[2 * k] == v[2 * previous + 1] + gap)
            if equal { constraints.append(v[2 * k + 1] - v[2 * k] == v[1] - v[0]) }
        }
        try solver.addConstraints(constraints)
        solver.updateVariables()
        var costs: [Double: Double] = [:]
        for p in preferences {
            let error = v[p.first].value - v[p.second].value - p.target
            costs[p.above, default: 0] += max(0, error)
            costs[p.below, default: 0] += max(0, -error)
        }
        for (k, previous, gap, equal) in required {
            #expect(abs(v[2 * k].value - v[2 * previous + 1].value - gap) < 1e-7)
            if equal { #expect(abs(v[2 * k + 1].value - v[2 * k].value - v[1].value) < 1e-7) }
        }
        return (v.map(\.value), costs, solver.tableau.turnCount)
    }

    @Test("with turns or without, the same cost on every level and the required constraints held")
    func sameCosts() throws {
        var turns = 0
        for seed in UInt64(1)...200 {
            let turned = try Self.solve(seed: seed, turning: true), plain = try Self.solve(seed: seed, turning: false)
            turns += turned.turns
            #expect(plain.turns == 0)
            for level in Set(turned.costs.keys).union(plain.costs.keys) {
                #expect(abs(turned.costs[level, default: 0] - plain.costs[level, default: 0]) < 1e-6,
                        "seed \(seed), level \(level): \(turned.costs) against \(plain.costs)")
            }
        }
        // The systems do make ties to turn.
        #expect(turns > 0)
    }
}
