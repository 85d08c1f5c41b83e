import AutoLayout
import LayoutDocument

// Interface Builder's `<constraint>` elements as document relations.

extension ViewReader {
    /// The relation of a `<constraint>` held by the view `holder`, or nil (with a warning)
    /// when it names something outside the root or an attribute the reader does not know.
    /// `firstItem` defaults to the holder, as does a missing `secondItem` when there is a
    /// `secondAttribute`; a multiplier is `0.5`, `1:1`, `16:9` or `1/3`; `symbolic`
    /// constants are stored resolved.
    mutating func constraintSpec(holder: String, _ node: XMLNode) -> ConstraintSpec? {
        let attributes = variations.attributes(of: node)
        if attributes["placeholder"] == "YES" && !options.keepsPlaceholders { return nil }
        let where_ = "the constraint at line \(node.line)"
        guard let firstAttribute = attributes["firstAttribute"].flatMap(Self.attribute) else {
            warn("\(where_) has no attribute the reader knows (\(attributes["firstAttribute"] ?? "none")): left out")
            return nil
        }
        let firstID = attributes["firstItem"] ?? holder
        let secondAttributeText = attributes["secondAttribute"]
        let secondAttribute = secondAttributeText.flatMap(Self.attribute)
        if secondAttributeText != nil && secondAttribute == nil {
            warn("\(where_) has a second attribute the reader does not know (\(secondAttributeText!)): left out")
            return nil
        }
        let secondID = secondAttribute == nil ? nil : attributes["secondItem"] ?? holder
        guard let first = item(firstID, attribute: firstAttribute, other: secondID) else {
            warn("\(where_) names '\(firstID)', which is not a view of this root: left out")
            return nil
        }
        let relation: LayoutRelation = switch attributes["relation"] {
        case "greaterThanOrEqual": .greaterThanOrEqual
        case "lessThanOrEqual": .lessThanOrEqual
        default: .equal
        }
        guard attributes["constant"] == nil || Numbers.length(attributes.number("constant")) != nil else {
            warn("\(where_) has a constant the reader cannot use (\(attributes["constant"]!)): left out")
            return nil
        }
        let constant = Numbers.length(attributes.number("constant")) ?? 0
        var second: String?
        if let secondID, let secondAttribute {
            guard let item = item(secondID, attribute: secondAttribute, other: firstID) else {
                warn("\(where_) names '\(secondID)', which is not a view of this root: left out")
                return nil
            }
            second = item
        }
        guard let multiplier = Self.multiplier(attributes["multiplier"]) else {
            warn("\(where_) has a multiplier the reader cannot read (\(attributes["multiplier"] ?? "")): left out")
            return nil
        }
        let body = RelationSpec(first: first, firstAttribute, relation, second: second, secondAttribute ?? .notAnAttribute,
                                multiplier: multiplier, constant: constant)
        let position = SourcePosition(line: node.line, column: 1)
        var spec = ConstraintSpec(body: .relation(body), position: position, textPosition: position)
        if let priority = Numbers.length(attributes.number("priority")), priority != 1000 {
            spec.priority = LayoutPriority(Float(min(1000, max(1, priority))))
        }
        spec.identifier = attributes["identifier"]
        return spec
    }

    /// What an id stands for in a relation: a view's document id, a guide, or, for a
    /// scroll view's edges or centre seen from inside it, its content guide.
    func item(_ id: String, attribute: LayoutAttribute, other: String?) -> String? {
        if let guide = guides[id] { return guide }
        guard let name = names[id] else { return nil }
        if let content = contentGuides[id], attribute != .width && attribute != .height,
           let other, isDescendant(other, of: id) {
            return content
        }
        return name
    }

    /// Whether the view `id` is inside the view `ancestor`.
    func isDescendant(_ id: String, of ancestor: String) -> Bool {
        var current = parents[id]
        while let view = current {
            if view == ancestor { return true }
            current = parents[view]
        }
        return false
    }

    /// An Interface Builder attribute (`baseline` is the last baseline), or nil.
    static func attribute(_ name: String) -> LayoutAttribute? {
        guard let attribute = LayoutAttribute(name: name == "baseline" ? "lastBaseline" : name),
              attribute != .notAnAttribute else { return nil }
        return attribute
    }

    /// A multiplier as Interface Builder writes it: `0.5`, `1:1`, `16:9` or `1/3` (a/b);
    /// 1 when absent; nil when unreadable or not finite.
    static func multiplier(_ text: String?) -> Double? {
        guard let text, !text.isEmpty else { return 1 }
        for separator in [":", "/"] where text.contains(separator) {
            let parts = text.split(separator: Character(separator), maxSplits: 1).map { Double($0.trimmingWhitespace) }
            guard parts.count == 2, let a = parts[0], let b = parts[1], b != 0, (a / b).isFinite else { return nil }
            return a / b
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

extension Substring {
    var trimmingWhitespace: Substring {
        var text = self
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
