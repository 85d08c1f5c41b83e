/// The simplex tableau and everything the solver knows, as one value.
///
/// All the solver's algorithms are mutating methods of this struct, so the compiler checks
/// exclusive access statically; ``Solver`` is a thin class around one of these.
struct Tableau {
    struct EditInfo {
        let constraint: Constraint
        var constant: Double
    }

    /// What a step can fail with.
    enum StepError: Error {
        case unsatisfiable
        case failure(SolverError)
    }

    // Tableau, indexed by symbol index.
    var states: [SymbolState] = []
    var rows: [Row?] = []
    /// For each symbol, the indices of basic symbols whose rows may contain it. Entries
    /// are added when a cell is created and dropped lazily when a column is read.
    var columns = Columns()
    var stamp: UInt32 = 0
    /// External symbols whose value may have changed since the last ``updateVariables()``.
    var dirty: [Int32] = []
    /// The most definitions one ``evaluate(_:)`` has walked through (tests reset it).
    var longestEvaluationWalk = 0
    /// The pivots made so far, the rows they rewrote, the turns among them, and the times
    /// columns were pruned (tests read them).
    var pivotCount = 0
    var rewrittenRows = 0
    var turnCount = 0
    var pruningCount = 0
    /// The rows changed in place that rollbacks have put back from ``journalCells``
    /// (tests read it).
    var undoneCellRows = 0
    /// Whether ties at zero may be turned (see Tableau+Ties.swift; tests turn it off).
    var turnsTies = true
    var objective = Objective()
    var infeasible: [Symbol] = []
    /// Reused buffers of ``substitute(_:_:)``: the rows to rewrite (also the rows that
    /// ``leavingRow(for:)`` compares), a merged row, and the symbols a row gained (scratch
    /// storage, see ``Row/add(_:replacing:buffer:added:)``).
    var substituted: [Symbol] = []
    /// The rows that block the entering symbol at zero, as ``leavingRow(for:)`` found them
    /// (see Tableau+Ties.swift).
    var ties: [Symbol] = []
    var merged: [Cell] = []
    var scratch: [Symbol] = []
    /// The loose cells of the row being built (see ``makeRow(_:_:)``): the first
    /// `collectedCount` cells of `collected`, none between uses. The array keeps its
    /// elements between uses, so collecting a cell overwrites one instead of appending it
    /// and emptying the collection is setting the count.
    var collected: [Cell] = []
    var collectedCount = 0
    /// Scratch coefficients by symbol for ``expanded(_:)``: zero between uses.
    var expansion: [Double] = []
    /// Reused buffers of ``expanded(_:from:untilUserVariable:)``: the symbols it touched
    /// and its heap of definitions to open (empty between uses).
    var expansionTouched: [Int32] = []
    var expansionHeap: [(order: UInt32, index: Int32)] = []
    /// The marks of the face scan under way, if any (see ``Solver/withFaceScan(_:)``).
    var faceScan: FaceScan?
    /// The highest order a user-variable row has had: a new row with references takes the
    /// next one (see ``SymbolState/order``).
    var definitionCount: UInt32 = 0
    /// The user variable that ``substitute(_:_:)`` let keep its old order (see
    /// ``keptOrder(of:newest:)``), for ``insertRow(_:_:)``; -1 for none.
    var keepsOrder: Int32 = -1
    /// Symbols that the call in progress stopped using (the markers of a constraint taken
    /// out, variables no constraint names any more), recycled when it commits if nothing
    /// took them up again; and the recycled ones, by kind, for ``makeSymbol(_:)`` to reuse.
    /// (See Tableau+Recycling.swift.)
    var releasedSymbols: [Symbol] = []
    var freeSymbols: [[Int32]] = [[], [], [], []]
    /// About as many column entries as are stale: a cell that left a row (or a row put back
    /// by a rollback, whose entries may repeat) adds one, an entry dropped as its column is
    /// read takes one away. Past half the entries, every column is pruned (see
    /// ``pruneColumns()``).
    var staleColumnEntries = 0
    /// The row that proved the last constraint unsatisfiable: a combination of constraints
    /// that can never be zero (a Farkas certificate), and its basic symbol if it was a row of
    /// the tableau (which takes part in the combination too).
    var certificate: (row: Row, basic: Symbol?)?
    /// In a tableau made to explain a conflict (see Tableau+Conflicts.swift), the required
    /// constraints whose markers are in the certificate, named when it is found (a record
    /// put back during the failed call has a marker that the rollback forgets).
    var certificateConstraints: [Constraint] = []

