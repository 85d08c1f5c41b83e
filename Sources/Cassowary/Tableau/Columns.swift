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

    /// A node of the pool: a row index and the next node of its list (-1 at the end).
    private struct Node {
        var value: Int32
        var next: Int32
    }

    private var lists: [List] = []
    /// The pool: nodes `0..<used` are in lists or on the free list, the rest are spare
    /// (the pool grows by doubling, so taking a fresh node is a counter increment).
    private var nodes: [Node] = []
    private var used: Int32 = 0
    /// The entries in all lists (stale ones included).
    private(set) var entries = 0
    /// The first free node; free nodes are linked through `next`.
    private var free: Int32 = -1

    /// An empty list for a new symbol.
    mutating func addSymbol() {
        lists.append(List())
    }

    /// Makes room for the lists of `count` symbols in all.
    mutating func reserveSymbols(_ count: Int) { reserveGrowing(&lists, count) }

    /// Forgets the lists of the symbols from `index` on, freeing their nodes.
    mutating func removeSymbols(from index: Int) {
        guard index < lists.count else { return }
        for symbol in index..<lists.count {
            var node = lists[symbol].head
            while node >= 0 {
                let following = nodes[Int(node)].next
                release(node)
                entries -= 1
                node = following
            }
        }
        lists.removeSubrange(index...)
    }

    /// Empties every list, keeping one for each symbol and the pool's storage (to be filled
    /// again from the rows: see ``Tableau/pruneColumns()``).
    mutating func removeAllEntries() {
        for symbol in lists.indices { lists[symbol] = List() }
        used = 0
        free = -1
        entries = 0
    }

    /// Forgets every symbol's list, keeping the storage of the lists and of the pool.
    mutating func removeAll() {
        removeAllEntries()
        lists.removeAll(keepingCapacity: true)
    }

    /// The number of entries of a symbol's list.
    @inline(__always) func count(_ symbol: Int) -> Int { Int(lists[symbol].count) }

    /// Appends a row index to a symbol's list.
    @inline(__always) mutating func append(_ row: Int32, to symbol: Int) {
        let node: Int32
        if free >= 0 {
            node = free
            free = nodes[Int(node)].next
            nodes[Int(node)] = Node(value: row, next: -1)
        } else {
            reserveSpareNodes(1)
            node = used
            used += 1
            nodes[Int(node)] = Node(value: row, next: -1)
        }
        let last = lists[symbol].tail
        if last >= 0 { nodes[Int(last)].next = node } else { lists[symbol].head = node }
        lists[symbol].tail = node
        lists[symbol].count += 1
        entries += 1
    }

    /// Appends a row index to the list of each symbol `symbolIndex` yields for `0..<count`
    /// (the symbols of a new row, or the ones a row gained): the pool is grown once, then
    /// the lists are linked without bounds checks, taking free nodes first, then spare ones.
    @inline(__always) mutating func append(_ row: Int32, count: Int, symbolIndex: (Int) -> Int) {
        if count == 0 { return }
        reserveSpareNodes(count)
        var free = self.free, used = self.used
        nodes.withUnsafeMutableBufferPointer { nodes in
            lists.withUnsafeMutableBufferPointer { lists in
                for k in 0..<count {
                    let node: Int32
                    if free >= 0 {
                        node = free
                        free = nodes[Int(node)].next
                    } else {
                        node = used
                        used += 1
                    }
                    nodes[Int(node)] = Node(value: row, next: -1)
                    let symbol = symbolIndex(k)
                    let last = lists[symbol].tail
                    if last >= 0 { nodes[Int(last)].next = node } else { lists[symbol].head = node }
                    lists[symbol].tail = node
                    lists[symbol].count += 1
                }
            }
        }
        self.free = free
        self.used = used
        entries += count
    }

    /// Makes sure at least `count` spare nodes follow the used ones.
    @inline(__always) private mutating func reserveSpareNodes(_ count: Int) {
        let needed = Int(used) + count
        if needed > nodes.count { growNodes(to: needed) }
    }

    /// Makes at least `needed` nodes, an eighth more than now at least. (The array's
    /// capacity still doubles; only the nodes made are written, so the rest of it is never
    /// touched and takes no memory: made all at once, spare nodes were up to half the pool's
    /// resident pages.)
    @inline(never) private mutating func growNodes(to needed: Int) {
        let size = max(needed, nodes.count + nodes.count / 8, 64)
        nodes.append(contentsOf: repeatElement(Node(value: 0, next: -1), count: size - nodes.count))
    }

    /// The first node of a symbol's list, or -1.
    @inline(__always) func first(_ symbol: Int) -> Int32 { lists[symbol].head }

    /// The node after `node`, or -1.
    @inline(__always) func next(_ node: Int32) -> Int32 { nodes[Int(node)].next }

    /// The row index a node holds.
    @inline(__always) func value(_ node: Int32) -> Int32 { nodes[Int(node)].value }

    /// Drops `node` from a symbol's list, given the node before it (-1 for the first).
    @inline(__always) mutating func remove(_ node: Int32, after previous: Int32, from symbol: Int) {
        let following = nodes[Int(node)].next
        if previous >= 0 { nodes[Int(previous)].next = following } else { lists[symbol].head = following }
        if lists[symbol].tail == node { lists[symbol].tail = previous }
        lists[symbol].count -= 1
        entries -= 1
        release(node)
    }

    /// Calls `keep` with each entry of a symbol's list, in order, and drops the entries it
    /// returns false for. The walk reads the pool without bounds checks (for the hot loop of
    /// an edit, see ``Tableau/shiftRows(containing:by:)``).
    @inline(__always) mutating func filter(_ symbol: Int, _ keep: (Int32) -> Bool) {
        var dropped: [(node: Int32, previous: Int32)] = []
        nodes.withUnsafeBufferPointer { nodes in
            var previous: Int32 = -1
            var node = lists[symbol].head
            while node >= 0 {
                if keep(nodes[Int(node)].value) {
                    previous = node
                } else {
                    dropped.append((node, previous))
                }
                node = nodes[Int(node)].next
            }
        }
        // Each dropped node's `previous` is the last kept node before it, which is still linked.
        for (node, previous) in dropped { remove(node, after: previous, from: symbol) }
    }

    @inline(__always) private mutating func release(_ node: Int32) {
        nodes[Int(node)].next = free
        free = node
    }
}
