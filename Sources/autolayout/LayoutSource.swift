import ArgumentParser
import AutoLayout
import Foundation
import InterfaceBuilder
import LayoutDocument

/// A document laid out at its sizes, and, for a root of an Interface Builder file, what the
/// reader knows of it (its ids and stored frames).
struct LayoutSource {
    let document: LayoutDocument
    let layouts: [DocumentLayout]
    let interfaceBuilder: InterfaceBuilderSource?
    /// The text size `--content-size` chose (nil: the document's own).
    let contentSize: ContentSizeCategory?

    /// `WxH`, and the text size when `--content-size` chose it: `375x667 accessibilityLarge`.
    func label(_ layout: DocumentLayout) -> String {
        format(layout.size) + (contentSize.map { " " + $0.rawValue } ?? "")
    }
}

/// A root of an Interface Builder file and the document read from it.
struct InterfaceBuilderSource {
    let root: InterfaceBuilderRoot
    let read: InterfaceBuilderDocument
}

/// The options for `.xib` and `.storyboard` files.
struct InterfaceBuilderArguments: ParsableArguments {
    @Option(name: .customLong("root"),
            help: ArgumentHelp("Only this root of an Interface Builder file (its Interface Builder id, storyboard "
                               + "identifier, custom class or label); repeat for several. Default: every root.",
                               valueName: "ID"))
    var roots: [String] = []

    @Flag(help: ArgumentHelp("Take each content view's intrinsic size from the frame Interface Builder stored for it, "
                             + "to compare a screen with what Interface Builder showed (text is otherwise measured with "
                             + "the font table)."))
    var intrinsicFromFrames = false

    @Option(help: ArgumentHelp("The size classes of an Interface Builder file's variations, such as "
                               + "verticalSizeClass=compact or horizontalSizeClass=regular,verticalSizeClass=regular; "
                               + "'any' for the default configuration. Default: the file's device's.",
                               valueName: "TRAITS"))
    var traits: String?

    /// A mistake in these options or in the file, in words.
    struct Failure: Error { let message: String }

    /// The document of a layout document, or one per chosen root of an Interface Builder
    /// file (each root's reader warnings printed once on standard error).
    func documents(file: String) throws -> [(document: LayoutDocument, interfaceBuilder: InterfaceBuilderSource?)] {
        guard InterfaceBuilderFile.isInterfaceBuilderFile(file) else {
            if !roots.isEmpty || intrinsicFromFrames || traits != nil {
                throw Failure(message: "\(file): --root, --intrinsic-from-frames and --traits are for Interface Builder files (.xib, .storyboard)")
            }
            return [(try LayoutDocument.load(contentsOf: file), nil)]
        }
        let ibFile = try InterfaceBuilderFile.load(contentsOf: file)
        var options = InterfaceBuilderOptions()
        options.intrinsicFromFrames = intrinsicFromFrames
        options.traits = try traits.map(Self.parseTraits)
        var chosen: [InterfaceBuilderRoot] = []
        for name in roots {
            guard let root = ibFile.root(named: name) else {
                let known = ibFile.roots.map { root in root.name.map { "\(root.id) (\($0))" } ?? root.id }
                throw Failure(message: "\(file): no root '\(name)'; the roots are: \(known.joined(separator: ", "))")
            }
            chosen.append(root)
        }
        if roots.isEmpty { chosen = ibFile.roots }
        // A root named twice (by its id and its name, say) is laid out once.
        var seen: Set<String> = []
        chosen = chosen.filter { seen.insert($0.id).inserted }
        guard !chosen.isEmpty else { throw Failure(message: "\(file): the file has no views to lay out") }
        var warned: Set<String> = []
        return chosen.map { root in
            let read = ibFile.layoutDocument(for: root, options: options)
            for warning in read.warnings where warned.insert(warning).inserted { printError("\(file): warning: \(warning)") }
            return (read.document, InterfaceBuilderSource(root: root, read: read))
        }
    }

    /// `verticalSizeClass=compact,horizontalSizeClass=regular` (or `heightClass=…`,
    /// `widthClass=…`, as files write them), or `any`.
    static func parseTraits(_ text: String) throws -> SizeClassTraits {
        var traits = SizeClassTraits()
        guard text != "any" else { return traits }
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, let value = SizeClassTraits.SizeClass(rawValue: pair[1]) else {
                throw Failure(message: "--traits: expected NAME=compact or NAME=regular, found '\(part)'")
            }
            switch pair[0] {
            case "verticalSizeClass", "heightClass", "vertical": traits.height = value
            case "horizontalSizeClass", "widthClass", "horizontal": traits.width = value
            default:
                throw Failure(message: "--traits: unknown size class '\(pair[0])'; expected horizontalSizeClass or verticalSizeClass")
            }
        }
        return traits
    }
}
