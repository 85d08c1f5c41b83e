// The optimal face: every solution as good as the current one, level by level. An
// expression is determined when it has one value on the whole face; otherwise the layout
// has another solution just as good (UIKit's `hasAmbiguousLayout`).
//
// At an optimal tableau every value is the row constant, with the parametric symbols at 0.
// Moving along the optimal face means raising parametric symbols without worsening any
// level of the objective: a slack or error symbol may rise only when its reduced cost is
// zero at every level (a positive one would cost something at the first level where it is
// not zero; none is negative at an optimum); a user variable left parametric is free in
// both directions; a marker (dummy) stays at 0. Raising them must keep every restricted
// basic row at or above zero (a basic marker at exactly zero). Rows of basic user
// variables constrain nothing: they only define the variables.
//
// So the face, over the free symbols, is a polyhedron, and the range of an expression on
// it is a pair of small linear programs (``FaceProgram``), solved exactly by the simplex
// method with Bland's rule. Only the rows that share free symbols with the expression,
// directly or through other such rows, take part; an expression whose parametric form
// names no free symbol is determined without solving anything.

/// Which optimal solutions count: only the strength levels at or above `lowest` (the
/// weaker ones as if not there), and, when `holdingErrors` is set, only those where every
/// preference keeps the error it has now (the freedom left is then what the constraints
/// leave open, not a trade between preferences of equal strength).
struct FaceOptions: Equatable {
    var lowest = 0.0
    var holdingErrors = false
}

extension Tableau {
    /// The lowest and highest values of `Σ coefficient · variable + constant` over every
    /// optimal solution (infinite when the face is unbounded that way), counting only the
    /// strength levels at or above `lowest`: the weaker ones are as if not there.
    mutating func optimalRange(of terms: [Term], constant: Double, _ options: FaceOptions) -> (lower: Double, upper: Double) {
        _ = try? rebuildIfNeeded()
        var unknown: [Identity: Int] = [:]
        let form = parametricForm(of: terms, constant: constant, unknown: &unknown)
        let free = freePart(of: form.cells, options)
        guard !free.isEmpty else { return (form.constant, form.constant) }
        var program = faceProgram(around: Array(free.keys), options)
        let upper = program.maximum(of: free)
        let lower = -program.maximum(of: free.mapValues { -$0 })
        return (form.constant + lower, form.constant + upper)
    }

    /// In how many independent directions two expressions can move together over the
    /// optimal solutions (levels below `lowest` left out): 0 when both are determined, 1
    /// when they move as one (one determined, or one a fixed multiple of the other plus a
    /// constant), 2 when neither decides the other.
    mutating func freedom(of first: [Term], _ second: [Term], _ options: FaceOptions) -> Int {
        _ = try? rebuildIfNeeded()
        var unknown: [Identity: Int] = [:]
        let a = freePart(of: parametricForm(of: first, constant: 0, unknown: &unknown).cells, options)
        let b = freePart(of: parametricForm(of: second, constant: 0, unknown: &unknown).cells, options)
        var program = faceProgram(around: Array(Set(a.keys).union(b.keys)), options)
        /// A change of the symbols, within the face, that moves `form`: a point of the face
        /// where it is higher or lower than now, or a ray along which it grows; nil when
        /// `form` is the same everywhere on the face.
        func moving(_ form: [Int: Double]) -> [Int: Double]? {
            guard !form.isEmpty else { return nil }
            for sign in [1.0, -1.0] {
                switch program.optimum(of: form.mapValues { sign * $0 }) {
                case .bounded(let value, let point) where value > 1e-7: return point
                case .unbounded(let direction): return direction
                default: continue
                }
            }
            return nil
        }
        let aChange = moving(a), bMoves = moving(b) != nil
        guard let change = aChange, bMoves else { return aChange != nil || bMoves ? 1 : 0 }
        // If the two move as one, `b - ratio · a` is the same on every solution, with the
        // ratio of their changes along the change that moves `a`.
        func along(_ form: [Int: Double]) -> Double { form.reduce(0) { $0 + $1.value * (change[$1.key] ?? 0) } }
        let ratio = along(b) / along(a)
        var rest = b
        for (index, coefficient) in a { rest[index, default: 0] -= ratio * coefficient }
        rest = rest.filter { !nearZero($0.value) }
        return moving(rest) != nil ? 2 : 1
    }

