import Testing
@testable import Cassowary

/// Taking out a link to the ground (`x == c`) in the equality classes: the side that leaves
/// the ground is found without walking the ground's other links (see
/// ``EqualityClasses/planSides(of:newConstant:)``), so removing many pins one at a time is
/// linear (the `pinnedMarkers` scenario of `autolayout-bench shapes`).
@Suite struct GroundLinkRemovalTests {
    typealias Helpers = EqualityClassesTests

    @Test("pins removed one at a time leave the others in the ground, and free their variables")
    func pinsRemovedInOrder() throws {
        let solver = Helpers.makeSolver()
        let ws = (0..<200).map { Variable("w\($0)") }
        let pins = ws.indices.map { ws[$0] == Double($0) }
        for pin in pins { try solver.addConstraint(pin) }
        #expect(Helpers.liveLinks(solver) == 200)
        for (k, pin) in pins.enumerated().prefix(150) {
            try solver.removeConstraint(pin)
            #expect(Helpers.klass(solver, ws[k]) == nil, "w\(k) is still a member")
        }
        #expect(Helpers.liveLinks(solver) == 50)
        #expect(ws[150...].allSatisfy { Helpers.klass(solver, $0) == EqualityClasses.ground })
        solver.updateVariables()
        #expect(ws[150...].indices.allSatisfy { ws[$0].value == Double($0) })
        #expect(solver.tableau.invariantViolations() == [])
    }

    @Test("a chain pinned at one end leaves the ground whole when its pin goes, and keeps its values")
    func chainLeavesTheGround() throws {
        let solver = Helpers.makeSolver()
        let (x, _, ground) = try Helpers.chain(solver, count: 6, anchored: true)
        let ys = (0..<50).map { Variable("y\($0)") }
        for (j, y) in ys.enumerated() { try solver.addConstraint(y == Double(j)) }
        try solver.removeConstraint(ground!)
        let klass = try #require(Helpers.klass(solver, x[0]))
        #expect(klass != EqualityClasses.ground)
        #expect(x.allSatisfy { Helpers.klass(solver, $0) == klass })
        #expect(solver.tableau.classes.classes[Int(klass)].count == 6)
        #expect(ys.allSatisfy { Helpers.klass(solver, $0) == EqualityClasses.ground })
        solver.updateVariables()
        #expect(x.map(\.value) == [0, 10, 20, 30, 40, 50])
        // Free now: a preference moves the whole chain.
        try solver.addConstraint((x[5] == 7).withStrength(.weak))
        solver.updateVariables()
        #expect(x.map(\.value) == [-43, -33, -23, -13, -3, 7])
        #expect(solver.tableau.invariantViolations() == [])
    }
}
