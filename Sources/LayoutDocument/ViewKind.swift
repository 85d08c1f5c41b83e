import AutoLayout

/// What a document's view stands for. The kind gives the intrinsic size (text measured
/// with DejaVu Sans for the text kinds) and UIKit's priority defaults.
public enum ViewKind: String, Sendable, CaseIterable {
    /// A plain view: no intrinsic size.
    case view
    /// A label: its text's size.
    case label
    /// A button: its title's size plus 10 points on either side and 6 above and below.
    case button
    /// An image view: the size given with `size`, or none.
    case image
    /// A text field: its text's size plus 7 points on either side and 7 above and below.
    case textField
    /// A switch: 51 × 31, as UISwitch.
    case `switch`
    /// A stepper: 94 × 29, as UIStepper.
    case stepper
    /// A layout guide: a rectangle in the layout that draws nothing and has no subviews.
    case guide
    /// A stack view: it arranges its views in a row or a column (see ``StackSpec``).
    case stack

    /// UIKit's content hugging defaults (horizontal, vertical): 251 for labels and image
    /// views, 750 for switches and steppers, 250 otherwise.
    public var defaultHugging: (LayoutPriority, LayoutPriority) {
        switch self {
        case .label, .image: (251, 251)
        case .switch, .stepper: (750, 750)
        default: (.defaultLow, .defaultLow)
        }
    }

    /// The space around a view's text (each side): a button's title 10 points from its sides
    /// and 6 from its top and bottom, a text field's text 7 all round, none for a label.
    public var textPadding: (horizontal: Double, vertical: Double) {
        switch self {
        case .button: (10, 6)
        case .textField: (7, 7)
        default: (0, 0)
        }
    }

    /// Whether the kind shows text.
    public var hasText: Bool { self == .label || self == .button || self == .textField }

    /// The intrinsic size of a view of this kind with this text; nil on an axis with none.
    public func intrinsicSize(text: String?, fontSize: Double, weight: FontWeight = .regular) -> (width: Double?, height: Double?) {
        switch self {
        case .view, .image, .guide, .stack:
            return (nil, nil)
        case .switch:
            return (51, 31)
        case .stepper:
            return (94, 29)
        case .label, .button, .textField:
            let size = TextMetrics.size(of: text ?? "", fontSize: fontSize, weight: weight)
            return (size.width + 2 * textPadding.horizontal, size.height + 2 * textPadding.vertical)
        }
    }
}

/// A view of a laid-out document: its kind, text and intrinsic size.
public final class DocumentView: LayoutView, DocumentElement {
    /// What the view stands for.
    public let kind: ViewKind
    /// Its text, for labels, buttons and text fields.
    public let text: String?
    /// The font size of its text.
    public let fontSize: Double
    /// The weight of its text's font (the text style's unless the document gives one).
    public let fontWeight: FontWeight
    /// A text field's placeholder, shown (in grey) and measured while it has no text.
    public let placeholder: String?
    /// How many lines a label shows (0: as many as its text needs).
    public let numberOfLines: Int
    /// How a label breaks and shortens its text.
    public let lineBreakMode: LineBreakMode
    /// The width a label of several lines wraps at; 0 for its own width (see ``wrapWidth``).
    public let preferredMaxLayoutWidth: Double
    /// The width a label of several lines with an automatic width wraps at: its width at the
    /// last layout pass (nil before the first).
    public private(set) var wrapWidth: Double?
    /// The size the document gave, or the kind's size for a view other than a label.
    let fixedIntrinsic: Size?
    let alignmentInsets: EdgeInsets

    init(spec: ViewSpec) {
        kind = spec.kind
        text = spec.text
        fontSize = spec.fontSize
        fontWeight = spec.resolvedFontWeight
        numberOfLines = spec.numberOfLines
        lineBreakMode = spec.lineBreakMode
        preferredMaxLayoutWidth = spec.preferredMaxLayoutWidth
        placeholder = spec.placeholder
        let given = spec.intrinsicSize ?? (spec.kind == .label ? nil : spec.kind.intrinsicSize(text: spec.measuredText, fontSize: spec.fontSize, weight: spec.resolvedFontWeight))
        fixedIntrinsic = given.map { Size(width: $0.width ?? LayoutView.noIntrinsicMetric, height: $0.height ?? LayoutView.noIntrinsicMetric) }
        alignmentInsets = spec.alignmentInsets
        super.init(frame: spec.frame)
        identifier = spec.id
    }

