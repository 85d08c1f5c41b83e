/// The solver's objective: one cost row per strength level, compared level by level.
///
/// Level `k` holds `Σ costs[k][i] · symbol_i` (the constant term is not kept: no decision
/// depends on it, and edits would make it stale, as in kiwi). A symbol's reduced cost is
/// the vector of its coefficients, read from the highest level down; it is negative when
/// the first coefficient that is not near zero is negative. Costs are stored densely by
/// symbol index, so reading or changing one is O(1), and the symbols whose reduced cost
/// became negative are listed (each once, stale entries dropped when read) so that finding
/// the entering symbol does not scan the row. Every change can be journaled so that a
/// failed call can be undone.
struct Objective {
    private(set) var levels: [Double] = []
    /// Level slots ordered from the highest level to the lowest.
    private(set) var order: [Int] = []
    private var costs: [[Double]] = []
    private var symbolCount = 0
    /// Symbols whose reduced cost was negative when last changed; `listed` marks them.
    private var negativeList: [Symbol] = []
    private var listed: [Bool] = []

    private enum Change { case cost(Int, Int, Double) }
    private var journal: [Change] = []
    var journaling = false
    /// Symbols from this index on were made in the call in progress; a rollback drops them,
    /// so their costs are not journaled.
    var journalFloor = 0

    /// Grows the dense storage to hold `count` symbols. The storage grows by doubling and
    /// is zero past `symbolCount`, so making a symbol usually just counts it.
    @inline(__always) mutating func reserveSymbols(_ count: Int) {
        if count > listed.count { grow(to: count) }
        symbolCount = max(symbolCount, count)
    }

    private mutating func grow(to count: Int) {
        let missing = max(count, 2 * listed.count, 64) - listed.count
        for k in costs.indices { costs[k].append(contentsOf: repeatElement(0, count: missing)) }
        listed.append(contentsOf: repeatElement(false, count: missing))
    }

    /// Up to `limit` of the symbols whose reduced cost is negative now, the most recently
    /// listed first, appended to `result`; drops the stale entries it meets. Costs
    /// O(`limit`) per stale entry and per symbol returned, however long the list is.
    mutating func recentNegativeSymbols(limit: Int, into result: inout [Symbol]) {
        var k = negativeList.count - 1
        var found = 0
        while k >= 0 && found < limit {
            let symbol = negativeList[k]
            if symbol.index < symbolCount, listed[symbol.index], sign(of: symbol) < 0 {
                result.append(symbol)
                found += 1
            } else {
                if symbol.index < symbolCount { listed[symbol.index] = false }
                // Only the entries already returned follow it: at most `limit` move.
                negativeList.remove(at: k)
            }
            k -= 1
        }
    }

    /// The symbols other than dummies whose reduced cost is negative now, dropping the
    /// entries that no longer are.
    mutating func negativeSymbols() -> [Symbol] {
        var kept = 0
        for k in negativeList.indices {
            let symbol = negativeList[k]
            if symbol.index < symbolCount, listed[symbol.index], sign(of: symbol) < 0 {
                negativeList[kept] = symbol
                kept += 1
            } else if symbol.index < symbolCount {
                listed[symbol.index] = false
            }
        }
        negativeList.removeSubrange(kept...)
        return negativeList
    }

    /// The slot of a level, created when first used.
    @inline(__always) mutating func slot(for level: Double) -> Int {
        for k in levels.indices where levels[k] == level { return k }
        return addLevel(level)
    }

    /// A new level's slot.
    @inline(never) private mutating func addLevel(_ level: Double) -> Int {
        levels.append(level)
        costs.append([Double](repeating: 0, count: listed.count))
        order = levels.indices.sorted { levels[$0] > levels[$1] }
        return levels.count - 1
    }

    func cost(_ k: Int, _ symbol: Symbol) -> Double { costs[k][symbol.index] }

    /// Adds the strength's weights to the symbol's costs, times `sign`.
    @inline(__always) mutating func add(_ symbol: Symbol, strength: Strength, sign: Double = 1) {
        // The components through their buffer: iterating the array would retain it.
        strength.components.withUnsafeBufferPointer { components in
            for component in components {
                let k = slot(for: component.level)
                setCost(k, symbol, costs[k][symbol.index] + sign * component.weight)
            }
        }
        refreshSign(symbol)
    }

