/// A rectangle that takes part in layout without being a view: spacing between views,
/// a view's margins, its safe area.
open class LayoutGuide: LayoutItem {
    /// The view the guide belongs to; its ``layoutFrame`` is in this view's coordinates.
    /// (Cleared by the view when it goes away.)
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var owningView: LayoutView? {
        didSet { owningReference = owningView.map { Unmanaged.passUnretained($0) } }
    }
    /// ``owningView`` again, as `Unmanaged` (kept equal to it by its observer and the
    /// initializer): following it costs no retain.
    @exclusivity(unchecked) var owningReference: Unmanaged<LayoutView>?
    /// A name used in descriptions and diagnostics.
    @exclusivity(unchecked) public var identifier: String = ""
    /// The guide's solver variables (made on first use: the margins and safe-area guides
    /// never use theirs, see ``isInsetAlias``).
    lazy var variables = ItemVariables()
    let role: Role
    /// How constraints refer to this guide (see ``ItemHandle``).
    @usableFromInline final let handle = ItemHandle()

    /// What made the guide: the user, or a view for its margins, safe area or readable width.
    enum Role {
        case custom, margins, safeArea, readableContent

        /// The name of the view's property that holds such a guide.
        var property: String? {
            switch self {
            case .custom: nil
            case .margins: "layoutMarginsGuide"
            case .safeArea: "safeAreaLayoutGuide"
            case .readableContent: "readableContentGuide"
            }
        }
    }

    /// Creates a guide; add it to a view with ``LayoutView/addLayoutGuide(_:)``.
    public init() {
        role = .custom
        handle.guideReference = Unmanaged.passUnretained(self)
    }

    deinit {
        handle.guideReference = nil
    }

    init(role: Role, owner: LayoutView) {
        self.role = role
        owningView = owner
        owningReference = Unmanaged.passUnretained(owner)  // (observers do not run in an initializer)
        handle.guideReference = Unmanaged.passUnretained(self)
        identifier = switch role {
        case .custom: ""
        case .margins: "UIViewLayoutMarginsGuide"
        case .safeArea: "UIViewSafeAreaLayoutGuide"
        case .readableContent: "UIViewReadableContentGuide"
        }
    }

    /// Whether the guide is its owning view's rectangle inset by the margins or the safe
    /// area. Such a guide has no variables or constraints of its own: the engine writes its
    /// edges as the view's edges plus constants, and changes those constants in place when
    /// the insets change (four fewer rows and variables per view that uses its margins).
    var isInsetAlias: Bool { role == .margins || role == .safeArea }

    /// The guide's rectangle in its owning view's coordinates, as of the last layout pass.
    public var layoutFrame: Rect {
        guard let owner = owningView else { return .zero }
        if isInsetAlias {
            let a = owner.alignmentRectInsets, base = owner.variables.rect
            let insets = owner.appliedInsets ?? (owner.effectiveMarginInsets, owner.safeAreaInsets)
            let i = role == .margins ? insets.margins : insets.safeArea
            return Rect(x: a.left + i.left, y: a.top + i.top, width: base.width - i.left - i.right,
                        height: base.height - i.top - i.bottom)
        }
        let mine = variables.rect, base = owner.variables.rect
        return Rect(x: mine.minX - base.minX + owner.alignmentRectInsets.left,
                    y: mine.minY - base.minY + owner.alignmentRectInsets.top,
                    width: mine.width, height: mine.height)
    }

    /// The guide's identifier, or a generated name when it has none.
    public var description: String {
        if !identifier.isEmpty {
            if let owner = owningView, let property = role.property { return "\(owner).\(property)" }
            return identifier
        }
        return ItemNames.fallback("LayoutGuide", self)
    }
}
