import AutoLayout
import Foundation
import Yams

extension LayoutDocument {
    /// The keys a document may have at the top.
    static let documentKeys = ["name", "root", "sizes", "size", "direction", "safeArea", "margins", "contentSize", "superviewSpacing",
                               "views", "constraints"]
    static let viewKeys = ["id", "kind", "text", "placeholder", "fontSize", "fontWeight", "textStyle", "size", "hugging", "compression", "margins", "hidden",
                           "lines", "lineBreakMode", "preferredMaxLayoutWidth", "preservesSuperviewMargins", "insetsMarginsFromSafeArea", "alignmentInsets",
                           "translatesAutoresizingMaskIntoConstraints", "frame", "autoresizingMask", "views"] + stackKeys
    static let constraintKeys = ["vfl", "equation", "options", "metrics", "id", "priority", "when"]

    /// Reads a document from a YAML (or JSON) file.
    /// - Throws: ``DocumentError`` naming the file, and the line and column of the mistake.
    public static func load(contentsOf path: String) throws(DocumentError) -> LayoutDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DocumentError(file: path, position: nil, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DocumentError(file: path, position: nil, message: "the file is not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// Reads a document from YAML (or JSON) text; `file` names it in errors.
    public static func parse(_ text: String, file: String = "<document>") throws(DocumentError) -> LayoutDocument {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.yamlError(error, file: file)
        } catch {
            throw DocumentError(file: file, position: nil, message: "\(error)")
        }
        guard let root else { throw DocumentError(file: file, position: nil, message: "the document is empty") }
        var parser = DocumentParser(reader: NodeReader(file: file))
        return try parser.document(root)
    }

    /// How deep lists and mappings may nest: libyaml's limit (`MAX_NESTING_LEVEL`, which
    /// Yams leaves at its default), far deeper than any layout needs.
    static let maximumNesting = 1000

    static func yamlError(_ error: YamlError, file: String) -> DocumentError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            // libyaml names its setter in this message; say what is wrong instead.
            let message = problem.hasPrefix("Maximum nesting level reached")
                ? "the document nests too deep: lists and mappings may nest at most \(maximumNesting) levels"
                : "invalid YAML: \(problem)"
            return DocumentError(file: file, position: SourcePosition(line: mark.line, column: mark.column),
                                 message: message)
        default:
            return DocumentError(file: file, position: nil, message: "invalid YAML: \(error)")
        }
    }
}

/// Turns the YAML tree into a ``LayoutDocument``.
struct DocumentParser {
    let reader: NodeReader
    var ids: [String: SourcePosition] = [:]

    init(reader: NodeReader) { self.reader = reader }

    mutating func document(_ node: Node) throws(DocumentError) -> LayoutDocument {
        let values = try reader.mapping(node, "the document", allowed: LayoutDocument.documentKeys)
        var document = LayoutDocument(file: reader.file)
        if let name = values["name"] { document.name = try reader.string(name, "a name") }
        if let root = values["root"] {
            document.rootID = try reader.identifier(root, "the root's id")
        }
        ids[document.rootID] = reader.position(values["root"] ?? node)
        if values["size"] != nil && values["sizes"] != nil {
            throw reader.error(values["size"]!, "give either size or sizes, not both")
        }
        if let size = values["size"] { document.sizes = [try reader.size(size)] }
        if let sizes = values["sizes"] {
            document.sizes = try reader.list(sizes, "sizes").map { (n) throws(DocumentError) in try reader.size(n) }
        }
        guard !document.sizes.isEmpty else {
            throw reader.error(node, "the document needs the root's size: add 'sizes: [375x667, 667x375]' or 'size: 375x667'")
        }
        if let direction = values["direction"] {
            switch try reader.string(direction, "a direction") {
            case "leftToRight", "ltr": document.direction = .leftToRight
            case "rightToLeft", "rtl": document.direction = .rightToLeft
            default: throw reader.error(direction, "expected a direction: leftToRight or rightToLeft")
            }
        }
        if let safeArea = values["safeArea"] { document.safeArea = try reader.insets(safeArea, "safe-area insets") }
        if let margins = values["margins"] { document.margins = try reader.insets(margins, "margins") }
        if let category = values["contentSize"] {
            document.contentSize = try reader.named(category, "content size")
        }
        if let spacing = values["superviewSpacing"] {
            switch try reader.string(spacing, "a superview spacing") {
            case "classic": document.superviewSpacing = .classic
            case "layoutMargins": document.superviewSpacing = .layoutMargins
            default: throw reader.error(spacing, "expected a superview spacing: classic (20 points) or layoutMargins")
            }
        }
        if let views = values["views"] { document.views = try self.views(views) }
        if let constraints = values["constraints"] {
            document.constraints = try reader.list(constraints, "constraints").map { (n) throws(DocumentError) in
                try constraint(n)
            }
        }
        return document
    }

