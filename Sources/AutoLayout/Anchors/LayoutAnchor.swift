/// One attribute of one item, for building constraints in a type-checked way. The type
/// parameter keeps X-axis, Y-axis and dimension anchors from mixing: that does not compile.
///
/// The anchor getters and constraint factories are inlinable: an anchor that only serves to
/// make a constraint (`a.leadingAnchor.constraint(equalTo: b.trailingAnchor)`) is then
/// never allocated in the caller, and the factories call into the module once, with plain
/// values (see `LayoutConstraint.anchored`).
public class LayoutAnchor<AnchorType: AnyObject>: CustomStringConvertible {
    /// The item the anchor belongs to.
    public let item: LayoutItem
    /// The attribute it stands for.
    public let attribute: LayoutAttribute
    @usableFromInline let span: AnchorSpan?
    /// The item's handle (nil for an item that is neither a view nor a guide). Not stored:
    /// where the anchor is inlined the item's class is known and this costs nothing.
    @inlinable var itemHandle: ItemHandle? { handle(of: item) }

    init(_ item: LayoutItem, _ attribute: LayoutAttribute, span: AnchorSpan? = nil) {
        self.item = item
        self.attribute = attribute
        self.span = span
    }

    /// An anchor of a view.
    @inlinable init(_ view: LayoutView, _ attribute: LayoutAttribute) {
        item = view
        self.attribute = attribute
        span = nil
    }

    /// An anchor of a guide.
    @inlinable init(_ guide: LayoutGuide, _ attribute: LayoutAttribute) {
        item = guide
        self.attribute = attribute
        span = nil
    }

    /// `self == anchor + constant`.
    @inlinable
    public func constraint(equalTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor, 1, constant)
    }

    /// `self >= anchor + constant`.
    @inlinable
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, 1, constant)
    }

    /// `self <= anchor + constant`.
    @inlinable
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, 1, constant)
    }

    /// A constraint from this anchor to another (or to a constant when `anchor` is nil).
    /// Anchor factories cannot throw, so an invalid pair is kept and thrown on activation.
    /// (Inlined into the caller with the anchors' getters, so the anchors need not exist:
    /// the constraint is made from their fields.)
    @inlinable @inline(__always)
    func make(_ relation: LayoutRelation, _ anchor: LayoutAnchor<AnchorType>?, _ multiplier: Double,
              _ constant: Double) -> LayoutConstraint {
        guard let itemHandle, anchor == nil || anchor?.itemHandle != nil else {
            return LayoutConstraint.unsupported(item, attribute, relation, anchor?.item, anchor?.attribute, multiplier,
                                                constant)
        }
        // (The items stay alive through the call, so the handles still refer to them.)
        let secondAttribute = anchor?.attribute ?? .notAnAttribute
        return withExtendedLifetime((item, anchor?.item)) {
            if span == nil && anchor?.span == nil {
                LayoutConstraint.anchored(Unmanaged.passUnretained(itemHandle), attribute, relation,
                                          anchor?.itemHandle.map { Unmanaged.passUnretained($0) }, secondAttribute,
                                          multiplier, constant)
            } else {
                LayoutConstraint.spanned(itemHandle, attribute, span, relation, anchor?.itemHandle, secondAttribute,
                                         anchor?.span, multiplier, constant)
            }
        }
    }

    /// `item.attribute`, or `(end − start)` for an offset dimension.
    public var description: String { span?.description ?? "\(item).\(attribute)" }
}

/// The distance between two anchors of one axis: `end − start` (items not kept alive).
@usableFromInline struct AnchorSpan: CustomStringConvertible {
    struct End {
        let itemHandle: ItemHandle?
        let attribute: LayoutAttribute
        var item: LayoutItem? { itemHandle?.item }
    }
    let start: End
    let end: End

    init(start: (LayoutItem, LayoutAttribute), end: (LayoutItem, LayoutAttribute)) {
        self.start = End(itemHandle: handle(of: start.0), attribute: start.1)
        self.end = End(itemHandle: handle(of: end.0), attribute: end.1)
    }

    @usableFromInline var description: String {
        "(\(end.item.map { "\($0)" } ?? "nil").\(end.attribute) - \(start.item.map { "\($0)" } ?? "nil").\(start.attribute))"
    }
}

