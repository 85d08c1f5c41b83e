import AutoLayout
import Yams

// Reading a stack's options: `axis`, `distribution`, `alignment`, `spacing`,
// `customSpacing`, `baselineRelative`, `marginsRelative`, each a value or a mapping of
// `default` and `when CONDITION` keys.

extension LayoutDocument {
    /// The keys only a stack has.
    static let stackKeys = ["axis", "distribution", "alignment", "spacing", "customSpacing", "baselineRelative",
                            "marginsRelative"]
}

extension DocumentParser {
    /// A stack's options from a view's mapping (`values`), or an error for stack keys on a
    /// view of another kind.
    func stack(_ values: [String: Node], kind: ViewKind) throws(DocumentError) -> StackSpec? {
        guard kind == .stack else {
            if let key = LayoutDocument.stackKeys.first(where: { values[$0] != nil }) {
                throw reader.error(values[key]!, "\(key) is for stacks (kind: stack), not a \(kind.rawValue)")
            }
            return nil
        }
        var spec = StackSpec()
        if let node = values["axis"] {
            spec.axis = try varying(node, "an axis") { (n) throws(DocumentError) in
                try choice(n, "an axis", ["horizontal": LayoutAxis.horizontal, "vertical": .vertical])
            }
        }
        if let node = values["distribution"] {
            spec.distribution = try varying(node, "a distribution") { (n) throws(DocumentError) in
                try choice(n, "a distribution", StackView.Distribution.named)
            }
        }
        if let node = values["alignment"] {
            spec.alignment = try varying(node, "an alignment") { (n) throws(DocumentError) in
                try choice(n, "an alignment", StackView.Alignment.named)
            }
        }
        if let node = values["spacing"] {
            spec.spacing = try varying(node, "a spacing") { (n) throws(DocumentError) in try spacing(n) }
        }
        if let node = values["customSpacing"] {
            guard let mapping = node.mapping else {
                throw reader.error(node, "expected customSpacing as a mapping of view ids to the spacing after each")
            }
            for (key, value) in mapping {
                let id = try reader.identifier(key, "a view id")
                spec.customSpacing.append((id, try varying(value, "a spacing") { (n) throws(DocumentError) in try spacing(n) }))
            }
        }
        if let node = values["baselineRelative"] {
            spec.baselineRelative = try varying(node, "baselineRelative") { (n) throws(DocumentError) in
                try reader.bool(n, "baselineRelative")
            }
        }
        if let node = values["marginsRelative"] {
            spec.marginsRelative = try varying(node, "marginsRelative") { (n) throws(DocumentError) in
                try reader.bool(n, "marginsRelative")
            }
        }
        return spec
    }

    /// Checks a stack's views: each may be a view or a guide, but not placed by a frame,
    /// and every view `customSpacing` names must be one of them.
    func checkStack(_ spec: ViewSpec, node: Node, values: [String: Node]) throws(DocumentError) {
        guard let stack = spec.stack else { return }
        for child in spec.children where child.translatesAutoresizingMaskIntoConstraints {
            throw DocumentError(file: reader.file, position: child.position,
                                message: "'\(child.id)' is arranged by the stack '\(spec.id)': it cannot have a frame")
        }
        let arranged = Set(spec.children.filter { $0.kind != .guide }.map(\.id))
        for (id, _) in stack.customSpacing where !arranged.contains(id) {
            throw reader.error(values["customSpacing"] ?? node,
                               "customSpacing names '\(id)', which is not one of the stack '\(spec.id)''s views")
        }
    }

    /// A value, or `{default: …, when CONDITION: …}`.
    func varying<Value>(_ node: Node, _ what: String,
                        _ parse: (Node) throws(DocumentError) -> Value) throws(DocumentError) -> Varying<Value> {
        guard let mapping = node.mapping else { return Varying(try parse(node)) }
        var base: Value?
        var variations: [(condition: Condition, value: Value)] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { throw reader.error(key, "expected 'default' or 'when CONDITION'") }
            if name == "default" {
                guard base == nil else { throw reader.error(key, "the key 'default' appears twice") }
                base = try parse(value)
            } else if name.hasPrefix("when ") {
                let text = String(name.dropFirst(5))
                let condition: Condition
                do {
                    condition = try Condition.parse(text)
                } catch {
                    var at = reader.textPosition(key)
                    at.column += 5 + error.offset
                    throw DocumentError(file: reader.file, position: at, message: "\(error.message) in the condition '\(text)'")
                }
                variations.append((condition, try parse(value)))
            } else {
                throw reader.error(key, "unknown key '\(name)' in \(what) that varies by size; expected 'default' "
                                   + "and keys such as 'when width > height'")
            }
        }
        guard let base else { throw reader.error(node, "\(what) that varies by size needs a 'default' value") }
        var result = Varying(base)
        result.variations = variations
        return result
    }

    /// One of the named values.
    func choice<Value>(_ node: Node, _ what: String, _ names: KeyValuePairs<String, Value>) throws(DocumentError) -> Value {
        let name = try reader.string(node, what)
        guard let value = names.first(where: { $0.key == name })?.value else {
            throw reader.error(node, "unknown \(what.split(separator: " ").last ?? "") '\(name)'; expected one of: "
                               + names.map(\.key).joined(separator: ", "))
        }
        return value
    }

    /// A spacing: a length (negative overlaps the views), or `system`.
    func spacing(_ node: Node) throws(DocumentError) -> Double {
        if node.scalar?.string == "system" { return StackView.spacingUseSystem }
        return try reader.value(node, "a spacing")
    }
}