    /// The expression over parametric symbols (by index, each once, in index order), with
    /// its constant the value it has now. A variable of an equality class stands for its
    /// class's anchor plus its offset; a basic variable for its row, references expanded;
    /// a variable the tableau does not know (no constraint names it) for a free symbol of
    /// its own, numbered from the symbol count on (the same one in each expression given
    /// the same `unknown`).
    private mutating func parametricForm(of terms: [Term], constant: Double,
                                         unknown: inout [Identity: Int]) -> (constant: Double, cells: [(Int, Double)]) {
        var value = constant
        var cells: [(Int, Double)] = []
        for term in terms where !nearZero(term.coefficient) {
            let stand = standIn(for: term.variable)
            value += term.coefficient * stand.offset
            guard let variable = stand.variable else { continue }  // the ground: a constant
            guard let symbol = registeredSymbol(of: variable) else {
                let index = unknown[Identity(variable)] ?? symbolCount + unknown.count
                unknown[Identity(variable)] = index
                cells.append((index, term.coefficient))
                value += term.coefficient * variable.value
                continue
            }
            let plain = parametricRow(of: symbol)
            value += term.coefficient * plain.constant
            for cell in plain.cells { cells.append((cell.symbol.index, term.coefficient * cell.coefficient)) }
        }
        // Each symbol once: the terms' rows may share symbols (a width's two edges).
        cells.sort { $0.0 < $1.0 }
        var combined: [(Int, Double)] = []
        combined.reserveCapacity(cells.count)
        for cell in cells {
            if let last = combined.last, last.0 == cell.0 {
                combined[combined.count - 1].1 += cell.1
            } else {
                combined.append(cell)
            }
        }
        return (value, combined)
    }

    /// The variable the tableau holds for `variable`: the variable itself, or for a member
    /// of an equality class its class's anchor (nil for the ground, whose members are
    /// constants), with the member's offset from it and the member.
    mutating func standIn(for variable: Variable) -> (variable: Variable?, offset: Double, member: Int32?) {
        guard usesClasses, let member = classes.member(of: variable) else { return (variable, 0, nil) }
        let klass = classes.members[Int(member)].klass
        return (classes.anchor(of: klass), classes.members[Int(member)].offset, member)
    }

    /// A symbol over parametric symbols: its row with references expanded when it is basic,
    /// else itself (at its value now, 0).
    mutating func parametricRow(of symbol: Symbol) -> Row {
        rows[symbol.index].map { expanded($0) } ?? Row(constant: 0, cells: [Cell(symbol: symbol, coefficient: 1)])
    }

    /// The cells of symbols free on the face (see ``isFreeOnFace(_:_:)``), by symbol.
    private func freePart(of cells: [(Int, Double)], _ options: FaceOptions) -> [Int: Double] {
        let free = cells.filter { !nearZero($0.1) && isFreeOnFace($0.0, options) }
        return free.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: free)
    }

    /// Whether a parametric symbol can move on the optimal face: a user variable always
    /// (and one the tableau does not know), a slack or error symbol when its reduced cost
    /// is zero at every level counted (an error symbol not at all when errors are held), a
    /// marker never.
    func isFreeOnFace(_ index: Int, _ options: FaceOptions) -> Bool {
        guard index < symbolCount else { return true }
        let symbol = states[index].symbol
        if symbol.isExternal { return true }
        if symbol.isDummy || (options.holdingErrors && symbol.kind == .error) { return false }
        return objective.isZero(symbol, onLevelsFrom: options.lowest)
    }

    /// The linear program of the face around some free symbols: the restricted rows that
    /// hold them, and the rows that hold the free symbols of those, and so on. A basic
    /// marker stays at zero; a basic error symbol, when errors are held, where it is.
    private mutating func faceProgram(around start: [Int], _ options: FaceOptions) -> FaceProgram {
        var program = FaceProgram()
        var seen = Set(start)
        var queue = start
        var rowsTaken = Set<Int>()
        var holders: [Symbol] = []
        while let index = queue.popLast() {
            guard index < symbolCount else { continue }
            holders.removeAll(keepingCapacity: true)
            rowsContaining(states[index].symbol, into: &holders)
            for basic in holders where !basic.isExternal && rowsTaken.insert(basic.index).inserted {
                let row = rows[basic.index]!
                var cells: [Int: Double] = [:]
                for cell in row.cells where isFreeOnFace(cell.symbol.index, options) {
                    cells[cell.symbol.index] = cell.coefficient
                    if seen.insert(cell.symbol.index).inserted { queue.append(cell.symbol.index) }
                }
                if options.holdingErrors && basic.kind == .error {
                    program.addRow(constant: 0, cells: cells, isEquality: true)
                } else {
                    program.addRow(constant: max(0, row.constant), cells: cells, isEquality: basic.isDummy)
                }
            }
        }
        for index in seen.sorted() {
            program.declare(index, unrestricted: index >= symbolCount || states[index].symbol.isExternal)
        }
        return program
    }
}
