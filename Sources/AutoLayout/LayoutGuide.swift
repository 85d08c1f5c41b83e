/// A rectangle that takes part in layout without being a view: spacing between views,
/// a view's margins, its safe area.
open class LayoutGuide: LayoutItem {
    /// The view the guide belongs to; its ``layoutFrame`` is in this view's coordinates.
    /// (Cleared by the view when it goes away.)
    public internal(set) unowned(unsafe) var owningView: LayoutView?
    /// A name used in descriptions and diagnostics.
    public var identifier: String = ""
    let variables: ItemVariables
    let role: Role
    /// How constraints refer to this guide (see ``ItemHandle``).
    let handle = ItemHandle()

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
        variables = ItemVariables()
        handle.item = self
    }

    deinit { handle.item = nil }

    init(role: Role, owner: LayoutView) {
        self.role = role
        owningView = owner
        variables = ItemVariables()
        handle.item = self
        identifier = switch role {
        case .custom: ""
        case .margins: "UIViewLayoutMarginsGuide"
        case .safeArea: "UIViewSafeAreaLayoutGuide"
        case .readableContent: "UIViewReadableContentGuide"
        }
    }

    /// The guide's rectangle in its owning view's coordinates, as of the last layout pass.
    public var layoutFrame: Rect {
        guard let owner = owningView else { return .zero }
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
