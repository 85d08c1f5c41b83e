/// Why a constraint could not be made, activated or changed. Messages use Apple's wording.
public enum LayoutError: Error, Equatable, CustomStringConvertible {
    /// A location attribute paired with a dimension, or a horizontal with a vertical one.
    case invalidPairing(String)
    /// Leading/trailing paired with left/right.
    case mixedDirectionalAttributes(String)
    /// A location equal to a constant.
    case locationWithConstant(String)
    /// A constant that is infinite or not a number.
    case nonFiniteConstant
    /// A multiplier that is infinite or not a number.
    case nonFiniteMultiplier
    /// A priority outside 1...1000.
    case invalidPriority(Float)
    /// An item that is neither a ``LayoutView`` nor a ``LayoutGuide``.
    case unsupportedItem(String)
    /// The items have no common ancestor.
    case noCommonAncestor(String)
    /// A guide not added to any view.
    case guideWithoutOwningView(String)
    /// Switching an active constraint between required and optional.
    case requiredPriorityChange(String)
    /// A number beyond ``LayoutLimits`` (or not finite): `what` names it (`"the constant"`,
    /// `"the frame's width"`), and `limit` is the largest magnitude allowed.
    case valueOutOfRange(what: String, value: Double, limit: Double)
    /// The solver refused a lowered constraint for a reason other than a conflict (a number
    /// that is not finite, or one that rounding would lose); the message is the solver's.
    case solverRefused(String)
    /// The solver would not take out a constraint being deactivated (a fault: the solver
    /// holds every constraint the engine put in); the message is the solver's. If the
    /// solver still held it, it still applies.
    case removalRefused(String)

    /// The message, in Apple's words where Apple has them.
    public var description: String {
        switch self {
        case .invalidPairing(let pair):
            "Invalid pairing of layout attributes: \(pair)"
        case .mixedDirectionalAttributes(let pair):
            "A constraint cannot be made between a leading/trailing attribute and a right/left attribute. "
                + "Use leading/trailing for both or neither. (\(pair))"
        case .locationWithConstant(let what):
            "A multiplier of 0 or a nil second item together with a location for the first attribute "
                + "creates an illegal constraint of a location equal to a constant. "
                + "Location attributes must be specified in pairs. (\(what))"
        case .nonFiniteConstant:
            "NSLayoutConstraint constant is not finite! That's illegal."
        case .nonFiniteMultiplier:
            "Multiplier is not finite! That's illegal."
        case .invalidPriority(let value):
            "A priority must be between 1 and 1000; got \(format(Double(value)))."
        case .unsupportedItem(let item):
            "\(item) is not a layout item: constraints can relate only views and layout guides."
        case .noCommonAncestor(let constraint):
            "Unable to activate constraint with anchors \(constraint) because they have no common ancestor. "
                + "Does the constraint or its anchors reference items in different view hierarchies? That's illegal."
        case .guideWithoutOwningView(let guide):
            "The layout guide \(guide) has no owning view; add it to a view with addLayoutGuide(_:) first."
        case .requiredPriorityChange(let constraint):
            "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. "
                + "You passed priority for \(constraint)."
        case .valueOutOfRange(let what, let value, let limit):
            "\(capitalized(what)) is \(value.isNaN ? "nan" : format(value)), "
                + (value.isFinite ? "out of range: " : "not a finite number: ")
                + (limit == LayoutLimits.maximumMultiplier && what.hasSuffix("multiplier")
                   ? "multipliers must be within ±\(format(limit)) (LayoutLimits.maximumMultiplier)."
                   : "layout values must be within ±\(format(limit)) points (LayoutLimits.maximumValue).")
        case .solverRefused(let message):
            "The solver refused the constraint: \(message)."
        case .removalRefused(let message):
            "The solver could not remove the constraint: \(message)."
        }
    }
}

/// The text with its first letter in upper case.
private func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
}
