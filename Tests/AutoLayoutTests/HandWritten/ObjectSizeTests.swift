#if os(Linux)
import Testing
import Cassowary
@testable import AutoLayout

/// The heap blocks of the objects every constraint and view makes, on Linux with glibc's
/// malloc (a block is the object and an 8-byte header, rounded up to 16 bytes). A layout
/// makes one of each per constraint or view, so a field that pushes one into the next size
/// class costs 16 bytes for every constraint or view of a screen: these pin the sizes the
/// field order was chosen for (see ``Cassowary/Constraint``, ``LayoutConstraint`` and
/// ``LayoutView``).
@Suite struct ObjectSizeTests {
    /// The size of an instance of a class, from its metadata (the field after the flags
    /// and the instance address point, in the class metadata of a platform without
    /// Objective-C).
    static func instanceSize(_ type: AnyClass) -> Int {
        Int(unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 24, as: UInt32.self))
    }

    /// The glibc block an object of the class takes.
    static func blockSize(_ object: AnyObject) -> Int {
        max(32, (instanceSize(type(of: object)) + 8 + 15) & ~15)
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

    @Test("a view takes a 288-byte block; margins it uses put its applied insets out of line")
    func view() throws {
        let root = LayoutView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let plain = LayoutView(frame: Rect(x: 10, y: 10, width: 100, height: 50))
        let inset = LayoutView(frame: Rect(x: 10, y: 70, width: 100, height: 50))
        for view in [plain, inset] { root.addSubview(view) }
        let label = SizedView("label", 40, 20)
        inset.addSubview(label)
        try LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: inset.layoutMarginsGuide.leadingAnchor),
                                       label.topAnchor.constraint(equalTo: inset.layoutMarginsGuide.topAnchor)])
        root.layoutIfNeeded()
        for view in [root, plain, inset] { #expect(Self.blockSize(view) == 288, "\(view)") }
        #expect(plain.extrasStorage == nil && plain.appliedInsets == nil)
        #expect(inset.appliedInsets?.margins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(label.frame == Rect(x: 8, y: 8, width: 40, height: 20))
    }
}
#endif
