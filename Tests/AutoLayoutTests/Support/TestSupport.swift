import Testing
@testable import AutoLayout

/// A view with an intrinsic size (read again once invalidated, as UIKit does) and, when
/// given, text baselines: a label, in tests.
final class SizedView: LayoutView {
    var size: Size
    let firstBaseline: Double?
    let lastBaseline: Double
    init(_ identifier: String, _ width: Double, _ height: Double, firstBaseline: Double? = nil, lastBaseline: Double = 0) {
        size = Size(width: width, height: height)
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        super.init(frame: .zero)
        self.identifier = identifier
        translatesAutoresizingMaskIntoConstraints = false
    }
    override var intrinsicContentSize: Size { size }
    override var firstBaselineOffsetFromTop: Double? { firstBaseline }
    override var lastBaselineOffsetFromBottom: Double { lastBaseline }
}

/// Sets a view's hugging and compression resistance from `[horizontal, vertical]` pairs,
/// as the conformance records write them (a missing pair leaves the defaults).
func setPriorities(of view: LayoutView, hugging: [Float]?, compression: [Float]?) {
    if let h = hugging, h.count == 2 {
        view.setContentHuggingPriority(LayoutPriority(h[0]), for: .horizontal)
        view.setContentHuggingPriority(LayoutPriority(h[1]), for: .vertical)
    }
    if let c = compression, c.count == 2 {
        view.setContentCompressionResistancePriority(LayoutPriority(c[0]), for: .horizontal)
        view.setContentCompressionResistancePriority(LayoutPriority(c[1]), for: .vertical)
    }
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
