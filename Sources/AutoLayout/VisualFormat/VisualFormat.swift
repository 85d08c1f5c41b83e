extension LayoutConstraint {
    /// Options for ``constraints(withVisualFormat:options:metrics:views:superviewSpacing:)-(_,_,_,[String:LayoutView],_)``:
    /// which attribute to align the views of a format on, which way a horizontal format
    /// runs, and what a vertical format's spacing measures. The raw values are UIKit's.
    public struct FormatOptions: OptionSet, Sendable, Hashable {
        /// The bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Align every view of a vertical format on its left edge.
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        /// Align every view of a vertical format on its right edge.
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        /// Align every view of a horizontal format on its top edge.
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        /// Align every view of a horizontal format on its bottom edge.
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        /// Align every view of a vertical format on its leading edge.
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        /// Align every view of a vertical format on its trailing edge.
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        /// Align every view of a vertical format on its horizontal center.
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        /// Align every view of a horizontal format on its vertical center.
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        /// Align every view of a horizontal format on its last baseline.
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        /// Align every view of a horizontal format on its first baseline.
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        /// The alignment bits.
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)

        /// A horizontal format runs from the leading to the trailing edge (the default).
        public static let directionLeadingToTrailing = FormatOptions([])
        /// A horizontal format runs from left to right whatever the layout direction.
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        /// A horizontal format runs from right to left whatever the layout direction.
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        /// The direction bits.
        public static let directionMask = FormatOptions(rawValue: 3 << 16)

        /// Spacing is measured between edges (the default).
        public static let spacingEdgeToEdge = FormatOptions([])
        /// In a vertical format, spacing between views is measured from the last baseline
        /// of one view to the first baseline of the next.
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        /// The spacing bits.
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)

        /// Every option by its UIKit name (`alignAllTop`, `directionRightToLeft`, …;
        /// `alignAllBaseline` is the old name of `alignAllLastBaseline`).
        public static let named: [String: FormatOptions] = [
            "alignAllLeft": .alignAllLeft, "alignAllRight": .alignAllRight, "alignAllTop": .alignAllTop,
            "alignAllBottom": .alignAllBottom, "alignAllLeading": .alignAllLeading, "alignAllTrailing": .alignAllTrailing,
            "alignAllCenterX": .alignAllCenterX, "alignAllCenterY": .alignAllCenterY,
            "alignAllLastBaseline": .alignAllLastBaseline, "alignAllBaseline": .alignAllLastBaseline,
            "alignAllFirstBaseline": .alignAllFirstBaseline, "directionLeadingToTrailing": .directionLeadingToTrailing,
            "directionLeftToRight": .directionLeftToRight, "directionRightToLeft": .directionRightToLeft,
            "spacingEdgeToEdge": .spacingEdgeToEdge, "spacingBaselineToBaseline": .spacingBaselineToBaseline,
        ]
    }

    /// What the standard connection `-` means next to a superview bar (`|-[a]`, `[a]-|`).
    public enum SuperviewSpacing: Sendable, Hashable {
        /// The classic rule of the Auto Layout Guide: 20 points from the superview's edge
        /// (`a.leading == superview.leading + 20`). The default.
        case classic
        /// UIKit's rule since iOS 8: the view sits on the superview's layout margin
        /// (`a.leading == superview.leadingMargin`), so the margins decide the distance.
        case layoutMargins
    }

    /// The standard space between sibling views in a visual format.
    public static let standardSiblingSpacing: Double = 8
    /// The classic standard space between a view and its superview's edge.
    public static let standardSuperviewSpacing: Double = 20

    /// Makes the constraints a string of the Visual Format Language describes, such as
    /// `H:|-[photo]-[name(>=95)]-(>=8)-[stepper]-|` or `V:[top]-(10@750)-[bottom(==top)]`.
    /// The constraints are inactive; activate them with ``activate(_:)``.
    ///
    /// Grammar (Apple's): an optional `H:` or `V:`, an optional superview bar `|`, views in
    /// brackets with an optional size predicate list (`[a(>=40,<=100@750)]`, `[a(==b)]`),
    /// connections between them (`-` standard, `-20-` or `-m-` a number or metric,
    /// `-(>=8@750)-` predicates, nothing for flush) and an optional closing bar.
    /// - Parameters:
    ///   - format: the format string.
    ///   - options: alignment of all views (on an attribute across the format's axis),
    ///     direction and spacing.
    ///   - metrics: values for names used as constants or priorities.
    ///   - views: the views, by the names the format uses.
    ///   - superviewSpacing: what `|-` and `-|` mean (``SuperviewSpacing/classic`` 20 points
    ///     by default, or the layout margins).
    /// - Throws: ``VisualFormatError`` with Apple's message and the position of the mistake.
    public static func constraints(withVisualFormat format: String, options: FormatOptions = [],
                                   metrics: [String: Double]? = nil, views: [String: LayoutView],
                                   superviewSpacing: SuperviewSpacing = .classic) throws(VisualFormatError)
        -> [LayoutConstraint] {
        var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views)
        let parsed = try parser.parse()
        var builder = VisualFormatBuilder(format: parsed, options: options, spacing: superviewSpacing, parser: parser)
        return try builder.build()
    }

    /// ``constraints(withVisualFormat:options:metrics:views:superviewSpacing:)-(_,_,_,[String:LayoutView],_)`` with the views
    /// in a dictionary of any values, as UIKit takes them (so a dictionary that also holds
    /// layout guides, or is typed `[String: Any]`, works as it does there). Only the views
    /// take part; a format that names anything else is refused, saying what it is.
    public static func constraints(withVisualFormat format: String, options: FormatOptions = [],
                                   metrics: [String: Double]? = nil, views: [String: Any],
                                   superviewSpacing: SuperviewSpacing = .classic) throws(VisualFormatError)
        -> [LayoutConstraint] {
        let onlyViews = views.compactMapValues { $0 as? LayoutView }
        do {
            return try constraints(withVisualFormat: format, options: options, metrics: metrics, views: onlyViews,
                                   superviewSpacing: superviewSpacing)
        } catch {
            throw error.explainingNonViews(views)
        }
    }
}

