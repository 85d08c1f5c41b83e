// How a constraint describes itself: Apple's shape, `<LayoutConstraint:0x… 'id' BODY   (active)>`,
// with a body in the Visual Format Language where the constraint is one a format makes, else
// an equation that ``LayoutConstraint/parse(_:items:)`` reads back.

extension LayoutConstraint {
    /// The constraint as an equation the equation parser reads back:
    /// `'identifier' a.leading == b.trailing + 8 @750` (the identifier only when set, the
    /// priority only when optional). Engine-made terms show as extra sums.
    public var equationDescription: String {
        guard let identifier, !identifier.isEmpty, origin != .autoresizing else { return equationBody }
        return "'\(identifier)' " + equationBody
    }

    /// The equation without the identifier.
    var equationBody: String {
        var right = ""
        if let second = secondItem {
            let side = self.side(second, secondAttribute, span: secondSpan)
            right = multiplier == 1 ? side : "\(format(multiplier))*\(side)"
        }
        for term in extraTerms {
            let name = term.item.map { "\($0).\(term.attribute)" } ?? "nil.\(term.attribute)"
            right += right.isEmpty ? "" : term.coefficient < 0 ? " - " : " + "
            right += abs(term.coefficient) == 1 ? name : "\(format(abs(term.coefficient)))*\(name)"
        }
        if right.isEmpty {
            right = format(storedConstant)
        } else if storedConstant != 0 {
            right += storedConstant > 0 ? " + \(format(storedConstant))" : " - \(format(-storedConstant))"
        }
        var text = "\(side(firstItem, firstAttribute, span: firstSpan)) \(relation) \(right)"
        if let compression = compressionPriority {
            text += " Hug:\(storedPriority) CompressionResistance:\(compression)"
        } else if !storedPriority.isRequired {
            text += " @\(storedPriority)"
        }
        return text
    }

    /// The constraint in the Visual Format Language when a format would make it, else nil:
    /// `H:|-(20)-[label]` (from the superview's leading edge), `H:[label]-(20)-|` (to its
    /// trailing edge), `H:[a]-(>=8@750)-[b]` (between views), `V:[box(44)]` (a size),
    /// `H:[a(==b)]` (equal sizes). Left and right edges are marked `(LTR)`. In these forms
    /// `|` is the first view's superview.
    public var visualFormatDescription: String? { visualFormat()?.text }

    /// The visual format body and the superview its `|` stands for.
    func visualFormat() -> (text: String, bar: LayoutView?)? {
        guard firstSpan == nil, secondSpan == nil, extraTerms.isEmpty, let first = firstItem as? LayoutView else {
            return nil
        }
        let priority = storedPriority.isRequired ? "" : "@\(storedPriority)"
        let relation = self.relation == .equal ? "" : "\(self.relation)"
        guard let secondItem else {
            guard let axis = firstAttribute.sizeAxis else { return nil }
            return ("\(axis):[\(first)(\(relation)\(format(storedConstant))\(priority))]", nil)
        }
        guard multiplier == 1, let second = secondItem as? LayoutView else { return nil }
        if firstAttribute == secondAttribute, let axis = firstAttribute.sizeAxis {
            guard storedConstant == 0 else { return nil }
            return ("\(axis):[\(first)(\(self.relation)\(second)\(priority))]", nil)
        }
        guard let edges = FormatEdges(first: firstAttribute, second: secondAttribute) else { return nil }
        let gap = "-(\(relation)\(format(storedConstant))\(priority))-"
        if edges.isBar && second === first.superview && firstAttribute == edges.near {
            return ("\(edges.axis):|\(gap)[\(first)]\(edges.suffix)", second)
        }
        if edges.isBar && first === second.superview && firstAttribute == edges.far {
            return ("\(edges.axis):[\(second)]\(gap)|\(edges.suffix)", first)
        }
        if !edges.isBar && first !== second {
            return ("\(edges.axis):[\(second)]\(gap)[\(first)]\(edges.suffix)", nil)
        }
        return nil
    }

    /// Apple's shape: `<LayoutConstraint:0x… 'identifier' BODY   (active, names: '|':superview )>`,
    /// where BODY is ``visualFormatDescription`` when there is one, else
    /// ``equationDescription``. Autoresizing-mask constraints start with their mask, as
    /// `h=--& v=--&`, and are equations. A content size with both priorities is
    /// `<ContentSizeLayoutConstraint:0x… v.width == 97 Hug:250 CompressionResistance:750   (active)>`,
    /// as UIKit prints it. Constraints the engine made are active while it holds them.
    var appleDescription: String { description(withAddress: true) }

    /// ``appleDescription`` for a log that runs compare as text: the constraint's address
    /// only when an item it names has no identifier (its body then names that item by its
    /// address anyway); otherwise the body is a stable name and the address is left out.
    var logDescription: String {
        let named = items.allSatisfy { item in
            switch item {
            case let view as LayoutView: !(view.identifier ?? "").isEmpty
            case let guide as LayoutGuide: !guide.identifier.isEmpty
            default: false
            }
        }
        return description(withAddress: !named)
    }

    private func description(withAddress: Bool) -> String {
        let twoSided = compressionPriority != nil
        var text = origin == .autoresizing ? "<AutoresizingMaskLayoutConstraint"
            : twoSided ? "<ContentSizeLayoutConstraint" : "<LayoutConstraint"
        if withAddress {
            let address = UInt(bitPattern: ObjectIdentifier(self))
            text += ":0x\(String(address % 0x1_0000_0000, radix: 16))"
        }
        text += " "
        if let identifier, !identifier.isEmpty, !twoSided {
            text += origin == .autoresizing ? "\(identifier) " : "'\(identifier)' "
        }
        var names: String?
        if origin != .autoresizing, !twoSided, let (vfl, bar) = visualFormat() {
            text += vfl
            if let bar { names = "names: '|':\(bar) " }
        } else {
            text += equationBody
        }
        // An aliased view's autoresizing constraints hold without being in the solver.
        let aliased = origin == .autoresizing && firstHandle?.view?.frameAlias != nil
        let notes = [isActive || lowering != nil || aliased ? "active" : nil, names].compactMap { $0 }
        if !notes.isEmpty { text += "   (" + notes.joined(separator: ", ") + ")" }
        return text + ">"
    }

    func side(_ item: LayoutItem?, _ attribute: LayoutAttribute, span: AnchorSpan?) -> String {
        if let span { return span.description }
        guard let item else { return "nil.\(attribute)" }
        return "\(item).\(attribute)"
    }
}

/// Which pairs of edges a format's connection makes, and how to write them.
private struct FormatEdges {
    let axis: String
    let near: LayoutAttribute
    let far: LayoutAttribute
    /// Whether the pair is a superview bar's (same edge on both items) rather than siblings'.
    let isBar: Bool
    let suffix: String

    init?(first: LayoutAttribute, second: LayoutAttribute) {
        let pairs: [(String, LayoutAttribute, LayoutAttribute, String)] = [
            ("H", .leading, .trailing, ""), ("H", .left, .right, "(LTR)"), ("V", .top, .bottom, ""),
        ]
        for (axis, near, far, suffix) in pairs {
            let bar = first == second && (first == near || first == far)
            guard bar || (first == near && second == far) else { continue }
            (self.axis, self.near, self.far, isBar, self.suffix) = (axis, near, far, bar, suffix)
            return
        }
        return nil
    }
}

extension LayoutAttribute {
    /// `H` for width, `V` for height, nil for locations.
    var sizeAxis: String? {
        switch self {
        case .width: "H"
        case .height: "V"
        default: nil
        }
    }
}
