/// Components of a view's frame: x, y (in its superview's coordinates), width and height.
public struct FrameComponents: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The set's bits: x 1, y 2, width 4, height 8.
    public let rawValue: UInt8
    /// Creates a set from its raw value.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The x of the frame's origin.
    public static let x = FrameComponents(rawValue: 1)
    /// The y of the frame's origin.
    public static let y = FrameComponents(rawValue: 2)
    /// The frame's width.
    public static let width = FrameComponents(rawValue: 4)
    /// The frame's height.
    public static let height = FrameComponents(rawValue: 8)
    /// All four.
    public static let all: FrameComponents = [.x, .y, .width, .height]

    /// The components along one axis: x and width, or y and height.
    public static func along(_ axis: LayoutAxis) -> FrameComponents {
        axis == .horizontal ? [.x, .width] : [.y, .height]
    }

    /// The names in the set, in the order x, y, width, height (as the conformance
    /// fixtures write them: "x", "y", "w", "h").
    public var description: String {
        "[" + FrameComponents.named.filter { contains($0.component) }.map(\.name).joined(separator: ", ") + "]"
    }

    static let named: [(component: FrameComponents, name: String)] = [(.x, "x"), (.y, "y"), (.width, "w"), (.height, "h")]
}
