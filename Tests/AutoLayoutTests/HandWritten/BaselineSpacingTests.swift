import Testing
@testable import AutoLayout

/// A label in tests: one line of text in a font with the given metrics, its baselines where
/// the font puts them.
private final class TextView: LayoutView {
    var font: TextFontMetrics
    init(_ identifier: String, pointSize: Double) {
        font = Self.font(pointSize)
        super.init(frame: .zero)
        self.identifier = identifier
        translatesAutoresizingMaskIntoConstraints = false
    }
    override var intrinsicContentSize: Size { Size(width: 50, height: font.ascender + font.descender) }
    override var firstBaselineOffsetFromTop: Double? { font.ascender }
    override var lastBaselineOffsetFromBottom: Double { font.descender }
    override var textFontMetrics: TextFontMetrics? { font }

    /// DejaVu Sans's proportions: ascender 1901 and descender 483 of 2048 units per em.
    static func font(_ pointSize: Double) -> TextFontMetrics {
        TextFontMetrics(pointSize: pointSize, ascender: pointSize * 1901 / 2048, descender: pointSize * 483 / 2048)
    }

    /// A new font, as a label's `font` setter: its intrinsic size changes with it.
    func setPointSize(_ pointSize: Double) {
        font = Self.font(pointSize)
        invalidateIntrinsicContentSize()
    }
}

/// The system spacing below a text baseline scales with the fonts
/// (`LayoutView.systemSpacing(below:_:above:_:)`): the upper text's descender, 8 points
/// scaled by the larger point size over 17, and the lower text's ascender.
@Suite("System spacing between baselines")
struct BaselineSpacingTests {
    /// The rule, by hand: the gap is 8 × max(size) / 17 between the texts' line boxes.
    static func expected(upper: Double?, lower: Double?) -> Double {
        let gap = 8 * max(upper ?? 0, lower ?? 0) / 17
        return (upper.map { $0 * 483 / 2048 } ?? 0) + gap + (lower.map { $0 * 1901 / 2048 } ?? 0)
    }

