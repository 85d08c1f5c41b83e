/// The solver's objective: one cost row per strength level, compared level by level.
///
/// Level `k` holds `Σ costs[k][i] · symbol_i` (the constant term is not kept: no decision
/// depends on it, and edits would make it stale, as in kiwi). A symbol's reduced cost is
/// the vector of its coefficients, read from the highest level down; it is negative when
/// the first coefficient that is not near zero is negative.
///
/// Costs are stored sparsely, by symbol: each symbol's nonzero costs form a short list,
/// highest level first, in a shared pool of entries (see ``CostEntry``). Most symbols are
/// costed on one level or none, whatever the number of levels. A dense store (a row of
/// every symbol for each level) cost levels × symbols, and a stack filled proportionally
/// has a level for each view (priorities 999, 998, …): 800 labels took 112 MB.
///
/// The symbols whose reduced cost became negative are listed (each once, stale entries
/// dropped when read), so that finding the entering symbol does not scan the row. Every
/// change can be journaled so that a failed call can be undone.
struct Objective {
    /// The levels used so far, in the order first used.
    private(set) var levels: [Double] = []
    private var levelSet: Set<Double> = []
    /// Each symbol's first cost entry in ``pool`` (-1 for none), by symbol index.
    private var heads: [Int32] = []
    private var pool: [CostEntry] = []
    /// The first free entry of ``pool``, -1 for none; free entries chain through `next`.
    private var free: Int32 = -1
    /// How many entries of ``pool`` hold a cost (the others are free).
    private(set) var storedCosts = 0
    private var symbolCount = 0
    /// Symbols whose reduced cost was negative when last changed; `listed` marks them.
    private var negativeList: [Symbol] = []
    private var listed: [Bool] = []

    private enum Change { case cost(Double, Int32, Double) }
    private var journal: [Change] = []
    var journaling = false
    /// Symbols from this index on were made in the call in progress; a rollback drops them,
    /// so their costs are not journaled.
    var journalFloor = 0

    /// Grows the storage to hold `count` symbols. The storage grows by an eighth at least
    /// (its capacity by doubling, untouched until used) and holds no cost past
    /// `symbolCount`, so making a symbol usually just counts it.
    @inline(__always) mutating func reserveSymbols(_ count: Int) {
        if count > listed.count { grow(to: count) }
        symbolCount = max(symbolCount, count)
    }

    /// Empties the objective as a new one is, keeping its tables' storage (for a rebuild).
    mutating func removeAll() {
        levels.removeAll(keepingCapacity: true)
        levelSet.removeAll(keepingCapacity: true)
        heads.removeAll(keepingCapacity: true)
        pool.removeAll(keepingCapacity: true)
        free = -1
        storedCosts = 0
        symbolCount = 0
        negativeList.removeAll(keepingCapacity: true)
        listed.removeAll(keepingCapacity: true)
        journal.removeAll(keepingCapacity: true)
        journaling = false
        journalFloor = 0
    }

    /// Makes room for `count` more costs.
    mutating func reserveCosts(_ count: Int) { reserveGrowing(&pool, pool.count + count) }

    private mutating func grow(to count: Int) {
        let missing = max(count, listed.count + listed.count / 8, 64) - listed.count
        heads.append(contentsOf: repeatElement(-1, count: missing))
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

    /// Notes a level as used. Layouts use a few levels, found among the first ones without
    /// hashing; the set is for the many levels of a stack filled proportionally.
    @inline(__always) private mutating func use(_ level: Double) {
        let known = levels.withUnsafeBufferPointer { levels in
            levels.prefix(8).contains(level)
        }
        if !known && levelSet.insert(level).inserted { levels.append(level) }
    }

    /// Adds the strength's weights to the symbol's costs, times `sign`.
    @inline(__always) mutating func add(_ symbol: Symbol, strength: Strength, sign: Double = 1) {
        // The components through their buffer: iterating the array would retain it.
        strength.components.withUnsafeBufferPointer { components in
            for component in components {
                use(component.level)
                addCost(component.level, symbol.index, sign * component.weight)
            }
        }
        refreshSign(symbol)
    }

    /// Adds `row · (the symbol's cost)` for every level, then clears the symbol's cost:
    /// the symbol has become basic with `row` as its definition (or, with `sign` = -1 and
    /// a costed row, the effect of a constraint is being removed).
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        guard heads[symbol.index] >= 0 else { return }
        var entry = heads[symbol.index]
        while entry >= 0 {
            let e = pool[Int(entry)]
            entry = e.next
            row.cells.withUnsafeBufferPointer { cells in
                for cell in cells { addCost(e.level, cell.symbol.index, e.cost * cell.coefficient) }
            }
        }
        clearCosts(symbol.index)
        refreshSign(symbol)
        for cell in row.cells { refreshSign(cell.symbol) }
    }

