import ArgumentParser
import AutoLayout
import Foundation
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
        let (_, layouts) = try document.layouts()
        let found = layouts.map { ($0, $0.issues) }
        print(json ? Self.json(found, file: document.file) : Self.text(found, file: document.file), terminator: "")
        let issues = found.flatMap(\.1)
        if issues.contains(where: \.kind.isError) { throw Exit.brokenConstraints }
        if issues.contains(where: { !$0.kind.isWarning || strict }) { throw Exit.layoutIssues }
    }

    /// Every issue, by size: `FILE:LINE:COLUMN: error: 'view': message`, then a note per
    /// constraint involved.
    static func text(_ found: [(DocumentLayout, [LayoutIssue])], file: String) -> String {
        var out = ""
        for (layout, issues) in found {
            let size = "\(format(layout.size.width))x\(format(layout.size.height))"
            guard !issues.isEmpty else {
                out += "\(size): no issues\n"
                continue
            }
            out += "\(size): \(issues.count) issue\(issues.count == 1 ? "" : "s")\n"
            for issue in issues {
                out += "\(location(of: issue, in: layout, file: file)): \(severity(of: issue)): \(issue)\n"
                for constraint in issue.constraints {
                    guard let position = layout.position(of: constraint) else { continue }
                    let maker = layout.stack(making: constraint).map { " (made by the stack '\($0)')" } ?? ""
                    out += "\(file):\(position): note: \(constraint.equationDescription)\(maker)\n"
                }
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
            let width, height: Double
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

    static func json(_ found: [(DocumentLayout, [LayoutIssue])], file: String) -> String {
        let output = Output(file: file, layouts: found.map { layout, found in
            Output.Layout(width: layout.size.width, height: layout.size.height, issues: issues(found, in: layout))
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(output)) ?? Data(), as: UTF8.self) + "\n"
    }
}