    // What the user has given the solver.
    /// The constraints' records, each in the slot its constraint's hint names (see
    /// Tableau+Records.swift); nil slots are free and listed in `freeRecordSlots`.
    var recordSlots: [Record?] = []
    var freeRecordSlots: [Int32] = []
    var recordCount = 0
    /// The records' slots, kept only once ``recordsIndexed`` is set: until then each
    /// constraint's ``Constraint/recordHint`` finds its record, and the dictionary is built
    /// from the slots the first time a hint fails (see ``recordSlot(of:)``).
    var recordIndex: [Identity: Int] = [:]
    var recordsIndexed = false
    /// Whether storing a record points its constraint's hint here. A tableau made only to
    /// explain a conflict leaves the hints to the solver's own tableau.
    var storesHints = true
    var edits: [Identity: EditInfo] = [:]
    /// The registered variables' symbols, kept only once ``variablesIndexed`` is set: until
    /// then each variable's ``Variable/symbolHint`` finds its symbol, and the dictionary is
    /// built from `states` the first time a hint fails (see ``registeredSymbol(of:)``).
    var variables: [Identity: Symbol] = [:]
    var variablesIndexed = false
    var nextSequence = 0

    /// Required equalities have no marker column (see ``Solver/init()``), so removing one
    /// rebuilds the tableau, lazily, before the next call that needs it.
    var needsRebuild = false
    /// The cells that removals made since values were last updated or the tableau was
    /// made afresh (see ``remove(_:)``): past the size of the tableau and
    /// ``removalWorkFloor``, the next removals rebuild it instead.
    var removalWork = 0
    /// The removal work below which no removal rebuilds (tests lower it).
    var removalWorkFloor = 4_096
    /// The times the tableau was made afresh (tests read it).
    var rebuildCount = 0
    /// Every cell rows have gained: made with a row, brought in by a substitution, or put
    /// back by a rollback (wrapping; rebuilds included, prunings of the columns not).
    var cellsMade = 0
    /// Whether a number beyond ``largeMagnitude`` ever came in, or a pivot ever divided by
    /// a coefficient below ``smallCoefficient``, even in a call that was undone: set by
    /// ``Solver`` as it validates constraints, by suggestions, and by ``noteFactor(_:)``
    /// (see Tableau+Validation.swift). From then on every call checks the required
    /// constraints.
    var holdsLargeNumbers = false
    /// When set, required equalities get a dummy marker so conflicts can be traced.
    let tracksEqualityMarkers: Bool
    /// Whether required equalities `x - y == c` and `x == c` are kept out of the tableau
    /// as equality classes (set with ``tracksEqualityMarkers``: see ``Solver/init(keepsEqualityMarkers:)``).
    let usesClasses: Bool
    /// The equality classes, and the last record generation handed out.
    var classes = EqualityClasses()
    var generation: UInt32 = 0
    /// Members whose last use or link went away during the call in progress: freed at its
    /// end if nothing took them up again (see ``pruneMembers()``).
    var releasedMembers: [Int32] = []
    /// The members of a link found to contradict its class, for the explanation.
    var linkConflict: (u: Int32, v: Int32)?