    /// Adds `row · weight` to one level (used to take back a basic error symbol's cost).
    mutating func addRow(_ row: Row, level: Double, weight: Double) {
        use(level)
        for cell in row.cells {
            addCost(level, cell.symbol.index, weight * cell.coefficient)
            refreshSign(cell.symbol)
        }
    }

    /// Sets every cost of the symbol to zero.
    mutating func clear(_ symbol: Symbol) {
        clearCosts(symbol.index)
        refreshSign(symbol)
    }

    /// Whether the symbol has a cost on any level.
    @inline(__always) func hasCost(_ symbol: Symbol) -> Bool { heads[symbol.index] >= 0 }

    /// Whether all of the symbol's costs are too small to matter even on a tiny row.
    func isNegligible(_ symbol: Symbol) -> Bool {
        var entry = heads[symbol.index]
        while entry >= 0 {
            if abs(pool[Int(entry)].cost) >= 1e-6 { return false }
            entry = pool[Int(entry)].next
        }
        return true
    }

    /// Whether the symbol's reduced cost is zero on every level at or above `lowest`.
    func isZero(_ symbol: Symbol, onLevelsFrom lowest: Double) -> Bool {
        var entry = heads[symbol.index]
        while entry >= 0 {
            let e = pool[Int(entry)]
            if e.level < lowest { return true }
            if abs(e.cost) > epsilon { return false }
            entry = e.next
        }
        return true
    }

    /// Lexicographic sign of the symbol's reduced cost: -1, 0 or 1.
    @inline(__always) func sign(of symbol: Symbol) -> Int {
        pool.withUnsafeBufferPointer { pool in
            var entry = heads[symbol.index]
            while entry >= 0 {
                let c = pool[Int(entry)].cost
                if c < -epsilon { return -1 }
                if c > epsilon { return 1 }
                entry = pool[Int(entry)].next
            }
            return 0
        }
    }

    /// The lexicographic sign `symbol`'s reduced cost would have once `source` is made
    /// basic with a row that holds `symbol` at `factor` (its cost grows by `factor ·
    /// cost(source)` on every level).
    func sign(of symbol: Symbol, adding factor: Double, of source: Symbol) -> Int {
        var result = 0
        merge(symbol, source) { _, own, other in
            let c = own + factor * other
            if c < -epsilon { result = -1 } else if c > epsilon { result = 1 }
            return result == 0
        }
        return result
    }

    /// Whether `cost(a) / ca` is lexicographically smaller than `cost(b) / cb`.
    func ratio(_ a: Symbol, _ ca: Double, isLessThan b: Symbol, _ cb: Double) -> Bool? {
        var result: Bool?
        merge(a, b) { _, costA, costB in
            let ra = costA / ca, rb = costB / cb
            if ra < rb - epsilon { result = true } else if ra > rb + epsilon { result = false }
            return result == nil
        }
        return result
    }

    /// Walks the levels either symbol is costed on, highest first, with both costs (0 where
    /// one has none), while `body` returns true.
    private func merge(_ a: Symbol, _ b: Symbol, _ body: (Double, Double, Double) -> Bool) {
        var ea = heads[a.index], eb = heads[b.index]
        while ea >= 0 || eb >= 0 {
            let la = ea >= 0 ? pool[Int(ea)].level : -.infinity, lb = eb >= 0 ? pool[Int(eb)].level : -.infinity
            let level = max(la, lb)
            let ca = la == level ? pool[Int(ea)].cost : 0, cb = lb == level ? pool[Int(eb)].cost : 0
            if la == level { ea = pool[Int(ea)].next }
            if lb == level { eb = pool[Int(eb)].next }
            if !body(level, ca, cb) { return }
        }
    }

    /// The levels in use, highest first.
    var levelsInOrder: [Double] { levels.sorted(by: >) }

    /// Whether every cost is near zero.
    var isZero: Bool {
        heads.indices.allSatisfy { i in costs(ofIndex: i).allSatisfy { nearZero($0.cost) } }
    }

    /// The nonzero costs of a symbol, highest level first.
    func costs(of symbol: Symbol) -> [(level: Double, cost: Double)] { costs(ofIndex: symbol.index) }

    private func costs(ofIndex index: Int) -> [(level: Double, cost: Double)] {
        var result: [(level: Double, cost: Double)] = []
        var entry = heads[index]
        while entry >= 0 {
            result.append((pool[Int(entry)].level, pool[Int(entry)].cost))
            entry = pool[Int(entry)].next
        }
        return result
    }

    /// Symbols (by index) with a nonzero cost on any level.
    func costedIndices() -> [Int] { (0..<symbolCount).filter { heads[$0] >= 0 } }

