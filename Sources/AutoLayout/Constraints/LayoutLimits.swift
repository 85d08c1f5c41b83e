/// The largest numbers Auto Layout accepts, and the one check every entry point uses.
///
/// Layout values are points. A list of 100,000 rows of 50 points is 5 million points
/// tall, so ``maximumValue`` (a billion points) leaves a factor of 200 above the largest
/// layouts anyone builds, while keeping every value where a `Double` still resolves
/// 1/10,000,000 of a point (it keeps about 16 significant digits; the solver's check that
/// a required constraint holds allows 1e-6 of its magnitude). Beyond it, sums of values
/// lose the fractions that place views, the solver's rows mix magnitudes too far apart to
/// stay exact, and frames stop fitting the 64-bit integers that drawing code converts them
/// to (1e19 points crashed the SVG writer before this limit).
///
/// ``maximumMultiplier`` bounds the ratio between two attributes separately: a million
/// covers any aspect ratio or proportion (a 5-million-point list is 100,000 times one of
/// its 50-point rows), and a multiplier times the largest value, 1e15, is still below
/// 2^53 ≈ 9e15, where doubles still resolve 1/8 of a point.
///
/// Every constant, multiplier, frame, size, margin, inset and intrinsic size that comes
/// from a caller is checked with ``check(_:_:)-(Double,_)`` (or ``checkMultiplier(_:)``):
/// ``LayoutConstraint``'s initializers, anchors (on activation), `constant`, visual
/// formats and their metrics, equations, ``LayoutView/frame``, margins, safe-area insets,
/// ``LayoutView/intrinsicContentSize`` and fitting sizes. Throwing calls throw the
/// ``LayoutError``; property setters keep their old value and report the error to the
/// hierarchy's diagnostics (``LayoutDiagnostic/rejectedValue(view:error:)``).
public enum LayoutLimits {
    /// The largest magnitude of a layout value: 1,000,000,000 points.
    public static let maximumValue: Double = 1_000_000_000

    /// The largest magnitude of a constraint's multiplier: 1,000,000.
    public static let maximumMultiplier: Double = 1_000_000

    /// Whether `value` is a finite number within ±``maximumValue``.
    @inline(__always) public static func contains(_ value: Double) -> Bool {
        abs(value) <= maximumValue  // false for NaN
    }

    /// Throws ``LayoutError/valueOutOfRange(what:value:limit:)`` unless `value` is a finite
    /// number within ±``maximumValue``; `what` names it in the message (`"a frame's width"`).
    public static func check(_ value: Double, _ what: @autoclosure () -> String) throws(LayoutError) {
        guard contains(value) else { throw .valueOutOfRange(what: what(), value: value, limit: maximumValue) }
    }

    /// Throws for a multiplier that is not finite (``LayoutError/nonFiniteMultiplier``, with
    /// Apple's message) or beyond ±``maximumMultiplier``.
    public static func checkMultiplier(_ multiplier: Double) throws(LayoutError) {
        guard multiplier.isFinite else { throw .nonFiniteMultiplier }
        guard abs(multiplier) <= maximumMultiplier else {
            throw .valueOutOfRange(what: "the multiplier", value: multiplier, limit: maximumMultiplier)
        }
    }

    /// Throws for a constant that is not finite (``LayoutError/nonFiniteConstant``, with
    /// Apple's message) or beyond ±``maximumValue``.
    public static func checkConstant(_ constant: Double) throws(LayoutError) {
        guard constant.isFinite else { throw .nonFiniteConstant }
        try check(constant, "the constant")
    }

    /// ``check(_:_:)-(Double,_)`` for each component of a rectangle.
    public static func check(_ rect: Rect, _ what: String) throws(LayoutError) {
        try check(rect.minX, "\(what)'s x")
        try check(rect.minY, "\(what)'s y")
        try check(rect.width, "\(what)'s width")
        try check(rect.height, "\(what)'s height")
    }

    /// ``check(_:_:)-(Double,_)`` for each side of insets.
    public static func check(_ insets: EdgeInsets, _ what: String) throws(LayoutError) {
        try check(insets.top, "\(what)' top")
        try check(insets.left, "\(what)' left")
        try check(insets.bottom, "\(what)' bottom")
        try check(insets.right, "\(what)' right")
    }

    /// ``check(_:_:)-(Double,_)`` for each side of directional insets.
    public static func check(_ insets: DirectionalEdgeInsets, _ what: String) throws(LayoutError) {
        try check(insets.top, "\(what)' top")
        try check(insets.leading, "\(what)' leading")
        try check(insets.bottom, "\(what)' bottom")
        try check(insets.trailing, "\(what)' trailing")
    }
}

extension LayoutLimits {
    /// The error ``check(_:_:)-(Double,_)`` would throw for a rectangle, or nil.
    static func problem(with rect: Rect, _ what: String) -> LayoutError? {
        do throws(LayoutError) { try check(rect, what) } catch { return error }
        return nil
    }

    /// The error ``check(_:_:)-(Double,_)`` would throw for insets, or nil.
    static func problem(with insets: EdgeInsets, _ what: String) -> LayoutError? {
        do throws(LayoutError) { try check(insets, what) } catch { return error }
        return nil
    }

    /// The error ``check(_:_:)-(Double,_)`` would throw for directional insets, or nil.
    static func problem(with insets: DirectionalEdgeInsets, _ what: String) -> LayoutError? {
        do throws(LayoutError) { try check(insets, what) } catch { return error }
        return nil
    }
}

extension LayoutView {
    /// Reports a refused value to the hierarchy's diagnostics; `flushing: false` from inside
    /// the engine's own work (see ``LayoutEngine/report(_:flushing:)``).
    func refuse(_ error: LayoutError, flushing: Bool = true) {
        engine.report(.rejectedValue(view: self, error: error), flushing: flushing)
    }
}
