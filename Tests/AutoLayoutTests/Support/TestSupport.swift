import Testing
@testable import AutoLayout

/// A view with a fixed intrinsic size.
final class SizedView: LayoutView {
    var size: Size
    init(_ identifier: String, _ width: Double, _ height: Double) {
        size = Size(width: width, height: height)
        super.init(frame: .zero)
        self.identifier = identifier
        translatesAutoresizingMaskIntoConstraints = false
    }
    override var intrinsicContentSize: Size { size }
}

/// Two labels in a row across a 320×100 root, `H:|-[name]-[date]-|`, their tops on the
/// root's: 60 and 80 wide with 152 points to share at equal hugging, an ambiguous layout.
func makeLabelRow() throws -> (root: LayoutView, name: SizedView, date: SizedView) {
    let root = makeRoot(320, 100)
    let name = SizedView("name", 60, 20), date = SizedView("date", 80, 20)
    root.addSubview(name)
    root.addSubview(date)
    try LayoutConstraint.activate(LayoutConstraint.constraints(withVisualFormat: "H:|-[name]-[date]-|",
                                                               views: ["name": name, "date": date])
                                  + [name.topAnchor.constraint(equalTo: root.topAnchor),
                                     date.topAnchor.constraint(equalTo: root.topAnchor)])
    return (root, name, date)
}

/// A root of the given size and a constrained child, for attribute tests.
func makeRoot(_ width: Double = 300, _ height: Double = 200) -> LayoutView {
    LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: width, height: height))
}

func makeChild(in root: LayoutView, _ name: String = "child") -> LayoutView {
    let child = LayoutView(identifier: name)
    child.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(child)
    return child
}

/// Whether two constraints relate the same items and attributes in the same way.
func sameConstraint(_ a: LayoutConstraint, _ b: LayoutConstraint) -> Bool {
    func sameSpan(_ x: AnchorSpan?, _ y: AnchorSpan?) -> Bool {
        guard let x, let y else { return x == nil && y == nil }
        return x.start.item === y.start.item && x.start.attribute == y.start.attribute
            && x.end.item === y.end.item && x.end.attribute == y.end.attribute
    }
    return a.firstItem === b.firstItem && a.firstAttribute == b.firstAttribute && a.relation == b.relation
        && a.secondItem === b.secondItem && a.secondAttribute == b.secondAttribute && a.multiplier == b.multiplier
        && a.constant == b.constant && a.priority == b.priority && (a.identifier ?? "") == (b.identifier ?? "")
        && sameSpan(a.firstSpan, b.firstSpan) && sameSpan(a.secondSpan, b.secondSpan)
}

/// The views and custom guides of a hierarchy by identifier, as descriptions name them.
func itemsByIdentifier(_ root: LayoutView) -> [String: LayoutItem] {
    var items: [String: LayoutItem] = [:]
    for view in root.subtree() {
        if let id = view.identifier { items[id] = view }
        for guide in view.layoutGuides where !guide.identifier.isEmpty && guide.role == .custom { items[guide.identifier] = guide }
    }
    return items
}

/// Checks that each constraint's equation description parses back to the same constraint,
/// and that its visual-format description, when it has one, makes exactly that constraint.
func expectDescriptionsRoundTrip(_ constraints: [LayoutConstraint], items: [String: LayoutItem],
                                 sourceLocation: SourceLocation = #_sourceLocation) {
    let views = items.compactMapValues { $0 as? LayoutView }
    for constraint in constraints {
        do {
            let again = try LayoutConstraint.parse(constraint.equationDescription, items: items)
            #expect(sameConstraint(constraint, again), "\(constraint.equationDescription) → \(again.equationDescription)",
                    sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(constraint.equationDescription) does not parse back: \(error)", sourceLocation: sourceLocation)
        }
        guard var format = constraint.visualFormatDescription else { continue }
        var options: LayoutConstraint.FormatOptions = []
        if format.hasSuffix("(LTR)") {
            format.removeLast(5)
            options = .directionLeftToRight
        }
        do {
            let made = try LayoutConstraint.constraints(withVisualFormat: format, options: options, views: views)
            constraint.identifier.map { id in made.forEach { $0.identifier = id } }
            #expect(made.count == 1 && sameConstraint(constraint, made[0]), "\(format) → \(made)",
                    sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(format) does not parse back: \(error)", sourceLocation: sourceLocation)
        }
    }
}

/// Every constraint installed in a hierarchy (the ones users and tests activate).
func installedConstraints(_ root: LayoutView) -> [LayoutConstraint] {
    root.subtree().flatMap(\.constraints)
}
