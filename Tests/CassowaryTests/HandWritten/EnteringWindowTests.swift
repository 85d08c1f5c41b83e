import Testing
@testable import Cassowary

/// The entering choice that compares only the most recent candidates (see
/// ``Tableau/enteringSymbol(bland:)``): the candidate list it reads, and whole
/// optimizations that pivot many times in one go.
@Suite struct EnteringWindowTests {
    @Test func recentCandidatesComeNewestFirstWithoutStaleOnes() {
        var objective = Objective()
        objective.reserveSymbols(10)
        let symbols = (0..<10).map { Symbol(index: $0, kind: .error) }
        // Negative costs for 1, 3, 4, 6, 8 (in that order); 2 is positive.
        for i in [1, 3, 4, 6, 8] { objective.add(symbols[i], strength: .strong, sign: -1) }
        objective.add(symbols[2], strength: .strong)
        var found: [Symbol] = []
        objective.recentNegativeSymbols(limit: 3, into: &found)
        #expect(found.map(\.index) == [8, 6, 4])
        // 6 stops being negative: it is dropped, and the window reaches one further back.
        objective.clear(symbols[6])
        found = []
        objective.recentNegativeSymbols(limit: 3, into: &found)
        #expect(found.map(\.index) == [8, 4, 3])
        found = []
        objective.recentNegativeSymbols(limit: 10, into: &found)
        #expect(found.map(\.index) == [8, 4, 3, 1])
        #expect(objective.negativeSymbols().map(\.index) == [1, 3, 4, 8])
    }

    /// A row of `n` boxes, each with a width preferred at two strengths (hugging above,
    /// resistance below, each box hugging a little harder than the one before) and all of
    /// them filling a container: added as one batch with the preferences last, the last
    /// optimization pivots about once per box. The optimum is unique, so one-at-a-time
    /// adds, preferences first, must give the same values.
    @Test(arguments: [3, 40, 300])
    func longOptimizationsReachTheSameOptimum(boxes n: Int) throws {
        let widths = (0..<n).map { Variable("w\($0)") }
        var structure: [Constraint] = []
        var sum = Expression(constant: -Double(n) * 50 - 17)
        for (k, w) in widths.enumerated() {
            sum = Expression(sum.terms + [Term(w)], constant: sum.constant)
            structure.append(Constraint(Expression([Term(w)], constant: -Double(k % 7)), .greaterThanOrEqual))
        }
        structure.append(Constraint(sum, .equal))
        let preferences = widths.enumerated().map { k, w in
            Constraint(Expression([Term(w)], constant: -50), equalAbove: .level(250, weight: 1 + Double(k)),
                       below: .level(750))!
        }
        let batched = Solver(), sequential = Solver()
        batched.addConstraints(structure + preferences) { constraint, error in
            Issue.record("\(constraint) failed: \(error)")
        }
        batched.updateVariables()
        let values = widths.map(\.value)
        for c in preferences + structure { try sequential.addConstraint(c) }
        sequential.updateVariables()
        for (w, value) in zip(widths, values) {
            #expect(abs(w.value - value) < 1e-9, "\(w)")
        }
        // The extra 17 goes to the box that hugs least.
        #expect(abs(values[0] - 67) < 1e-9 && values.dropFirst().allSatisfy { abs($0 - 50) < 1e-9 })
    }
}