    mutating func views(_ node: Node) throws(DocumentError) -> [ViewSpec] {
        var result: [ViewSpec] = []
        for item in try reader.list(node, "views") { result.append(try view(item)) }
        return result
    }

    mutating func view(_ node: Node) throws(DocumentError) -> ViewSpec {
        let values = try reader.mapping(node, "a view", allowed: LayoutDocument.viewKeys)
        guard let idNode = values["id"] else { throw reader.error(node, "a view needs an id") }
        let id = try reader.identifier(idNode, "a view id")
        if let first = ids[id] { throw reader.error(idNode, "the id '\(id)' is already used at line \(first.line)") }
        ids[id] = reader.position(idNode)
        var spec = ViewSpec(id: id, position: reader.position(node))
        if let kind = values["kind"] {
            spec.kind = try reader.named(kind, "kind")
        }
        if let text = values["text"] {
            guard spec.kind.hasText else { throw reader.error(text, "a \(spec.kind.rawValue) has no text; text is for label, button and textField") }
            spec.text = try reader.string(text, "a text")
        }
        if let style = values["textStyle"] {
            guard spec.kind.hasText else { throw reader.error(style, "textStyle is for label, button and textField") }
            spec.textStyle = try reader.named(style, "text style") as TextStyle
        }
        if let placeholder = values["placeholder"] {
            guard spec.kind == .textField else { throw reader.error(placeholder, "placeholder is for text fields, not a \(spec.kind.rawValue)") }
            spec.placeholder = try reader.string(placeholder, "a placeholder")
        }
        if let weight = values["fontWeight"] {
            guard spec.kind.hasText else { throw reader.error(weight, "fontWeight is for label, button and textField") }
            spec.fontWeight = try reader.named(weight, "font weight") as FontWeight
        }
        if let size = values["fontSize"] {
            spec.fontSize = try reader.value(size, "a font size")
            guard spec.fontSize > 0 else { throw reader.error(size, "a font size must be positive") }
        }
        if spec.kind.hasText, values["size"] == nil {
            // The text's size is the view's intrinsic size: it must be a layout value too.
            let measured = spec.kind.intrinsicSize(text: spec.measuredText, fontSize: spec.fontSize, weight: spec.resolvedFontWeight)
            for (value, what) in [(measured.width, "wide"), (measured.height, "tall")] {
                guard let value, !LayoutLimits.contains(value) else { continue }
                throw reader.error(values["fontSize"] ?? values["text"] ?? node,
                                   "the text would be \(reader.text(value)) points \(what), beyond the largest layout value "
                                   + "(±\(reader.text(LayoutLimits.maximumValue)) points): use a smaller font size")
            }
        }
        if let size = values["size"] { spec.intrinsicSize = try intrinsic(size) }
        try labelKeys(values, into: &spec)
        spec.hugging = try values["hugging"].map { (n) throws(DocumentError) in try reader.priorityPair(n, defaults: spec.kind.defaultHugging) }
        spec.compression = try values["compression"].map { (n) throws(DocumentError) in try reader.priorityPair(n, defaults: (.defaultHigh, .defaultHigh)) }
        if let margins = values["margins"] { spec.margins = try reader.insets(margins, "margins") }
        if let preserves = values["preservesSuperviewMargins"] {
            spec.preservesSuperviewMargins = try reader.bool(preserves, "preservesSuperviewMargins")
        }
        if let insets = values["insetsMarginsFromSafeArea"] {
            spec.insetsMarginsFromSafeArea = try reader.bool(insets, "insetsMarginsFromSafeArea")
        }
        if let insets = values["alignmentInsets"] { spec.alignmentInsets = try reader.insets(insets, "alignment insets") }
        if let hidden = values["hidden"] { spec.hidden = try reader.condition(hidden) }
        if let frame = values["frame"] {
            let items = try reader.list(frame, "a frame")
            guard items.count == 4 else { throw reader.error(frame, "expected a frame as [x, y, width, height]") }
            spec.frame = Rect(x: try reader.value(items[0], "x"), y: try reader.value(items[1], "y"),
                              width: try reader.value(items[2], "a width"), height: try reader.value(items[3], "a height"))
            spec.translatesAutoresizingMaskIntoConstraints = true
        }
        if let translates = values["translatesAutoresizingMaskIntoConstraints"] {
            spec.translatesAutoresizingMaskIntoConstraints = try reader.bool(translates, "translatesAutoresizingMaskIntoConstraints")
        }
        if let mask = values["autoresizingMask"] { spec.autoresizingMask = try autoresizingMask(mask) }
        if let children = values["views"] {
            guard spec.kind != .guide else { throw reader.error(children, "a guide has no subviews") }
            spec.children = try views(children)
        }
        if spec.kind == .guide, values["frame"] != nil || values["translatesAutoresizingMaskIntoConstraints"] != nil {
            throw reader.error(node, "a guide is placed by constraints only: it has no frame")
        }
        spec.stack = try stack(values, kind: spec.kind)
        try checkStack(spec, node: node, values: values)
        return spec
    }

