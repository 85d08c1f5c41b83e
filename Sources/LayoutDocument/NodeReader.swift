import AutoLayout
import Foundation
import Yams

/// Reads YAML nodes strictly: every value checked for its type, every unknown key an error
/// with its line and column.
struct NodeReader {
    let file: String

    func position(_ node: Node) -> SourcePosition {
        node.mark.map { SourcePosition(line: $0.line, column: $0.column) } ?? SourcePosition(line: 1, column: 1)
    }

    /// Where a scalar's text starts (after an opening quote).
    func textPosition(_ node: Node) -> SourcePosition {
        var p = position(node)
        if let style = node.scalar?.style, style == .singleQuoted || style == .doubleQuoted { p.column += 1 }
        return p
    }

    func error(_ node: Node, _ message: String, detail: String? = nil) -> DocumentError {
        DocumentError(file: file, position: position(node), message: message, detail: detail)
    }

    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): scalar.string.isEmpty ? "an empty value" : "'\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// A mapping's values by key, refusing keys not in `allowed` and repeated keys.
    func mapping(_ node: Node, _ what: String, allowed: [String]) throws(DocumentError) -> [String: Node] {
        guard let mapping = node.mapping else { throw error(node, "expected \(what) (a mapping), found \(describe(node))") }
        var values: [String: Node] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { throw error(key, "expected a key name in \(what)") }
            guard allowed.contains(name) else {
                throw error(key, "unknown key '\(name)' in \(what); expected one of: \(allowed.joined(separator: ", "))")
            }
            guard values[name] == nil else { throw error(key, "the key '\(name)' appears twice in \(what)") }
            values[name] = value
        }
        return values
    }

    func list(_ node: Node, _ what: String) throws(DocumentError) -> [Node] {
        guard case .sequence(let sequence) = node else { throw error(node, "expected \(what) (a list), found \(describe(node))") }
        return Array(sequence)
    }

    func string(_ node: Node, _ what: String) throws(DocumentError) -> String {
        guard let scalar = node.scalar else { throw error(node, "expected \(what) (text), found \(describe(node))") }
        return scalar.string
    }

    /// A case of a string enumeration by its name (`what` names the enumeration: "text style");
    /// the error for another name lists them all.
    func named<Value: RawRepresentable & CaseIterable>(_ node: Node, _ what: String) throws(DocumentError) -> Value
    where Value.RawValue == String {
        let name = try string(node, "a \(what)")
        guard let value = Value(rawValue: name) else {
            throw error(node, "unknown \(what) '\(name)'; expected one of: " + Value.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }

    func number(_ node: Node, _ what: String) throws(DocumentError) -> Double {
        if let text = node.scalar?.string, [".inf", "+.inf", "-.inf", ".nan"].contains(text.lowercased()) {
            throw error(node, "\(what) must be a finite number, found '\(text)'")
        }
        guard let text = node.scalar?.string, let value = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw error(node, "expected \(what) (a number), found \(describe(node))")
        }
        guard value.isFinite else { throw error(node, "\(what) must be a finite number, found '\(text)'") }
        return value
    }

    /// A layout value in points: a finite number within ±``LayoutLimits/maximumValue``.
    func value(_ node: Node, _ what: String) throws(DocumentError) -> Double {
        let value = try number(node, what)
        guard LayoutLimits.contains(value) else { throw error(node, outOfRange(what, value)) }
        return value
    }

    /// A length in points: a layout value that is not negative.
    func length(_ node: Node, _ what: String) throws(DocumentError) -> Double {
        let value = try self.value(node, what)
        guard value >= 0 else { throw error(node, "\(what) cannot be negative, found \(text(value))") }
        return value
    }

    /// "`what` must be within ±1000000000 points …, found `value`".
    func outOfRange(_ what: String, _ value: Double) -> String {
        "\(what) must be within ±\(text(LayoutLimits.maximumValue)) points (the largest layout value), found \(text(value))"
    }

    func bool(_ node: Node, _ what: String) throws(DocumentError) -> Bool {
        switch node.scalar?.string {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error(node, "expected \(what) (true or false), found \(describe(node))")
        }
    }

    /// A C identifier, as views are named in formats and equations.
    func identifier(_ node: Node, _ what: String) throws(DocumentError) -> String {
        let text = try string(node, what)
        let valid = !text.isEmpty && text.unicodeScalars.enumerated().allSatisfy { k, c in
            c == "_" || (c.isASCII && c.properties.isAlphabetic) || (k > 0 && c.isASCII && c.properties.numericType != nil)
        }
        guard valid else { throw error(node, "expected \(what) (letters, digits and _, not starting with a digit), found '\(text)'") }
        return text
    }

    /// `375x667`, `[375, 667]` or `{width: 375, height: 667}`: two lengths, neither negative
    /// nor beyond ``LayoutLimits/maximumValue``.
    func size(_ node: Node) throws(DocumentError) -> Size {
        if let text = node.scalar?.string {
            let parts = text.split(whereSeparator: { $0 == "x" || $0 == "×" || $0 == "X" })
            guard parts.count == 2, let w = Double(parts[0].trimmingCharacters(in: .whitespaces)),
                  let h = Double(parts[1].trimmingCharacters(in: .whitespaces)) else {
                throw error(node, "expected a size such as 375x667, found '\(text)'")
            }
            guard w.isFinite, h.isFinite else { throw error(node, "a size must be two finite numbers, found '\(text)'") }
            guard w >= 0, h >= 0 else { throw error(node, "a size cannot be negative, found '\(text)'") }
            for (value, what) in [(w, "a width"), (h, "a height")] where !LayoutLimits.contains(value) {
                throw error(node, outOfRange(what, value))
            }
            return Size(width: w, height: h)
        }
        if case .sequence = node {
            let items = try list(node, "a size")
            guard items.count == 2 else { throw error(node, "expected a size [width, height]") }
            return Size(width: try length(items[0], "a width"), height: try length(items[1], "a height"))
        }
        let values = try mapping(node, "a size", allowed: ["width", "height"])
        for key in ["width", "height"] where values[key] != nil {
            _ = try length(values[key]!, "a \(key)")
        }
        guard let w = values["width"], let h = values["height"] else { throw error(node, "a size needs width and height") }
        return Size(width: try length(w, "a width"), height: try length(h, "a height"))
    }

    /// `8` (all sides), `[top, left, bottom, right]` or `{top:, left:, bottom:, right:}` (missing sides 0).
    func insets(_ node: Node, _ what: String) throws(DocumentError) -> EdgeInsets {
        if node.scalar != nil {
            let all = try value(node, what)
            return EdgeInsets(top: all, left: all, bottom: all, right: all)
        }
        if case .sequence = node {
            let items = try list(node, what)
            guard items.count == 4 else { throw error(node, "expected \(what) as [top, left, bottom, right]") }
            return EdgeInsets(top: try value(items[0], "top"), left: try value(items[1], "left"),
                              bottom: try value(items[2], "bottom"), right: try value(items[3], "right"))
        }
        let values = try mapping(node, what, allowed: ["top", "left", "bottom", "right"])
        func side(_ name: String) throws(DocumentError) -> Double { try values[name].map { (n) throws(DocumentError) in try value(n, name) } ?? 0 }
        return EdgeInsets(top: try side("top"), left: try side("left"), bottom: try side("bottom"), right: try side("right"))
    }

    /// A number from 1 to 1000 or a name: `required`, `defaultHigh`, `defaultLow`, `fittingSizeLevel`, …
    func priority(_ node: Node) throws(DocumentError) -> LayoutPriority {
        let names: [String: LayoutPriority] = [
            "required": .required, "defaultHigh": .defaultHigh, "defaultLow": .defaultLow,
            "fittingSizeLevel": .fittingSizeLevel, "dragThatCanResizeScene": .dragThatCanResizeScene,
            "sceneSizeStayPut": .sceneSizeStayPut, "dragThatCannotResizeScene": .dragThatCannotResizeScene,
        ]
        if let text = node.scalar?.string, let named = names[text] { return named }
        let value = try number(node, "a priority")
        guard value >= 1 && value <= 1000 else { throw error(node, "a priority must be between 1 and 1000, found \(text(value))") }
        return LayoutPriority(Float(value))
    }

    /// One priority for both axes, `[horizontal, vertical]` or `{horizontal:, vertical:}`.
    func priorityPair(_ node: Node, defaults: (LayoutPriority, LayoutPriority)) throws(DocumentError) -> (LayoutPriority, LayoutPriority) {
        if node.scalar != nil {
            let both = try priority(node)
            return (both, both)
        }
        if case .sequence = node {
            let items = try list(node, "priorities")
            guard items.count == 2 else { throw error(node, "expected priorities as [horizontal, vertical]") }
            return (try priority(items[0]), try priority(items[1]))
        }
        let values = try mapping(node, "priorities", allowed: ["horizontal", "vertical"])
        return (try values["horizontal"].map { (n) throws(DocumentError) in try priority(n) } ?? defaults.0,
                try values["vertical"].map { (n) throws(DocumentError) in try priority(n) } ?? defaults.1)
    }

    /// A condition on the root's size, with errors placed at the failing character.
    func condition(_ node: Node) throws(DocumentError) -> Condition {
        if let flag = node.scalar?.string, ["true", "false"].contains(flag) { return flag == "true" ? .always : .never }
        let text = try string(node, "a condition such as 'width > height'")
        do {
            return try Condition.parse(text)
        } catch {
            var at = textPosition(node)
            at.column += error.offset
            throw DocumentError(file: file, position: at, message: "\(error.message) in the condition '\(text)'")
        }
    }

    func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