    // Undo journals of the call in progress: the tableau's cells, and the rest.
    enum Undo {
        case row(Int32, Row?)
        /// A row changed in place: its old constant, and its old cells, which are
        /// `journalCells[start..<start + count]`.
        case cells(Int32, constant: Double, start: Int32, count: Int32)
        case constant(Int32, Double)
        case references(Int32, Int32)
        case order(Int32, UInt32)
        /// A recycled symbol taken up again: its state before, and it goes back to its free
        /// list on a rollback.
        case reused(Int32, SymbolState)
    }
    enum MetaUndo {
        case recordAdded(Int32, reused: Bool)
        case recordRemoved(Int32, Record)
        case edit(Identity, EditInfo?)
        case variable(Identity, Symbol?)
    }
    var journal: [Undo] = []
    /// The old cells of the rows the call in progress changed in place (see
    /// ``Undo/cells(_:constant:start:count:)``), one after another; emptied when it ends.
    var journalCells: [Cell] = []
    var metaJournal: [MetaUndo] = []
    /// Old constants of rows shifted by an edit. A call shifts constants only before it
    /// changes any row (see Tableau+Edits.swift), so undoing `journal` first and then
    /// these is exact.
    var constantJournal: [(index: Int32, constant: Double)] = []
    /// The old constants ``shiftRows(containing:by:)`` collects when they go to ``journal``
    /// (emptied after use; kept for its capacity).
    var shiftScratch: [(index: Int32, constant: Double)] = []
    /// `journal.count` when the call in progress began.
    var journalStart = 0
    /// The number of symbols when the call in progress began. Symbols from this index on
    /// are dropped by a rollback, so changes to their rows and counts are not journaled.
    var journalFloor = 0
    var journaling = false
    /// Whether a batch is in progress (see ``addBatch(_:)``), and whether the objective may
    /// have become non-optimal since the batch last optimized.
    var batching = false
    var pendingOptimize = false

    init(tracksEqualityMarkers: Bool) {
        self.tracksEqualityMarkers = tracksEqualityMarkers
        usesClasses = tracksEqualityMarkers
    }
}

// The tableau's primitive changes. Every change of a row, a record, an edit or a variable
// goes through these, which journal it while a call is in progress so it can be undone.