    // MARK: Entries

    /// Adds `delta` to the symbol's cost on a level, journaled; an entry whose cost comes to
    /// zero is dropped, so a symbol has an entry exactly where its cost is not zero.
    @inline(__always) private mutating func addCost(_ level: Double, _ index: Int, _ delta: Double) {
        let (previous, entry) = locate(level, index)
        let old = entry >= 0 ? pool[Int(entry)].cost : 0
        if journaling && index < journalFloor { journal.append(.cost(level, Int32(index), old)) }
        store(old + delta, at: level, index, previous: previous, entry: entry)
    }

    /// Sets the symbol's cost on a level (for a rollback: not journaled).
    private mutating func setCost(_ level: Double, _ index: Int, _ value: Double) {
        let (previous, entry) = locate(level, index)
        store(value, at: level, index, previous: previous, entry: entry)
    }

    /// The symbol's entry on a level (-1 if it has none) and the entry before it (or where
    /// a new one goes: after `previous`, -1 for first).
    @inline(__always) private func locate(_ level: Double, _ index: Int) -> (previous: Int32, entry: Int32) {
        var previous: Int32 = -1
        var entry = heads[index]
        while entry >= 0 && pool[Int(entry)].level > level {
            previous = entry
            entry = pool[Int(entry)].next
        }
        return entry >= 0 && pool[Int(entry)].level == level ? (previous, entry) : (previous, -1)
    }

    /// Puts a cost where ``locate(_:_:)`` found its place: updates, drops (at zero) or adds
    /// the entry.
    @inline(__always) private mutating func store(_ value: Double, at level: Double, _ index: Int,
                                                  previous: Int32, entry: Int32) {
        if entry >= 0 {
            if value != 0 { pool[Int(entry)].cost = value } else { unlink(entry, after: previous, of: index) }
        } else if value != 0 {
            let next = previous >= 0 ? pool[Int(previous)].next : heads[index]
            link(CostEntry(level: level, cost: value, next: next), after: previous, of: index)
        }
    }

    /// Clears every cost of a symbol, journaled.
    private mutating func clearCosts(_ index: Int) {
        var entry = heads[index]
        while entry >= 0 {
            let e = pool[Int(entry)]
            if journaling && index < journalFloor { journal.append(.cost(e.level, Int32(index), e.cost)) }
            pool[Int(entry)].next = free
            free = entry
            storedCosts -= 1
            entry = e.next
        }
        heads[index] = -1
    }

    private mutating func link(_ new: CostEntry, after previous: Int32, of index: Int) {
        storedCosts += 1
        let slot: Int32
        if free >= 0 {
            slot = free
            free = pool[Int(slot)].next
            pool[Int(slot)] = new
        } else {
            slot = Int32(pool.count)
            pool.append(new)
        }
        if previous >= 0 { pool[Int(previous)].next = slot } else { heads[index] = slot }
    }

    private mutating func unlink(_ entry: Int32, after previous: Int32, of index: Int) {
        let next = pool[Int(entry)].next
        if previous >= 0 { pool[Int(previous)].next = next } else { heads[index] = next }
        pool[Int(entry)].next = free
        free = entry
        storedCosts -= 1
    }

    @inline(__always) private mutating func refreshSign(_ symbol: Symbol) {
        // Dummies never enter the basis, so their costs never make a candidate.
        if !symbol.isDummy && !listed[symbol.index] && sign(of: symbol) < 0 {
            listed[symbol.index] = true
            negativeList.append(symbol)
        }
    }

    // MARK: Journal

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
            case .cost(let level, let i, let old):
                setCost(level, Int(i), old)
                touched.append(Int(i))
            }
        }
        if levels.count > mark.levels {
            // Their costs are gone already: each was journaled (the journal floor is the
            // mark's symbol count) or belongs to a symbol dropped below.
            for level in levels[mark.levels...] { levelSet.remove(level) }
            levels.removeSubrange(mark.levels...)
        }
        if symbolCount > mark.symbols {
            // No cost, as past `symbolCount` there must be none.
            let journaled = journaling
            journaling = false
            for i in mark.symbols..<symbolCount {
                clearCosts(i)
                listed[i] = false
            }
            journaling = journaled
            symbolCount = mark.symbols
        }
        negativeList.removeAll { $0.index >= symbolCount }
        for i in touched where i < symbolCount { refreshSign(symbol(i)) }
    }
}

/// One nonzero cost of a symbol in ``Objective``'s pool: its level, the cost, and the
/// symbol's next entry (a lower level; -1 for none), or the next free entry.
struct CostEntry {
    var level: Double
    var cost: Double
    var next: Int32
}
