import AutoLayout

/// A layout document: a root view at one or more sizes, a tree of views, and constraints
/// written in the Visual Format Language or as equations, some only for some sizes. Read
/// one with ``LayoutDocument/load(contentsOf:)`` or ``LayoutDocument/parse(_:file:)``; lay
/// it out with ``LayoutDocument/layout(at:)``.
public struct LayoutDocument: Sendable {
    /// A title, shown in renders.
    public var name: String?
    /// The root view's id (`root` unless the document says otherwise).
    public var rootID = "root"
    /// The sizes to lay the root out at (at least one).
    public var sizes: [Size] = []
    /// The root's layout direction.
    public var direction: UserInterfaceLayoutDirection = .leftToRight
    /// The root's safe-area insets.
    public var safeArea: EdgeInsets = .zero
    /// The root's layout margins (UIKit's 8 on each side unless given).
    public var margins: EdgeInsets?
    /// The reader's text size, which sets the point size of every view with a ``ViewSpec/textStyle``
    /// (``ContentSizeCategory/large`` by default).
    public var contentSize = ContentSizeCategory.large
    /// What `|-` means in the document's visual formats.
    public var superviewSpacing: LayoutConstraint.SuperviewSpacing = .classic
    /// The root's subviews and guides.
    public var views: [ViewSpec] = []
    /// The constraints, in order.
    public var constraints: [ConstraintSpec] = []
    /// The file the document came from, for messages.
    public var file: String

    /// An empty document for `file`.
    public init(file: String) { self.file = file }
}

/// Where something was written: line and column, counted from 1.
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// One view (or layout guide) of a document.
public struct ViewSpec: Sendable {
    /// The name constraints use; unique in the document.
    public var id: String
    /// What the view is: it decides the intrinsic size and the priority defaults.
    public var kind: ViewKind = .view
    /// The text of a label, button or text field.
    public var text: String?
    /// A Dynamic Type text style: the font size follows the document's ``LayoutDocument/contentSize``
    /// (over ``fontSize``).
    public var textStyle: TextStyle?
    /// A text field's placeholder: shown in grey, and measured, while it has no text.
    public var placeholder: String?
    /// The font size of the text, in points (17 by default).
    public var fontSize: Double = 17
    /// The weight of the font; nil for the text style's (semibold for a headline) or regular.
    public var fontWeight: FontWeight?
    /// How many lines a label shows: 1 by default, 0 for as many as its text needs.
    public var numberOfLines = 1
    /// How a label breaks and shortens its text (``LineBreakMode/truncateTail`` by default).
    public var lineBreakMode = LineBreakMode.truncateTail
    /// The width a label of several lines wraps at; 0 (the default) for the width its
    /// constraints give it, found by a second layout pass, as UIKit's automatic width.
    public var preferredMaxLayoutWidth = 0.0
    /// The intrinsic size given directly; an axis that is nil has no intrinsic metric.
    /// When absent the kind decides (text measured, or the control's standard size).
    public var intrinsicSize: (width: Double?, height: Double?)?
    /// Content hugging priorities (horizontal, vertical); the kind's defaults when nil.
    public var hugging: (LayoutPriority, LayoutPriority)?
    /// Compression resistance priorities (horizontal, vertical); 750 when nil.
    public var compression: (LayoutPriority, LayoutPriority)?
    /// Layout margins; UIKit's 8 when nil.
    public var margins: EdgeInsets?
    /// Whether the margins grow to the superview's where the view reaches into them
    /// (`preservesSuperviewLayoutMargins`; false by default).
    public var preservesSuperviewMargins = false
    /// Whether the margins are measured from the safe area
    /// (`insetsLayoutMarginsFromSafeArea`; true by default).
    public var insetsMarginsFromSafeArea = true
    /// How far the alignment rectangle, which constraints place, lies inside the frame (a
    /// switch's frame is 2 points wider on the right than its alignment rectangle).
    public var alignmentInsets: EdgeInsets = .zero
    /// When the view is hidden.
    public var hidden: Condition = .never
    /// Whether the view's frame and mask become constraints (true when a frame is given).
    public var translatesAutoresizingMaskIntoConstraints = false
    /// The frame for a view placed by its autoresizing mask, for the document's first size
    /// (at other sizes the mask decides).
    public var frame: Rect = .zero
    /// The autoresizing mask.
    public var autoresizingMask: AutoresizingMask = []
    /// Subviews and guides; a stack's views are its arranged views, in order.
    public var children: [ViewSpec] = []
    /// A stack's options (kind `stack` only).
    public var stack: StackSpec?
    /// Where the view was written.
    public var position: SourcePosition

    /// A plain view.
    public init(id: String, position: SourcePosition) {
        self.id = id
        self.position = position
    }
}

/// One entry of a document's constraint list.
public struct ConstraintSpec: Sendable {
    /// What the entry says.
    public enum Body: Sendable {
        /// A visual format, with its options and metrics.
        case visualFormat(String, options: LayoutConstraint.FormatOptions, metrics: [String: Double])
        /// An equation such as `a.width == 2*b.width + 10 @750`.
        case equation(String)
        /// A relation given by its parts (what an Interface Builder file stores).
        case relation(RelationSpec)
    }
    /// The format or equation.
    public var body: Body
    /// An identifier given to every constraint the entry makes.
    public var identifier: String?
    /// A priority for an equation (the equation's own `@` otherwise).
    public var priority: LayoutPriority?
    /// When the entry's constraints are active.
    public var when: Condition = .always
    /// Where the entry was written; ``textPosition`` is where its text starts.
    public var position: SourcePosition
    /// Where the format or equation text starts.
    public var textPosition: SourcePosition

    /// An entry.
    public init(body: Body, position: SourcePosition, textPosition: SourcePosition) {
        self.body = body
        self.position = position
        self.textPosition = textPosition
    }
}
