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

    /// Adds a cell for a symbol made after every symbol of the row (a new marker), which
    /// therefore goes last.
    @inline(__always) mutating func appendFresh(_ symbol: Symbol, _ coefficient: Double) {
        if let last = cells.last, last.symbol.raw >= symbol.raw {
            insert(symbol, coefficient)
        } else {
            cells.append(Cell(symbol: symbol, coefficient: coefficient))
        }
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
        cells.withUnsafeMutableBufferPointer { cells in
            for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
        }
    }

    /// Rewrites `0 = self` as `symbol = …`: removes the symbol and divides by minus its
    /// coefficient; returns the factor every other number was multiplied by.
    @discardableResult
    mutating func solve(for symbol: Symbol) -> Double {
        let p = position(of: symbol).index
        let n = cells.count
        // One pass: scale the cells before the symbol, then shift the ones after it down
        // while scaling them, and drop the last (cheaper than `remove(at:)` and a loop).
        let factor = cells.withUnsafeMutableBufferPointer { cells in
            let factor = -1 / cells[p].coefficient
            var i = 0
            while i < p {
                cells[i].coefficient *= factor
                i += 1
            }
            while i < n - 1 {
                cells[i] = Cell(symbol: cells[i + 1].symbol, coefficient: cells[i + 1].coefficient * factor)
                i += 1
            }
            return factor
        }
        cells.removeLast()
        constant *= factor
        return factor
    }

    /// Rewrites `lhs = self` as `rhs = …`; returns the factor, as ``solve(for:)`` does.
    @discardableResult
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) -> Double {
        insert(lhs, -1)
        return solve(for: rhs)
    }

    /// Replaces `symbol` by `other` (adds `other · coefficient(symbol)` and drops `symbol`).
    /// The symbols the row gains are written to the front of `added`, and their number is
    /// returned.
    ///
    /// The merge is written into `buffer` (scratch storage whose count is its size), then
    /// copied over the row's cells, which reuses the row's storage when it is large enough
    /// and not shared: no appends, and no allocation unless the row outgrows its storage or
    /// a journal keeps the old row. `added` is scratch storage too, grown to hold every
    /// symbol of `other` (elements past the returned number are left over from earlier uses).
    @discardableResult
    mutating func add(_ other: Row, replacing symbol: Symbol, buffer: inout [Cell], added: inout [Symbol]) -> Int {
        let factor = coefficient(for: symbol)
        let na = cells.count, nb = other.cells.count
        if buffer.count < na + nb {
            buffer.append(contentsOf: repeatElement(Cell(symbol: symbol, coefficient: 0), count: na + nb - buffer.count))
        }
        if added.count < nb { added.append(contentsOf: repeatElement(symbol, count: nb - added.count)) }
        var gained = 0
        let n = cells.withUnsafeBufferPointer { a in
            other.cells.withUnsafeBufferPointer { b in
                buffer.withUnsafeMutableBufferPointer { out in
                    added.withUnsafeMutableBufferPointer { added in
                        Row.merge(a, b, times: factor, removing: symbol.raw, into: out.baseAddress!,
                                  added: added.baseAddress!, gained: &gained)
                    }
                }
            }
        }
        buffer.withUnsafeBufferPointer { merged in
            cells.replaceSubrange(0..<na, with: UnsafeBufferPointer(rebasing: merged[0..<n]))
        }
        constant += other.constant * factor
        return gained
    }

    /// A sum of two cells smaller than this fraction of its larger term is what rounding
    /// left of an exact cancellation, and is dropped (see
    /// ``merge(_:_:times:removing:into:added:gained:)``).
    static let cancellation = 1e-11

    /// Cells below this are dropped from a merge whatever they come from.
    static let floor = 1e-14

    /// Writes the cells of `a` without the symbol `skip`, plus `b · factor`, to `out`, and
    /// returns their number; symbols of the result that `a` lacks go to `added` (room for
    /// every symbol of `b`), `gained` counting them.
    ///
    /// A cell is dropped when it is a cancellation (below ``cancellation`` times the larger
    /// of the two terms it sums) or below ``floor``. Not below `epsilon`, as kiwi does: in a
    /// badly conditioned system (coefficients of 0.05 to 0.6 chained through many rows) a
    /// cell that small can be a real coefficient of a symbol worth thousands. Dropping
    /// those left a required constraint of banded system 60 off by 0.44; dropping only
    /// cancellations, by 0.001.
    @inline(__always)
    static func merge(_ a: UnsafeBufferPointer<Cell>, _ b: UnsafeBufferPointer<Cell>, times factor: Double,
                      removing skip: UInt32, into out: UnsafeMutablePointer<Cell>,
                      added: UnsafeMutablePointer<Symbol>, gained: inout Int) -> Int {
        let na = a.count, nb = b.count
        var i = 0, j = 0, n = 0
        /// Writes a cell unless its coefficient is at most `floor` in size.
        @inline(__always) func emit(_ symbol: Symbol, _ c: Double, above floor: Double) -> Bool {
            guard abs(c) > floor else { return false }
            out[n] = Cell(symbol: symbol, coefficient: c)
            n += 1
            return true
        }
        /// A cell of `b` alone (or replacing `skip`): a symbol the row gains.
        @inline(__always) func emitFromB(_ j: Int) {
            if emit(b[j].symbol, b[j].coefficient * factor, above: Row.floor) {
                added[gained] = b[j].symbol
                gained += 1
            }
        }
        while i < na && j < nb {
            let sa = a[i].symbol.raw, sb = b[j].symbol.raw
            if sa < sb {
                if sa != skip {
                    out[n] = a[i]
                    n += 1
                }
                i += 1
            } else if sb < sa {
                emitFromB(j)
                j += 1
            } else {
                if sa != skip {
                    let x = a[i].coefficient, y = b[j].coefficient * factor
                    _ = emit(a[i].symbol, x + y, above: max(Row.floor, Row.cancellation * max(abs(x), abs(y))))
                } else {
                    emitFromB(j)
                }
                i += 1
                j += 1
            }
        }
        while i < na {
            if a[i].symbol.raw != skip {
                out[n] = a[i]
                n += 1
            }
            i += 1
        }
        while j < nb {
            emitFromB(j)
            j += 1
        }
        return n
    }
}

extension Array {
    /// Removes every element and keeps the storage. Popping is cheaper than the generic
    /// `removeAll(keepingCapacity:)` for the few elements the solver's buffers hold.
    @inline(__always) mutating func empty() {
        while !isEmpty { removeLast() }
    }
}
