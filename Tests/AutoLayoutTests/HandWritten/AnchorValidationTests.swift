import Testing
@testable import AutoLayout

/// Anchors check pairings with a few enum comparisons and build messages only for errors;
/// what they defer must be exactly what the public initializer throws.
@Suite struct AnchorValidationTests {
    /// A custom item, which constraints refuse.
    final class Stray: LayoutItem {
        var description: String { "stray" }
    }

    @Test func anchorsDeferWhatTheInitializerThrows() {
        let a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b"), guide = LayoutGuide()
        guide.identifier = "g"
        let stray = Stray()
        let seconds: [LayoutItem?] = [nil, b, guide, stray]
        var refused = 0, checked = 0
        for first in [a, guide, stray] as [LayoutItem] {
            for attribute in LayoutAttribute.allCases {
                for second in seconds {
                    for secondAttribute in LayoutAttribute.allCases {
                        for multiplier in [1, 0, 2, Double.nan] {
                            for constant in [0, 5, Double.infinity] {
                                let anchor = LayoutAnchor<LayoutXAxisAnchor>(first, attribute)
                                let other = second.map { LayoutAnchor<LayoutXAxisAnchor>($0, secondAttribute) }
                                let made = anchor.make(.equal, other, multiplier, constant)
                                var thrown: LayoutError?
                                do {
                                    _ = try LayoutConstraint(item: first, attribute: attribute, relatedBy: .equal,
                                                             toItem: second, attribute: secondAttribute,
                                                             multiplier: second == nil ? 0 : multiplier,
                                                             constant: constant)
                                } catch {
                                    thrown = error as? LayoutError
                                }
                                #expect(made.deferredError == thrown, "\(first).\(attribute) \(String(describing: second)).\(secondAttribute) \(multiplier) \(constant)")
                                #expect(made.firstItem === (first is Stray ? nil : first))
                                #expect(made.secondAttribute == (second == nil ? .notAnAttribute : secondAttribute))
                                #expect(made.multiplier == (second == nil ? 0 : multiplier) || multiplier.isNaN)
                                if thrown != nil { refused += 1 }
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(checked == 3 * 21 * 4 * 21 * 12)
        #expect(refused > 0 && refused < checked)
    }

    @Test func viewAndGuideAnchorsMakeValidConstraints() throws {
        let root = makeRoot(200, 100), child = makeChild(in: root)
        let margins = root.layoutMarginsGuide
        let made = [
            child.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            child.topAnchor.constraint(equalTo: margins.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 10),
        ]
        #expect(made.allSatisfy { $0.deferredError == nil })
        #expect(made[0].firstItem === child && made[0].secondItem === margins)
        try LayoutConstraint.activate(made)
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 8, y: 8, width: 184, height: 10))
        let mixed = child.leadingAnchor.constraint(equalTo: root.leftAnchor)
        #expect(mixed.deferredError == .mixedDirectionalAttributes("child.leading and root.left"))
        let infinite = child.widthAnchor.constraint(equalToConstant: .infinity)
        #expect(infinite.deferredError == .nonFiniteConstant)
    }
}
