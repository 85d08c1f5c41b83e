import AutoLayout

/// A constraint given by its parts, `first.attribute REL multiplier × second.attribute +
/// constant`, as Interface Builder files store them: it is made with `LayoutConstraint`'s
/// `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`, without an
/// equation to parse, and written in documents as its ``equation``.
public struct RelationSpec: Sendable, Hashable {
    /// The first item: a view or guide id, or a view id followed by `.layoutMarginsGuide`,
    /// `.safeAreaLayoutGuide` or `.readableContentGuide`, as equations name items.
    public var first: String
    /// The first item's attribute.
    public var firstAttribute: LayoutAttribute
    /// How the sides compare.
    public var relation: LayoutRelation
    /// The second item, named as ``first``; nil for a constant.
    public var second: String?
    /// The second item's attribute (`notAnAttribute` for a constant).
    public var secondAttribute: LayoutAttribute
    /// The multiplier of the second item.
    public var multiplier: Double
    /// The constant.
    public var constant: Double

    /// A relation.
    public init(first: String, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation, second: String?,
                _ secondAttribute: LayoutAttribute, multiplier: Double = 1, constant: Double = 0) {
        self.first = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.second = second
        self.secondAttribute = second == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        self.constant = constant
    }

    /// The relation as an equation `LayoutConstraint.parse(_:items:)` reads back to the
    /// same constraint: `a.top == 0.5 * b.top + 8`, `a.width == 100`.
    public var equation: String {
        var text = "\(first).\(firstAttribute) \(relation) "
        guard let second else { return text + Self.number(constant) }
        if multiplier != 1 { text += "\(Self.number(multiplier)) * " }
        text += "\(second).\(secondAttribute)"
        if constant != 0 { text += constant < 0 ? " - \(Self.number(-constant))" : " + \(Self.number(constant))" }
        return text
    }

    /// A number as equations read it: no trailing `.0` and no exponent (values that would
    /// need one, under 0.0001, are written 0).
    static func number(_ value: Double) -> String {
        if abs(value) < 0.0001 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// The item an id names among `items` (see ``first``), or nil.
    static func item(_ name: String, in items: [String: LayoutItem]) -> LayoutItem? {
        if let item = items[name] { return item }
        guard let dot = name.lastIndex(of: "."), let view = items[String(name[..<dot])] as? LayoutView else { return nil }
        switch name[name.index(after: dot)...] {
        case "layoutMarginsGuide": return view.layoutMarginsGuide
        case "safeAreaLayoutGuide": return view.safeAreaLayoutGuide
        case "readableContentGuide": return view.readableContentGuide
        default: return nil
        }
    }

    /// The constraint, made directly.
    /// - Throws: ``LayoutError`` as the initializer does, or for an item not in `items`.
    func constraint(items: [String: LayoutItem]) throws -> LayoutConstraint {
        guard let firstItem = Self.item(first, in: items) else { throw RelationError.unknownItem(first) }
        var secondItem: LayoutItem?
        if let second {
            guard let item = Self.item(second, in: items) else { throw RelationError.unknownItem(second) }
            secondItem = item
        }
        return try LayoutConstraint(item: firstItem, attribute: firstAttribute, relatedBy: relation, toItem: secondItem,
                                    attribute: secondAttribute, multiplier: multiplier, constant: constant)
    }

    /// An item a relation names that the document does not have.
    enum RelationError: Error, CustomStringConvertible {
        case unknownItem(String)

        var description: String {
            switch self {
            case .unknownItem(let name): "Unknown item '\(name)'"
            }
        }
    }
}
