import AutoLayout

/// A value that may differ by the root's size, as Interface Builder's size-class variations
/// change a property: a default, and values for conditions. Written as a plain value, or as
/// a mapping `{default: vertical, when width > height: horizontal}`; the first condition
/// that holds wins.
public struct Varying<Value: Sendable>: Sendable {
    /// The value when no condition holds.
    public var base: Value
    /// Values for conditions, in the order written.
    public var variations: [(condition: Condition, value: Value)] = []

    /// A value that does not vary.
    public init(_ value: Value) { base = value }

    /// The value for a root of this size.
    public func value(for size: Size) -> Value {
        variations.first { $0.condition.holds(for: size) }?.value ?? base
    }
}

/// The options of a document's stack view (kind `stack`); its views, in order, are its
/// arranged views. Every option may vary by size.
public struct StackSpec: Sendable {
    /// The axis (horizontal by default).
    public var axis = Varying(LayoutAxis.horizontal)
    /// The distribution (fill by default).
    public var distribution = Varying(StackView.Distribution.fill)
    /// The alignment (fill by default).
    public var alignment = Varying(StackView.Alignment.fill)
    /// The spacing (0 by default; `system` for the system spacing).
    public var spacing = Varying(0.0)
    /// Spacing after particular views, by id, in the order written.
    public var customSpacing: [(id: String, spacing: Varying<Double>)] = []
    /// Whether a vertical stack's spacing is measured between baselines.
    public var baselineRelative = Varying(false)
    /// Whether the views are laid out within the stack's layout margins.
    public var marginsRelative = Varying(false)

    /// The default options.
    public init() {}

    /// Sets a stack's options for a root of this size.
    func apply(to stack: StackView, at size: Size, views: [String: LayoutView]) {
        stack.axis = axis.value(for: size)
        stack.distribution = distribution.value(for: size)
        stack.alignment = alignment.value(for: size)
        stack.spacing = spacing.value(for: size)
        stack.isBaselineRelativeArrangement = baselineRelative.value(for: size)
        stack.isLayoutMarginsRelativeArrangement = marginsRelative.value(for: size)
        for (id, spacing) in customSpacing {
            if let view = views[id] { stack.setCustomSpacing(spacing.value(for: size), after: view) }
        }
    }
}

/// A view a document made, with its kind: a ``DocumentView`` or a ``DocumentStackView``.
public protocol DocumentElement: LayoutView {
    /// What the view stands for.
    var kind: ViewKind { get }
    /// Its text, for labels, buttons and text fields.
    var text: String? { get }
    /// The font size of its text.
    var fontSize: Double { get }
    /// The weight of its text's font.
    var fontWeight: FontWeight { get }
}

/// A document's stack view (kind `stack`).
public final class DocumentStackView: StackView, DocumentElement {
    /// Always ``ViewKind/stack``.
    public var kind: ViewKind { .stack }
    /// None: a stack shows no text.
    public var text: String? { nil }
    /// Unused: a stack shows no text.
    public var fontSize: Double { 17 }
    /// Unused: a stack shows no text.
    public var fontWeight: FontWeight { .regular }
}
