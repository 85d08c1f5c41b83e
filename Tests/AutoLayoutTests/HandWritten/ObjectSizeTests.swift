#if os(Linux)
import Testing
@testable import Cassowary
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

    @Test("a solver constraint takes a 96-byte block, whatever its strengths and up to four terms")
    func solverConstraint() {
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), w = Variable("w")
        var four = TermList()
        for (variable, coefficient) in [(x, 1.0), (y, -1.0), (z, 0.5), (w, 0.75)] {
            four.append(Term(variable, coefficient: coefficient))
        }
        let constraints = [
            x == y + 8,
            (x >= 10).withStrength(.weak),
            Constraint(four, constant: 3, .equal),
            Constraint(x - 20, equalAbove: .weak, below: .strong)!,
        ]
        for constraint in constraints { #expect(Self.blockSize(constraint) == 96, "\(constraint)") }
        // The strengths read back as they were given.
        #expect(constraints[1].strength == .weak && constraints[1].belowStrength == nil)
        #expect(constraints[3].strength == .weak && constraints[3].belowStrength == .strong)
        #expect(constraints[0].strength.isRequired)
        #expect(constraints[2].expression.terms.map(\.coefficient) == [1, -1, 0.5, 0.75])
        #expect(constraints[2].terms.isInline)
    }

    @Test("a variable takes a 48-byte block and keeps any name")
    func variable() {
        let edge = Variable(.minX, value: 3), unnamed = Variable(), anchor = Variable(.classAnchor)
        var custom: Variable? = Variable("width of the photo ✓", value: 1)
        let named = Variable("minX")
        for variable in [edge, unnamed, anchor, custom!, named] { #expect(Self.blockSize(variable) == 48, "\(variable)") }
        #expect(named.name == "minX")
        #expect(edge.name == "minX" && edge.value == 3 && anchor.name == "class")
        #expect(unnamed.name.isEmpty && unnamed.description.hasPrefix("v"))
        #expect(custom?.name == "width of the photo ✓" && custom?.description == "width of the photo ✓")
        // A custom name's box goes with its variable; a common name has none.
        weak let box = custom?.nameBox
        #expect(box?.text == "width of the photo ✓" && edge.nameBox == nil && unnamed.nameBox == nil)
        custom = nil
        #expect(box == nil)
        // The client's number: kept beside a common name, never beside another.
        edge.setOwnerSlot(12)
        #expect(edge.ownerSlot == 12 && edge.name == "minX" && edge.value == 3)
        edge.setOwnerSlot(-1)
        #expect(edge.ownerSlot == -1 && edge.name == "minX")
        named.setOwnerSlot(7)
        #expect(named.ownerSlot == -1 && named.name == "minX")
        unnamed.setOwnerSlot(Int32.max)
        #expect(unnamed.ownerSlot == Int32.max && unnamed.name.isEmpty)
        // Names of up to seven bytes are kept in the variable; longer ones in a box.
        for text in ["x", "x12", "width", "héllo", "abcdefg", "abcdefgh", "ü✓ü", "✓✓✓"] {
            let v = Variable(text, value: 2)
            #expect(v.name == text && v.value == 2 && v.ownerSlot == -1)
            #expect((v.nameBox != nil) == (text.utf8.count > 7), "\(text)")
        }
        // Names stay with their variables through a solver's dump.
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try? solver.addConstraints([x == y + 8, y == 2])
        solver.updateVariables()
        #expect(x.value == 10 && x.name == "x" && y.name == "y")
    }

    @Test("an item's rectangle and its variables share their words: the variables start from the rectangle")
    func rectangleThenVariables() throws {
        let root = LayoutView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let view = LayoutView(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        root.addSubview(view)
        let variables = view.variables
        #expect(!variables.hasVariables)
        variables.values = Rect(x: 1.5, y: -2, width: 3e6, height: 0.25)
        #expect(variables.values == Rect(x: 1.5, y: -2, width: 3e6, height: 0.25))
        #expect(variables.rect == variables.values)
        #expect(variables.view === view)
        // Made on first use, from the rectangle; the handle still names its view.
        #expect(variables.minX.value == 1.5 && variables.minY.value == -2)
        #expect(variables.maxX.value == 1.5 + 3e6 && variables.maxY.value == -1.75)
        #expect(variables.hasVariables && variables.view === view && variables.guide == nil)
        #expect(variables.minX.name == "minX" && variables.maxY.name == "maxY")
        #expect(variables.owns(variables.maxX) && !variables.owns(Variable("other")))
        // Laid out, the rectangle is read from the variables.
        root.layoutIfNeeded()
        #expect(variables.rect == view.frame && view.frame == Rect(x: 10, y: 20, width: 30, height: 40))
        // A guide's variables, beside its handle.
        let guide = LayoutGuide()
        view.addLayoutGuide(guide)
        try LayoutConstraint.activate([guide.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 5),
                                       guide.topAnchor.constraint(equalTo: view.topAnchor),
                                       guide.widthAnchor.constraint(equalToConstant: 7),
                                       guide.heightAnchor.constraint(equalToConstant: 9)])
        root.layoutIfNeeded()
        #expect(guide.layoutFrame == Rect(x: 5, y: 0, width: 7, height: 9))
        #expect(guide.handle.guide === guide && guide.handle.view == nil)
    }

    @Test("a two-sided preference keeps its strength below zero beside an array of terms")
    func belowStrengthBesideSpilledTerms() {
        let vs = (0..<6).map { Variable("v\($0)") }
        var many = TermList()
        for (k, v) in vs.enumerated() { many.append(Term(v, coefficient: Double(k + 1))) }
        #expect(!many.isInline)
        let spilled = Constraint(many, constant: -3, equalAbove: .weak, below: .strong)!
        var few = TermList()
        few.append(Term(vs[0]))
        let inline = Constraint(few, constant: -3, equalAbove: .weak, below: .strong)!
        let third = Constraint(Expression([Term(vs[0], coefficient: 1.0 / 3)], constant: 1), equalAbove: .medium, below: .weak)!
        for c in [spilled, inline, third] { #expect(Self.blockSize(c) == 96, "\(c)") }
        #expect(spilled.strength == .weak && spilled.belowStrength == .strong)
        #expect(spilled.expression.terms.map(\.coefficient) == [1, 2, 3, 4, 5, 6])
        #expect(inline.strength == .weak && inline.belowStrength == .strong && inline.terms.isInline)
        #expect(third.belowStrength == .weak && third.expression.terms.map(\.coefficient) == [1.0 / 3])
        // A copy with another strength keeps the terms and drops the strength below zero.
        let copy = spilled.withStrength(.medium)
        #expect(copy.belowStrength == nil && copy.strength == .medium && copy.expression.terms.count == 6)
        #expect(inline.withStrength(.required).belowStrength == nil)
        // And the solver holds each side at its strength: below 10 strongly, above weakly.
        for (bound, expected) in [(4.0, 10.0), (14, 14)] {
            let solver = Solver()
            let x = Variable("x")
            let pull = bound < 10 ? (x <= bound).withStrength(.medium) : (x >= bound).withStrength(.medium)
            try? solver.addConstraints([Constraint(x - 10, equalAbove: .weak, below: .strong)!, pull])
            solver.updateVariables()
            #expect(x.value == expected, "bound \(bound)")
        }
    }

    @Test("a coefficient without a one-byte code moves the terms to an array and reads back exactly")
    func inexactCoefficient() {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let third = 1.0 / 3
        var terms = TermList()
        terms.append(Term(x))
        terms.append(Term(y, coefficient: third))
        terms.append(Term(z, coefficient: -2))
        #expect(!terms.isInline)
        let constraint = Constraint(terms, constant: -1, .equal)
        #expect(constraint.expression.terms.map(\.coefficient) == [1, third, -2])
        #expect(constraint.expression.terms.map(\.variable.name) == ["x", "y", "z"])
        // Combining two coded coefficients into one without a code moves them too.
        var merged = TermList()
        merged.append(Term(x, coefficient: 1.125))
        merged.append(Term(x, coefficient: 0x1p-7))
        #expect(merged.isInline)
        #expect(Constraint(merged, constant: 0, .equal).expression.terms.map(\.coefficient) == [1.125 + 0x1p-7])
        // The codes' range: ±(1 + k/8)·2ᵉ for e in −7…7, and zero.
        for value in [1.0, -1, 0.5, -0.5, 0.75, 1.5, 2, 3, 10, 240, -240, 0x1p-7, 0.375, 0] {
            #expect(CoefficientCode.code(of: value).map(CoefficientCode.value(of:)) == value, "\(value)")
        }
        for value in [1.0 / 3, 0.1, 100, 256, 0x1p-8, 1.0625, .infinity, -.infinity, .nan] {
            #expect(CoefficientCode.code(of: value) == nil, "\(value)")
        }
        // Every code is finite and inside the magnitudes the solver need not check.
        for code in 0...UInt8.max where code == 0 || code >> 3 & 15 != 0 {
            let value = CoefficientCode.value(of: code)
            #expect(CoefficientCode.code(of: value) == code)
            #expect(value.isFinite && abs(value) <= CoefficientCode.largest)
            #expect(value == 0 || abs(value) >= CoefficientCode.smallest)
        }
        #expect(CoefficientCode.largest < Tableau.largeMagnitude && CoefficientCode.smallest > Tableau.smallCoefficient)
        // And the solver reads the exact values.
        let solver = Solver()
        try? solver.addConstraints([Constraint(terms, constant: -1, .equal), x == 0.5, z == 1])
        solver.updateVariables()
        #expect(abs(y.value - (1 - 0.5 + 2) / third) < 1e-9)
    }

    @Test("a layout constraint takes a 96-byte block, with or without extra terms")
    func layoutConstraint() throws {
        let root = LayoutView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let view = LayoutView(frame: Rect(x: 10, y: 10, width: 100, height: 50))
        root.addSubview(view)
        let plain = view.widthAnchor.constraint(equalToConstant: 40)
        let shared = view.widthAnchor.constraint(equalToConstant: 40)
        // An autoresizing mask's share of the superview's width, as the engine sets it.
        shared.extraTerms = [ExtraTerm(item: root, attribute: .width, coefficient: 0.5)]
        let spanned = view.leadingAnchor.anchorWithOffset(to: view.trailingAnchor)
            .constraint(equalTo: root.widthAnchor, multiplier: 0.5)
        let named = view.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.75)
        named.identifier = "named"
        for constraint in [plain, shared, spanned, named] { #expect(Self.blockSize(constraint) == 96, "\(constraint)") }
        #expect(plain.extraTerms.isEmpty)
        #expect(shared.extraTerms.count == 1 && shared.extraTerms[0].coefficient == 0.5)
        // Extra terms beside an anchor span: both kept.
        spanned.extraTerms = shared.extraTerms
        #expect(spanned.firstSpan != nil && spanned.extraTerms.count == 1)
        shared.extraTerms = []
        #expect(shared.extraTerms.isEmpty && shared.rare == nil)
        #expect(named.identifier == "named" && named.multiplier == 0.75 && named.rare == nil)
        named.identifier = nil
        #expect(named.identifier == nil)
    }

    @Test("a nest of views resizing with their superviews lowers each frame constraint to inline terms")
    func autoresizingLowersInline() throws {
        let root = LayoutView(frame: Rect(x: 0, y: 0, width: 120, height: 100))
        var parent = root, views: [LayoutView] = []
        for _ in 0..<3 {
            let size = parent.frame.size
            let view = LayoutView(frame: Rect(x: 1, y: 1, width: size.width - 2, height: size.height - 2))
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            parent.addSubview(view)
            views.append(view)
            parent = view
        }
        root.layoutIfNeeded()
        // (The root's own subview, placed by its frame alone, makes none.)
        for view in views.dropFirst() {
            let frame = try #require(view.generatedStorage?.frame)
            #expect(frame.count == 4)
            for constraint in frame {
                // A width lowered with its left edge is six terms that cancel to two: no
                // array beside the solver constraint.
                let lowering = try #require(constraint.lowering)
                #expect(lowering.terms.isInline && lowering.terms.count == 2, "\(lowering)")
            }
        }
        #expect(views[2].frame == Rect(x: 1, y: 1, width: 114, height: 94))
        root.frame = Rect(x: 0, y: 0, width: 140, height: 100)
        root.layoutIfNeeded()
        #expect(views[2].frame == Rect(x: 1, y: 1, width: 134, height: 94))
    }

    @Test("a multiplier a Float cannot hold is kept exactly, beside extra terms")
    func inexactMultiplier() throws {
        let root = LayoutView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let view = LayoutView(frame: Rect(x: 10, y: 10, width: 100, height: 50))
        root.addSubview(view)
        view.translatesAutoresizingMaskIntoConstraints = false
        let third = 1.0 / 3
        let width = view.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: third, constant: 1)
        let plain = view.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.5)
        #expect(width.multiplier == third && plain.multiplier == 0.5)
        #expect(width.extras != nil && plain.rare == nil)
        #expect(width.description.contains("0.333333"))
        width.extraTerms = [ExtraTerm(item: root, attribute: .height, coefficient: 0.25)]
        #expect(width.multiplier == third && width.extraTerms.count == 1)
        width.extraTerms = []
        try LayoutConstraint.activate([width, plain, view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       view.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(abs(view.frame.width - (300 * third + 1)) < 1e-9)
        #expect(view.frame.height == 100)
        // The constraint made by the public initializer keeps it too.
        let made = try LayoutConstraint(item: view, attribute: .width, relatedBy: .equal, toItem: root,
                                        attribute: .height, multiplier: 0.1, constant: 0)
        #expect(made.multiplier == 0.1)
    }

    @Test("the constraints a stack view makes for one role share one identifier object")
    func sharedIdentifiers() throws {
        let root = LayoutView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let stack = StackView()
        root.addSubview(stack)
        for _ in 0..<3 { stack.addArrangedSubview(SizedView("item", 40, 20)) }
        root.layoutIfNeeded()
        let spacings = stack.constraints.filter { $0.identifier == "UISV-spacing" }
        #expect(spacings.count == 2)
        #expect(spacings.count == 2 && spacings[0].identifierStorage === spacings[1].identifierStorage)
    }

    @Test("a view takes a 272-byte block; margins it uses put its applied insets out of line")
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
        for view in [root, plain, inset] { #expect(Self.blockSize(view) == 272, "\(view)") }
        #expect(plain.extrasStorage == nil && plain.appliedInsets == nil)
        // The extras, with the index of hosted constraints among them, take a 240-byte block.
        #expect(Self.blockSize(try #require(inset.extrasStorage)) == 240)
        #expect(inset.appliedInsets?.margins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(label.frame == Rect(x: 8, y: 8, width: 40, height: 20))
        // A view's variables (its handle too) take a 64-byte block; a guide's handle 32.
        #expect(Self.blockSize(plain.variables) == 64)
        #expect(Self.blockSize(inset.layoutMarginsGuide.handle) == 32)
        #expect(plain.handle.view === plain && plain.handle.guide == nil)
        #expect(inset.layoutMarginsGuide.handle.guide === inset.layoutMarginsGuide
                && inset.layoutMarginsGuide.handle.view == nil)
        // The intrinsic size is cached once read; not before.
        #expect(label.contentSizing.intrinsicCache == Size(width: 40, height: 20))
        let unread = SizedView("unread", 0, 7)
        #expect(unread.contentSizing.intrinsicCache == nil)
        #expect(unread.currentIntrinsicSize() == Size(width: 0, height: 7))
        #expect(unread.contentSizing.intrinsicCache == Size(width: 0, height: 7))
    }
}
#endif