    /// Adds `row · (the symbol's cost)` for every level, then clears the symbol's cost:
    /// the symbol has become basic with `row` as its definition (or, with `sign` = -1 and
    /// a costed row, the effect of a constraint is being removed).
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        var touched = false
        for k in levels.indices {
            let c = costs[k][symbol.index]
            if c == 0 { continue }
            touched = true
            if journaling {
                // The row does not hold `symbol`, so the order of these entries is immaterial.
                for cell in row.cells where cell.symbol.index < journalFloor {
                    journal.append(.cost(k, cell.symbol.index, costs[k][cell.symbol.index]))
                }
                if symbol.index < journalFloor { journal.append(.cost(k, symbol.index, c)) }
            }
            row.cells.withUnsafeBufferPointer { cells in
                costs[k].withUnsafeMutableBufferPointer { level in
                    for cell in cells { level[cell.symbol.index] += c * cell.coefficient }
                    level[symbol.index] = 0
                }
            }
        }
        guard touched else { return }
        refreshSign(symbol)
        for cell in row.cells { refreshSign(cell.symbol) }
    }

    /// Adds `row · weight` to one level (used to take back a basic error symbol's cost).
    mutating func addRow(_ row: Row, level: Double, weight: Double) {
        let k = slot(for: level)
        for cell in row.cells {
            setCost(k, cell.symbol, costs[k][cell.symbol.index] + weight * cell.coefficient)
            refreshSign(cell.symbol)
        }
    }

    /// Sets every cost of the symbol to zero.
    mutating func clear(_ symbol: Symbol) {
        for k in levels.indices where costs[k][symbol.index] != 0 { setCost(k, symbol, 0) }
        refreshSign(symbol)
    }

    /// Whether the symbol has a cost on any level.
    func hasCost(_ symbol: Symbol) -> Bool {
        levels.indices.contains { costs[$0][symbol.index] != 0 }
    }

    /// Whether all of the symbol's costs are too small to matter even on a tiny row.
    func isNegligible(_ symbol: Symbol) -> Bool {
        levels.indices.allSatisfy { abs(costs[$0][symbol.index]) < 1e-6 }
    }

    /// Whether the symbol's reduced cost is zero on every level at or above `lowest`.
    func isZero(_ symbol: Symbol, onLevelsFrom lowest: Double) -> Bool {
        for k in order where levels[k] >= lowest && abs(costs[k][symbol.index]) > epsilon { return false }
        return true
    }

    /// Lexicographic sign of the symbol's reduced cost: -1, 0 or 1.
    @inline(__always) func sign(of symbol: Symbol) -> Int {
        order.withUnsafeBufferPointer { order in
            for k in order {
                let c = costs[k][symbol.index]
                if c < -epsilon { return -1 }
                if c > epsilon { return 1 }
            }
            return 0
        }
    }

    /// The lexicographic sign `symbol`'s reduced cost would have once `source` is made
    /// basic with a row that holds `symbol` at `factor` (its cost grows by `factor ·
    /// cost(source)` on every level).
    func sign(of symbol: Symbol, adding factor: Double, of source: Symbol) -> Int {
        for k in order {
            let c = costs[k][symbol.index] + factor * costs[k][source.index]
            if c < -epsilon { return -1 }
            if c > epsilon { return 1 }
        }
        return 0
    }

    /// Whether `cost(a) / ca` is lexicographically smaller than `cost(b) / cb`.
    func ratio(_ a: Symbol, _ ca: Double, isLessThan b: Symbol, _ cb: Double) -> Bool? {
        for k in order {
            let ra = costs[k][a.index] / ca, rb = costs[k][b.index] / cb
            if ra < rb - epsilon { return true }
            if ra > rb + epsilon { return false }
        }
        return nil
    }

    /// The levels in use, highest first.
    var levelsInOrder: [Double] { order.map { levels[$0] } }

    /// Whether every cost is near zero.
    var isZero: Bool { costs.allSatisfy { $0.allSatisfy(nearZero) } }

    /// The nonzero costs of a symbol, highest level first.
    func costs(of symbol: Symbol) -> [(level: Double, cost: Double)] {
        order.compactMap { costs[$0][symbol.index] == 0 ? nil : (levels[$0], costs[$0][symbol.index]) }
    }

    /// Symbols (by index) with a nonzero cost on any level.
    func costedIndices() -> [Int] {
        (0..<symbolCount).filter { i in levels.indices.contains { costs[$0][i] != 0 } }
    }

    // MARK: Journal

    @inline(__always) private mutating func setCost(_ k: Int, _ symbol: Symbol, _ value: Double) {
        if journaling && symbol.index < journalFloor { journal.append(.cost(k, symbol.index, costs[k][symbol.index])) }
        costs[k][symbol.index] = value
    }

    @inline(__always) private mutating func refreshSign(_ symbol: Symbol) {
        // Dummies never enter the basis, so their costs never make a candidate.
        if !symbol.isDummy && !listed[symbol.index] && sign(of: symbol) < 0 {
            listed[symbol.index] = true
            negativeList.append(symbol)
        }
    }

    /// A point to roll back to.
    var mark: (journal: Int, levels: Int, symbols: Int) { (journal.count, levels.count, symbolCount) }

    /// Forgets the journal (the changes are kept).
    mutating func commit() {
        if !journal.isEmpty { journal.removeAll(keepingCapacity: true) }
    }

    /// Undoes every change since `mark`, and drops levels and symbols made since.
    mutating func rollback(to mark: (journal: Int, levels: Int, symbols: Int), symbol: (Int) -> Symbol) {
        var touched: [Int] = []
        while journal.count > mark.journal {
            switch journal.removeLast() {
            case .cost(let k, let i, let old):
                costs[k][i] = old
                touched.append(i)
            }
        }
        if levels.count > mark.levels {
            levels.removeSubrange(mark.levels...)
            costs.removeSubrange(mark.levels...)
            order = levels.indices.sorted { levels[$0] > levels[$1] }
        }
        if symbolCount > mark.symbols {
            // Back to zero, as storage past `symbolCount` must be.
            for k in costs.indices {
                for i in mark.symbols..<symbolCount { costs[k][i] = 0 }
            }
            for i in mark.symbols..<symbolCount { listed[i] = false }
            symbolCount = mark.symbols
        }
        negativeList.removeAll { $0.index >= symbolCount }
        for i in touched where i < symbolCount { refreshSign(symbol(i)) }
    }
}
