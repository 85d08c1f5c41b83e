import ArgumentParser
import AutoLayout
import Foundation
import LayoutDocument

@main
struct AutoLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autolayout",
        abstract: "Lay out, render and check Auto Layout documents and Interface Builder files.",
        discussion: """
        A layout document is a YAML (or JSON) file that describes a screen: the root's sizes, \
        a tree of views (label, button, image, textField, switch, stepper, guide, view) and \
        constraints written in Apple's Visual Format Language or as equations such as \
        'button.centerX == root.centerX @250'. See the README and examples/. Interface Builder \
        files (.xib, .storyboard) are read too: one layout per root (--root to pick one), and \
        `convert` writes each root as a layout document.

        Exit codes: 0 laid out with every constraint satisfied; 1 the document, a format or an \
        equation has a mistake (the message names the file, line and column), or an output \
        cannot be written; 2 laid out, but the engine had to break unsatisfiable constraints \
        (they are listed on standard error); 3 `check` found other issues; 64 the command line \
        is wrong.

        Layout values (sizes, constants, frames, margins, metrics) must be within ±1,000,000,000 \
        points and multipliers within ±1,000,000; sizes cannot be negative.
        """,
        subcommands: [LayoutCommand.self, RenderCommand.self, CheckCommand.self, ConvertCommand.self, VFLCommand.self]
    )
}

/// Exit codes scripts can rely on.
enum Exit {
    /// The input has a mistake.
    static let inputError = ExitCode(1)
    /// The layout needed constraints to be broken.
    static let brokenConstraints = ExitCode(2)
    /// `check` found issues other than conflicts.
    static let layoutIssues = ExitCode(3)
}

/// A `WxH` size on the command line: two finite lengths, neither negative nor beyond
/// ``LayoutLimits/maximumValue``.
struct SizeArgument {
    let size: Size

    /// Reads `375x667`; the error says what is wrong in the user's terms.
    static func parse(_ argument: String) throws -> SizeArgument {
        let parts = argument.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else {
            throw ValidationError("expected a size such as 375x667 (width x height in points)")
        }
        guard w.isFinite, h.isFinite else { throw ValidationError("a size must be two finite numbers, such as 375x667") }
        guard w >= 0, h >= 0 else { throw ValidationError("a size cannot be negative") }
        guard LayoutLimits.contains(w), LayoutLimits.contains(h) else {
            throw ValidationError("a size must be at most \(format(LayoutLimits.maximumValue)) points "
                                  + "on each side (the largest layout value)")
        }
        return SizeArgument(size: Size(width: w, height: h))
    }
}

