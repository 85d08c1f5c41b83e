import ArgumentParser
import AutoLayout
import Foundation
import LayoutDocument

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print where every view lands, at each size.",
        discussion: """
        Frames are in the superview's coordinates, as UIKit reports them (a guide's frame is in \
        its owning view's). Examples:
          autolayout layout examples/score-cell.yaml
          autolayout layout examples/centered-button.yaml --size 320x568 --json
        """
    )

    @OptionGroup var document: DocumentOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let sources = try document.sources()
        if json {
            print(sources.contains { $0.interfaceBuilder != nil } ? Self.interfaceBuilderJSON(sources) : Self.json(sources),
                  terminator: "")
        } else {
            print(sources.map { Self.heading($0) + Self.table($0) }.joined(separator: "\n"), terminator: "")
        }
        let code = document.report(sources)
        if code != .success { throw code }
    }

    /// `root ID (NAME)` above an Interface Builder root's table.
    static func heading(_ source: LayoutSource) -> String {
        guard let read = source.interfaceBuilder else { return "" }
        return "root \(read.root.id)" + (read.root.name.map { " (\($0))" } ?? "") + "\n"
    }

    static func table(_ source: LayoutSource) -> String {
        var out = ""
        for (k, layout) in source.layouts.enumerated() {
            if k > 0 { out += "\n" }
            out += source.label(layout) + "\n"
            var rows = [["view", "kind", "x", "y", "width", "height", ""]]
            let rootID = layout.items.first { $0.value === layout.root }?.key ?? "root"
            rows.append([rootID, "root", "0", "0", format(layout.size.width), format(layout.size.height), ""])
            for id in layout.order {
                let frame = layout.frame(of: id) ?? .zero
                let kind = (layout.items[id] as? DocumentElement)?.kind.rawValue ?? "guide"
                rows.append([String(repeating: "  ", count: layout.depth(of: id)) + id, kind, format(frame.minX),
                             format(frame.minY), format(frame.width), format(frame.height),
                             layout.isHidden(id) ? "hidden" : ""])
            }
            let widths = (0..<7).map { c in rows.map { $0[c].count }.max() ?? 0 }
            for row in rows {
                let cells = row.enumerated().map { c, text in
                    c >= 2 && c <= 5 ? String(repeating: " ", count: widths[c] - text.count) + text
                        : text + String(repeating: " ", count: widths[c] - text.count)
                }
                var line = cells.joined(separator: "  ")
                while line.hasSuffix(" ") { line.removeLast() }
                out += line + "\n"
            }
        }
        return out
    }

    struct Output: Encodable {
        struct Frame: Encodable { let x, y, width, height: Double }
        struct View: Encodable {
            let id, kind: String
            let superview: String?
            let frame: Frame
            let hidden: Bool
        }
        struct Layout: Encodable {
            let width, height: Double
            /// The text size, when `--content-size` chose it.
            let contentSize: String?
            let views: [View]
            let brokenConstraints: [String]
            let issues: [CheckCommand.Output.Issue]
        }
        let layouts: [Layout]
    }

    static func json(_ sources: [LayoutSource]) -> String {
        let output = Output(layouts: sources.flatMap { source in source.layouts.map { layout in
            Output.Layout(width: layout.size.width, height: layout.size.height,
                          contentSize: source.contentSize?.rawValue, views: layout.order.map { id in
                let frame = layout.frame(of: id) ?? .zero
                let item = layout.items[id]
                let parent = (item as? LayoutView)?.superview ?? (item as? LayoutGuide)?.owningView
                return Output.View(id: id, kind: (item as? DocumentElement)?.kind.rawValue ?? "guide",
                                   superview: parent?.identifier,
                                   frame: .init(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height),
                                   hidden: layout.isHidden(id))
            }, brokenConstraints: layout.brokenConstraints.map(\.equationDescription),
               issues: CheckCommand.issues(layout.issues, in: layout))
        } })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(output)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// The layouts of Interface Builder roots: `{"layouts": [{"root", "name", "width",
    /// "height", "views": [{"id", "superview", "frame"}]}]}`, ids and superviews by their
    /// Interface Builder ids, one entry per view of the root (not the guides the reader made).
    static func interfaceBuilderJSON(_ sources: [LayoutSource]) -> String {
        struct View: Encodable {
            let id: String
            let superview: String?
            let frame: Output.Frame
        }
        struct Layout: Encodable {
            let root: String
            let name: String?
            let width, height: Double
            /// The text size, when `--content-size` chose it.
            let contentSize: String?
            let views: [View]
        }
        struct Layouts: Encodable { let layouts: [Layout] }
        var layouts: [Layout] = []
        for source in sources {
            guard let read = source.interfaceBuilder else { continue }
            let ids = read.read.interfaceBuilderIDs
            for layout in source.layouts {
                let views = layout.order.compactMap { name -> View? in
                    guard let id = ids[name], let view = layout.items[name] as? LayoutView else { return nil }
                    let frame = view.frame
                    return View(id: id, superview: view.superview.flatMap { $0.identifier.flatMap { ids[$0] } },
                                frame: .init(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height))
                }
                layouts.append(Layout(root: read.root.id, name: read.root.name, width: layout.size.width,
                                      height: layout.size.height, contentSize: source.contentSize?.rawValue, views: views))
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(Layouts(layouts: layouts))) ?? Data(), as: UTF8.self) + "\n"
    }
}
