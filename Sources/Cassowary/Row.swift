/// One coefficient of a row.
struct Cell {
    var symbol: Symbol
    var coefficient: Double
}

/// A sparse linear row `constant + Σ coefficient · symbol`, with its cells kept sorted by
/// symbol so that combining two rows is one linear merge and no result depends on hashing.
struct Row {
    var constant: Double
    var cells: [Cell]

    init(constant: Double = 0, cells: [Cell] = []) {
        self.constant = constant
        self.cells = cells
    }

    /// The position of `symbol`, or where it would be inserted.
    @inline(__always) func position(of symbol: Symbol) -> (found: Bool, index: Int) {
        if cells.count <= 8 {
            // Most rows are this short: a scan beats halving.
            for i in cells.indices where cells[i].symbol.raw >= symbol.raw {
                return (cells[i].symbol.raw == symbol.raw, i)
            }
            return (false, cells.count)
        }
        var low = 0, high = cells.count
        while low < high {
            let mid = (low + high) >> 1
            let raw = cells[mid].symbol.raw
            if raw == symbol.raw { return (true, mid) }
            if raw < symbol.raw { low = mid + 1 } else { high = mid }
        }
        return (false, low)
    }

    func coefficient(for symbol: Symbol) -> Double {
        let p = position(of: symbol)
        return p.found ? cells[p.index].coefficient : 0
    }

    /// Adds `coefficient · symbol`, dropping the cell when the sum is near zero.
    /// Returns whether a new cell was created.
    @discardableResult
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) -> Bool {
        let p = position(of: symbol)
        if p.found {
            let sum = cells[p.index].coefficient + coefficient
            if nearZero(sum) { cells.remove(at: p.index) } else { cells[p.index].coefficient = sum }
            return false
        }
        if nearZero(coefficient) { return false }
        insertCell(Cell(symbol: symbol, coefficient: coefficient), at: p.index)
        return true
    }

    /// Inserts a cell at an index: an append and a shift, cheaper than the generic
    /// `Array.insert(_:at:)` for the short rows of a tableau.
    @inline(__always) mutating func insertCell(_ cell: Cell, at index: Int) {
        cells.append(cell)
        var i = cells.count - 1
        while i > index {
            cells.swapAt(i, i - 1)
            i -= 1
        }
    }

    mutating func remove(_ symbol: Symbol) {
        let p = position(of: symbol)
        if p.found { cells.remove(at: p.index) }
    }

    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Rewrites `0 = self` as `symbol = …`: removes the symbol and divides by minus its
    /// coefficient.
    mutating func solve(for symbol: Symbol) {
        let p = position(of: symbol)
        let factor = -1 / cells[p.index].coefficient
        cells.remove(at: p.index)
        constant *= factor
        for i in cells.indices { cells[i].coefficient *= factor }
    }

    /// Rewrites `lhs = self` as `rhs = …`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `other` (adds `other · coefficient(symbol)` and drops `symbol`),
    /// merging into `buffer` and then trading storage with it, so that nothing is copied
    /// back and the row's old storage becomes the next buffer. Symbols the row gains are
    /// appended to `added`.
    mutating func add(_ other: Row, replacing symbol: Symbol, buffer: inout [Cell], added: inout [Symbol]) {
        let factor = coefficient(for: symbol)
        buffer.empty()
        var i = 0, j = 0
        let skip = symbol.raw
        cells.withUnsafeBufferPointer { a in
            other.cells.withUnsafeBufferPointer { b in
                while i < a.count || j < b.count {
                    if j == b.count || (i < a.count && a[i].symbol.raw < b[j].symbol.raw) {
                        if a[i].symbol.raw != skip { buffer.append(a[i]) }
                        i += 1
                    } else if i == a.count || b[j].symbol.raw < a[i].symbol.raw {
                        let c = b[j].coefficient * factor
                        if !nearZero(c) {
                            buffer.append(Cell(symbol: b[j].symbol, coefficient: c))
                            added.append(b[j].symbol)
                        }
                        j += 1
                    } else {
                        let c = (a[i].symbol.raw != skip ? a[i].coefficient : 0) + b[j].coefficient * factor
                        if !nearZero(c) {
                            buffer.append(Cell(symbol: a[i].symbol, coefficient: c))
                            if a[i].symbol.raw == skip { added.append(b[j].symbol) }
                        }
                        i += 1
                        j += 1
                    }
                }
            }
        }
        constant += other.constant * factor
        swap(&cells, &buffer)
    }

    /// `self` without `removing`, plus `other · factor`, as a new row. Symbols that the
    /// result has and `self` had not are appended to `added`.
    func adding(_ other: Row, times factor: Double, removing: Symbol?, added: inout [Symbol]) -> Row {
        var result = [Cell]()
        result.reserveCapacity(cells.count + other.cells.count)
        var i = 0, j = 0
        let a = cells, b = other.cells
        let skip = removing?.raw ?? UInt32.max
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].symbol.raw < b[j].symbol.raw) {
                if a[i].symbol.raw != skip { result.append(a[i]) }
                i += 1
            } else if i == a.count || b[j].symbol.raw < a[i].symbol.raw {
                let c = b[j].coefficient * factor
                if !nearZero(c) {
                    result.append(Cell(symbol: b[j].symbol, coefficient: c))
                    added.append(b[j].symbol)
                }
                j += 1
            } else {
                if a[i].symbol.raw != skip {
                    let c = a[i].coefficient + b[j].coefficient * factor
                    if !nearZero(c) { result.append(Cell(symbol: a[i].symbol, coefficient: c)) }
                } else {
                    let c = b[j].coefficient * factor
                    if !nearZero(c) {
                        result.append(Cell(symbol: b[j].symbol, coefficient: c))
                        added.append(b[j].symbol)
                    }
                }
                i += 1
                j += 1
            }
        }
        return Row(constant: constant + other.constant * factor, cells: result)
    }
}

extension Array {
    /// Removes every element and keeps the storage. Popping is cheaper than the generic
    /// `removeAll(keepingCapacity:)` for the few elements the solver's buffers hold.
    @inline(__always) mutating func empty() {
        while !isEmpty { removeLast() }
    }
}
