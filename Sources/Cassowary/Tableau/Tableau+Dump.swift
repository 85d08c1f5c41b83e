// A readable dump of the solver's state, for debugging and for tests.

extension Tableau {
    /// The tableau as text (see ``Solver/dump()``).
    mutating func dump() -> String {
        _ = try? rebuildIfNeeded()
        var names: [Int: String] = [:]
        for (index, state) in states.enumerated() { if let variable = state.variable { names[index] = variable.description } }
        func name(_ symbol: Symbol) -> String {
            switch symbol.kind {
            case .external: names[symbol.index] ?? "v\(symbol.index)"
            case .slack: "s\(symbol.index)"
            case .error: "e\(symbol.index)"
            case .dummy: "d\(symbol.index)"
            }
        }
        func text(_ row: Row) -> String {
            row.cells.reduce(formatNumber(row.constant)) { line, cell in
                let c = cell.coefficient
                return line + (c < 0 ? " - " : " + ") + formatNumber(abs(c)) + " * " + name(cell.symbol)
            }
        }
        var out = "Objective (highest level first; error at the current solution)\n"
        for level in objective.levelsInOrder {
            let terms = objective.costedIndices().compactMap { i -> String? in
                let c = objective.costs(of: symbol(at: i)).first { $0.level == level }?.cost ?? 0
                return c == 0 ? nil : "\(formatNumber(c)) * \(name(symbol(at: i)))"
            }
            out += "  level \(formatNumber(level)): error \(formatNumber(error(at: level)))"
                + (terms.isEmpty ? "" : ", costs " + terms.joined(separator: " + ")) + "\n"
        }
        out += "Tableau\n"
        for i in rows.indices { if let row = rows[i] { out += "  \(name(symbol(at: i))) = \(text(row))\n" } }
        out += "Edit variables\n"
        for info in edits.values.sorted(by: { $0.constraint.expression.description < $1.constraint.expression.description }) {
            out += "  \(info.constraint.expression) -> \(formatNumber(info.constant)) | \(info.constraint.strength)\n"
        }
        if usesClasses { out += classesDump() }
        out += "Constraints\n"
        for record in records {
            out += "  \(record.constraint)\n"
        }
        if needsRebuild { out += "(rebuild pending)\n" }
        return out
    }

    /// The weighted error of the preferences on one level at the current solution.
    mutating func error(at level: Double) -> Double {
        var total = 0.0
        for record in records {
            let constraint = record.constraint
            func weight(above: Bool) -> Double {
                constraint.errorStrength(above: above).components.first(where: { $0.level == level })?.weight ?? 0
            }
            var value = constraint.expression.constant
            for term in constraint.expression.terms {
                let symbol = registeredSymbol(of: term.variable)
                value += term.coefficient * (symbol.map { evaluate($0.index) } ?? 0)
            }
            if let edit = edits.values.first(where: { $0.constraint === constraint }) { value -= edit.constant }
            let weighted = switch constraint.relation {
            case .equal: value > 0 ? weight(above: true) * value : weight(above: false) * -value
            case .lessThanOrEqual: weight(above: true) * max(0, value)
            case .greaterThanOrEqual: weight(above: true) * max(0, -value)
            }
            total += weighted
        }
        return total
    }

    /// Size of the tableau: basic rows, nonzero cells in them, symbols made, constraints held
    /// (a variable's many preferred values count as the sums the tableau holds for them, see
    /// ``Solver``; ``constraints`` lists each).
    var statistics: (rows: Int, cells: Int, symbols: Int, constraints: Int) {
        var rowCount = 0, cellCount = 0
        for row in rows { if let row { rowCount += 1; cellCount += row.cells.count } }
        return (rowCount, cellCount, symbolCount, recordCount)
    }

    /// Whether the solver holds nothing: no constraint, edit, variable, row or cost.
    mutating func isEmpty() -> Bool {
        _ = try? rebuildIfNeeded()
        return recordCount == 0 && edits.isEmpty && registeredVariableCount == 0
            && rows.allSatisfy { $0 == nil } && objective.isZero
    }
}

extension Solver {
    /// The tableau as text: the objective by level, every row, the edit variables and the
    /// constraints. Symbols print as the variable's name, or `s`/`e`/`d` (slack, error,
    /// dummy) followed by their index.
    public func dump() -> String { tableau.dump() }

    /// Size of the tableau: basic rows, nonzero cells in them, symbols made, constraints held
    /// (a variable's many preferred values count as the sums the tableau holds for them, see
    /// ``Solver``; ``constraints`` lists each).
    public var statistics: (rows: Int, cells: Int, symbols: Int, constraints: Int) { tableau.statistics }

    /// Whether the solver holds nothing: no constraint, edit, variable, row or cost.
    var isEmpty: Bool { tableau.isEmpty() }
}