    /// The size the kind and text give, or the document's `size`. A label's is its text's
    /// lines (``lines(inWidth:height:)``) at its wrapping width.
    public override var intrinsicContentSize: Size {
        if let fixedIntrinsic { return fixedIntrinsic }
        let size = TextLayout.size(of: text ?? "", fontSize: fontSize, weight: fontWeight, width: wrappingWidth, numberOfLines: numberOfLines,
                                   lineBreakMode: lineBreakMode)
        return Size(width: size.width, height: size.height)
    }

    /// The width a label's text wraps at: none for one line; else the preferred width, or
    /// the label's own from the last layout.
    var wrappingWidth: Double? {
        guard numberOfLines != 1 else { return nil }
        return preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : wrapWidth
    }

    /// The lines a label shows in a frame `width` wide and `height` tall (at most as many as
    /// fit in the height, the last one shortened).
    public func lines(inWidth width: Double, height: Double) -> [String] {
        let fit = max(1, Int((height / TextMetrics.lineHeight(fontSize: fontSize) + 1e-6).rounded(.down)))
        let limit = numberOfLines == 0 ? fit : min(numberOfLines, fit)
        return TextLayout.lines(of: text ?? "", fontSize: fontSize, weight: fontWeight, width: width, numberOfLines: limit,
                                lineBreakMode: lineBreakMode)
    }

    /// The document's `alignmentInsets` (none unless given).
    public override var alignmentRectInsets: EdgeInsets { alignmentInsets }

    /// Text sits on its first line's baseline: the padding plus the font's ascent.
    public override var firstBaselineOffsetFromTop: Double? {
        guard kind.hasText else { return nil }
        return kind.textPadding.vertical + TextMetrics.ascent(fontSize: fontSize)
    }

    /// The last line's baseline, measured up from the bottom.
    public override var lastBaselineOffsetFromBottom: Double {
        guard kind.hasText else { return 0 }
        return kind.textPadding.vertical + TextMetrics.descent(fontSize: fontSize)
    }

    /// The font of its text (DejaVu Sans's ascender and descender at its size), so the system
    /// spacing between its baselines and its neighbours' scales with it; nil without text.
    public override var textFontMetrics: TextFontMetrics? {
        guard kind.hasText else { return nil }
        return TextFontMetrics(pointSize: fontSize, ascender: TextMetrics.ascent(fontSize: fontSize),
                               descender: TextMetrics.descent(fontSize: fontSize))
    }

    /// A label of several lines with an automatic width wraps at the width the layout gave
    /// it: when that changes its wrapped size, its intrinsic size changes and the engine lays
    /// out again (as UIKit's second pass for multi-line labels; bounded, with the feedback-loop
    /// diagnostic if it never settles).
    public override func layoutSubviews() {
        super.layoutSubviews()
        if updateIntrinsicContentSize(forWidth: frame.width) { invalidateIntrinsicContentSize() }
    }

    /// A label of several lines with an automatic width takes `width` as its wrapping width;
    /// returns whether that changed its intrinsic size.
    public override func updateIntrinsicContentSize(forWidth width: Double) -> Bool {
        guard kind == .label, fixedIntrinsic == nil, numberOfLines != 1, preferredMaxLayoutWidth == 0,
              width != wrapWidth else { return false }
        let before = intrinsicContentSize
        wrapWidth = width
        let after = intrinsicContentSize
        return after != before
    }
}

extension ViewSpec {
    /// The weight its text is measured and drawn with: the document's, else the text style's,
    /// else regular.
    public var resolvedFontWeight: FontWeight { fontWeight ?? textStyle?.weight ?? .regular }

    /// The text a view is measured with: a text field without text measures its placeholder.
    public var measuredText: String? {
        kind == .textField && (text ?? "").isEmpty ? placeholder ?? text : text
    }
}
