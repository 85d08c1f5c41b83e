import AutoLayout

// Writing a document back as YAML that ``LayoutDocument/parse(_:file:)`` reads to the same
// document (what `autolayout convert` writes).

extension LayoutDocument {
    /// The document as YAML: every key it sets that differs from the default, views nested
    /// under their superviews, constraints as equations or visual formats.
    public var yaml: String {
        var out = YAMLLines()
        if let name { out.line("name: \(YAMLLines.quoted(name))") }
        if rootID != "root" { out.line("root: \(rootID)") }
        out.line("sizes: [" + sizes.map { "\(YAMLLines.number($0.width))x\(YAMLLines.number($0.height))" }.joined(separator: ", ") + "]")
        if direction == .rightToLeft { out.line("direction: rightToLeft") }
        if safeArea != .zero { out.line("safeArea: \(YAMLLines.insets(safeArea))") }
        if let margins { out.line("margins: \(YAMLLines.insets(margins))") }
        if contentSize != .large { out.line("contentSize: \(contentSize.rawValue)") }
        if superviewSpacing == .layoutMargins { out.line("superviewSpacing: layoutMargins") }
        if !views.isEmpty {
            out.line("views:")
            for view in views { out.view(view, indent: 1) }
        }
        if !constraints.isEmpty {
            out.line("constraints:")
            for constraint in constraints { out.constraint(constraint) }
        }
        return out.text
    }
}

/// YAML text built line by line.
struct YAMLLines {
    var text = ""

    mutating func line(_ line: String, indent: Int = 0) {
        text += String(repeating: "  ", count: indent) + line + "\n"
    }

    mutating func view(_ view: ViewSpec, indent: Int) {
        var keys: [String] = ["id: \(view.id)"]
        if view.kind != .view { keys.append("kind: \(view.kind.rawValue)") }
        if let text = view.text, view.kind.hasText { keys.append("text: \(Self.quoted(text))") }
        if let placeholder = view.placeholder, view.kind == .textField { keys.append("placeholder: \(Self.quoted(placeholder))") }
        if view.fontSize != 17 && view.kind.hasText { keys.append("fontSize: \(Self.number(view.fontSize))") }
        if let style = view.textStyle { keys.append("textStyle: \(style.rawValue)") }
        if let weight = view.fontWeight, view.kind.hasText { keys.append("fontWeight: \(weight.rawValue)") }
        if view.numberOfLines != 1 { keys.append("lines: \(view.numberOfLines)") }
        if view.lineBreakMode != .truncateTail { keys.append("lineBreakMode: \(view.lineBreakMode.rawValue)") }
        if view.preferredMaxLayoutWidth != 0 { keys.append("preferredMaxLayoutWidth: \(Self.number(view.preferredMaxLayoutWidth))") }
        if let size = view.intrinsicSize, size.width != nil || size.height != nil || view.kind.hasText {
            keys.append("size: [\(size.width.map(Self.number) ?? "none"), \(size.height.map(Self.number) ?? "none")]")
        }
        if let hugging = view.hugging { keys.append("hugging: \(Self.pair(hugging))") }
        if let compression = view.compression { keys.append("compression: \(Self.pair(compression))") }
        if let margins = view.margins { keys.append("margins: \(Self.insets(margins))") }
        if view.preservesSuperviewMargins { keys.append("preservesSuperviewMargins: true") }
        if !view.insetsMarginsFromSafeArea { keys.append("insetsMarginsFromSafeArea: false") }
        if view.alignmentInsets != .zero { keys.append("alignmentInsets: \(Self.insets(view.alignmentInsets))") }
        if view.hidden != .never { keys.append("hidden: \(Self.quoted(view.hidden.description))") }
        // A frame is where a view starts (its autoresizing mask measures from it), also for a
        // view that constraints then place.
        if view.kind != .guide && (view.translatesAutoresizingMaskIntoConstraints || view.frame != .zero) {
            let f = view.frame
            keys.append("frame: [\(Self.number(f.minX)), \(Self.number(f.minY)), \(Self.number(f.width)), \(Self.number(f.height))]")
            if view.translatesAutoresizingMaskIntoConstraints {
                keys.append("autoresizingMask: [" + Self.maskNames(view.autoresizingMask).joined(separator: ", ") + "]")
            } else {
                keys.append("translatesAutoresizingMaskIntoConstraints: false")
            }
        }
        if let stack = view.stack { keys += Self.stackKeys(stack) }
        line("- " + keys[0], indent: indent)
        for key in keys.dropFirst() { line("  " + key, indent: indent) }
        guard !view.children.isEmpty else { return }
        line("  views:", indent: indent)
        for child in view.children { self.view(child, indent: indent + 2) }
    }

