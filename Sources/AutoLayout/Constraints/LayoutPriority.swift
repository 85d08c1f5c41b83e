import Cassowary

/// How much a constraint matters, from 1 to 1000 (required), with UIKit's named levels.
///
/// Priorities are strictly ordered: no amount of error at one priority outweighs any
/// error at a higher one. Each priority below `required` is a level of its own in the
/// solver's objective.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The priority as a number.
    public var rawValue: Float
    /// Creates a priority from a number.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// Creates a priority from a number.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// Creates a priority from a literal.
    public init(floatLiteral value: Float) { rawValue = value }
    /// Creates a priority from a literal.
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// A constraint that must hold (1000).
    public static let required: LayoutPriority = 1000
    /// The priority of a button's content compression resistance (750).
    public static let defaultHigh: LayoutPriority = 750
    /// A window resize handle that can resize the scene (510).
    public static let dragThatCanResizeScene: LayoutPriority = 510
    /// The priority at which a scene keeps its size (500).
    public static let sceneSizeStayPut: LayoutPriority = 500
    /// A window resize handle that cannot resize the scene (490).
    public static let dragThatCannotResizeScene: LayoutPriority = 490
    /// The priority of a button's content hugging (250).
    public static let defaultLow: LayoutPriority = 250
    /// The priority of the target size in fitting-size computations (50).
    public static let fittingSizeLevel: LayoutPriority = 50

    /// Whether this is `required`.
    public var isRequired: Bool { rawValue >= 1000 }

    /// Whether the priority is in Apple's range 1...1000.
    public var isValid: Bool { rawValue >= 1 && rawValue <= 1000 }

    /// A priority raised by `amount` (UIKit's `UILayoutPriority + Float`): `.defaultLow + 1`.
    public static func + (priority: LayoutPriority, amount: Float) -> LayoutPriority {
        LayoutPriority(priority.rawValue + amount)
    }

    /// A priority lowered by `amount` (UIKit's `UILayoutPriority - Float`): `.defaultHigh - 1`.
    public static func - (priority: LayoutPriority, amount: Float) -> LayoutPriority {
        LayoutPriority(priority.rawValue - amount)
    }

    /// Orders priorities by their number.
    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The number, without `.0` when whole.
    public var description: String { format(Double(rawValue)) }

    /// The solver strength: required, or a level of its own. The two levels every view's
    /// content size uses (hugging and compression resistance: four constraints per view)
    /// are made once; a strength holds an array, so making one allocates.
    var strength: Strength {
        if isRequired { return .required }
        switch rawValue {
        case LayoutPriority.defaultLow.rawValue: return LayoutPriority.defaultLowStrength
        case LayoutPriority.defaultHigh.rawValue: return LayoutPriority.defaultHighStrength
        default: return .level(Double(rawValue))
        }
    }

    private static let defaultLowStrength = Strength.level(Double(LayoutPriority.defaultLow.rawValue))
    private static let defaultHighStrength = Strength.level(Double(LayoutPriority.defaultHigh.rawValue))
}

/// A priority for each axis, indexed by ``LayoutAxis/rawValue``: stored inline, so setting
/// one copies no array.
struct AxisPriorities {
    var horizontal: LayoutPriority
    var vertical: LayoutPriority

    /// The same priority on both axes.
    init(_ both: LayoutPriority) {
        horizontal = both
        vertical = both
    }

    /// The priority for the axis with this raw value (0 horizontal, 1 vertical).
    subscript(axis: Int) -> LayoutPriority {
        get { axis == LayoutAxis.horizontal.rawValue ? horizontal : vertical }
        set {
            if axis == LayoutAxis.horizontal.rawValue { horizontal = newValue } else { vertical = newValue }
        }
    }
}