    /// A label's `lines` (0 or more), `lineBreakMode` and `preferredMaxLayoutWidth`.
    func labelKeys(_ values: [String: Node], into spec: inout ViewSpec) throws(DocumentError) {
        for key in ["lines", "lineBreakMode", "preferredMaxLayoutWidth"] where values[key] != nil && spec.kind != .label {
            throw reader.error(values[key]!, "\(key) is for labels, not a \(spec.kind.rawValue)")
        }
        if let lines = values["lines"] {
            let count = try reader.value(lines, "a number of lines")
            guard count >= 0, count == count.rounded(), count <= 1_000_000 else {
                throw reader.error(lines, "lines must be a whole number, 0 (as many as needed) or more")
            }
            spec.numberOfLines = Int(count)
        }
        if let mode = values["lineBreakMode"] {
            spec.lineBreakMode = try reader.named(mode, "line break mode")
        }
        if let width = values["preferredMaxLayoutWidth"] {
            spec.preferredMaxLayoutWidth = try reader.length(width, "a preferred maximum layout width")
        }
    }

    func intrinsic(_ node: Node) throws(DocumentError) -> (width: Double?, height: Double?) {
        func axis(_ n: Node, _ what: String) throws(DocumentError) -> Double? {
            if let text = n.scalar?.string, ["null", "~", "none", ""].contains(text) { return nil }
            return try reader.length(n, what)
        }
        if node.scalar != nil {
            let size = try reader.size(node)
            return (size.width, size.height)
        }
        if case .sequence = node {
            let items = try reader.list(node, "an intrinsic size")
            guard items.count == 2 else { throw reader.error(node, "expected an intrinsic size [width, height] (none for an axis without one)") }
            return (try axis(items[0], "an intrinsic width"), try axis(items[1], "an intrinsic height"))
        }
        let values = try reader.mapping(node, "an intrinsic size", allowed: ["width", "height"])
        return (try values["width"].flatMap { (n) throws(DocumentError) in try axis(n, "an intrinsic width") },
                try values["height"].flatMap { (n) throws(DocumentError) in try axis(n, "an intrinsic height") })
    }

