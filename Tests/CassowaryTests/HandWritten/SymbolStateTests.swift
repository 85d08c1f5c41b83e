import Testing
@testable import Cassowary

/// A symbol's state keeps its reference count and its dirty flag in one word, so that the
/// state takes 32 bytes; the two must never leak into each other.
@Suite struct SymbolStateTests {
    @Test("a symbol's state takes 32 bytes")
    func size() {
        #expect(MemoryLayout<Tableau.SymbolState>.stride == 32)
    }

    @Test("the reference count and the dirty flag are written apart", arguments: [Int32(0), 1, 7, 65_536, Int32.max])
    func packing(count: Int32) {
        var state = Tableau.SymbolState(symbol: Symbol(index: 3, kind: .external))
        #expect(state.references == 0 && !state.isDirty)
        state.references = count
        #expect(state.references == count && !state.isDirty)
        state.isDirty = true
        #expect(state.references == count && state.isDirty)
        state.references = count == 0 ? 1 : count - 1
        #expect(state.references == (count == 0 ? 1 : count - 1) && state.isDirty)
        state.isDirty = false
        #expect(state.references == (count == 0 ? 1 : count - 1) && !state.isDirty)
    }

    @Test("values reach the variables through the dirty flags, and every flag is cleared")
    func solverUse() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addEditVariable(x, strength: .strong)
        try solver.addConstraint(y == x + 10)
        try solver.addConstraint(y >= 0)
        for value in [5.0, 40, -30, 12, -10.5] {
            try solver.suggestValue(x, value)
            solver.updateVariables()
            // y >= 0 is required, so x goes no lower than -10.
            #expect(x.value == max(value, -10))
            #expect(y.value == x.value + 10)
            #expect(solver.tableau.states.allSatisfy { !$0.isDirty })
        }
        let counts = solver.tableau.states.map(\.references)
        #expect(counts.allSatisfy { $0 >= 0 } && counts.contains { $0 > 0 })
    }
}
