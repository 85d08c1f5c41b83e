import AutoLayout

/// Numbers read from attributes: only finite values within ``LayoutLimits`` count; anything
/// else (`nan`, `inf`, `1e300`, text) reads as absent, so a broken file cannot put a value
/// into the engine that it would refuse.
enum Numbers {
    /// A layout value, or nil.
    static func length(_ value: Double?) -> Double? {
        guard let value, value.isFinite, LayoutLimits.contains(value) else { return nil }
        return value
    }

    /// A font size: positive and at most 1,000 points, or nil.
    static func fontSize(_ value: Double?) -> Double? {
        guard let value = length(value), value > 0, value <= 1000 else { return nil }
        return value
    }
}
