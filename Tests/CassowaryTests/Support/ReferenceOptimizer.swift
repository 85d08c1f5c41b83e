import Cassowary

/// An independent, slow optimizer for checking the solver: a dense two-phase simplex
/// (Bland's rule) on the textbook L1 formulation, solved level by level.
struct ReferenceOptimizer {
    /// Dense LP: minimize c·x subject to A x = b, x ≥ 0. Returns the optimum or nil if
    /// infeasible.
    static func minimize(_ a: [[Double]], _ b: [Double], _ c: [Double]) -> (value: Double, x: [Double])? {
        let m = a.count, n = c.count
        // Tableau with artificials: columns 0..<n originals, n..<n+m artificials, last = rhs.
        var t = [[Double]](repeating: [Double](repeating: 0, count: n + m + 1), count: m)
        for i in 0..<m {
            let sign: Double = b[i] < 0 ? -1 : 1
            for j in 0..<n { t[i][j] = a[i][j] * sign }
            t[i][n + i] = 1
            t[i][n + m] = b[i] * sign
        }
        var basis = (0..<m).map { n + $0 }
        func pivot(_ r: Int, _ col: Int) {
            let p = t[r][col]
            for j in t[r].indices { t[r][j] /= p }
            for i in 0..<m where i != r && t[i][col] != 0 {
                let f = t[i][col]
                for j in t[i].indices { t[i][j] -= f * t[r][j] }
            }
            basis[r] = col
        }
        func run(_ cost: [Double], allowed: Int) -> Bool {
            while true {
                // Reduced costs: cost_j - Σ cost_basis · t[i][j].
                var entering: Int?
                for j in 0..<allowed where !basis.contains(j) {
                    var reduced = cost[j]
                    for i in 0..<m { reduced -= cost[basis[i]] * t[i][j] }
                    if reduced < -1e-9 { entering = j; break }
                }
                guard let col = entering else { return true }
                var row: Int?
                var best = Double.infinity
                for i in 0..<m where t[i][col] > 1e-12 {
                    let ratio = t[i][n + m] / t[i][col]
                    if ratio < best - 1e-12 || (abs(ratio - best) <= 1e-12 && basis[i] < basis[row!]) {
                        best = ratio
                        row = i
                    }
                }
                guard let r = row else { return false }
                pivot(r, col)
            }
        }
        var phaseOne = [Double](repeating: 0, count: n + m)
        for i in 0..<m { phaseOne[n + i] = 1 }
        _ = run(phaseOne, allowed: n + m)
        let infeasibility = (0..<m).reduce(0.0) { $0 + (basis[$1] >= n ? t[$1][n + m] : 0) }
        if infeasibility > 1e-7 { return nil }
        // Drive remaining artificials out of the basis where possible.
        for i in 0..<m where basis[i] >= n {
            if let col = (0..<n).first(where: { abs(t[i][$0]) > 1e-9 }) { pivot(i, col) }
        }
        var cost = c + [Double](repeating: 0, count: m)
        for i in 0..<m where basis[i] >= n { cost[basis[i]] = 0 }
        guard run(cost, allowed: n) else { return (-.infinity, []) }
        var x = [Double](repeating: 0, count: n)
        for i in 0..<m where basis[i] < n { x[basis[i]] = t[i][n + m] }
        return ((0..<n).reduce(0.0) { $0 + c[$1] * x[$1] }, x)
    }

    /// The lexicographic optimum of the weighted errors, one entry per level (highest
    /// first), for constraints over `variables` plus edit targets; nil if the required
    /// constraints are infeasible.
    static func optimum(of constraints: [Constraint], edits: [(Variable, Double, Strength)],
                        variables: [Variable], levels: [Double]) -> [Double]? {
        let all = constraints + edits.map { Constraint(Expression($0.0) - $0.1, .equal, strength: $0.2) }
        let index = Dictionary(uniqueKeysWithValues: variables.enumerated().map { (ObjectIdentifier($1), $0) })
        var columns = 2 * variables.count
        var rows: [[Int: Double]] = []
        var rhs: [Double] = []
        var costs: [[Int: Double]] = levels.map { _ in [:] }
        for constraint in all {
            var row: [Int: Double] = [:]
            for term in constraint.expression.terms {
                let v = index[ObjectIdentifier(term.variable)]!
                row[2 * v, default: 0] += term.coefficient
                row[2 * v + 1, default: 0] -= term.coefficient
            }
            func addColumn(_ coefficient: Double, cost: Bool, strength: Strength? = nil) {
                row[columns] = coefficient
                if cost {
                    for component in (strength ?? constraint.strength).components {
                        let level = levels.firstIndex(of: component.level)!
                        costs[level][columns] = component.weight
                    }
                }
                columns += 1
            }
            switch constraint.relation {
            case .equal:
                if !constraint.strength.isRequired {
                    // Above zero, then below (a two-sided equality costs them differently).
                    addColumn(-1, cost: true)
                    addColumn(1, cost: true, strength: constraint.belowStrength)
                }
            case .lessThanOrEqual:
                addColumn(1, cost: false)
                if !constraint.strength.isRequired { addColumn(-1, cost: true) }
            case .greaterThanOrEqual:
                addColumn(-1, cost: false)
                if !constraint.strength.isRequired { addColumn(1, cost: true) }
            }
            rows.append(row)
            rhs.append(-constraint.expression.constant)
        }
        var result: [Double] = []
        for level in levels.indices {
            let dense = rows.map { row in (0..<columns).map { row[$0] ?? 0 } }
            let c = (0..<columns).map { costs[level][$0] ?? 0 }
            guard let best = minimize(dense, rhs, c) else { return nil }
            result.append(best.value)
            // Fix this level at its optimum (plus slack) for the levels below.
            var row = costs[level]
            row[columns] = 1
            columns += 1
            rows.append(row)
            rhs.append(best.value + 1e-9 * max(1, abs(best.value)))
        }
        return result
    }

    /// The weighted error of each level at the variables' current values.
    static func errors(of constraints: [Constraint], edits: [(Variable, Double, Strength)],
                       levels: [Double]) -> [Double] {
        let all = constraints + edits.map { Constraint(Expression($0.0) - $0.1, .equal, strength: $0.2) }
        var result = [Double](repeating: 0, count: levels.count)
        for constraint in all where !constraint.strength.isRequired {
            let v = constraint.expression.value
            let violation = switch constraint.relation {
            case .equal: abs(v)
            case .lessThanOrEqual: max(0, v)
            case .greaterThanOrEqual: max(0, -v)
            }
            let strength = constraint.relation == .equal && v < 0 ? constraint.belowStrength ?? constraint.strength
                : constraint.strength
            for component in strength.components {
                result[levels.firstIndex(of: component.level)!] += component.weight * violation
            }
        }
        return result
    }
}
