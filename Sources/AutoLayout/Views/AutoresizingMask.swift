/// Which parts of a view's frame grow or shrink with its superview, for views whose frame
/// is turned into constraints (``LayoutView/translatesAutoresizingMaskIntoConstraints``).
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    /// The mask's bits.
    public let rawValue: Int
    /// Creates a mask from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The left margin changes with the superview's width.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width changes with the superview's width.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin changes with the superview's width.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin changes with the superview's height.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height changes with the superview's height.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin changes with the superview's height.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// The `h=…` / `v=…` code Apple prints in logs: `-` fixed, `&` flexible, for margin,
    /// size, margin.
    /// (Made from its bytes: interpolating six pieces costs more than the constraints'
    /// other fields together.)
    var logCode: String {
        func code(_ bit: AutoresizingMask) -> UInt8 { contains(bit) ? UInt8(ascii: "&") : UInt8(ascii: "-") }
        let h = UInt8(ascii: "h"), v = UInt8(ascii: "v"), equals = UInt8(ascii: "="), space = UInt8(ascii: " ")
        let bytes: [UInt8] = [h, equals, code(.flexibleLeftMargin), code(.flexibleWidth), code(.flexibleRightMargin),
                              space, v, equals, code(.flexibleTopMargin), code(.flexibleHeight),
                              code(.flexibleBottomMargin)]
        return String(decoding: bytes, as: UTF8.self)
    }
}
