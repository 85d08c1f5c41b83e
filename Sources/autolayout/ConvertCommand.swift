import ArgumentParser
import Foundation
import InterfaceBuilder
import LayoutDocument

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Write each root of an Interface Builder file as a layout document.",
        discussion: """
        Writes one YAML layout document per root of a .xib or .storyboard file (or per --root) \
        into the output folder, named after the root's storyboard identifier, custom class or \
        label (else its Interface Builder id), and prints each path. Each lays out to the same \
        frames as the root it came from. Example:
          autolayout convert Main.storyboard -o screens
        """
    )

    @Argument(help: "The Interface Builder file (.xib or .storyboard).")
    var file: String

    @Option(name: .shortAndLong, help: "The folder to write the documents into (created if missing).")
    var output: String

    @OptionGroup var interfaceBuilder: InterfaceBuilderArguments

    func run() throws {
        let documents = try exitingOnInputError {
            guard InterfaceBuilderFile.isInterfaceBuilderFile(file) else {
                throw InterfaceBuilderArguments.Failure(message: "\(file): convert reads Interface Builder files (.xib, .storyboard)")
            }
            return try interfaceBuilder.documents(file: file)
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            printError("cannot create the output folder \(output): \(folderProblem(output, error))")
            throw Exit.inputError
        }
        var used: Set<String> = []
        for (document, source) in documents {
            var base = Self.fileName(source?.root.name ?? source?.root.id ?? "root")
            if !used.insert(base).inserted, let id = source?.root.id {
                base += "-" + id
                used.insert(base)
            }
            let path = (output as NSString).appendingPathComponent(base + ".yaml")
            let header = "# Converted from \((file as NSString).lastPathComponent)"
                + (source.map { ", root \($0.root.id)" } ?? "") + " by `autolayout convert`.\n"
            do {
                try (header + document.yaml).write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                printError("cannot write \(path): \(reason(error))")
                throw Exit.inputError
            }
            print(path)
        }
    }

    /// A name safe as a file name: letters, digits, `-` and `_`.
    static func fileName(_ name: String) -> String {
        let kept = name.unicodeScalars.map { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_" ? Character($0) : "_" }
        let text = String(kept)
        return text.isEmpty ? "root" : text
    }
}
