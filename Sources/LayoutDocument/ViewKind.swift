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

    /// Whether the kind shows text.
    public var hasText: Bool { self == .label || self == .button || self == .textField }

    /// The intrinsic size of a view of this kind with this text; nil on an axis with none.
    public func intrinsicSize(text: String?, fontSize: Double) -> (width: Double?, height: Double?) {
        switch self {
        case .view, .image, .guide, .stack:
            return (nil, nil)
        case .switch:
            return (51, 31)
        case .stepper:
            return (94, 29)
        case .label, .button, .textField:
            let size = TextMetrics.size(of: text ?? "", fontSize: fontSize)
            let padding: (Double, Double) = self == .button ? (10, 6) : self == .textField ? (7, 7) : (0, 0)
            return (size.width + 2 * padding.0, size.height + 2 * padding.1)
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
    let intrinsic: Size
    let alignmentInsets: EdgeInsets

    init(spec: ViewSpec) {
        kind = spec.kind
        text = spec.text
        fontSize = spec.fontSize
        let size = spec.intrinsicSize ?? spec.kind.intrinsicSize(text: spec.text, fontSize: spec.fontSize)
        intrinsic = Size(width: size.width ?? LayoutView.noIntrinsicMetric, height: size.height ?? LayoutView.noIntrinsicMetric)
        alignmentInsets = spec.alignmentInsets
        super.init(frame: spec.frame)
        identifier = spec.id
    }

    /// The size the kind and text give, or the document's `size`.
    public override var intrinsicContentSize: Size { intrinsic }

    /// The document's `alignmentInsets` (none unless given).
    public override var alignmentRectInsets: EdgeInsets { alignmentInsets }

    /// Text sits on its first line's baseline: the padding plus the font's ascent.
    public override var firstBaselineOffsetFromTop: Double? {
        guard kind.hasText else { return nil }
        return (kind == .button ? 6 : kind == .textField ? 7 : 0) + TextMetrics.ascent(fontSize: fontSize)
    }

    /// The last line's baseline, measured up from the bottom.
    public override var lastBaselineOffsetFromBottom: Double {
        guard kind.hasText else { return 0 }
        return (kind == .button ? 6 : kind == .textField ? 7 : 0) + TextMetrics.descent(fontSize: fontSize)
    }
}
