import Testing
@testable import AutoLayout

@Suite struct EquationParserTests {
    let a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b")
    var items: [String: LayoutItem] { ["a": a, "b": b, "superview": b] }

    @Test(arguments: [
        ("a.width == 2*b.width + 10 @750", LayoutAttribute.width, LayoutRelation.equal, LayoutAttribute.width, 2.0, 10.0, Float(750)),
        ("b.bottom >= a.bottom + 20", .bottom, .greaterThanOrEqual, .bottom, 1, 20, 1000),
        ("a.leading == superview.leadingMargin", .leading, .equal, .leadingMargin, 1, 0, 1000),
        ("a.width <= 150", .width, .lessThanOrEqual, .notAnAttribute, 0, 150, 1000),
        ("a.width == b.width * 0.5 - 3.5", .width, .equal, .width, 0.5, -3.5, 1000),
        ("a.height == b.width / 4 @1", .height, .equal, .width, 0.25, 0, 1),
        ("a.baseline == b.firstBaseline", .lastBaseline, .equal, .firstBaseline, 1, 0, 1000),
        ("  a.centerX==b.centerX-8  ", .centerX, .equal, .centerX, 1, -8, 1000),
        ("a.top == 10 + b.top + 5", .top, .equal, .top, 1, 15, 1000),
    ])
    func parses(_ text: String, _ first: LayoutAttribute, _ relation: LayoutRelation, _ second: LayoutAttribute,
                _ multiplier: Double, _ constant: Double, _ priority: Float) throws {
        let c = try LayoutConstraint.parse(text, items: items)
        #expect(c.firstItem === a || c.firstItem === b)
        #expect(c.firstAttribute == first && c.relation == relation && c.secondAttribute == second)
        #expect(c.multiplier == multiplier && c.constant == constant && c.priority.rawValue == priority)
        #expect(!c.isActive)
    }

    @Test(arguments: [
        ("", "The equation is empty", 0),
        ("c.width == 10", "Unknown item 'c'", 0),
        ("a.wide == 10", "Unknown attribute 'wide'", 2),
        ("a.width = 10", "Unknown relation. Must be ==, >=, or <=", 8),
        ("a width == 10", "Expected '.' and an attribute after 'a'", 2),
        ("a.width ==", "Expected a number or item.attribute", 10),
        ("a.width == b.width + b.height", "Only one item may appear on the right side", 21),
        ("a.width == 10 @1500", "A priority must be between 1 and 1000", 15),
        ("a.width == 10 @", "Expected a priority after '@'", 15),
        ("a.width == b.width / 0", "Division by zero", 21),
        ("a.width == 10 10", "Expected '+', '-', '@' or the end", 14),
        ("a.left == b.width", "Invalid pairing of layout attributes: a.left and b.width", 0),
        ("a.left == 10", "A multiplier of 0 or a nil second item", 0),
    ])
    func rejects(_ text: String, _ message: String, _ position: Int) {
        do {
            _ = try LayoutConstraint.parse(text, items: items)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(error.position == position, "\(text): at \(error.position)")
            #expect(error.description.hasSuffix(text + "\n" + String(repeating: " ", count: position) + "^"))
        }
    }

    @Test("descriptions of constraints parse back to the same constraint")
    func roundTrip() throws {
        // (Equation descriptions; every other suite checks its constraints with expectDescriptionsRoundTrip.)
        for text in ["a.width == 2*b.width + 10 @750", "b.bottom >= a.bottom + 20", "a.width <= 150",
                     "a.leading == b.leadingMargin - 4"] {
            let c = try LayoutConstraint.parse(text, items: items)
            #expect(c.equationDescription == text)
            let again = try LayoutConstraint.parse(c.equationDescription, items: items)
            #expect(again.equationDescription == text)
        }
    }
}

@Suite struct ParallelLayoutTests {
    @Test("independent hierarchies lay out on different threads at the same time")
    func parallel() async {
        let frames = await withTaskGroup(of: [Rect].self) { group in
            for width in stride(from: 200.0, through: 900, by: 100) {
                group.addTask {
                    // Each task builds and owns its own hierarchy.
                    let root = LayoutView(identifier: "root", frame: Rect(x: 0, y: 0, width: width, height: 100))
                    var views: [LayoutView] = []
                    for i in 0..<50 {
                        let v = LayoutView(identifier: "v\(i)")
                        v.translatesAutoresizingMaskIntoConstraints = false
                        root.addSubview(v)
                        let leading = i == 0 ? v.leadingAnchor.constraint(equalTo: root.leadingAnchor)
                            : v.leadingAnchor.constraint(equalTo: views[i - 1].trailingAnchor)
                        try? LayoutConstraint.activate([leading, v.topAnchor.constraint(equalTo: root.topAnchor),
                                                        v.heightAnchor.constraint(equalToConstant: 10),
                                                        v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.02)])
                        views.append(v)
                    }
                    for _ in 0..<20 { root.layoutIfNeeded() }
                    return views.map(\.frame)
                }
            }
            var all: [[Rect]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(frames.count == 8)
        for result in frames {
            let unit = result[0].width
            #expect(result.enumerated().allSatisfy { abs($1.minX - Double($0) * unit) < 1e-9 && $1.width == unit })
        }
        #expect(Set(frames.map { $0[0].width }) == Set(stride(from: 4.0, through: 18, by: 2)))
    }
}
