#if canImport(Glibc)
import Testing
import Cassowary
@testable import AutoLayout

/// The heap blocks of the objects every constraint makes, on glibc (`malloc_usable_size`
/// is the block less its 8-byte header). A layout makes one of each per constraint, so a
/// field that pushes either into the next size class costs 16 bytes per constraint of a
/// screen: these pin the sizes the field order was chosen for (see ``Cassowary/Constraint``
/// and ``LayoutConstraint``).
// glibc's `malloc_usable_size` (declared in malloc.h, which the Glibc module leaves out).
@_silgen_name("malloc_usable_size") private func usableSize(_ pointer: UnsafeMutableRawPointer) -> Int

@Suite struct ObjectSizeTests {
    static func blockSize(_ object: AnyObject) -> Int {
        usableSize(Unmanaged.passUnretained(object).toOpaque()) + 8
    }

    @Test("a solver constraint takes a 128-byte block, whatever its strengths and up to four terms")
    func solverConstraint() {
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), w = Variable("w")
        var four = TermList()
        for (variable, coefficient) in [(x, 1.0), (y, -1.0), (z, 0.5), (w, 0.5)] {
            four.append(Term(variable, coefficient: coefficient))
        }
        let constraints = [
            x == y + 8,
            (x >= 10).withStrength(.weak),
            Constraint(four, constant: 3, .equal),
            Constraint(x - 20, equalAbove: .weak, below: .strong)!,
        ]
        for constraint in constraints { #expect(Self.blockSize(constraint) == 128, "\(constraint)") }
        // The strengths read back as they were given.
        #expect(constraints[1].strength == .weak && constraints[1].belowStrength == nil)
        #expect(constraints[3].strength == .weak && constraints[3].belowStrength == .strong)
        #expect(constraints[0].strength.isRequired)
        #expect(constraints[2].expression.terms.count == 4)
    }

    @Test("a layout constraint takes a 112-byte block, with or without extra terms")
    func layoutConstraint() {
        let root = LayoutView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let view = LayoutView(frame: Rect(x: 10, y: 10, width: 100, height: 50))
        root.addSubview(view)
        let plain = view.widthAnchor.constraint(equalToConstant: 40)
        let shared = view.widthAnchor.constraint(equalToConstant: 40)
        // An autoresizing mask's share of the superview's width, as the engine sets it.
        shared.extraTerms = [ExtraTerm(item: root, attribute: .width, coefficient: 0.5)]
        let spanned = view.leadingAnchor.anchorWithOffset(to: view.trailingAnchor)
            .constraint(equalTo: root.widthAnchor, multiplier: 0.5)
        for constraint in [plain, shared, spanned] { #expect(Self.blockSize(constraint) == 112, "\(constraint)") }
        #expect(plain.extraTerms.isEmpty)
        #expect(shared.extraTerms.count == 1 && shared.extraTerms[0].coefficient == 0.5)
        // Extra terms beside an anchor span: both kept.
        spanned.extraTerms = shared.extraTerms
        #expect(spanned.firstSpan != nil && spanned.extraTerms.count == 1)
        shared.extraTerms = []
        #expect(shared.extraTerms.isEmpty && shared.rare == nil)
    }
}
#endif
