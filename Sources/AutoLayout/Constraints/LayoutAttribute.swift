/// The part of an item's alignment rectangle a constraint is about.
public enum LayoutAttribute: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// No attribute: the constraint has a constant on this side.
    case notAnAttribute = 0
    /// The left edge.
    case left = 1
    /// The right edge.
    case right
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
    /// The leading edge: left in left-to-right layouts, right in right-to-left ones.
    case leading
    /// The trailing edge: right in left-to-right layouts, left in right-to-left ones.
    case trailing
    /// The width.
    case width
    /// The height.
    case height
    /// The horizontal center.
    case centerX
    /// The vertical center.
    case centerY
    /// The baseline of the last line of text (a plain view's bottom).
    case lastBaseline
    /// The baseline of the first line of text (a plain view's bottom).
    case firstBaseline
    /// The left edge inset by the left layout margin.
    case leftMargin
    /// The right edge inset by the right layout margin.
    case rightMargin
    /// The top edge inset by the top layout margin.
    case topMargin
    /// The bottom edge inset by the bottom layout margin.
    case bottomMargin
    /// The leading edge inset by the leading layout margin.
    case leadingMargin
    /// The trailing edge inset by the trailing layout margin.
    case trailingMargin
    /// The horizontal center of the margins' rectangle.
    case centerXWithinMargins
    /// The vertical center of the margins' rectangle.
    case centerYWithinMargins

    /// Another name for ``lastBaseline``.
    public static let baseline = LayoutAttribute.lastBaseline

    /// The kinds of attributes, for checking which may be paired.
    enum Kind: Equatable {
        case none, horizontal, vertical, dimension
    }

    var kind: Kind {
        switch self {
        case .notAnAttribute: .none
        case .left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin, .leadingMargin,
             .trailingMargin, .centerXWithinMargins: .horizontal
        case .top, .bottom, .centerY, .lastBaseline, .firstBaseline, .topMargin, .bottomMargin,
             .centerYWithinMargins: .vertical
        case .width, .height: .dimension
        }
    }

    /// Whether the attribute follows the layout direction.
    var isDirectional: Bool {
        switch self {
        case .leading, .trailing, .leadingMargin, .trailingMargin: true
        default: false
        }
    }

    /// Whether the attribute is a fixed left or right edge.
    var isLeftOrRight: Bool {
        switch self {
        case .left, .right, .leftMargin, .rightMargin: true
        default: false
        }
    }

    /// Whether the attribute reads the layout margins.
    var isMargin: Bool { rawValue >= LayoutAttribute.leftMargin.rawValue }

    /// The plain attribute a margin attribute insets (itself otherwise).
    var withoutMargin: LayoutAttribute {
        switch self {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: self
        }
    }

    /// The name as written in equations and descriptions (`leading`, `centerXWithinMargins`).
    public var description: String {
        switch self {
        case .notAnAttribute: "notAnAttribute"
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        }
    }

    /// The attribute named `name` (`baseline` means ``lastBaseline``), or nil.
    public init?(name: String) {
        if name == "baseline" {
            self = .lastBaseline
            return
        }
        guard let match = LayoutAttribute.allCases.first(where: { $0.description == name }) else { return nil }
        self = match
    }
}

/// How the two sides of a ``LayoutConstraint`` compare.
public enum LayoutRelation: Int, Sendable, CustomStringConvertible {
    /// `first <= second`.
    case lessThanOrEqual = -1
    /// `first == second`.
    case equal = 0
    /// `first >= second`.
    case greaterThanOrEqual = 1

    /// `<=`, `==` or `>=`.
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A layout axis, for content hugging and compression resistance.
public enum LayoutAxis: Int, Sendable {
    /// Left to right.
    case horizontal = 0
    /// Top to bottom.
    case vertical = 1
}

/// The direction text and leading/trailing attributes run in.
public enum UserInterfaceLayoutDirection: Int, Sendable {
    /// Leading is left.
    case leftToRight
    /// Leading is right.
    case rightToLeft
}

/// Whether a view flips in right-to-left layouts.
public enum SemanticContentAttribute: Int, Sendable {
    /// Follows the superview (the root follows its `userInterfaceLayoutDirection`).
    case unspecified
    /// Playback controls: always left to right.
    case playback
    /// Spatial controls (directional pads): always left to right.
    case spatial
    /// Always left to right.
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft
}
