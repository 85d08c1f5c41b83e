import SeededRandom
import Testing
@testable import AutoLayout

/// How constraints describe themselves, and that every description reads back.
@Suite struct ConstraintDescriptionTests {
    let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: 320, height: 200))
    let label = LayoutView(identifier: "label"), box = LayoutView(identifier: "box")
    let spacer = LayoutGuide()

    init() {
        for view in [label, box] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        spacer.identifier = "spacer"
        root.addLayoutGuide(spacer)
    }

    /// The body of Apple's shape: what follows the address.
    func body(_ constraint: LayoutConstraint) -> String {
        let text = constraint.description
        guard let space = text.firstIndex(of: " ") else { return text }
        return String(text[text.index(after: space)...].dropLast())
    }

    @Test("constraints a format would make are described in the Visual Format Language")
    func visualFormatBodies() throws {
        let cases: [(LayoutConstraint, String)] = [
            (label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20), "H:|-(20)-[label]"),
            (root.trailingAnchor.constraint(equalTo: label.trailingAnchor, constant: 20), "H:[label]-(20)-|"),
            (box.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8), "H:[label]-(8)-[box]"),
            (box.leadingAnchor.constraint(greaterThanOrEqualTo: label.trailingAnchor, constant: -4), "H:[label]-(>=-4)-[box]"),
            (box.heightAnchor.constraint(equalToConstant: 44), "V:[box(44)]"),
            (box.widthAnchor.constraint(lessThanOrEqualToConstant: 10.5), "H:[box(<=10.5)]"),
            (box.widthAnchor.constraint(equalTo: label.widthAnchor), "H:[box(==label)]"),
            (box.topAnchor.constraint(equalTo: label.bottomAnchor), "V:[label]-(0)-[box]"),
            (root.bottomAnchor.constraint(equalTo: box.bottomAnchor, constant: 12), "V:[box]-(12)-|"),
            (box.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 3), "H:|-(3)-[box](LTR)"),
        ]
        for (constraint, expected) in cases {
            #expect(constraint.visualFormatDescription == expected)
            #expect(body(constraint).hasPrefix(expected))
        }
        let optional = box.heightAnchor.constraint(equalToConstant: 44)
        optional.priority = .defaultHigh
        #expect(optional.visualFormatDescription == "V:[box(44@750)]")
        let gap = box.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8)
        gap.priority = 250
        #expect(gap.visualFormatDescription == "H:[label]-(8@250)-[box]")
        expectDescriptionsRoundTrip(cases.map(\.0) + [optional, gap], items: itemsByIdentifier(root))
    }

    @Test("other constraints are described as equations")
    func equationBodies() throws {
        let cases: [(LayoutConstraint, String)] = [
            (label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -37), "label.trailing == root.trailing - 37"),
            (label.centerXAnchor.constraint(equalTo: root.centerXAnchor), "label.centerX == root.centerX"),
            (box.widthAnchor.constraint(equalTo: label.widthAnchor, multiplier: 2, constant: 1), "box.width == 2*label.width + 1"),
            (box.heightAnchor.constraint(equalTo: box.widthAnchor, multiplier: -0.5), "box.height == -0.5*box.width"),
            (label.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
             "label.leading == root.layoutMarginsGuide.leading"),
            (label.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 1e-7),
             "label.top == root.safeAreaLayoutGuide.top + 1e-07"),
            (label.leadingAnchor.constraint(equalTo: spacer.trailingAnchor), "label.leading == spacer.trailing"),
            (label.firstBaselineAnchor.constraint(equalTo: box.lastBaselineAnchor, constant: 8),
             "label.firstBaseline == box.lastBaseline + 8"),
            (label.leadingAnchor.anchorWithOffset(to: box.leadingAnchor).constraint(equalToConstant: 30),
             "(box.leading - label.leading) == 30"),
            (label.topAnchor.anchorWithOffset(to: box.topAnchor)
                .constraint(equalTo: box.bottomAnchor.anchorWithOffset(to: root.bottomAnchor), multiplier: 2),
             "(box.top - label.top) == 2*(root.bottom - box.bottom)"),
        ]
        for (constraint, expected) in cases {
            #expect(constraint.visualFormatDescription == nil, "\(expected)")
            #expect(constraint.equationDescription == expected)
            #expect(body(constraint) == expected)
        }
        expectDescriptionsRoundTrip(cases.map(\.0), items: itemsByIdentifier(root))
    }

    @Test("Apple's shape: address, identifier, body, active and the superview's name")
    func appleShape() throws {
        let c = label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        #expect(c.description.hasPrefix("<LayoutConstraint:0x"))
        #expect(c.description.hasSuffix(" H:|-(20)-[label]   (names: '|':root )>"))
        c.identifier = "inset"
        try c.activate()
        #expect(c.description.hasSuffix(" 'inset' H:|-(20)-[label]   (active, names: '|':root )>"))
        #expect(c.equationDescription == "'inset' label.leading == root.leading + 20")
        let e = box.widthAnchor.constraint(equalTo: label.widthAnchor, multiplier: 0.5)
        e.priority = 999
        #expect(e.description.hasSuffix(" box.width == 0.5*label.width @999>"))
        let unnamed = LayoutView()
        #expect(unnamed.widthAnchor.constraint(equalToConstant: 5).visualFormatDescription?
            .hasPrefix("H:[LayoutView:0x") == true)
        expectDescriptionsRoundTrip([c, e], items: itemsByIdentifier(root))
    }

    @Test("2,000 random constraints: every equation description parses back to the same constraint")
    func randomRoundTrip() throws {
        var random = SplitMix64(seed: 21)
        let items: [LayoutItem] = [root, label, box, spacer, root.layoutMarginsGuide, label.safeAreaLayoutGuide]
        let attributes = LayoutAttribute.allCases
        var made = 0
        while made < 2_000 {
            let first = items.randomElement(using: &random)!, second = items.randomElement(using: &random)!
            let a = attributes.randomElement(using: &random)!, b = attributes.randomElement(using: &random)!
            let relation = [LayoutRelation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &random)!
            let multiplier = [1, 1, 2, 0.5, -1, 1.25, 3e-9].randomElement(using: &random)!
            let constant = [0, 8, -20.5, Double.random(in: -1000...1000, using: &random), 1e17].randomElement(using: &random)!
            let constantOnly = Int.random(in: 0..<4, using: &random) == 0
            guard let c = try? LayoutConstraint(item: first, attribute: a, relatedBy: relation,
                                                toItem: constantOnly ? nil : second, attribute: constantOnly ? .notAnAttribute : b,
                                                multiplier: multiplier, constant: constant) else { continue }
            c.priority = LayoutPriority(Float.random(in: 1...1000, using: &random))
            if Bool.random(using: &random) { c.identifier = ["gap", "two words", "ünïcode", ""].randomElement(using: &random)! }
            expectDescriptionsRoundTrip([c], items: itemsByIdentifier(root))
            made += 1
        }
    }
}
