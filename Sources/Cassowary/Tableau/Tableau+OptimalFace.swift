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

extension Tableau {
    /// The lowest and highest values of `Σ coefficient · variable + constant` over every
    /// optimal solution (infinite when the face is unbounded that way), counting only the
    /// strength levels at or above `lowest`: the weaker ones are as if not there.
    mutating func optimalRange(of terms: [Term], constant: Double, levelsFrom lowest: Double) -> (lower: Double, upper: Double) {
        _ = try? rebuildIfNeeded()
        guard let form = parametricForm(of: terms, constant: constant) else { return (-.infinity, .infinity) }
        var free: [Int: Double] = [:]
        for (index, coefficient) in form.cells where isFreeOnFace(index, levelsFrom: lowest) {
            free[index, default: 0] += coefficient
        }
        free = free.filter { !nearZero($0.value) }
        guard !free.isEmpty else { return (form.constant, form.constant) }
        var program = faceProgram(around: Array(free.keys), levelsFrom: lowest)
        let upper = program.maximum(of: free)
        let lower = -program.maximum(of: free.mapValues { -$0 })
        return (form.constant + lower, form.constant + upper)
    }

    /// The expression over parametric symbols (by index, with the constant its current
    /// value), or nil when it names a variable the solver does not constrain (which is
    /// free). A variable of an equality class stands for its class's anchor plus its
    /// offset; a basic variable for its row, references expanded.
    private mutating func parametricForm(of terms: [Term], constant: Double) -> (constant: Double, cells: [(Int, Double)])? {
        var value = constant
        var bySymbol: [Int: Double] = [:]
        var unknown: [Identity: (Variable, Double)] = [:]
        for term in terms where !nearZero(term.coefficient) {
            var variable = term.variable
            if usesClasses, let member = classes.member(of: variable) {
                let klass = classes.members[Int(member)].klass
                value += term.coefficient * classes.members[Int(member)].offset
                guard let anchor = classes.anchor(of: klass) else { continue }  // the ground: a constant
                variable = anchor
            }
            guard let symbol = registeredSymbol(of: variable) else {
                unknown[Identity(variable), default: (variable, 0)].1 += term.coefficient
                continue
            }
            if let row = rows[symbol.index] {
                let plain = expanded(row)
                value += term.coefficient * plain.constant
                for cell in plain.cells { bySymbol[cell.symbol.index, default: 0] += term.coefficient * cell.coefficient }
            } else {
                bySymbol[symbol.index, default: 0] += term.coefficient
            }
        }
        if unknown.values.contains(where: { !nearZero($0.1) }) { return nil }
        return (value, bySymbol.filter { !nearZero($0.value) }.sorted { $0.key < $1.key })
    }

    /// Whether a parametric symbol can move on the optimal face: a user variable always, a
    /// slack or error symbol when its reduced cost is zero at every level counted, a
    /// marker never.
    private func isFreeOnFace(_ index: Int, levelsFrom lowest: Double) -> Bool {
        let symbol = states[index].symbol
        if symbol.isExternal { return true }
        if symbol.isDummy { return false }
        return objective.isZero(symbol, onLevelsFrom: lowest)
    }

    /// The linear program of the face around some free symbols: the restricted rows that
    /// hold them, and the rows that hold the free symbols of those, and so on.
    private mutating func faceProgram(around start: [Int], levelsFrom lowest: Double) -> FaceProgram {
        var program = FaceProgram()
        var seen = Set(start)
        var queue = start
        var rowsTaken = Set<Int>()
        var holders: [Symbol] = []
        while let index = queue.popLast() {
            holders.removeAll(keepingCapacity: true)
            rowsContaining(states[index].symbol, into: &holders)
            for basic in holders where !basic.isExternal && rowsTaken.insert(basic.index).inserted {
                let row = rows[basic.index]!
                var cells: [Int: Double] = [:]
                for cell in row.cells where isFreeOnFace(cell.symbol.index, levelsFrom: lowest) {
                    cells[cell.symbol.index] = cell.coefficient
                    if seen.insert(cell.symbol.index).inserted { queue.append(cell.symbol.index) }
                }
                program.addRow(constant: max(0, row.constant), cells: cells, isEquality: basic.isDummy)
            }
        }
        for index in seen { program.declare(index, unrestricted: states[index].symbol.isExternal) }
        return program
    }
}