    func autoresizingMask(_ node: Node) throws(DocumentError) -> AutoresizingMask {
        let names: [String: AutoresizingMask] = [
            "flexibleLeftMargin": .flexibleLeftMargin, "flexibleWidth": .flexibleWidth,
            "flexibleRightMargin": .flexibleRightMargin, "flexibleTopMargin": .flexibleTopMargin,
            "flexibleHeight": .flexibleHeight, "flexibleBottomMargin": .flexibleBottomMargin,
        ]
        var mask: AutoresizingMask = []
        for item in try reader.list(node, "an autoresizing mask") {
            let name = try reader.string(item, "a mask name")
            guard let bit = names[name] else {
                throw reader.error(item, "unknown mask '\(name)'; expected one of: " + names.keys.sorted().joined(separator: ", "))
            }
            mask.insert(bit)
        }
        return mask
    }

    func constraint(_ node: Node) throws(DocumentError) -> ConstraintSpec {
        if let text = node.scalar?.string {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let isFormat = ["H:", "V:", "|", "["].contains { trimmed.hasPrefix($0) }
            return ConstraintSpec(body: isFormat ? .visualFormat(text, options: [], metrics: [:]) : .equation(text),
                                  position: reader.position(node), textPosition: reader.textPosition(node))
        }
        let values = try reader.mapping(node, "a constraint", allowed: LayoutDocument.constraintKeys)
        var spec: ConstraintSpec
        switch (values["vfl"], values["equation"]) {
        case (let format?, nil):
            var options: LayoutConstraint.FormatOptions = []
            if let list = values["options"] {
                for item in try reader.list(list, "format options") { options.formUnion(try option(item)) }
            }
            var metrics: [String: Double] = [:]
            if let map = values["metrics"] {
                guard let mapping = map.mapping else { throw reader.error(map, "expected metrics as a mapping of names to numbers") }
                for (key, value) in mapping {
                    metrics[try reader.identifier(key, "a metric name")] = try reader.value(value, "a metric value")
                }
            }
            spec = ConstraintSpec(body: .visualFormat(try reader.string(format, "a visual format"), options: options, metrics: metrics),
                                  position: reader.position(node), textPosition: reader.textPosition(format))
            if let priority = values["priority"] {
                throw reader.error(priority, "a visual format gives its priorities itself, as in -(8@750)- or [a(44@250)]")
            }
        case (nil, let equation?):
            for key in ["options", "metrics"] where values[key] != nil {
                throw reader.error(values[key]!, "\(key) are for visual formats (vfl:), not equations")
            }
            spec = ConstraintSpec(body: .equation(try reader.string(equation, "an equation")),
                                  position: reader.position(node), textPosition: reader.textPosition(equation))
            spec.priority = try values["priority"].map { (n) throws(DocumentError) in try reader.priority(n) }
        case (_?, _?):
            throw reader.error(node, "a constraint has either vfl or equation, not both")
        case (nil, nil):
            throw reader.error(node, "a constraint needs vfl: or equation:")
        }
        if let id = values["id"] { spec.identifier = try reader.string(id, "an identifier") }
        if let when = values["when"] { spec.when = try reader.condition(when) }
        return spec
    }

    func option(_ node: Node) throws(DocumentError) -> LayoutConstraint.FormatOptions {
        let names = LayoutConstraint.FormatOptions.named
        let name = try reader.string(node, "a format option")
        guard let option = names[name] else {
            throw reader.error(node, "unknown format option '\(name)'; expected one of: " + names.keys.sorted().joined(separator: ", "))
        }
        return option
    }
}
