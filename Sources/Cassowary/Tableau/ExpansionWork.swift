/// The working state of one ``Tableau/expanded(_:from:untilUserVariable:)``: the sums by
/// symbol, the symbols touched, and a max-heap of the definitions still to open, by order.
///
/// The tableau lends its reused buffers to one of these for the call; kept in a struct of
/// their own, rather than captured by a local function, they are accessed without the
/// runtime's exclusivity checks.
struct ExpansionWork {
    /// Coefficients by symbol index: zero between uses.
    var sums: [Double] = []
    /// The symbols whose sum was set (some more than once), in the order they were.
    var touched: [Int32] = []
    /// The basic variables to open, each at most once (its stamp marks it).
    var heap: [(order: UInt32, index: Int32)] = []
    /// Whether the opening stops at the first user variable that is not basic.
    let untilUserVariable: Bool
    /// With `untilUserVariable`, the user variables that are not basic and have a sum.
    var userVariables = 0

    init(untilUserVariable: Bool) {
        self.untilUserVariable = untilUserVariable
    }

    /// Adds `value` to a symbol's sum; a basic symbol not seen in this call (by `stamp`)
    /// goes on the heap.
    @inline(__always) mutating func add(_ symbol: Int, _ value: Double, _ rows: [Row?],
                                        _ states: inout [Tableau.SymbolState], _ stamp: UInt32) {
        if sums[symbol] == 0 { touched.append(Int32(symbol)) }
        if untilUserVariable && rows[symbol] == nil && states[symbol].symbol.isExternal {
            let before = nearZero(sums[symbol])
            sums[symbol] += value
            if before != nearZero(sums[symbol]) { userVariables += before ? 1 : -1 }
            return
        }
        sums[symbol] += value
        if rows[symbol] != nil && states[symbol].stamp != stamp {
            states[symbol].stamp = stamp
            heap.append((states[symbol].order, Int32(symbol)))
            var k = heap.count - 1
            while k > 0 && heap[(k - 1) / 2].order < heap[k].order {
                heap.swapAt(k, (k - 1) / 2)
                k = (k - 1) / 2
            }
        }
    }

    /// Takes the newest definition off the heap, if its order is at least `threshold`.
    @inline(__always) mutating func popNewest(from threshold: UInt32) -> Int32? {
        guard let top = heap.first, top.order >= threshold else { return nil }
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var k = 0
        while true {
            let l = 2 * k + 1, r = l + 1
            var largest = k
            if l < heap.count && heap[l].order > heap[largest].order { largest = l }
            if r < heap.count && heap[r].order > heap[largest].order { largest = r }
            if largest == k { break }
            heap.swapAt(k, largest)
            k = largest
        }
        return top.index
    }

    /// The cells left, sorted by symbol, with every sum set back to zero.
    ///
    /// The cells that stay are moved to the front of `touched` and sorted there (with the
    /// rare repeat of a symbol whose sum came back from zero, which sorting puts next to
    /// the first): the rest lists every definition opened on the way, often many times
    /// what stays, and is only cleared. (An opened definition's sum was cleared and no
    /// definition opened after it names it: a sum left is a parametric symbol's or that of
    /// a definition kept as a reference.)
    mutating func gatherCells(_ states: [Tableau.SymbolState]) -> [Cell] {
        var staying = 0
        for position in touched.indices {
            let symbol = touched[position], index = Int(symbol)
            if !nearZero(sums[index]) {
                touched[staying] = symbol
                staying += 1
            } else {
                sums[index] = 0
            }
        }
        touched.removeLast(touched.count - staying)
        touched.sort()
        var cells: [Cell] = []
        // Room for two more cells, which the caller often adds.
        cells.reserveCapacity(staying + 2)
        var last: Int32 = -1
        for symbol in touched where symbol != last {
            last = symbol
            let index = Int(symbol)
            cells.append(Cell(symbol: states[index].symbol, coefficient: sums[index]))
            sums[index] = 0
        }
        return cells
    }
}
