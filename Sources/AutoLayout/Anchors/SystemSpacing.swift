/// The metrics of the font a view's text is set in, which the system spacing between text
/// baselines scales with (see ``LayoutView/systemSpacing(below:_:above:_:)``).
public struct TextFontMetrics: Sendable, Equatable {
    /// The font's point size (the size of one em).
    public var pointSize: Double
    /// How far the font's lines reach above the baseline, in points.
    public var ascender: Double
    /// How far the font's lines reach below the baseline, in points (positive).
    public var descender: Double

    /// Metrics of a font of `pointSize` points with its ascender and descender in points.
    public init(pointSize: Double, ascender: Double, descender: Double) {
        self.pointSize = pointSize
        self.ascender = ascender
        self.descender = descender
    }
}

extension LayoutView {
    /// The point size the standard spacing is set for (UIKit's body text at the default text size).
    static let standardSpacingPointSize = 17.0

    /// The system spacing from an upper anchor down to a lower one, as
    /// ``LayoutYAxisAnchor/constraint(equalToSystemSpacingBelow:multiplier:)`` uses it.
    ///
    /// Between edges (no text baseline at either end) it is the standard 8 points. When either
    /// end is a first or last baseline of a view with text (``LayoutView/textFontMetrics``), the
    /// space grows with the fonts, so text keeps the same look as the reader's text size
    /// changes:
    ///
    /// - the gap between the text and its neighbour is 8 points scaled by the larger font's point
    ///   size over 17 (body text at the default size), so 8 points between 17-point texts and 16
    ///   between 34-point ones;
    /// - from an upper text's baseline, the gap starts below its descender;
    /// - to a lower text's baseline, the gap ends above its ascender.
    ///
    /// So between two labels of body text the baselines are `descender + 8 + ascender` apart:
    /// the space of a text line plus the standard gap. Apple does not publish UIKit's formula;
    /// this rule reproduces its behaviour (baseline spacing that grows with Dynamic Type) from
    /// the fonts' own metrics.
    public static func systemSpacing(below upper: LayoutItem?, _ upperAttribute: LayoutAttribute,
                                     above lower: LayoutItem?, _ lowerAttribute: LayoutAttribute) -> Double {
        let top = baselineFont(upper, upperAttribute), bottom = baselineFont(lower, lowerAttribute)
        guard top != nil || bottom != nil else { return LayoutConstraint.standardSiblingSpacing }
        let pointSize = max(top?.pointSize ?? 0, bottom?.pointSize ?? 0)
        let gap = LayoutConstraint.standardSiblingSpacing * pointSize / standardSpacingPointSize
        return (top?.descender ?? 0) + gap + (bottom?.ascender ?? 0)
    }

    /// The font of a text baseline anchor: nil unless the attribute is a baseline of a view with text.
    static func baselineFont(_ item: LayoutItem?, _ attribute: LayoutAttribute) -> TextFontMetrics? {
        guard attribute == .firstBaseline || attribute == .lastBaseline, let view = item as? LayoutView else { return nil }
        return view.textFontMetrics
    }
}
