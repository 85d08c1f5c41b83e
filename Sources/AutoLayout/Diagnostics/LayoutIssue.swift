/// Something wrong with a laid-out hierarchy that a person can fix, in Interface Builder's
/// words where it has them (see ``LayoutView/layoutIssues()``).
public struct LayoutIssue: CustomStringConvertible {
    /// What is wrong.
    public enum Kind: String, Sendable, CaseIterable {
        /// Constraints could not all hold; the engine broke one (Interface Builder's red
        /// "Conflicting Constraints").
        case conflictingConstraints
        /// The constraints leave part of a view's frame open (Interface Builder's "Missing
        /// Constraints": "Need constraints for: X position").
        case missingConstraints
        /// Views share slack or squeeze at equal content priorities, so which one gives is
        /// not decided (Interface Builder's "Content Priority Ambiguity").
        case contentPriorityAmbiguity
        /// Optional constraints of equal priority pull a view different ways, and which
        /// one wins is not decided.
        case equalPriorityTie
        /// A view's width or height came out negative.
        case negativeSize
        /// A view is smaller than its content along an axis where it resists compression.
        /// The message says "its text is cut off" for a view with a first baseline (one
        /// that shows text), "its content is cut off" otherwise.
        case compressedContent
        /// A view lies partly or wholly outside its superview's bounds.
        case outsideSuperview
        /// An optional constraint is not met at the solution.
        case unmetOptionalConstraint

        /// Whether the layout is wrong, not just doubtful: conflicts, the kind that makes
        /// `autolayout check` exit with 2.
        public var isError: Bool { self == .conflictingConstraints }

        /// Whether the issue is a warning: the layout is determined and consistent, but
        /// looks unintended (content cut off, a view outside its superview, an unmet
        /// optional constraint). `autolayout check` fails on warnings only with `--strict`.
        public var isWarning: Bool {
            self == .compressedContent || self == .outsideSuperview || self == .unmetOptionalConstraint
        }
    }

    /// What is wrong.
    public let kind: Kind
    /// The views involved, the one the issue is about first.
    public let views: [LayoutView]
    /// The constraints involved (for a conflict, the minimal conflicting set, the broken
    /// one last).
    public let constraints: [LayoutConstraint]
    /// The issue in a sentence, without the view's name (`Need constraints for: Y
    /// position or height`).
    public let message: String

    /// The view's name and the message: `'box': Need constraints for: height`.
    public var description: String {
        guard let view = views.first else { return message }
        return "'\(view)': \(message)"
    }
}
