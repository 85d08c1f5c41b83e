import ArgumentParser
import AutoLayout
import Foundation
import InterfaceBuilder
import LayoutDocument

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "List what is wrong with a layout, at each size.",
        discussion: """
        Lays the document out at each size and lists its issues, each at the file, line and \
        column of a constraint or view involved (then each constraint involved as a note): \
        conflicting constraints; missing constraints, in Interface Builder's words ("Need \
        constraints for: Y position or height"); content priority ambiguity with the change \
        that settles it; ties between optional constraints of equal priority; negative sizes; \
        and, as warnings, content cut off, views outside their superview and optional \
        constraints the solution does not meet.

        Exit codes: 0 no issues (warnings allowed unless --strict); 1 the document has a \
        mistake; 2 conflicting constraints; 3 other issues (and warnings with --strict).
        Examples:
          autolayout check examples/score-cell.yaml
          autolayout check examples/score-cell.yaml --size 10x10 --json
        """
    )

    @OptionGroup var document: DocumentOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Fail (exit 3) on warnings too.")
    var strict = false

    func run() throws {
        let found = try document.sources().flatMap { source in
            source.layouts.map { Checked(layout: $0, issues: $0.issues, source: source) }
        }
        print(json ? Self.json(found, file: document.file) : Self.text(found, file: document.file), terminator: "")
        let issues = found.flatMap(\.issues)
        if issues.contains(where: \.kind.isError) { throw Exit.brokenConstraints }
        if issues.contains(where: { !$0.kind.isWarning || strict })
            || (strict && found.contains(where: { !$0.misplaced.isEmpty })) {
            throw Exit.layoutIssues
        }
    }

    /// Every issue, by size (and root of an Interface Builder file): `FILE:LINE:COLUMN:
    /// error: 'view': message`, then a note per constraint involved; then Interface
    /// Builder's warning for each view laid out away from its stored frame.
    static func text(_ found: [Checked], file: String) -> String {
        var out = ""
        for checked in found {
            let layout = checked.layout, issues = checked.issues
            let size = checked.heading + checked.source.label(layout)
            let count = issues.count + checked.misplaced.count
            guard count > 0 else {
                out += "\(size): no issues\n"
                continue
            }
            out += "\(size): \(count) issue\(count == 1 ? "" : "s")\n"
            for issue in issues {
                out += "\(location(of: issue, in: layout, file: file)): \(severity(of: issue)): \(issue)\n"
                for constraint in issue.constraints {
                    guard let position = layout.position(of: constraint) else { continue }
                    let maker = layout.stack(making: constraint).map { " (made by the stack '\($0)')" } ?? ""
                    out += "\(file):\(position): note: \(constraint.equationDescription)\(maker)\n"
                }
            }
            for view in checked.misplaced {
                out += "\(view.position.map { "\(file):\($0)" } ?? file): warning: \(view.message)\n"
            }
        }
        return out
    }

    /// Where the document wrote what an issue is about: its first constraint the document
    /// wrote, else its first view.
    static func position(of issue: LayoutIssue, in layout: DocumentLayout) -> SourcePosition? {
        issue.constraints.lazy.compactMap { layout.position(of: $0) }.first
            ?? issue.views.lazy.compactMap { layout.position(of: $0) }.first
    }

    /// Where to point at an issue: `FILE:LINE:COLUMN` (see ``position(of:in:)``), or the
    /// file alone.
    static func location(of issue: LayoutIssue, in layout: DocumentLayout, file: String) -> String {
        position(of: issue, in: layout).map { "\(file):\($0)" } ?? file
    }

    /// `warning` or `error`, as the lines and the JSON say it.
    static func severity(of issue: LayoutIssue) -> String { issue.kind.isWarning ? "warning" : "error" }

    struct Output: Encodable {
        struct Place: Encodable { let line, column: Int }
        struct Constraint: Encodable {
            let description: String
            let place: Place?
        }
        struct Issue: Encodable {
            let kind, severity, message: String
            let views: [String]
            let constraints: [Constraint]
            let place: Place?
        }
        struct Layout: Encodable {
            let root: String?
            let width, height: Double
            /// The text size, when `--content-size` chose it.
            let contentSize: String?
            let issues: [Issue]
        }
        let file: String
        let layouts: [Layout]
    }

    /// The issues of one layout as JSON values.
    static func issues(_ issues: [LayoutIssue], in layout: DocumentLayout) -> [Output.Issue] {
        func place(_ position: SourcePosition?) -> Output.Place? { position.map { Output.Place(line: $0.line, column: $0.column) } }
        return issues.map { issue in
            Output.Issue(kind: issue.kind.rawValue, severity: severity(of: issue),
                         message: issue.message, views: issue.views.map(\.description),
                         constraints: issue.constraints.map {
                             Output.Constraint(description: $0.equationDescription, place: place(layout.position(of: $0)))
                         }, place: place(position(of: issue, in: layout)))
        }
    }

    static func json(_ found: [Checked], file: String) -> String {
        let output = Output(file: file, layouts: found.map { checked in
            let misplaced = checked.misplaced.map { view in
                Output.Issue(kind: "misplacedView", severity: "warning", message: view.message, views: [view.id],
                             constraints: [], place: view.position.map { Output.Place(line: $0.line, column: $0.column) })
            }
            return Output.Layout(root: checked.source.interfaceBuilder?.root.id, width: checked.layout.size.width,
                                 height: checked.layout.size.height, contentSize: checked.source.contentSize?.rawValue,
                                 issues: issues(checked.issues, in: checked.layout) + misplaced)
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(output)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// One layout's issues, and for an Interface Builder root at its stored size, the views
    /// laid out away from the frames the file stored.
    struct Checked {
        let layout: DocumentLayout
        let issues: [LayoutIssue]
        let source: LayoutSource
        let misplaced: [Misplaced]

        init(layout: DocumentLayout, issues: [LayoutIssue], source: LayoutSource) {
            self.layout = layout
            self.issues = issues
            self.source = source
            misplaced = source.interfaceBuilder.map { Misplaced.views(in: layout, read: $0) } ?? []
        }

        /// `root ID (NAME) at ` for an Interface Builder root.
        var heading: String {
            guard let read = source.interfaceBuilder else { return "" }
            return "root \(read.root.id)" + (read.root.name.map { " (\($0))" } ?? "") + " at "
        }
    }

    /// A view whose layout differs from its stored frame by more than half a point.
    struct Misplaced {
        let id: String
        let position: SourcePosition?
        let message: String

        /// The misplaced views of a root laid out at its stored size (none at other sizes).
        static func views(in layout: DocumentLayout, read: InterfaceBuilderSource) -> [Misplaced] {
            guard layout.size == read.root.size else { return [] }
            return read.read.misplacedViews(in: layout).map { view in
                let message = "Frame for \"\(view.displayName)\" will be different at run time. Stored: \(describe(view.stored)); "
                    + "at run time: \(describe(view.laidOut)) (view \(view.interfaceBuilderID))"
                return Misplaced(id: view.interfaceBuilderID,
                                 position: (layout.items[view.name] as? LayoutView).flatMap(layout.position(of:)), message: message)
            }
        }

        static func describe(_ frame: Rect) -> String {
            "x \(format(frame.minX)), y \(format(frame.minY)), width \(format(frame.width)), height \(format(frame.height))"
        }
    }
}