/// An anchor on the horizontal axis: leading, trailing, left, right, centerX.
public final class LayoutXAxisAnchor: LayoutAnchor<LayoutXAxisAnchor> {
    /// `self == anchor + multiplier × system spacing`: this anchor follows `anchor` at the
    /// standard distance (8 points).
    @inlinable
    public func constraint(equalToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double) -> LayoutConstraint {
        make(.equal, anchor, 1, multiplier * LayoutConstraint.standardSiblingSpacing)
    }
    /// `self >= anchor + multiplier × system spacing`.
    @inlinable
    public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor,
                           multiplier: Double) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, 1, multiplier * LayoutConstraint.standardSiblingSpacing)
    }
    /// `self <= anchor + multiplier × system spacing`.
    @inlinable
    public func constraint(lessThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor,
                           multiplier: Double) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, 1, multiplier * LayoutConstraint.standardSiblingSpacing)
    }
    /// A dimension for the distance from this anchor to `anchor`.
    public func anchorWithOffset(to anchor: LayoutXAxisAnchor) -> LayoutDimension {
        LayoutDimension(item, .width, span: AnchorSpan(start: (item, attribute), end: (anchor.item, anchor.attribute)))
    }
}

/// An anchor on the vertical axis: top, bottom, centerY, first and last baselines.
public final class LayoutYAxisAnchor: LayoutAnchor<LayoutYAxisAnchor> {
    /// `self == anchor + multiplier × system spacing`: this anchor sits below `anchor` at
    /// the standard distance: 8 points between edges; between text baselines a distance that
    /// scales with the fonts (``LayoutView/systemSpacing(below:_:above:_:)``), computed when
    /// the constraint is made.
    @inlinable
    public func constraint(equalToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double) -> LayoutConstraint {
        make(.equal, anchor, 1, multiplier * systemSpacing(below: anchor))
    }
    /// `self >= anchor + multiplier × system spacing`.
    @inlinable
    public func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor,
                           multiplier: Double) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, 1, multiplier * systemSpacing(below: anchor))
    }
    /// `self <= anchor + multiplier × system spacing`.
    @inlinable
    public func constraint(lessThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor,
                           multiplier: Double) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, 1, multiplier * systemSpacing(below: anchor))
    }
    /// The system spacing from `anchor` down to this anchor.
    @usableFromInline func systemSpacing(below anchor: LayoutYAxisAnchor) -> Double {
        LayoutView.systemSpacing(below: anchor.item, anchor.attribute, above: item, attribute)
    }
    /// A dimension for the distance from this anchor to `anchor`.
    public func anchorWithOffset(to anchor: LayoutYAxisAnchor) -> LayoutDimension {
        LayoutDimension(item, .height, span: AnchorSpan(start: (item, attribute), end: (anchor.item, anchor.attribute)))
    }
}

/// A width, a height, or the distance between two anchors.
public final class LayoutDimension: LayoutAnchor<LayoutDimension> {
    /// `self == constant`.
    @inlinable
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint { make(.equal, nil, 0, constant) }
    /// `self >= constant`.
    @inlinable
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.greaterThanOrEqual, nil, 0, constant)
    }
    /// `self <= constant`.
    @inlinable
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.lessThanOrEqual, nil, 0, constant)
    }
    /// `self == multiplier × anchor + constant`.
    @inlinable
    public func constraint(equalTo anchor: LayoutDimension, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor, multiplier, constant)
    }
    /// `self >= multiplier × anchor + constant`.
    @inlinable
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier: Double,
                           constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier, constant)
    }
    /// `self <= multiplier × anchor + constant`.
    @inlinable
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier: Double,
                           constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier, constant)
    }
}

/// Anchors of views and guides.
extension LayoutView {
    /// The leading edge.
    @inlinable public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    /// The trailing edge.
    @inlinable public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    /// The left edge.
    @inlinable public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    /// The right edge.
    @inlinable public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    /// The horizontal center.
    @inlinable public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    /// The top edge.
    @inlinable public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    @inlinable public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    /// The vertical center.
    @inlinable public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// The first baseline.
    @inlinable public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .firstBaseline) }
    /// The last baseline.
    @inlinable public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .lastBaseline) }
    /// The width.
    @inlinable public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    /// The height.
    @inlinable public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }
}

extension LayoutGuide {
    /// The leading edge.
    @inlinable public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    /// The trailing edge.
    @inlinable public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    /// The left edge.
    @inlinable public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    /// The right edge.
    @inlinable public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    /// The horizontal center.
    @inlinable public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    /// The top edge.
    @inlinable public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    @inlinable public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    /// The vertical center.
    @inlinable public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// The width.
    @inlinable public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    /// The height.
    @inlinable public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }
}
