import Testing
@testable import Cassowary

/// The row kernels that write through raw buffers, against naive references: merging a
/// row into another (in place, or into new storage when the old cells are shared), and
/// gathering loose cells into a sorted row.
@Suite struct RowMergeTests {
    /// A small deterministic generator (xorshift), so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    static func randomRow(_ g: inout Generator, symbols: Int) -> Row {
        var cells: [Cell] = []
        for index in 0..<symbols where g.next(3) == 0 {
            let values = [1.0, -1.0, 0.5, 2.0, -3.0, -2.0]
            cells.append(Cell(symbol: Symbol(index: index, kind: .slack), coefficient: values[g.next(values.count)]))
        }
        return Row(constant: Double(g.next(10)), cells: cells)
    }

    static func dense(_ row: Row, symbols: Int) -> [Double] {
        var values = [Double](repeating: 0, count: symbols)
        for cell in row.cells { values[cell.symbol.index] += cell.coefficient }
        return values
    }

    @Test func addMatchesDenseArithmetic() {
        var g = Generator(state: 0x9E37_79B9_7F4A_7C15)
        // Scratch storage reused across merges, as the tableau's is.
        var buffer: [Cell] = [], added: [Symbol] = []
        for _ in 0..<500 {
            let symbols = 1 + g.next(20)
            var row = Self.randomRow(&g, symbols: symbols)
            var other = Self.randomRow(&g, symbols: symbols)
            guard let replaced = row.cells.randomElement(using: &g)?.symbol else { continue }
            // As in a substitution, the row substituted in is solved for the symbol it replaces.
            other.remove(replaced)
            let shared = g.next(2) == 0
            let before = row
            let factor = row.coefficient(for: replaced)
            var expected = Self.dense(row, symbols: symbols)
            let otherDense = Self.dense(other, symbols: symbols)
            for i in 0..<symbols { expected[i] += otherDense[i] * factor }
            expected[replaced.index] = 0
            var copy = row
            let gainedCount: Int
            if shared {
                gainedCount = copy.add(other, replacing: replaced, buffer: &buffer, added: &added)
                #expect(row.cells.map(\.coefficient) == before.cells.map(\.coefficient))
                row = copy
            } else {
                copy = Row()
                gainedCount = row.add(other, replacing: replaced, buffer: &buffer, added: &added)
            }
            #expect(row.constant == before.constant + other.constant * factor)
            #expect(zip(row.cells, row.cells.dropFirst()).allSatisfy { $0.symbol < $1.symbol })
            #expect(row.cells.allSatisfy { !nearZero($0.coefficient) && $0.symbol != replaced })
            let got = Self.dense(row, symbols: symbols)
            for i in 0..<symbols where !nearZero(expected[i]) || got[i] != 0 {
                #expect(got[i] == expected[i])
            }
            let gained = Set(row.cells.map(\.symbol)).subtracting(before.cells.map(\.symbol))
            #expect(Set(added.prefix(gainedCount)) == gained && gainedCount == gained.count)
        }
    }

    @Test func gatherSortsAndSumsInOrder() {
        var g = Generator(state: 12345)
        var tableau = Tableau(tracksEqualityMarkers: false)
        for _ in 0..<300 {
            let symbols = 1 + g.next(12)
            var loose: [Cell] = []
            for _ in 0..<g.next(25) {
                let values = [1.0, -1.0, 0.1, 0.2, 0.3, -0.6, 1e-9]
                loose.append(Cell(symbol: Symbol(index: g.next(symbols), kind: .error),
                                  coefficient: values[g.next(values.count)]))
            }
            for cell in loose { tableau.collect(cell.symbol, cell.coefficient) }
            let cells = tableau.gatherCollected(extraCapacity: 2)
            var sums = [Double](repeating: 0, count: symbols)
            for cell in loose { sums[cell.symbol.index] += cell.coefficient }
            let expected = sums.indices.filter { !nearZero(sums[$0]) }
            #expect(cells.map(\.symbol.index) == expected)
            #expect(cells.map(\.coefficient) == expected.map { sums[$0] })
            #expect(tableau.collectedCount == 0)
        }
    }
}

extension RowMergeTests.Generator: RandomNumberGenerator {
    mutating func next() -> UInt64 { UInt64(next(Int.max)) }
}
