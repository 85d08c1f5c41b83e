// Intrinsic content size, hugging and compression resistance, baselines.

extension LayoutView {
    /// The value of an intrinsic size component that has no natural size (-1).
    public static let noIntrinsicMetric: Double = -1

    /// Restores the intrinsic size after ``invalidateIntrinsicContentSize()``.
    func currentIntrinsicSize() -> Size {
        if let cached = intrinsicSizeCache { return cached }
        let size = intrinsicContentSize
        intrinsicSizeCache = size
        return size
    }

    /// Tells the engine the content changed, so ``intrinsicContentSize`` is read again.
    public func invalidateIntrinsicContentSize() {
        intrinsicSizeCache = nil
        engineIfAny?.refreshContentSize(for: self)
        setNeedsLayout()
    }

    /// How strongly the view resists growing beyond its intrinsic size along an axis.
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority { huggingPriorities[axis.rawValue] }

    /// Sets how strongly the view resists growing beyond its intrinsic size.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        huggingPriorities[axis.rawValue] = priority
        engineIfAny?.refreshContentSize(for: self)
    }

    /// How strongly the view resists shrinking below its intrinsic size along an axis.
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        compressionPriorities[axis.rawValue]
    }

    /// Sets how strongly the view resists shrinking below its intrinsic size.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        compressionPriorities[axis.rawValue] = priority
        engineIfAny?.refreshContentSize(for: self)
    }
}
