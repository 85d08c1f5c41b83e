import AutoLayout
import LayoutDocument

/// Reads one root's views into ``ViewSpec``s: names, frames, masks, margins, priorities,
/// text and intrinsic sizes, stacks and guides; collects the constraints on the way.
struct ViewReader {
    let file: InterfaceBuilderFile
    let root: InterfaceBuilderRoot
    let options: InterfaceBuilderOptions
    /// The `<image>` resources' sizes, by name.
    let images: [String: Size]
    /// The variations in force (see ``Variations``).
    let variations: Variations

    /// Each view's document id, by Interface Builder id.
    var names: [String: String] = [:]
    /// Each document id's Interface Builder id.
    var interfaceBuilderIDs: [String: String] = [:]
    /// Ids taken (`root` and `superview` are kept for the root and for equations).
    var used: Set<String> = ["root", "superview"]
    /// The number the next view named like a taken id tries, by the id's base.
    var nextNumber: [String: Int] = [:]
    /// What an Interface Builder guide id stands for in equations (`title.safeAreaLayoutGuide`).
    var guides: [String: String] = [:]
    /// Each view's superview, by Interface Builder id.
    var parents: [String: String] = [:]
    /// A scroll view's content guide (document id), by the scroll view's Interface Builder id.
    var contentGuides: [String: String] = [:]
    /// The constraints found, with the Interface Builder id of the view that holds each.
    var constraints: [(holder: String, node: XMLNode)] = []
    /// Constraints the reader writes itself (scroll views' content guides).
    var madeConstraints: [ConstraintSpec] = []
    /// Stored frames by document id.
    var storedFrames: [String: Rect] = [:]
    /// What Interface Builder's outline calls each view, by document id.
    var displayNames: [String: String] = [:]
    /// Warnings, each once.
    var warnings: [String] = []

    init(file: InterfaceBuilderFile, root: InterfaceBuilderRoot, options: InterfaceBuilderOptions,
         images: [String: Size], variations: Variations) {
        self.file = file
        self.root = root
        self.options = options
        self.images = images
        self.variations = variations
    }