extension Tableau {
    /// A new symbol of the given kind.
    mutating func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        if let reused = reuseSymbol(kind) { return reused }
        let symbol = Symbol(index: states.count, kind: kind)
        states.append(SymbolState(symbol: symbol))
        rows.append(nil)
        columns.addSymbol()
        objective.reserveSymbols(states.count)
        return symbol
    }

    /// Makes room for `count` symbols in all.
    mutating func reserveSymbols(_ count: Int) {
        reserveGrowing(&states, count)
        reserveGrowing(&rows, count)
        columns.reserveSymbols(count)
    }

    /// The number of symbols made.
    @inline(__always) var symbolCount: Int { states.count }

    /// The symbol with an index.
    @inline(__always) func symbol(at index: Int) -> Symbol { states[index].symbol }

    /// Notes that the value of a user variable's symbol may have changed (other symbols
    /// have no value to write).
    @inline(__always) mutating func touch(_ index: Int) {
        if !states[index].isDirty && states[index].symbol.isExternal {
            states[index].isDirty = true
            dirty.append(Int32(index))
        }
    }

    /// Notes a user variable's order in the journal before it changes (a transaction that
    /// throws puts it back).
    @inline(__always) mutating func journalOrder(of index: Int) {
        if journaling && index < journalFloor { journal.append(.order(Int32(index), states[index].order)) }
    }

    /// Makes `basic` basic with `row` as its definition.
    mutating func insertRow(_ basic: Symbol, _ row: consuming Row) {
        if journaling && basic.index < journalFloor { journal.append(.row(Int32(basic.index), nil)) }
        touch(basic.index)
        if basic.isExternal {
            journalOrder(of: basic.index)
            // A definition that names no basic variable depends on none: it takes order 0,
            // below every other, so the definitions that name its variable may keep it
            // (see ``substitute(_:_:)``). One defined again may keep its old order.
            if keepsOrder == Int32(basic.index) {
                keepsOrder = -1
            } else if hasReferences(row) {
                definitionCount += 1
                states[basic.index].order = definitionCount
            } else {
                states[basic.index].order = 0
            }
        }
        row.cells.withUnsafeBufferPointer { cells in
            columns.append(Int32(basic.index), count: cells.count) { cells[$0].symbol.index }
        }
        cellsMade &+= row.cells.count
        // Moved into the table: the caller gives the row up.
        rows[basic.index] = consume row
        pruneColumnsIfStale()
    }

    /// Removes and returns the row of a basic symbol.
    mutating func takeRow(_ basic: Symbol) -> Row {
        let row = rows[basic.index]!
        if journaling && basic.index < journalFloor { journal.append(.row(Int32(basic.index), row)) }
        touch(basic.index)
        staleColumnEntries += row.cells.count
        rows[basic.index] = nil
        return row
    }

    mutating func setEdit(_ key: Identity, _ info: EditInfo?) {
        if journaling { metaJournal.append(.edit(key, edits[key])) }
        edits[key] = info
    }

    mutating func setVariable(_ key: Identity, _ symbol: Symbol?) {
        guard variablesIndexed else { return }
        if journaling { metaJournal.append(.variable(key, variables[key])) }
        variables[key] = symbol
    }

    @inline(__always) mutating func setReferences(_ symbol: Symbol, _ count: Int32) {
        if journaling && symbol.index < journalFloor {
            journal.append(.references(Int32(symbol.index), states[symbol.index].references))
        }
        states[symbol.index].references = count
    }

    /// A fresh stamp for marking visited rows.
    @inline(__always) mutating func nextStamp() {
        stamp &+= 1
        if stamp == 0 {
            for i in states.indices { states[i].stamp = 0 }
            stamp = 1
        }
    }

    /// The basic symbols whose rows contain `symbol`, in a fixed order; drops stale and
    /// repeated entries from the column as it reads it.
    mutating func rowsContaining(_ symbol: Symbol) -> [Symbol] {
        var result: [Symbol] = []
        result.reserveCapacity(columns.count(symbol.index))
        rowsContaining(symbol, into: &result)
        return result
    }

    /// The same, appended to `result` (a buffer the caller reuses).
    mutating func rowsContaining(_ symbol: Symbol, into result: inout [Symbol]) {
        nextStamp()
        var previous: Int32 = -1
        var node = columns.first(symbol.index)
        while node >= 0 {
            let following = columns.next(node)
            let i = Int(columns.value(node))
            if i < rows.count, states[i].stamp != stamp, rows[i]?.position(of: symbol).found == true {
                states[i].stamp = stamp
                result.append(states[i].symbol)
                previous = node
            } else {
                columns.remove(node, after: previous, from: symbol.index)
                // (Counted when it went stale.)
                if staleColumnEntries > 0 { staleColumnEntries -= 1 }
            }
            node = following
        }
    }

    /// Empties the tableau for a rebuild, keeping the records and edits, and the tables'
    /// storage (not the index of variables, seldom built): the rebuild fills them again.
    /// (A solver without equality markers rebuilds after removing a required equality;
    /// freeing every table and growing it again from nothing was 14% of a cycle that adds
    /// and removes two constraints.)
    mutating func clearTableau() {
        states.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
        columns.removeAll()
        staleColumnEntries = 0
        removalWork = 0
        stamp = 0
        objective.removeAll()
        infeasible.removeAll(keepingCapacity: true)
        expansion.removeAll(keepingCapacity: true)
        releasedSymbols.removeAll(keepingCapacity: true)
        for kind in freeSymbols.indices { freeSymbols[kind].removeAll(keepingCapacity: true) }
        if usesClasses {
            // The links go back into the classes with the records.
            classes = EqualityClasses()
            releasedMembers = []
        }
        dropVariableIndex()
        dirty.removeAll(keepingCapacity: true)
    }

    /// The symbol of a registered variable, or nil. The variable's hint is checked against
    /// the tableau: the symbol at that index must be this variable's and in use (a symbol
    /// whose variable was forgotten keeps it in its state with no reference), which holds
    /// exactly when the variable is registered with that symbol. When the check fails (the
    /// variable is not registered here, was forgotten, or another tableau moved its hint),
    /// `variables` answers, built first if need be.
    @inline(__always) mutating func registeredSymbol(of variable: Variable) -> Symbol? {
        let hint = Int(variable.symbolHint.load(ordering: .relaxed))
        // -1: no tableau has ever registered the variable.
        if hint < 0 { return nil }
        if hint < states.count && states[hint].variable === variable && states[hint].references > 0 {
            return states[hint].symbol
        }
        return indexedSymbol(of: variable)
    }

    /// The symbol of a registered variable whose hint failed, from `variables`.
    @inline(never) mutating func indexedSymbol(of variable: Variable) -> Symbol? {
        if !variablesIndexed { indexVariables() }
        guard let symbol = variables[Identity(variable)] else { return nil }
        variable.symbolHint.store(Int32(truncatingIfNeeded: symbol.index), ordering: .relaxed)
        return symbol
    }

    /// Builds `variables` from the symbols in use, and keeps it from then on.
    @inline(never) mutating func indexVariables() {
        variables = [:]
        for state in states where state.references > 0 {
            if let variable = state.variable { variables[Identity(variable)] = state.symbol }
        }
        variablesIndexed = true
    }

    /// Forgets `variables` (the symbols' states hold the same), until a hint fails again.
    mutating func dropVariableIndex() {
        variables = [:]
        variablesIndexed = false
    }

    /// The number of registered variables.
    var registeredVariableCount: Int {
        states.reduce(0) { $0 + ($1.variable != nil && $1.references > 0 ? 1 : 0) }
    }

    /// The symbol of a variable, registering it on first use; counts the reference.
    /// Inline, so that the common case (a registered variable found by its hint) makes no
    /// call, and the caller need not retain the variable for one.
    @inline(__always) mutating func symbol(for variable: Variable) -> Symbol {
        if let symbol = registeredSymbol(of: variable) {
            setReferences(symbol, states[symbol.index].references + 1)
            return symbol
        }
        return register(variable)
    }

    /// ``symbol(for:)`` for the variable of a term read in place, as ``makeRow(_:_:)``
    /// reads them: only the calls that need the variable (to register it, or when its hint
    /// fails) take it, so the caller holds no reference of its own across the common path.
    @inline(__always) mutating func symbol(forTermAt term: UnsafePointer<Term>) -> Symbol {
        let hint = Int(term.pointee.variable.symbolHint.load(ordering: .relaxed))
        if hint >= 0 && hint < states.count && states[hint].variable === term.pointee.variable
            && states[hint].references > 0 {
            setReferences(states[hint].symbol, states[hint].references + 1)
            return states[hint].symbol
        }
        return symbolOutOfLine(for: term)
    }

    /// The rest of ``symbol(forTermAt:)``.
    @inline(never) mutating func symbolOutOfLine(for term: UnsafePointer<Term>) -> Symbol {
        symbol(for: term.pointee.variable)
    }

    /// A new symbol for a variable not registered here, with one reference.
    @inline(never) mutating func register(_ variable: Variable) -> Symbol {
        let symbol = makeSymbol(.external)
        states[symbol.index].variable = variable
        states[symbol.index].references = 1
        touch(symbol.index)
        // Not journaled: the symbol is new, and a rollback drops the index (see
        // ``rollback(to:meta:symbols:)``).
        if variablesIndexed { variables[Identity(variable)] = symbol }
        variable.symbolHint.store(Int32(truncatingIfNeeded: symbol.index), ordering: .relaxed)
        return symbol
    }

    /// Drops one reference to each variable of the constraint; forgets unreferenced ones.
    mutating func release(_ constraint: Constraint) {
        if usesClasses {
            releaseThroughClasses(constraint)
            return
        }
        for k in 0..<constraint.terms.count {
            let term = constraint.terms[k]
            guard !nearZero(term.coefficient), let symbol = registeredSymbol(of: term.variable) else { continue }
            let count = states[symbol.index].references - 1
            setReferences(symbol, count)
            if count == 0 {
                setVariable(Identity(term.variable), nil)
                releasedSymbols.append(symbol)
            }
        }
    }
}

/// What is told of the variables a solve changed: a batch of them, unretained (see
/// ``Tableau/updateVariables(changedBatches:)``).
typealias ChangedVariables = (UnsafeBufferPointer<Unmanaged<Variable>>) -> Void

/// Makes room for `count` elements, growing geometrically: an exact `reserveCapacity` for
/// each small batch would copy the whole array every time (quadratic over many batches).
@inline(__always) func reserveGrowing<Element>(_ array: inout [Element], _ count: Int) {
    if count > array.capacity { array.reserveCapacity(max(count, 2 * array.capacity)) }
}
