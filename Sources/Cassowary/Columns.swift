/// For each symbol, the indices of the basic symbols whose rows may contain it, in the
/// order they were added: one singly linked list per symbol, all in one pool of nodes.
///
/// A tableau adds an entry whenever a cell is created and drops stale entries lazily as a
/// column is read; with an array per symbol every few additions reallocated a small array.
/// Here an entry is a node of the shared pool, and dropped nodes are reused, so after
/// warming up the lists allocate nothing. ``count(_:)`` counts entries as the arrays did
/// (stale and repeated ones included): the solver's tie-breaks read it.
struct Columns {
    /// A symbol's list: its first and last nodes (-1 when empty) and its entry count.
    private struct List {
        var head: Int32 = -1
        var tail: Int32 = -1
        var count: Int32 = 0
    }

    private var lists: [List] = []
    private var values: [Int32] = []
    private var next: [Int32] = []
    /// The first free node; free nodes are linked through `next`.
    private var free: Int32 = -1

    /// An empty list for a new symbol.
    mutating func addSymbol() {
        lists.append(List())
    }

    /// Makes room for the lists of `count` symbols in all.
    mutating func reserveSymbols(_ count: Int) { lists.reserveCapacity(count) }

    /// Forgets the lists of the symbols from `index` on, freeing their nodes.
    mutating func removeSymbols(from index: Int) {
        guard index < lists.count else { return }
        for symbol in index..<lists.count {
            var node = lists[symbol].head
            while node >= 0 {
                let following = next[Int(node)]
                release(node)
                node = following
            }
        }
        lists.removeSubrange(index...)
    }

    /// The number of entries of a symbol's list.
    @inline(__always) func count(_ symbol: Int) -> Int { Int(lists[symbol].count) }

    /// Appends a row index to a symbol's list.
    @inline(__always) mutating func append(_ row: Int32, to symbol: Int) {
        let node: Int32
        if free >= 0 {
            node = free
            free = next[Int(node)]
            values[Int(node)] = row
            next[Int(node)] = -1
        } else {
            node = Int32(values.count)
            values.append(row)
            next.append(-1)
        }
        let last = lists[symbol].tail
        if last >= 0 { next[Int(last)] = node } else { lists[symbol].head = node }
        lists[symbol].tail = node
        lists[symbol].count += 1
    }

    /// The first node of a symbol's list, or -1.
    @inline(__always) func first(_ symbol: Int) -> Int32 { lists[symbol].head }

    /// The node after `node`, or -1.
    @inline(__always) func next(_ node: Int32) -> Int32 { next[Int(node)] }

    /// The row index a node holds.
    @inline(__always) func value(_ node: Int32) -> Int32 { values[Int(node)] }

    /// Drops `node` from a symbol's list, given the node before it (-1 for the first).
    @inline(__always) mutating func remove(_ node: Int32, after previous: Int32, from symbol: Int) {
        let following = next[Int(node)]
        if previous >= 0 { next[Int(previous)] = following } else { lists[symbol].head = following }
        if lists[symbol].tail == node { lists[symbol].tail = previous }
        lists[symbol].count -= 1
        release(node)
    }

    /// Calls `keep` with each entry of a symbol's list, in order, and drops the entries it
    /// returns false for. The walk reads the pool without bounds checks (for the hot loop of
    /// an edit, see ``Tableau/shiftRows(containing:by:)``).
    @inline(__always) mutating func filter(_ symbol: Int, _ keep: (Int32) -> Bool) {
        var dropped: [(node: Int32, previous: Int32)] = []
        values.withUnsafeBufferPointer { values in
            next.withUnsafeBufferPointer { next in
                var previous: Int32 = -1
                var node = lists[symbol].head
                while node >= 0 {
                    if keep(values[Int(node)]) {
                        previous = node
                    } else {
                        dropped.append((node, previous))
                    }
                    node = next[Int(node)]
                }
            }
        }
        // Each dropped node's `previous` is the last kept node before it, which is still linked.
        for (node, previous) in dropped { remove(node, after: previous, from: symbol) }
    }

    @inline(__always) private mutating func release(_ node: Int32) {
        next[Int(node)] = free
        free = node
    }
}