    mutating func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    /// A document id for a view: its user label in camel case (its ASCII letters and digits;
    /// other ASCII characters separate words), else its element's name, numbered from 2 when
    /// taken.
    mutating func name(for node: XMLNode) -> String {
        var base = ""
        if let label = node["userLabel"] {
            var word = ""
            func flush() {
                guard let first = word.first else { return }
                base += (base.isEmpty ? first.lowercased() : first.uppercased()) + word.dropFirst()
                word = ""
            }
            for byte in label.utf8 {
                if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) {
                    word.unicodeScalars.append(Unicode.Scalar(byte))
                } else if byte < 0x80 {
                    flush()
                }
            }
            flush()
        }
        if base.isEmpty || base.utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true { base = node.name }
        var name = base
        if used.contains(name) {
            // Numbered from where the last view of this name stopped, not from 2 each time.
            var k = nextNumber[base] ?? 2
            repeat {
                name = base + String(k)
                k += 1
            } while used.contains(name)
            nextNumber[base] = k
        }
        used.insert(name)
        return name
    }

    /// What Interface Builder's outline calls a view: its user label, else its text, else
    /// its class in words (`Image View`).
    static func displayName(_ node: XMLNode, _ viewClass: ViewClass, text: String?) -> String {
        if let label = node["userLabel"], !label.isEmpty { return label }
        if let text, !text.isEmpty { return text }
        return viewClass.displayName
    }

    /// The views inside a view, in order: a cell's or effect view's content view, then its
    /// subviews, then a table's header and footer views.
    static func subviews(of node: XMLNode) -> [XMLNode] {
        var content: [XMLNode] = [], subviews: [XMLNode] = [], others: [XMLNode] = []
        for child in node.children {
            if child.name == "subviews" {
                subviews = child.children.filter(ViewClass.isView)
            } else if let key = child["key"], ["contentView", "tableHeaderView", "tableFooterView"].contains(key),
                      ViewClass.isView(child) {
                if key == "contentView" { content.append(child) } else { others.append(child) }
            }
        }
        return content + subviews + others
    }

    /// The frame a view's `<rect key="frame">` stores (zero without one).
    static func storedFrame(_ node: XMLNode) -> Rect {
        guard let rect = node.child("rect", key: "frame") else { return .zero }
        func value(_ name: String) -> Double { Numbers.length(rect.attributes.number(name)) ?? 0 }
        return Rect(x: value("x"), y: value("y"), width: value("width"), height: value("height"))
    }

    /// Reads a view and everything inside it; `margins` are its default layout margins.
    mutating func view(_ node: XMLNode, parent: String, margins: EdgeInsets?) -> ViewSpec {
        let id = node["id"] ?? "", attributes = variations.attributes(of: node)
        let viewClass = ViewClass(node.name)
        if !viewClass.isKnown, !warnings.contains(where: { $0.hasPrefix("<\(node.name)> ") }) {
            warn("<\(node.name)> (first at line \(node.line)) is not a view the reader knows: read as a plain view")
        }
        let name = name(for: node)
        names[id] = name
        interfaceBuilderIDs[name] = id
        parents[id] = parent
        var spec = ViewSpec(id: name, position: SourcePosition(line: node.line, column: 1))
        spec.kind = viewClass.kind
        let frame = Self.storedFrame(node)
        storedFrames[name] = frame
        spec.frame = frame
        // A view Interface Builder keeps at a fixed frame (it has no constraints of its own)
        // gets prototyping constraints for that frame at build time: its mask's.
        spec.translatesAutoresizingMaskIntoConstraints = attributes["translatesAutoresizingMaskIntoConstraints"] != "NO"
            || attributes["fixedFrame"] == "YES"
        spec.autoresizingMask = Self.mask(node)
        spec.hidden = attributes["hidden"] == "YES" ? .always : .never
        spec.alignmentInsets = viewClass.alignmentInsets
        func priority(_ key: String, _ fallback: LayoutPriority) -> LayoutPriority {
            Numbers.length(attributes.number(key)).map { LayoutPriority(Float(min(1000, max(1, $0)))) } ?? fallback
        }
        spec.hugging = (priority("horizontalHuggingPriority", viewClass.hugging), priority("verticalHuggingPriority", viewClass.hugging))
        spec.compression = (priority("horizontalCompressionResistancePriority", .defaultHigh),
                            priority("verticalCompressionResistancePriority", .defaultHigh))
        spec.margins = Self.explicitMargins(node) ?? margins
        spec.preservesSuperviewMargins = attributes["preservesSuperviewLayoutMargins"] == "YES"
        spec.insetsMarginsFromSafeArea = file.toolsVersion >= 13000 && attributes["insetsLayoutMarginsFromSafeArea"] != "NO"
        readContent(node, attributes, viewClass, frame, into: &spec)
        displayNames[name] = Self.displayName(node, viewClass, text: spec.text)
        if viewClass.kind == .stack {
            spec.stack = Self.stack(attributes)
            // A stack with margins of its own arranges inside them.
            if Self.explicitMargins(node) != nil { spec.stack?.marginsRelative = Varying(true) }
        }
        spec.children = contents(of: node, name: name, id: id)
        return spec
    }

    /// What is inside a view (or the root): its constraints, collected; its subviews, read
    /// (a cell's content view with the cell's margins); then its content guide, if it is a
    /// scroll view (after the subviews, where UIKit keeps guides).
    mutating func contents(of node: XMLNode, name: String, id: String) -> [ViewSpec] {
        let contentGuide = readGuides(node, name: name, id: id)
        for constraint in node.child("constraints")?.children("constraint") ?? [] where !variations.excludes(constraint) {
            constraints.append((id, constraint))
        }
        let contentMargins = node.name == "tableViewCell" ? Self.cellMargins(node, file: file) : nil
        var children: [ViewSpec] = []
        for child in Self.subviews(of: node) where !variations.excludes(child) {
            children.append(view(child, parent: id, margins: child["key"] == "contentView" ? contentMargins : nil))
        }
        if let contentGuide { children.append(contentGuide) }
        return children
    }

    /// A view's safe-area, margins, content and frame guides: what their ids stand for. A
    /// scroll view's content guide becomes a guide of the document, pinned to its top left
    /// (the content offset is zero on the canvas) and sized by its content's constraints:
    /// returned, for the caller to add after the view's subviews.
    mutating func readGuides(_ node: XMLNode, name: String, id: String) -> ViewSpec? {
        var content: String?, contentSpec: ViewSpec?
        if node.name == "scrollView" {
            let guide = self.name(for: XMLNode(name: name + "Content", line: node.line))
            content = guide
            contentGuides[id] = guide
            var guideSpec = ViewSpec(id: guide, position: SourcePosition(line: node.line, column: 1))
            guideSpec.kind = .guide
            contentSpec = guideSpec
            for attribute in [LayoutAttribute.left, .top] {
                madeConstraints.append(ConstraintSpec(body: .relation(RelationSpec(first: guide, attribute, .equal, second: name, attribute)),
                                                      position: guideSpec.position, textPosition: guideSpec.position))
            }
        }
        for guide in node.children("viewLayoutGuide") {
            guard let guideID = guide["id"] else { continue }
            switch guide["key"] {
            case "safeArea": guides[guideID] = "\(name).safeAreaLayoutGuide"
            case "layoutMargins": guides[guideID] = "\(name).layoutMarginsGuide"
            case "contentLayoutGuide": guides[guideID] = content ?? name
            default: guides[guideID] = name  // the frame layout guide is the scroll view's frame
            }
        }
        return contentSpec
    }

    /// `<autoresizingMask key="autoresizingMask" widthSizable="YES" …/>`; without one,
    /// UIKit's default (flexible right and bottom margins).
    static func mask(_ node: XMLNode) -> AutoresizingMask {
        guard let element = node.child("autoresizingMask", key: "autoresizingMask") else {
            return [.flexibleRightMargin, .flexibleBottomMargin]
        }
        let names: [(String, AutoresizingMask)] = [
            ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
            ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
        ]
        var mask: AutoresizingMask = []
        for (name, flag) in names where element[name] == "YES" { mask.insert(flag) }
        return mask
    }

    /// Margins the file gives: `<edgeInsets key="layoutMargins">` or
    /// `<directionalEdgeInsets key="directionalLayoutMargins">` (read left to right).
    static func explicitMargins(_ node: XMLNode) -> EdgeInsets? {
        func value(_ element: XMLNode, _ name: String) -> Double { Numbers.length(element.attributes.number(name)) ?? 0 }
        if let insets = node.child("edgeInsets", key: "layoutMargins") {
            return EdgeInsets(top: value(insets, "top"), left: value(insets, "left"),
                              bottom: value(insets, "bottom"), right: value(insets, "right"))
        }
        if let insets = node.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            return EdgeInsets(top: value(insets, "top"), left: value(insets, "leading"),
                              bottom: value(insets, "bottom"), right: value(insets, "trailing"))
        }
        return nil
    }

    /// A table cell's content view's margins: from Xcode 9, 11 at top and bottom and the
    /// table's side margins (16, or 20 from 414 points wide) when the cell spans the screen,
    /// else 8, and 8 on the trailing side next to an accessory; before, 8 all round.
    static func cellMargins(_ cell: XMLNode, file: InterfaceBuilderFile) -> EdgeInsets? {
        guard file.toolsVersion >= 13000 else { return nil }
        let width = Self.storedFrame(cell).width
        let side = width >= file.device.size.width ? (width < 414 ? 16.0 : 20) : 8
        let accessory = (cell["accessoryType"] ?? "none") != "none"
        return EdgeInsets(top: 11, left: side, bottom: 11, right: accessory ? 8 : side)
    }

    /// A stack view's options.
    static func stack(_ attributes: XMLAttributes) -> StackSpec {
        var spec = StackSpec()
        spec.axis = Varying(attributes["axis"] == "vertical" ? .vertical : .horizontal)
        if let name = attributes["distribution"], let value = StackView.Distribution.named.first(where: { $0.key == name })?.value {
            spec.distribution = Varying(value)
        }
        if let name = attributes["alignment"], let value = StackView.Alignment.named.first(where: { $0.key == name })?.value {
            spec.alignment = Varying(value)
        }
        // `spacingType="standard"` is the system spacing (Interface Builder's "Standard").
        spec.spacing = Varying(attributes["spacingType"] == "standard" ? StackView.spacingUseSystem
                                   : Numbers.length(attributes.number("spacing")) ?? 0)
        spec.baselineRelative = Varying(attributes["baselineRelativeArrangement"] == "YES")
        spec.marginsRelative = Varying(attributes["layoutMarginsRelativeArrangement"] == "YES")
        return spec
    }
}
