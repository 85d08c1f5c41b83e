/// Interface Builder's size-class variations for one set of traits: which constraints and
/// subviews are out (`<variation key="default"><mask key="constraints"><exclude …/>`, undone
/// by a matching `<include>`), and the attributes a matching variation changes
/// (`<variation key="widthClass=regular" spacing="15"/>`).
struct Variations: Sendable {
    let traits: SizeClassTraits
    /// The ids left out.
    private(set) var excluded: Set<String> = []

    /// The variations under `root` for these traits. The default's exclusions come first,
    /// then the matching variations', the more specific (naming both classes) last.
    init(root: XMLNode, traits: SizeClassTraits) {
        self.traits = traits
        var defaults: [XMLNode] = [], matching: [XMLNode] = []
        func collect(_ node: XMLNode) {
            for child in node.children {
                if child.name == "variation", let key = child["key"] {
                    if key == "default" { defaults.append(child) } else if traits.matches(key) { matching.append(child) }
                } else {
                    collect(child)
                }
            }
        }
        collect(root)
        matching.sort { ($0["key"] ?? "").split(separator: "-").count < ($1["key"] ?? "").split(separator: "-").count }
        for variation in defaults + matching {
            for mask in variation.children("mask") {
                for entry in mask.children {
                    guard let reference = entry["reference"] else { continue }
                    if entry.name == "exclude" { excluded.insert(reference) } else if entry.name == "include" { excluded.remove(reference) }
                }
            }
        }
    }

    /// Whether a view or constraint is left out.
    func excludes(_ node: XMLNode) -> Bool { node["id"].map(excluded.contains) ?? false }

    /// An element's attributes, with those of its matching variations over them.
    func attributes(of node: XMLNode) -> XMLAttributes {
        var attributes = node.attributes
        for variation in node.children("variation") where traits.matches(variation["key"] ?? "default") {
            for (key, value) in variation.attributes where key != "key" { attributes[key] = value }
        }
        return attributes
    }
}
