import FixtureSupport
import Testing
@testable import AutoLayout

/// Invalid constraints are refused with Apple's messages; nothing crashes.
@Suite struct ConstraintValidationTests {
    let a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b")

    /// The ``LayoutError`` `body` throws, if any (see `thrownError(_:by:)`).
    func error(_ body: () throws -> Void) -> LayoutError? { thrownError(LayoutError.self, by: body) }

    @Test func locationWithDimension() {
        let e = error { _ = try LayoutConstraint(item: a, attribute: .left, relatedBy: .equal, toItem: b, attribute: .width) }
        #expect(e == .invalidPairing("a.left and b.width"))
        #expect(e?.description.hasPrefix("Invalid pairing of layout attributes") == true)
    }

    @Test func horizontalWithVertical() {
        let e = error { _ = try LayoutConstraint(item: a, attribute: .top, relatedBy: .equal, toItem: b, attribute: .leading) }
        #expect(e == .invalidPairing("a.top and b.leading"))
    }

    @Test func leadingWithLeft() {
        let e = error { _ = try LayoutConstraint(item: a, attribute: .leading, relatedBy: .equal, toItem: b, attribute: .left) }
        #expect(e?.description.hasPrefix("A constraint cannot be made between a leading/trailing attribute and a right/left attribute. Use leading/trailing for both or neither.") == true)
        // Anchors cannot throw: the mistake surfaces on activation.
        let root = makeRoot(), x = makeChild(in: root, "x")
        let anchored = x.leadingAnchor.constraint(equalTo: root.leftAnchor)
        #expect(throws: LayoutError.self) { try anchored.activate() }
        #expect(!anchored.isActive)
    }

    @Test func locationEqualToConstant() {
        let e = error { _ = try LayoutConstraint(item: a, attribute: .centerX, relatedBy: .equal, toItem: nil,
                                                 attribute: .notAnAttribute, constant: 10) }
        #expect(e?.description.hasPrefix("A multiplier of 0 or a nil second item together with a location for the first attribute creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs") == true)
        let zero = error { _ = try LayoutConstraint(item: a, attribute: .left, relatedBy: .equal, toItem: b,
                                                    attribute: .left, multiplier: 0) }
        #expect(zero == .locationWithConstant("a.left"))
        #expect(error { _ = try LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: nil,
                                                 attribute: .notAnAttribute, constant: 10) } == nil)
    }

    @Test func nonFiniteNumbers() throws {
        #expect(error { _ = try LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: nil,
                                                 attribute: .notAnAttribute, constant: .infinity) } == .nonFiniteConstant)
        #expect(error { _ = try LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: b,
                                                 attribute: .width, multiplier: .nan) } == .nonFiniteMultiplier)
        #expect(LayoutError.nonFiniteConstant.description == "NSLayoutConstraint constant is not finite! That's illegal.")
        #expect(LayoutError.nonFiniteMultiplier.description == "Multiplier is not finite! That's illegal.")
        let c = a.widthAnchor.constraint(equalToConstant: 10)
        #expect(throws: LayoutError.nonFiniteConstant) { try c.setConstant(.nan) }
        c.constant = .infinity  // refused, not crashed
        #expect(c.constant == 10)
    }

    @Test func unrelatedHierarchies() {
        let one = makeRoot(), two = makeRoot()
        let x = makeChild(in: one), y = makeChild(in: two)
        let c = x.leadingAnchor.constraint(equalTo: y.leadingAnchor)
        let e = error { try c.activate() }
        #expect(e?.description.hasPrefix("Unable to activate constraint with anchors") == true)
        #expect(e?.description.hasSuffix("because they have no common ancestor. Does the constraint or its anchors reference items in different view hierarchies? That's illegal.") == true)
        c.isActive = true  // refused and reported, not crashed
        #expect(!c.isActive)
        #expect(one.layoutDiagnostics.contains { if case .rejected = $0 { true } else { false } })
    }

    @Test func guideWithoutView() {
        let guide = LayoutGuide()
        #expect(error { try guide.widthAnchor.constraint(equalToConstant: 5).activate() } == .guideWithoutOwningView(guide.description))
    }

    @Test func priorities() throws {
        let root = makeRoot(), x = makeChild(in: root)
        let c = x.widthAnchor.constraint(equalToConstant: 10)
        try c.setPriority(.defaultHigh)
        try c.setPriority(.required)
        try c.activate()
        #expect(error { try c.setPriority(.defaultLow) }?.description.hasPrefix("Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported.") == true)
        let optional = x.heightAnchor.constraint(equalToConstant: 10)
        optional.priority = .defaultLow
        try optional.activate()
        try optional.setPriority(.defaultHigh)  // optional to optional is fine
        #expect(optional.priority == .defaultHigh)
        #expect(error { try optional.setPriority(0) } == .invalidPriority(0))
        #expect(error { try optional.setPriority(1001) } == .invalidPriority(1001))
    }

    @Test func namedPriorities() {
        #expect(LayoutPriority.required.rawValue == 1000)
        #expect(LayoutPriority.defaultHigh.rawValue == 750)
        #expect(LayoutPriority.dragThatCanResizeScene.rawValue == 510)
        #expect(LayoutPriority.sceneSizeStayPut.rawValue == 500)
        #expect(LayoutPriority.dragThatCannotResizeScene.rawValue == 490)
        #expect(LayoutPriority.defaultLow.rawValue == 250)
        #expect(LayoutPriority.fittingSizeLevel.rawValue == 50)
    }
}
