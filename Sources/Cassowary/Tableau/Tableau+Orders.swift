// Orders: the orders of the user variables' rows are a topological order of their
// references. A row names only variables of a lower order (see Tableau+Definitions.swift).
// Orders need not be distinct: two rows of the same order cannot name each other, and every
// use of an order compares it with another (see ``Tableau/isSettled(_:below:)`` too, whose
// bound is the lowest order of a row waiting for a refresh).
//
// When a row must keep references up to an order its subject's holders are not above yet,
// the holders are raised just above it, and the rows that name them just above those, as
// far as needed. Expanding the row instead wrote it over every definition it reached.

extension Tableau {
    /// The most rows ``renewOrders(ofHoldersOf:in:upTo:)`` raises for one row. A raise
    /// that goes further runs up a chain, such as the rows below a row of a column shown
    /// again: raising the chain would cost its length at every change, and the raised
    /// orders keep a row defined again from taking its old order back (see
    /// ``keptOrder(of:newest:)``).
    static let raiseLimit = 8

    /// Raises the rows that hold `subject` to orders above `newest`, and the rows that name
    /// a raised row above it, so that a row solved for `subject` may keep its references up
    /// to `newest` and its holders take it in as it is. Each raised row that rows name goes
    /// just above the highest order it must pass, so the rows above it mostly keep theirs;
    /// one that no row names takes a new order above every other, as a new row would.
    ///
    /// Returns false, having changed nothing, when:
    /// - the objective has a cost for `subject` (it would take the row expanded anyway);
    /// - a holder is not a user variable's row, or no holder is at or below `newest`;
    /// - a row to raise is one `row` names: it would name itself through the new row;
    /// - more than ``raiseLimit`` rows would move.
    ///
    /// (A stack's new row, whose labels' heights were solved before it joined the stack,
    /// holds its bottom edge in such rows. Opened back to them, the height of its first
    /// label held every error symbol of the rows above: each row appended cost the whole
    /// stack. And in a column of rows aligned to their bottoms, the rows that hold a label's
    /// top edge are named by the row's bottom edge, which the next row's labels name: before
    /// those were raised too, each row's labels were written over every row above it.)
    mutating func renewOrders(ofHoldersOf subject: Symbol, in row: Row, upTo newest: UInt32) -> Bool {
        guard !objective.hasCost(subject) else { return false }
        var holders: [Symbol] = []
        swap(&holders, &substituted)
        holders.empty()
        rowsContaining(subject, into: &holders)
        defer { swap(&holders, &substituted) }
        // The rows that no row names take new orders above every other, as new rows would;
        // the others go just above what they must pass, and the rows that name them follow.
        var raise = OrderRaise()
        var raised: [(index: Int, order: UInt32)] = []
        for holder in holders {
            guard holder.isExternal, !row.position(of: holder).found else { return false }
            let order = states[holder.index].order
            guard order <= newest else { continue }
            if columns.count(holder.index) == 0 {
                raised.append((holder.index, 0))
            } else {
                raise.require(holder.index, at: order, above: newest)
                if raise.waiting > Tableau.raiseLimit { return false }
            }
        }
        guard !raised.isEmpty || !raise.isEmpty else { return false }
        var referrers: [Symbol] = []
        var moved = 0
        // Lowest old order first: a row names only rows of lower orders, so every raised row
        // it names has passed on its floor before it is taken.
        while let (index, floor) = raise.next() {
            moved += 1
            guard moved <= Tableau.raiseLimit, raise.waiting <= Tableau.raiseLimit,
                  !row.position(of: states[index].symbol).found else { return false }
            referrers.removeAll(keepingCapacity: true)
            rowsContaining(states[index].symbol, into: &referrers)
            let order = referrers.isEmpty ? 0 : floor + 1
            raised.append((index, order))
            for referrer in referrers where states[referrer.index].order <= order {
                raise.require(referrer.index, at: states[referrer.index].order, above: order)
            }
        }
        // The rows that rows name take their orders first; then the rows no row names take
        // new orders above all of them. (Given in the list's order, a holder no row names
        // took a new order, and a row it names was raised above it after: the holder then
        // named a row of a higher order, and values read through it went stale.)
        for (index, order) in raised where order != 0 {
            journalOrder(of: index)
            states[index].order = order
            definitionCount = max(definitionCount, order)
        }
        let before = definitionCount
        for (index, order) in raised where order == 0 {
            // (A holder no row names comes again if it names a raised row: it has its new
            // order already, above `before`.)
            if states[index].order > before { continue }
            journalOrder(of: index)
            definitionCount += 1
            states[index].order = definitionCount
        }
        return true
    }
}

/// The rows waiting to be raised by ``Tableau/renewOrders(ofHoldersOf:in:upTo:)``, lowest
/// old order first, each with the order it must pass. Few are ever waiting (the raise gives
/// up past ``Tableau/raiseLimit``), so they are kept in a plain list.
struct OrderRaise {
    private var entries: [(order: UInt32, index: Int, floor: UInt32)] = []

    var isEmpty: Bool { entries.isEmpty }

    /// How many rows are waiting.
    var waiting: Int { entries.count }

    /// Notes that the row of `index`, of order `order`, must go above `floor`.
    mutating func require(_ index: Int, at order: UInt32, above floor: UInt32) {
        if let k = entries.firstIndex(where: { $0.index == index }) {
            entries[k].floor = max(entries[k].floor, floor)
        } else {
            entries.append((order, index, floor))
        }
    }

    /// The waiting row of the lowest old order (then index), and the order it must pass.
    mutating func next() -> (index: Int, floor: UInt32)? {
        guard var first = entries.indices.first else { return nil }
        for k in entries.indices.dropFirst() {
            let a = entries[k], b = entries[first]
            if a.order < b.order || (a.order == b.order && a.index < b.index) { first = k }
        }
        let entry = entries.remove(at: first)
        return (entry.index, entry.floor)
    }
}
