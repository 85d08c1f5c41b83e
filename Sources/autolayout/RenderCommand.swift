import ArgumentParser
import Foundation
import LayoutDocument
import LayoutRendering

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the layout at each size as SVG (and PNG when rsvg-convert is installed).",
        discussion: """
        Writes NAME-WxH.svg into the output folder for each size, where NAME is the document's \
        file name without its extension (NAME-ROOTID-WxH for each root of an Interface Builder \
        file; -CATEGORY after WxH with --content-size), and NAME-WxH.png beside it when rsvg-convert (Debian: \
        librsvg2-bin) is on the PATH. Prints the path of every file written. Example:
          autolayout render examples/score-cell.yaml -o renders
        """
    )

    @OptionGroup var document: DocumentOptions

    @Option(name: .shortAndLong, help: "The folder to write the pictures into (created if missing).")
    var output: String

    @Flag(inversion: .prefixedNo, help: "Draw the constraints as thin lines with I-beams.")
    var constraints = true

    @Flag(help: "Write SVG only, even when rsvg-convert is installed.")
    var svgOnly = false

    func run() throws {
        let sources = try document.sources()
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            printError("cannot create the output folder \(output): \(folderProblem(output, error))")
            throw Exit.inputError
        }
        let name = ((document.file as NSString).lastPathComponent as NSString).deletingPathExtension
        let converter = svgOnly ? nil : Self.rsvgConvert()
        for source in sources {
            // An Interface Builder file has a picture per root: NAME-ROOTID-WxH.
            let rootID = source.interfaceBuilder.map { "-" + $0.root.id } ?? ""
            // At a chosen text size the pictures are named for it, so several sizes share a folder.
            let category = document.contentSize.map { "-" + $0.rawValue } ?? ""
            let renderer = SVGRenderer(showsConstraints: constraints, title: source.document.name ?? name)
            for layout in source.layouts {
                let base = (output as NSString).appendingPathComponent(
                    "\(name)\(rootID)-\(format(layout.size.width))x\(format(layout.size.height))\(category)")
                try write(renderer.render(layout), to: base, converter: converter)
            }
        }
        if converter == nil && !svgOnly {
            printError("PNG skipped: rsvg-convert is not installed (on Debian or Ubuntu: apt-get install librsvg2-bin)")
        }
        let code = document.report(sources.flatMap(\.layouts))
        if code != .success { throw code }
    }

    /// Writes BASE.svg, and BASE.png when there is a converter; prints each path.
    func write(_ svg: String, to base: String, converter: String?) throws {
        do {
            try svg.write(toFile: base + ".svg", atomically: true, encoding: .utf8)
        } catch {
            printError("cannot write \(base).svg: \(reason(error))")
            throw Exit.inputError
        }
        print(base + ".svg")
        guard let converter else { return }
        if Self.run(converter, ["--zoom", "2", "--format", "png", "--output", base + ".png", base + ".svg"]) {
            print(base + ".png")
        } else {
            printError("rsvg-convert failed on \(base).svg")
        }
    }

    /// The path of rsvg-convert, if it is on the PATH.
    static func rsvgConvert() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/rsvg-convert"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }
}
