/// A small linear program over the optimal face (see Tableau+OptimalFace.swift): rows
/// `constant + Σ coefficient · symbol ≥ 0` (or `= 0`) over the symbols free on the face,
/// each at least zero or unrestricted, all at zero now (a feasible point, since every
/// row's constant is at least zero). ``maximum(of:)`` runs the simplex method on it in
/// dictionary form, with Bland's rule (lowest index enters and leaves), which cannot
/// cycle on a degenerate face.
struct FaceProgram {
    /// A row of the dictionary: `basic = constant + Σ coefficient · nonbasic`.
    private struct Entry {
        var basic: Int
        var constant: Double
        var cells: [Int: Double]
    }

    /// The program's columns for each symbol: an unrestricted symbol is the difference of
    /// two columns, each at least zero.
    private var columns: [Int: (up: Int, down: Int?)] = [:]
    /// Rows over symbols, as given; turned into rows over columns when solving.
    private var rows: [(constant: Double, cells: [Int: Double])] = []

    /// Adds a row; an equality becomes two rows of opposite sign.
    mutating func addRow(constant: Double, cells: [Int: Double], isEquality: Bool) {
        rows.append((constant, cells))
        if isEquality { rows.append((-constant, cells.mapValues { -$0 })) }
    }

    /// Declares a symbol of the program (every symbol a row or an objective names).
    mutating func declare(_ symbol: Int, unrestricted: Bool) {
        guard columns[symbol] == nil else { return }
        let up = columns.count * 2
        columns[symbol] = (up, unrestricted ? up + 1 : nil)
    }

    /// The highest value of `Σ coefficient · symbol` on the program's polyhedron (its
    /// value now is 0); infinity when it is unbounded.
    mutating func maximum(of objective: [Int: Double]) -> Double {
        switch optimum(of: objective) {
        case .bounded(let value, _): value
        case .unbounded: .infinity
        }
    }

    /// Where the program's objective is highest: its value and a point (symbol values)
    /// that reaches it, or, when it is unbounded, a direction (symbol rates) along which
    /// it grows without end.
    enum Optimum {
        case bounded(Double, point: [Int: Double])
        case unbounded(direction: [Int: Double])
    }

    /// Maximizes `Σ coefficient · symbol` (see ``Optimum``).
    mutating func optimum(of objective: [Int: Double]) -> Optimum {
        let firstSlack = columns.count * 2
        var entries: [Entry] = []
        entries.reserveCapacity(rows.count)
        for (k, row) in rows.enumerated() {
            entries.append(Entry(basic: firstSlack + k, constant: row.constant, cells: overColumns(row.cells)))
        }
        var value = 0.0
        var costs = overColumns(objective)
        while true {
            // Bland's rule: the lowest column whose cost is positive enters.
            guard let entering = costs.filter({ $0.value > FaceProgram.tolerance }).keys.min() else {
                var point: [Int: Double] = [:]
                for entry in entries where entry.basic < firstSlack { point[entry.basic] = entry.constant }
                return .bounded(value, point: overSymbols(point))
            }
            var leaving: Int?
            var best = Double.infinity
            for k in entries.indices {
                guard let a = entries[k].cells[entering], a < -FaceProgram.tolerance else { continue }
                let ratio = max(0, entries[k].constant) / -a
                if ratio < best - FaceProgram.tolerance
                    || (abs(ratio - best) <= FaceProgram.tolerance && entries[k].basic < entries[leaving!].basic) {
                    best = ratio
                    leaving = k
                }
            }
            guard let pivotRow = leaving else {
                // The entering column grows freely, and each basic column with it.
                var rates: [Int: Double] = [entering: 1]
                for entry in entries where entry.basic < firstSlack {
                    if let rate = entry.cells[entering] { rates[entry.basic] = rate }
                }
                return .unbounded(direction: overSymbols(rates))
            }
            // Solve the leaving row for the entering column, then substitute it everywhere.
            let row = entries[pivotRow]
            let a = row.cells[entering]!
            var solved = Entry(basic: entering, constant: -row.constant / a, cells: [:])
            solved.cells[row.basic] = 1 / a
            for (column, c) in row.cells where column != entering { solved.cells[column] = -c / a }
            entries[pivotRow] = solved
            for k in entries.indices where k != pivotRow {
                guard let c = entries[k].cells.removeValue(forKey: entering) else { continue }
                entries[k].constant += c * solved.constant
                for (column, d) in solved.cells { entries[k].cells[column, default: 0] += c * d }
                entries[k].cells = entries[k].cells.filter { abs($0.value) > FaceProgram.tolerance }
            }
            let c = costs.removeValue(forKey: entering)!
            value += c * solved.constant
            for (column, d) in solved.cells { costs[column, default: 0] += c * d }
            costs = costs.filter { abs($0.value) > FaceProgram.tolerance }
        }
    }

    /// Column values (or rates) as symbol values: an unrestricted symbol's two columns
    /// subtract.
    private func overSymbols(_ values: [Int: Double]) -> [Int: Double] {
        var result: [Int: Double] = [:]
        for (symbol, column) in columns {
            let value = (values[column.up] ?? 0) - (column.down.flatMap { values[$0] } ?? 0)
            if value != 0 { result[symbol] = value }
        }
        return result
    }

    /// Coefficients below this are taken as zero, as the solver takes them.
    private static let tolerance = 1e-9

    /// A combination of symbols as one of columns.
    private func overColumns(_ cells: [Int: Double]) -> [Int: Double] {
        var result: [Int: Double] = [:]
        for (symbol, coefficient) in cells {
            guard let column = columns[symbol] else { continue }
            result[column.up] = coefficient
            if let down = column.down { result[down] = -coefficient }
        }
        return result
    }
}
