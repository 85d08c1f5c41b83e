import ArgumentParser
import AutoLayout
import Foundation
import LayoutDocument

@main
struct AutoLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autolayout",
        abstract: "Lay out, render and check Auto Layout documents.",
        discussion: """
        A layout document is a YAML (or JSON) file that describes a screen: the root's sizes, \
        a tree of views (label, button, image, textField, switch, stepper, guide, view) and \
        constraints written in Apple's Visual Format Language or as equations such as \
        'button.centerX == root.centerX @250'. See the README and examples/.

        Exit codes: 0 laid out with every constraint satisfied; 1 the document, a format or an \
        equation has a mistake (the message names the file, line and column); 2 laid out, but \
        the engine had to break unsatisfiable constraints (they are listed on standard error); \
        64 the command line is wrong.
        """,
        subcommands: [LayoutCommand.self, RenderCommand.self, VFLCommand.self]
    )
}

/// Exit codes scripts can rely on.
enum Exit {
    /// The input has a mistake.
    static let inputError = ExitCode(1)
    /// The layout needed constraints to be broken.
    static let brokenConstraints = ExitCode(2)
}

/// A `WxH` size on the command line.
struct SizeArgument: ExpressibleByArgument {
    let size: Size

    init?(argument: String) {
        let parts = argument.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 0, h >= 0, w.isFinite, h.isFinite
        else { return nil }
        size = Size(width: w, height: h)
    }

    static var defaultValueDescription: String { "WxH" }
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Options shared by the commands that read a document.
struct DocumentOptions: ParsableArguments {
    @Argument(help: "The layout document (YAML or JSON).")
    var file: String

    @Option(name: .customLong("size"), help: "A root size such as 375x667; repeat for several. Default: the document's sizes.")
    var sizes: [SizeArgument] = []

    /// Loads the document and lays it out at each size; prints errors and exits with 1.
    func layouts() throws -> (LayoutDocument, [DocumentLayout]) {
        do {
            let document = try LayoutDocument.load(contentsOf: file)
            let sizes = self.sizes.isEmpty ? document.sizes : self.sizes.map(\.size)
            return (document, try sizes.map { (size) throws(DocumentError) in try document.layout(at: size) })
        } catch {
            printError("\(error)")
            throw Exit.inputError
        }
    }

    /// Prints the engine's reports on standard error; exit code 2 when constraints were broken.
    func report(_ layouts: [DocumentLayout]) -> ExitCode {
        var broken = false
        for layout in layouts where !layout.diagnostics.isEmpty {
            printError("at \(format(layout.size.width))x\(format(layout.size.height)):")
            for diagnostic in layout.diagnostics { printError("\(diagnostic)\n") }
            broken = broken || !layout.brokenConstraints.isEmpty
        }
        return broken ? Exit.brokenConstraints : .success
    }
}

/// A number without a trailing `.0`, at most two decimals.
func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
}