/// The result of `body`; a mistake in the input it throws is printed on standard error
/// (an option's in its own words, a file's with its place) and ends the tool with exit code 1.
func exitingOnInputError<Result>(_ body: () throws -> Result) throws -> Result {
    do {
        return try body()
    } catch let error as InterfaceBuilderArguments.Failure {
        printError(error.message)
        throw Exit.inputError
    } catch {
        printError("\(error)")
        throw Exit.inputError
    }
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Options shared by the commands that read a document.
struct DocumentOptions: ParsableArguments {
    @Argument(help: "The layout document (YAML or JSON), or an Interface Builder file (.xib or .storyboard).")
    var file: String

    // Taken unconditionally, so that `--size -5x5` reaches the size's own check instead of
    // being read as an unknown flag.
    @Option(name: .customLong("size"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A root size such as 375x667; repeat for several. Default: the document's sizes "
                               + "(an Interface Builder root's stored size).", valueName: "WxH"),
            transform: SizeArgument.parse)
    var sizes: [SizeArgument] = []

    @Option(name: .customLong("content-size"),
            help: ArgumentHelp("The reader's text size for views with a text style: extraSmall … large (the default) … "
                               + "extraExtraExtraLarge, accessibilityMedium … accessibilityExtraExtraExtraLarge; "
                               + "repeat for several.",
                               valueName: "CATEGORY"),
            transform: { text in
                guard let category = ContentSizeCategory(rawValue: text) else {
                    throw ValidationError("unknown content size '\(text)'; expected one of: "
                                          + ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return category
            })
    var contentSizes: [ContentSizeCategory] = []

    @OptionGroup var interfaceBuilder: InterfaceBuilderArguments

    /// Loads the document (or each chosen root of an Interface Builder file) and lays it out
    /// at each size; prints errors and exits with 1.
    func sources() throws -> [LayoutSource] {
        // The engine's diagnostics are printed under each size (see `report`), not logged.
        LayoutLog.destination = .silent
        return try exitingOnInputError {
            try interfaceBuilder.documents(file: file).flatMap { loaded in
                // One source per chosen text size, so each size's pictures and tables are named for it.
                try (contentSizes.isEmpty ? [nil] : Self.unique(contentSizes).map(Optional.some)).map { contentSize in
                    var document = loaded.document
                    if let contentSize { document.contentSize = contentSize }
                    let sizes = self.sizes.isEmpty ? document.sizes : self.sizes.map(\.size)
                    let layouts = try sizes.map { (size) throws(DocumentError) in try document.layout(at: size) }
                    return LayoutSource(document: document, layouts: layouts, interfaceBuilder: loaded.interfaceBuilder,
                                        contentSize: contentSize)
                }
            }
        }
    }

    /// The values in their first order, each once.
    static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen: Set<T> = []
        return values.filter { seen.insert($0).inserted }
    }

    /// How many issues per size `layout` and `render` print.
    static let shownIssues = 100

    /// Prints the engine's reports on standard error, then the layouts' other issues (as
    /// `check` lists them); exit code 2 when constraints were broken.
    func report(_ sources: [LayoutSource]) -> ExitCode {
        // Each layout under its heading: `375x667`, or `375x667 accessibilityLarge` at a chosen text size.
        let labelled = sources.flatMap { source in source.layouts.map { (label: source.label($0), layout: $0) } }
        var broken = false
        defer {
            for (label, layout) in labelled {
                let issues = layout.issues.filter { !$0.kind.isError }
                guard !issues.isEmpty else { continue }
                printError("at \(label):")
                for issue in issues.prefix(DocumentOptions.shownIssues) {
                    printError("\(CheckCommand.location(of: issue, in: layout, file: file)): "
                               + "\(CheckCommand.severity(of: issue)): \(issue)")
                }
                if issues.count > DocumentOptions.shownIssues {
                    printError("... and \(issues.count - DocumentOptions.shownIssues) more issues (`autolayout check` lists them all)")
                }
            }
        }
        for (label, layout) in labelled where !layout.diagnostics.isEmpty {
            printError("at \(label):")
            let dropped = layout.droppedDiagnosticCount
            if dropped > 0 {
                printError("... \(dropped) earlier diagnostic\(dropped == 1 ? "" : "s") not shown "
                           + "(the engine keeps the last \(layout.diagnostics.count))\n")
            }
            for diagnostic in layout.diagnostics { printError("\(diagnostic)\n") }
            broken = broken || !layout.brokenConstraints.isEmpty
        }
        return broken ? Exit.brokenConstraints : .success
    }
}

/// A size as `WxH`, each side as ``format(_:)-(Double)`` writes it.
func format(_ size: Size) -> String {
    "\(format(size.width))x\(format(size.height))"
}

/// A number without a trailing `.0`, at most two decimals.
func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
}

/// Why a folder cannot be made, in words: an ancestor that is a file, or the system's reason.
func folderProblem(_ path: String, _ error: Error) -> String {
    var ancestor = ""
    for component in (path as NSString).pathComponents {
        ancestor = ancestor.isEmpty ? component : (ancestor as NSString).appendingPathComponent(component)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: ancestor, isDirectory: &isFolder), !isFolder.boolValue {
            return "\(ancestor) is a file, not a folder"
        }
    }
    return reason(error)
}

/// The underlying system reason of a file error (`Permission denied`), else its description.
func reason(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    return nsError.localizedDescription
}