    mutating func constraint(_ constraint: ConstraintSpec) {
        switch constraint.body {
        case .equation(let equation):
            line("- equation: \(Self.quoted(equation))", indent: 1)
        case .relation(let relation):
            line("- equation: \(Self.quoted(relation.equation))", indent: 1)
        case .visualFormat(let format, let options, let metrics):
            line("- vfl: \(Self.quoted(format))", indent: 1)
            let names = LayoutConstraint.FormatOptions.named.filter { options.contains($0.value) && !$0.value.isEmpty }
            if !names.isEmpty { line("  options: [" + names.keys.sorted().joined(separator: ", ") + "]", indent: 1) }
            if !metrics.isEmpty {
                line("  metrics: {" + metrics.keys.sorted().map { "\($0): \(Self.number(metrics[$0]!))" }.joined(separator: ", ") + "}",
                     indent: 1)
            }
        }
        if let priority = constraint.priority { line("  priority: \(Self.number(Double(priority.rawValue)))", indent: 1) }
        if let identifier = constraint.identifier { line("  id: \(Self.quoted(identifier))", indent: 1) }
        if constraint.when != .always { line("  when: \(Self.quoted(constraint.when.description))", indent: 1) }
    }

    static func stackKeys(_ stack: StackSpec) -> [String] {
        func varying<Value>(_ key: String, _ value: Varying<Value>, _ text: (Value) -> String) -> String {
            guard !value.variations.isEmpty else { return "\(key): \(text(value.base))" }
            let cases = value.variations.map { "\(quoted("when " + $0.condition.description)): \(text($0.value))" }
            return "\(key): {default: \(text(value.base)), " + cases.joined(separator: ", ") + "}"
        }
        func spacing(_ value: Double) -> String { value == StackView.spacingUseSystem ? "system" : number(value) }
        var keys = [
            varying("axis", stack.axis) { $0 == .vertical ? "vertical" : "horizontal" },
            varying("distribution", stack.distribution) { value in StackView.Distribution.named.first { $0.value == value }!.key },
            varying("alignment", stack.alignment) { value in StackView.Alignment.named.first { $0.value == value }!.key },
            varying("spacing", stack.spacing, spacing),
            varying("baselineRelative", stack.baselineRelative) { "\($0)" },
            varying("marginsRelative", stack.marginsRelative) { "\($0)" },
        ]
        if !stack.customSpacing.isEmpty {
            keys.append("customSpacing: {" + stack.customSpacing.map { "\($0.id): \(spacing($0.spacing.base))" }
                .joined(separator: ", ") + "}")
        }
        return keys
    }

    static func maskNames(_ mask: AutoresizingMask) -> [String] {
        let names: [(String, AutoresizingMask)] = [
            ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
            ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
            ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
        ]
        return names.filter { mask.contains($0.1) }.map(\.0)
    }

    static func pair(_ pair: (LayoutPriority, LayoutPriority)) -> String {
        "[\(number(Double(pair.0.rawValue))), \(number(Double(pair.1.rawValue)))]"
    }

    static func insets(_ insets: EdgeInsets) -> String {
        "[\(number(insets.top)), \(number(insets.left)), \(number(insets.bottom)), \(number(insets.right))]"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0xFEFF || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
