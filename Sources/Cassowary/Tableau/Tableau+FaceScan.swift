// A face scan: many expressions decided against one optimal face (every view of a
// hierarchy checked for ambiguity). Deciding one on its own expands it over parametric
// symbols, which for the last view of a chain of 10,000 opens 10,000 definitions; over a
// whole scan that is quadratic. Within a scan each basic symbol is instead marked once:
// fixed when its row names only symbols that cannot move on the face, directly or through
// other fixed rows. An expression over fixed symbols is determined with no program; any
// other is decided exactly as before (the marks are a sufficient test, not the answer).

/// The marks of a face scan, for one set of options.
struct FaceScan {
    var options = FaceOptions()
    /// Per symbol: 0 not marked yet, 1 fixed, 2 not known to be fixed, 3 being marked.
    var marks: [UInt8] = []
}


extension Tableau {
    /// Whether every variable of `terms` is fixed on the optimal face (so the expression
    /// is determined); false when a scan is not under way, or when the test cannot tell.
    mutating func isFixedOnFace(_ terms: [Term], _ options: FaceOptions) -> Bool {
        guard faceScan != nil else { return false }
        if needsRebuild {
            _ = try? rebuildIfNeeded()
            faceScan!.marks = []
        }
        if faceScan!.options != options { faceScan = FaceScan(options: options) }
        if faceScan!.marks.count < symbolCount {
            faceScan!.marks.append(contentsOf: repeatElement(0, count: symbolCount - faceScan!.marks.count))
        }
        for term in terms where !nearZero(term.coefficient) {
            guard let variable = standIn(for: term.variable).variable else { continue }  // the ground
            guard let symbol = registeredSymbol(of: variable), isFixed(symbol.index, options) else { return false }
        }
        return true
    }

    /// Whether a symbol cannot move on the face: a parametric one that is not free there,
    /// or a basic one whose row names only such symbols and fixed basic ones (marked,
    /// depth first without recursion: chains of references are as long as the layout).
    private mutating func isFixed(_ index: Int, _ options: FaceOptions) -> Bool {
        guard rows[index] != nil else { return !isFreeOnFace(index, options) }
        switch faceScan!.marks[index] {
        case 1: return true
        case 2, 3: return false
        default: break
        }
        var stack: [(symbol: Int, next: Int)] = [(index, 0)]
        faceScan!.marks[index] = 3
        while let (basic, next) = stack.last {
            let cells = rows[basic]!.cells
            guard next < cells.count else {
                faceScan!.marks[basic] = 1
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let symbol = cells[next].symbol.index
            let moves: Bool
            if rows[symbol] == nil {
                moves = isFreeOnFace(symbol, options)
            } else {
                switch faceScan!.marks[symbol] {
                case 1: continue
                case 0:
                    faceScan!.marks[symbol] = 3
                    stack.append((symbol, 0))
                    continue
                default: moves = true  // not fixed, or (never, in a tableau) a cycle
                }
            }
            if moves {
                for entry in stack { faceScan!.marks[entry.symbol] = 2 }
                return false
            }
        }
        return faceScan!.marks[index] == 1
    }
}
