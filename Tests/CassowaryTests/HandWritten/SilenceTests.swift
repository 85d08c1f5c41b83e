import Testing
@testable import Cassowary

/// Silent variables (``Solver/silence(_:alongside:)``): written, but not told to
/// `updateVariables(changedBatches:)` when they move with their equality class, as long as
/// their partner stays in the class at the same offset.
@Suite struct SilenceTests {
    /// `base`, `a == base + 10`, `b == a + 5` (one class), an edit on `base`, and `loose`, in
    /// no class; laid out once, with `base` at 0.
    static func chain() throws -> (solver: Solver, base: Variable, a: Variable, b: Variable, loose: Variable, links: [Constraint]) {
        let solver = Solver(keepsEqualityMarkers: true)
        let base = Variable("base"), a = Variable("a"), b = Variable("b"), loose = Variable("loose")
        let links = [a == base + 10, b == a + 5]
        for link in links { try solver.addConstraint(link) }
        try solver.addConstraint(loose >= 3)
        try solver.addEditVariable(base, strength: .strong)
        try solver.suggestValue(base, 0)
        _ = told(solver)
        return (solver, base, a, b, loose, links)
    }

    /// The names of the variables an update tells, after writing them all.
    static func told(_ solver: Solver) -> Set<String> {
        var names: Set<String> = []
        solver.updateVariables(changedBatches: { batch in
            for variable in batch { names.insert(variable.takeUnretainedValue().name) }
        })
        return names
    }

    @Test("a silent variable is written but not told when its class moves; its partner is")
    func silentMove() throws {
        let (solver, base, a, b, _, _) = try Self.chain()
        #expect(solver.silence(b, alongside: a))
        try solver.suggestValue(base, 100)
        let told = Self.told(solver)
        #expect(told.contains("a") && !told.contains("b"))
        #expect(a.value == 110 && b.value == 115)
        // Told again once its silence ends.
        solver.endSilence(of: b)
        try solver.suggestValue(base, 50)
        #expect(Self.told(solver).isSuperset(of: ["a", "b"]))
        #expect(b.value == 65)
    }

    @Test("silence needs the partner in the same class, and classes: else nothing changes")
    func refused() throws {
        let (solver, base, _, b, loose, _) = try Self.chain()
        #expect(!solver.silence(b, alongside: loose))
        #expect(!solver.silence(b, alongside: b))
        try solver.suggestValue(base, 7)
        #expect(Self.told(solver).contains("b"))
        // A solver without classes keeps no silence.
        let plain = Solver(), x = Variable("x"), y = Variable("y")
        try plain.addConstraint(y == x + 1)
        #expect(!plain.silence(y, alongside: x))
        // The batch form answers pair by pair.
        let made = solver.silence([SilencePair(.passUnretained(b), alongside: .passUnretained(base)),
                                   SilencePair(.passUnretained(b), alongside: .passUnretained(loose))])
        #expect(made == [true, false])
    }

    @Test("a change of the silent variable's own offset is told, and ends the silence")
    func ownOffsetChange() throws {
        let (solver, base, a, b, _, links) = try Self.chain()
        #expect(solver.silence(b, alongside: a))
        // b's link constant changes: b moves alone, so it is told.
        let wider = b == a + 9
        try solver.replaceConstraint(links[1], with: wider)
        #expect(Self.told(solver).contains("b"))
        #expect(b.value == 19)
        // The shift gave the class a new tag: later moves are told too.
        try solver.suggestValue(base, 1)
        #expect(Self.told(solver).contains("b"))
        #expect(b.value == 20)
    }

    @Test("a split of the class ends the silence of the members on both sides")
    func splitEndsSilence() throws {
        let (solver, base, a, b, _, links) = try Self.chain()
        #expect(solver.silence(b, alongside: a))
        #expect(solver.silence(a, alongside: base))
        // Cut base from a and b: a and b stay together, but both were silent in the old class.
        try solver.removeConstraint(links[0])
        try solver.addConstraint(a == base + 20)
        _ = Self.told(solver)
        try solver.suggestValue(base, 30)
        let told = Self.told(solver)
        #expect(told.isSuperset(of: ["a", "b"]))
        #expect(a.value == 50 && b.value == 55)
    }

    @Test("a class's tag coming round to zero ends every silence")
    func tagWraps() throws {
        let (solver, base, a, b, _, _) = try Self.chain()
        #expect(solver.silence(b, alongside: a))
        guard let member = solver.tableau.classes.member(of: b) else {
            Issue.record("b is in no class")
            return
        }
        let klass = solver.tableau.classes.members[Int(member)].klass
        // 65,536 ends of silence bring the tag back to what b was given.
        for _ in 0..<65_536 { solver.tableau.classes.endSilence(in: klass) }
        #expect(solver.tableau.classes.classes[Int(klass)].silentTag != 0)
        #expect(!solver.tableau.classes.members[Int(member)].isSilent)
        try solver.suggestValue(base, 3)
        #expect(Self.told(solver).contains("b"))
    }
}

extension SilenceTests {
    @Test("the silence fits in what was padding: a member takes 48 bytes, a class 40")
    func sizes() {
        #expect(MemoryLayout<EqualityClasses.Member>.stride == 48)
        #expect(MemoryLayout<EqualityClasses.Klass>.stride == 40)
    }
}
