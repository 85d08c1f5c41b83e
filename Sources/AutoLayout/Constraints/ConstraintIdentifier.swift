/// A constraint's identifier, held in an object: a constraint stores one reference (eight
/// bytes) instead of an optional string (sixteen), which keeps a ``LayoutConstraint`` in a
/// 96-byte block. The identifiers the engine and stack views give their constraints are
/// made once and shared: every `UISV-spacing` constraint points at the same one, and a
/// view's four autoresizing constraints at one.
final class ConstraintIdentifier: Sendable {
    /// The identifier.
    let text: String

    init(_ text: String) { self.text = text }
}

extension ConstraintIdentifier {
    /// The identifiers of the engine's content-size constraints.
    static let horizontalContentSize = ConstraintIdentifier("H content size")
    static let verticalContentSize = ConstraintIdentifier("V content size")
    static let horizontalHugging = ConstraintIdentifier("H hugging")
    static let verticalHugging = ConstraintIdentifier("V hugging")
    static let horizontalCompression = ConstraintIdentifier("H compression resistance")
    static let verticalCompression = ConstraintIdentifier("V compression resistance")
    /// The identifiers of a root view's constraints.
    static let rootMinX = ConstraintIdentifier("root.minX")
    static let rootMinY = ConstraintIdentifier("root.minY")
    static let rootWidth = ConstraintIdentifier("root.width")
    static let rootHeight = ConstraintIdentifier("root.height")
    /// The identifier of a readable content guide's constraints.
    static let readableContent = ConstraintIdentifier("UIView-readableContent")
}