    @Test("between two texts, from a text to an edge, and between edges", arguments: [
        (17.0, 17.0), (17, 34), (40, 17), (11, 53),
    ])
    func constants(upper: Double, lower: Double) {
        let root = makeRoot(), a = TextView("a", pointSize: upper), b = TextView("b", pointSize: lower)
        root.addSubview(a)
        root.addSubview(b)
        let both = b.firstBaselineAnchor.constraint(equalToSystemSpacingBelow: a.lastBaselineAnchor, multiplier: 1)
        #expect(abs(both.constant - Self.expected(upper: upper, lower: lower)) < 1e-12)
        // Two 17-point texts: the line's descender and ascender with 8 points between.
        if upper == 17 && lower == 17 { #expect(abs(both.constant - (17 * 2384 / 2048 + 8)) < 1e-12) }
        let toEdge = b.topAnchor.constraint(greaterThanOrEqualToSystemSpacingBelow: a.firstBaselineAnchor, multiplier: 2)
        #expect(abs(toEdge.constant - 2 * Self.expected(upper: upper, lower: nil)) < 1e-12)
        let fromEdge = b.lastBaselineAnchor.constraint(lessThanOrEqualToSystemSpacingBelow: a.bottomAnchor, multiplier: 1)
        #expect(abs(fromEdge.constant - Self.expected(upper: nil, lower: lower)) < 1e-12)
        // Edges, guides and views without text keep the standard 8 points.
        #expect(b.topAnchor.constraint(equalToSystemSpacingBelow: a.bottomAnchor, multiplier: 1).constant == 8)
        #expect(b.firstBaselineAnchor.constraint(equalToSystemSpacingBelow: root.layoutMarginsGuide.topAnchor,
                                                 multiplier: 1).constant == Self.expected(upper: nil, lower: lower))
        let plain = makeChild(in: root)
        #expect(plain.lastBaselineAnchor.constraint(equalToSystemSpacingBelow: plain.firstBaselineAnchor, multiplier: 1).constant == 8)
    }

    @Test("laid out: the lower text's baseline sits the spacing below the upper's")
    func layout() throws {
        let root = makeRoot(300, 300), title = TextView("title", pointSize: 28), body = TextView("body", pointSize: 17)
        root.addSubview(title)
        root.addSubview(body)
        try LayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            body.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            body.firstBaselineAnchor.constraint(equalToSystemSpacingBelow: title.lastBaselineAnchor, multiplier: 1),
        ])
        root.layoutIfNeeded()
        let titleBaseline = title.frame.maxY - title.font.descender, bodyBaseline = body.frame.minY + body.font.ascender
        #expect(abs(bodyBaseline - titleBaseline - Self.expected(upper: 28, lower: 17)) < 1e-9)
        // 28-point text over 17: the gap between the line boxes is 8 × 28 / 17.
        #expect(abs(body.frame.minY - title.frame.maxY - 8 * 28 / 17) < 1e-9)
    }

    @Test("a visual format with spacingBaselineToBaseline uses it for its standard spaces")
    func visualFormat() throws {
        let root = makeRoot(), a = TextView("a", pointSize: 20), b = TextView("b", pointSize: 30)
        root.addSubview(a)
        root.addSubview(b)
        let made = try LayoutConstraint.constraints(withVisualFormat: "V:[a]-[b]-12-[a]", options: .spacingBaselineToBaseline,
                                                    metrics: [:], views: ["a": a, "b": b])
        #expect(made.count == 2)
        #expect(made[0].firstAttribute == .firstBaseline && made[0].secondAttribute == .lastBaseline)
        #expect(abs(made[0].constant - Self.expected(upper: 20, lower: 30)) < 1e-12)
        #expect(made[1].constant == 12)  // an explicit space stays as written
    }

    @Test("a baseline-relative stack with system spacing spaces its texts by their fonts")
    func stack() throws {
        let (root, stack, views) = try Self.textStack([34, 17, 11])
        for (upper, lower) in zip(views, views.dropFirst()) {
            #expect(abs(Self.baselineGap(upper, lower) - Self.expected(upper: upper.font.pointSize, lower: lower.font.pointSize)) < 1e-9)
        }
        // Not baseline-relative: the standard 8 points between edges.
        stack.isBaselineRelativeArrangement = false
        root.layoutIfNeeded()
        #expect(abs(views[1].frame.minY - views[0].frame.maxY - 8) < 1e-9)
    }

    /// A stack of three texts, baseline-relative with the system spacing, laid out.
    fileprivate static func textStack(_ sizes: [Double]) throws -> (LayoutView, StackView, [TextView]) {
        let root = makeRoot(300, 400), stack = StackView()
        stack.translatesAutoresizingMaskIntoConstraints = false
        stack.axis = .vertical
        stack.isBaselineRelativeArrangement = true
        stack.spacing = StackView.spacingUseSystem
        let views = sizes.enumerated().map { TextView("t\($0.offset)", pointSize: $0.element) }
        for view in views { stack.addArrangedSubview(view) }
        root.addSubview(stack)
        try LayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.topAnchor),
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        ])
        root.layoutIfNeeded()
        return (root, stack, views)
    }

    /// The space between two texts' baselines as laid out.
    private static func baselineGap(_ upper: TextView, _ lower: TextView) -> Double {
        (lower.frame.minY + lower.font.ascender) - (upper.frame.maxY - upper.font.descender)
    }

    @Test("a hidden view between two texts: they keep the system spacing of their own fonts")
    func hiddenBetween() throws {
        let (root, _, views) = try Self.textStack([34, 17, 20])
        views[1].isHidden = true
        root.layoutIfNeeded()
        #expect(views[1].frame.height == 0)
        #expect(abs(Self.baselineGap(views[0], views[2]) - Self.expected(upper: 34, lower: 20)) < 1e-9)
        views[1].isHidden = false
        root.layoutIfNeeded()
        #expect(abs(Self.baselineGap(views[0], views[1]) - Self.expected(upper: 34, lower: 17)) < 1e-9)
        #expect(abs(Self.baselineGap(views[1], views[2]) - Self.expected(upper: 17, lower: 20)) < 1e-9)
        // The first one hidden: the others keep theirs, and the stack starts at the second.
        views[0].isHidden = true
        root.layoutIfNeeded()
        #expect(views[1].frame.minY == 0)
        #expect(abs(Self.baselineGap(views[1], views[2]) - Self.expected(upper: 17, lower: 20)) < 1e-9)
    }

    @Test("a text's new font: the stack's system spacing follows it")
    func fontChange() throws {
        let (root, _, views) = try Self.textStack([17, 17, 17])
        #expect(abs(Self.baselineGap(views[0], views[1]) - Self.expected(upper: 17, lower: 17)) < 1e-9)
        views[1].setPointSize(40)
        root.layoutIfNeeded()
        #expect(abs(Self.baselineGap(views[0], views[1]) - Self.expected(upper: 17, lower: 40)) < 1e-9)
        #expect(abs(Self.baselineGap(views[1], views[2]) - Self.expected(upper: 40, lower: 17)) < 1e-9)
    }
}
