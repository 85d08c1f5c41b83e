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
        librsvg2-bin) is on the PATH. With --side-by-side, writes one picture instead, NAME-side-by-side.svg \
        (NAME-ROOTID-side-by-side for a root; -WxH before -side-by-side when there is one size), with \
        every size and text size next to each other. \
        Prints the path of every file written. Examples:
          autolayout render examples/score-cell.yaml -o renders
          autolayout render examples/profile.yaml -o renders --size 375x667 --side-by-side \\
            --content-size extraSmall --content-size large --content-size accessibilityExtraLarge
        """
    )

    @OptionGroup var document: DocumentOptions

    @Option(name: .shortAndLong, help: "The folder to write the pictures into (created if missing).")
    var output: String

    @Flag(inversion: .prefixedNo, help: "Draw the constraints as thin lines with I-beams.")
    var constraints = true

    @Flag(help: "Write SVG only, even when rsvg-convert is installed.")
    var svgOnly = false

    @Flag(help: "Draw every size and text size (--content-size) of a document, or of a root, side by side in one picture.")
    var sideBySide = false

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
        let renderer = SVGRenderer(showsConstraints: constraints)
        if sideBySide {
            // One picture per document or root: the sources of one root follow each other.
            var groups: [[LayoutSource]] = []
            for source in sources {
                if let last = groups.last?.last, last.interfaceBuilder?.root.id == source.interfaceBuilder?.root.id {
                    groups[groups.count - 1].append(source)
                } else {
                    groups.append([source])
                }
            }
            for group in groups {
                let rootID = group[0].interfaceBuilder.map { "-" + $0.root.id } ?? ""
                let pictures = group.flatMap { source in
                    source.layouts.map { (layout: $0, title: Self.title(of: source, name: name)) }
                }
                // Pictures of one size are named for it: NAME-WxH-side-by-side.
                let sizes = Set(pictures.map { "-" + format($0.layout.size) })
                let size = sizes.count == 1 ? sizes.first! : ""
                let base = (output as NSString).appendingPathComponent("\(name)\(rootID)\(size)-side-by-side")
                try write(renderer.render(sideBySide: pictures), to: base, converter: converter)
            }
        } else {
            for source in sources {
                // An Interface Builder file has a picture per root: NAME-ROOTID-WxH.
                let rootID = source.interfaceBuilder.map { "-" + $0.root.id } ?? ""
                // At a chosen text size the pictures are named for it, so several sizes share a folder.
                let category = source.contentSize.map { "-" + $0.rawValue } ?? ""
                for layout in source.layouts {
                    let base = (output as NSString).appendingPathComponent(
                        "\(name)\(rootID)-\(format(layout.size))\(category)")
                    try write(renderer.render(layout, title: Self.title(of: source, name: name)), to: base, converter: converter)
                }
            }
        }
        if converter == nil && !svgOnly {
            printError("PNG skipped: rsvg-convert is not installed (on Debian or Ubuntu: apt-get install librsvg2-bin)")
        }
        let code = document.report(sources)
        if code != .success { throw code }
    }

    /// A picture's title: the document's name (or the file's), and the text size
    /// `--content-size` chose.
    static func title(of source: LayoutSource, name: String) -> String {
        (source.document.name ?? name) + (source.contentSize.map { " (\($0.rawValue))" } ?? "")
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