extension VisualFormatError {
    /// The message Apple gives a name that is not in the views dictionary.
    static func notAKey(_ name: String) -> String { "\(name) is not a key in the views dictionary." }

    /// This error, with a note when it names something in `items` that is not a view (a
    /// layout guide: visual formats relate views only).
    public func explainingNonViews(_ items: [String: Any]) -> VisualFormatError {
        let suffix = VisualFormatError.notAKey("")
        guard !isAboutWholeFormat, message.hasSuffix(suffix),
              let item = items[String(message.dropLast(suffix.count))], !(item is LayoutView) else { return self }
        let note = item is LayoutGuide ? "It is a layout guide: visual formats relate views only, so write an equation."
                                        : "It is not a view."
        return VisualFormatError(message: message + " (\(note))", format: format, position: position)
    }
}

/// A Visual Format Language string that could not be parsed, with the position of the
/// character where it went wrong.
public struct VisualFormatError: Error, Equatable, CustomStringConvertible {
    /// What is wrong (Apple's wording where Apple has one).
    public let message: String
    /// The format string.
    public let format: String
    /// The offset, in characters, of the failing character (the length of the format for
    /// a mistake found at its end or in the options).
    public let position: Int

    /// Whether the mistake is the whole format's (it is empty, or not ASCII): Apple's text
    /// then has no format line and no caret.
    public let isAboutWholeFormat: Bool

    /// Creates an error at a character of the format.
    public init(message: String, format: String, position: Int) {
        self.message = message
        self.format = format
        self.position = position
        isAboutWholeFormat = false
    }

    /// Creates an error about the whole format.
    public init(wholeFormat message: String, format: String) {
        self.message = message
        self.format = format
        position = 0
        isAboutWholeFormat = true
    }

    /// Apple's text: `Unable to parse constraint format: ` and the message, the format,
    /// and a caret under the failing character, on separate lines; for a mistake of the
    /// whole format, the message on the same line.
    public var description: String {
        if isAboutWholeFormat { return "Unable to parse constraint format: \(message)" }
        return "Unable to parse constraint format: \n\(message) \n\(format) \n" + String(repeating: " ", count: position) + "^"
    }
}
