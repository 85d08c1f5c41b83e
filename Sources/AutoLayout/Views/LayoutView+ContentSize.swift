// Intrinsic content size, hugging and compression resistance, baselines.

/// A view's intrinsic size as last read, and its content priorities.
struct ContentSizeSettings {
    /// ``LayoutView/intrinsicContentSize`` as last read (checked against the limits); nil
    /// until read, and after ``LayoutView/invalidateIntrinsicContentSize()``.
    var intrinsicCache: Size? {
        get { cachedSize.width.isNaN ? nil : cachedSize }
        set { cachedSize = newValue ?? Size(width: .nan, height: .nan) }
    }
    /// ``intrinsicCache``, NaN for nil (a checked width is never NaN): 16 bytes where an
    /// optional size takes 17, padded to 20 before the priorities.
    private var cachedSize = Size(width: .nan, height: .nan)
    var hugging = AxisPriorities(.defaultLow)
    var compression = AxisPriorities(.defaultHigh)
}

extension LayoutView {
    /// The value of an intrinsic size component that has no natural size (-1).
    public static let noIntrinsicMetric: Double = -1

    /// Restores the intrinsic size after ``invalidateIntrinsicContentSize()``. A component
    /// that is NaN or beyond ``LayoutLimits/maximumValue`` counts as
    /// ``noIntrinsicMetric``, and is reported (negative ones mean "none", as in UIKit).
    func currentIntrinsicSize() -> Size {
        if let cached = contentSizing.intrinsicCache { return cached }
        var size = intrinsicContentSize
        if !(size.width <= LayoutLimits.maximumValue) {
            refuse(.valueOutOfRange(what: "the intrinsic content width", value: size.width, limit: LayoutLimits.maximumValue),
                   flushing: false)
            size.width = LayoutView.noIntrinsicMetric
        }
        if !(size.height <= LayoutLimits.maximumValue) {
            refuse(.valueOutOfRange(what: "the intrinsic content height", value: size.height, limit: LayoutLimits.maximumValue),
                   flushing: false)
            size.height = LayoutView.noIntrinsicMetric
        }
        contentSizing.intrinsicCache = size
        return size
    }

    /// Tells the engine the content changed, so ``intrinsicContentSize`` is read again.
    public func invalidateIntrinsicContentSize() {
        contentSizing.intrinsicCache = nil
        engineIfAny?.refreshContentSize(for: self)
        setNeedsLayout()
        superview?.subviewIntrinsicSizeChanged(self)
    }

    /// How strongly the view resists growing beyond its intrinsic size along an axis.
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority { contentSizing.hugging[axis.rawValue] }

    /// Sets how strongly the view resists growing beyond its intrinsic size. A priority
    /// outside 1...1000 is refused and reported (``LayoutDiagnostic/rejectedValue(view:error:)``).
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        guard priority.isValid else { return refuse(.invalidPriority(priority.rawValue)) }
        contentSizing.hugging[axis.rawValue] = priority
        engineIfAny?.refreshContentSize(for: self)
    }

    /// How strongly the view resists shrinking below its intrinsic size along an axis.
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        contentSizing.compression[axis.rawValue]
    }

    /// Sets how strongly the view resists shrinking below its intrinsic size. A priority
    /// outside 1...1000 is refused and reported, as for hugging.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        guard priority.isValid else { return refuse(.invalidPriority(priority.rawValue)) }
        contentSizing.compression[axis.rawValue] = priority
        engineIfAny?.refreshContentSize(for: self)
    }
}
