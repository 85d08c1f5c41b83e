import Foundation
import Testing

/// Runs the built `autolayout` tool as a user would, and checks its output and exit codes.
@Suite struct CLITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The tool, built beside this test binary.
    static var tool: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("autolayout")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return repository.appendingPathComponent(".build/debug/autolayout")
    }

    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = repository
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error is read on another thread: a tool that fills one pipe while this
        // reads the other would otherwise wait forever.
        let errorData = ErrorBox()
        let reader = Thread { errorData.data = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errorData.data == nil { Thread.sleep(forTimeInterval: 0.001) }
        let error = errorData.data ?? Data()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                      error: String(decoding: error, as: UTF8.self))
    }

    /// Standard error's bytes, written by the reading thread once it has them all.
    final class ErrorBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Data?
        var data: Data? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    static func temporaryFile(_ text: String, name: String = "screen.yaml") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("autolayout-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func layoutPrintsATablePerSize() throws {
        let result = try Self.run(["layout", "examples/score-cell.yaml"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "375x60")
        #expect(lines.contains("  photo    button         8      8     44      44"))
        #expect(lines.contains("  name     textField     60  13.11   99.5   33.79"))
        #expect(lines.contains("667x60"))
        #expect(lines.contains("  name     textField     60  13.11  245.5   33.79"))
    }

    @Test func layoutAtAGivenSizeAsJSON() throws {
        let result = try Self.run(["layout", "examples/card.yaml", "--size", "320x480", "--json"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let layouts = try #require(json?["layouts"] as? [[String: Any]])
        #expect(layouts.count == 1 && layouts[0]["width"] as? Double == 320)
        let card = try #require((layouts[0]["views"] as? [[String: Any]])?.first { $0["id"] as? String == "card" })
        let frame = try #require(card["frame"] as? [String: Double])
        #expect(frame["y"] == 20 + 0.7 * 460 && frame["width"] == 280 && frame["height"] == 80)
        #expect(card["superview"] as? String == "root")
    }

    @Test func renderWritesSVGAndSaysWhere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("autolayout-render-\(UUID().uuidString)").path
        let result = try Self.run(["render", "examples/planets.yaml", "-o", folder])
        #expect(result.status == 0)
        for size in ["375x667", "667x375"] {
            let svg = "\(folder)/planets-\(size).svg"
            #expect(result.output.contains(svg))
            #expect(FileManager.default.contents(atPath: svg).map { String(decoding: $0, as: UTF8.self).hasPrefix("<svg") } == true)
            // PNG too when rsvg-convert is installed; otherwise the tool says how to get it.
            if result.output.contains(".png") {
                #expect(FileManager.default.fileExists(atPath: "\(folder)/planets-\(size).png"))
            } else {
                #expect(result.error.contains("PNG skipped: rsvg-convert is not installed"))
            }
        }
        let plain = try Self.run(["render", "examples/planets.yaml", "-o", folder, "--size", "100x100", "--no-constraints", "--svg-only"])
        #expect(plain.status == 0 && plain.output == "\(folder)/planets-100x100.svg\n" && plain.error.isEmpty)
    }

    @Test func vflPrintsConstraints() throws {
        let result = try Self.run(["vfl", "H:|-[a]-(>=8@750)-[b(==a)]-|", "--views", "a,b"])
        #expect(result.status == 0)
        #expect(result.output == """
            a.leading == superview.leading + 20      H:|-(20)-[a]
            b.leading >= a.trailing + 8 @750         H:[a]-(>=8@750)-[b]
            b.width == a.width                       H:[b(==a)]
            superview.trailing == b.trailing + 20    H:[b]-(20)-|

            """)
        let options = try Self.run(["vfl", "V:[a]-gap-[b]", "--views", "a,b", "--metrics", "gap=12", "--options", "alignAllCenterX"])
        #expect(options.output.hasPrefix("b.top == a.bottom + 12"))
        #expect(options.output.contains("b.centerX == a.centerX"))
        let margins = try Self.run(["vfl", "|-[a]", "--views", "a", "--layout-margins"])
        #expect(margins.output == "a.leading == superview.leadingMargin\n")
    }

    @Test func vflErrorsShowTheCaret() throws {
        let result = try Self.run(["vfl", "H:|-[a]-[nmae]", "--views", "a"])
        #expect(result.status == 1 && result.output.isEmpty)
        #expect(result.error == "Unable to parse constraint format: \nnmae is not a key in the views dictionary. \nH:|-[a]-[nmae] \n             ^\n")
        let option = try Self.run(["vfl", "[a]", "--views", "a", "--options", "alignAllMiddle"])
        #expect(option.status == 64 && option.error.contains("unknown option 'alignAllMiddle'"))
    }

    @Test func documentErrorsNameFileLineAndColumn() throws {
        let path = try Self.temporaryFile("size: 100x100\nviews:\n  - id: a\n    kind: slider\n")
        let result = try Self.run(["layout", path])
        #expect(result.status == 1 && result.output.isEmpty)
        #expect(result.error.hasPrefix("\(path):4:11: error: unknown kind 'slider'; expected one of: view, label"))
        let missing = try Self.run(["render", "/nonexistent.yaml", "-o", "/tmp"])
        #expect(missing.status == 1 && missing.error == "/nonexistent.yaml: error: cannot read the file\n")
        let folder = try Self.run(["render", "examples/card.yaml", "-o", "/dev/null/pictures"])
        #expect(folder.status == 1
                && folder.error == "cannot create the output folder /dev/null/pictures: /dev/null is a file, not a folder\n")
        let format = try Self.temporaryFile("size: 100x100\nviews:\n  - id: a\nconstraints:\n  - \"H:|-[a]-[b]\"\n")
        let caret = try Self.run(["render", format, "-o", "/tmp"])
        #expect(caret.status == 1 && caret.error == "\(format):5:16: error: b is not a key in the views dictionary.\nH:|-[a]-[b]\n          ^\n")
        let yaml = try Self.temporaryFile("size: [100x100\n")
        let invalid = try Self.run(["layout", yaml])
        #expect(invalid.status == 1 && invalid.error.hasPrefix("\(yaml):2:1: error: invalid YAML"))
    }

    @Test func brokenConstraintsExitWithTwo() throws {
        let path = try Self.temporaryFile("size: 200x100\nviews:\n  - id: a\nconstraints:\n  - \"|[a(50)]|\"\n  - \"V:|[a]|\"\n")
        let result = try Self.run(["layout", path])
        #expect(result.status == 2)
        #expect(result.output.contains("  a   view  0  0     50     100"))
        #expect(result.error.contains("Unable to simultaneously satisfy constraints."))
        #expect(result.error.contains("Will attempt to recover by breaking constraint"))
    }

    @Test func checkListsIssuesWithTheirPlaceAndExitCode() throws {
        let clean = try Self.run(["check", "examples/score-cell.yaml"])
        #expect(clean.status == 0 && clean.output == "375x60: no issues\n667x60: no issues\n")
        // The score cell squeezed to 10x10: the stepper's width goes negative.
        let squeezed = try Self.run(["check", "examples/score-cell.yaml", "--size", "10x10"])
        #expect(squeezed.status == 3)
        #expect(squeezed.output.contains("examples/score-cell.yaml:18:5: error: 'stepper': Its width is -159: "
                                         + "the constraints push it below zero\n"))
        // A view placed vertically only: missing constraints, at the view's line.
        let path = try Self.temporaryFile("size: 200x100\nviews:\n  - id: a\nconstraints:\n  - \"V:|[a(20)]\"\n")
        let missing = try Self.run(["check", path])
        #expect(missing.status == 3)
        #expect(missing.output == "200x100: 1 issue\n\(path):3:5: error: 'a': Need constraints for: X position, width\n")
        let json = try Self.run(["check", path, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let issue = try #require(((object?["layouts"] as? [[String: Any]])?.first?["issues"] as? [[String: Any]])?.first)
        #expect(issue["kind"] as? String == "missingConstraints" && issue["views"] as? [String] == ["a"])
        #expect((issue["place"] as? [String: Int]) == ["line": 3, "column": 5])
        // A conflict exits with 2, with a note at each constraint's entry.
        let conflict = try Self.temporaryFile("size: 200x100\nviews:\n  - id: a\nconstraints:\n  - \"|[a(50)]|\"\n  - \"V:|[a]|\"\n")
        let broken = try Self.run(["check", conflict])
        #expect(broken.status == 2)
        #expect(broken.output.contains("\(conflict):5:6: error: 'a': Conflicting constraints: "))
        #expect(broken.output.contains("\(conflict):5:6: note: root.trailing == a.trailing\n"))
        // Warnings fail only with --strict.
        let warned = try Self.run(["check", "examples/centered-button.yaml"])
        #expect(warned.status == 0 && warned.output.contains("warning: 'button': Optional constraint"))
        #expect(try Self.run(["check", "examples/centered-button.yaml", "--strict"]).status == 3)
        // `layout` prints the same issues on standard error, and keeps its exit code.
        let layout = try Self.run(["layout", path])
        #expect(layout.status == 0 && layout.error == "at 200x100:\n\(path):3:5: error: 'a': Need constraints for: X position, width\n")
    }

    @Test("a conflict with a stack's constraints points at the stack for each of them")
    func checkNamesTheStackThatMadeAConstraint() throws {
        let path = try Self.temporaryFile("""
            size: 375x667
            views:
              - id: row
                kind: stack
                distribution: fillEqually
                spacing: 8
                views:
                  - {id: a, kind: button, text: One}
                  - {id: b, kind: button, text: Two}
            constraints:
              - "|-[row]-|"
              - "V:|-40-[row]"
              - a.width == 100

            """)
        let result = try Self.run(["check", path])
        #expect(result.status == 2)
        #expect(result.output.contains("'b.width == a.width' (UISV-fill-equally) cannot all hold"), "\(result.output)")
        #expect(result.output.contains("\(path):3:5: note: 'UISV-fill-equally' b.width == a.width (made by the stack 'row')\n"))
        #expect(result.output.contains("\(path):13:5: note: a.width == 100\n"))
    }

    @Test("the README's check transcripts are what the tool prints")
    func readmeCheckTranscripts() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        var checked = 0
        var k = 0
        while k < lines.count {
            guard lines[k].hasPrefix("$ autolayout check ") else {
                k += 1
                continue
            }
            let arguments = lines[k].dropFirst("$ autolayout ".count).split(separator: " ").map(String.init)
            var expected: [String] = []
            k += 1
            while k < lines.count, !lines[k].hasPrefix("(exit ") {
                expected.append(lines[k])
                k += 1
            }
            let status = Int32(lines[k].dropFirst("(exit ".count).dropLast())
            let result = try Self.run(arguments)
            #expect(result.output == expected.joined(separator: "\n") + "\n", "\(arguments)")
            #expect(result.status == status, "\(arguments)")
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test func usageErrorsAndHelp() throws {
        let bad = try Self.run(["layout", "examples/card.yaml", "--size", "wide"])
        #expect(bad.status == 64 && bad.error.contains("--size"))
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        for text in ["layout", "render", "vfl", "Exit codes: 0 laid out", "2 laid out, but"] {
            #expect(help.output.contains(text), "\(text)")
        }
        let sub = try Self.run(["render", "--help"])
        #expect(sub.output.contains("rsvg-convert") && sub.output.contains("--no-constraints"))
    }

    @Test("--size refuses negative, huge and malformed sizes in words, never crashing")
    func sizesOnTheCommandLine() throws {
        for argument in [["--size", "-5x5"], ["--size=-5x5"]] {
            let negative = try Self.run(["layout", "examples/card.yaml"] + argument)
            #expect(negative.status == 64 && negative.output.isEmpty)
            #expect(negative.error.hasPrefix("Error: The value '-5x5' is invalid for '--size <WxH>': a size cannot be negative\n"),
                    "\(negative.error)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("autolayout-huge-\(UUID().uuidString)").path
        let huge = try Self.run(["render", "examples/card.yaml", "--size", "1e19x1", "-o", folder, "--svg-only"])
        #expect(huge.status == 64 && huge.error.hasPrefix("Error: The value '1e19x1' is invalid for '--size <WxH>': "
            + "a size must be at most 1000000000 points on each side (the largest layout value)\n"))
        let infinite = try Self.run(["layout", "examples/card.yaml", "--size", "infx5"])
        #expect(infinite.status == 64 && infinite.error.contains("a size must be two finite numbers, such as 375x667"))
        // The largest size renders, with plain numbers in the picture.
        let largest = try Self.run(["render", "examples/card.yaml", "--size", "1000000000x1", "-o", folder, "--svg-only"])
        #expect(largest.status == 0 && largest.output == "\(folder)/card-1000000000x1.svg\n", "\(largest.error)")
        let svg = FileManager.default.contents(atPath: "\(folder)/card-1000000000x1.svg").map { String(decoding: $0, as: UTF8.self) }
        #expect(svg?.contains("width=\"1000000048\"") == true)
    }

    @Test func outputFolderUnderAFileSaysSo() throws {
        let file = try Self.temporaryFile("not a folder", name: "somefile.txt")
        let result = try Self.run(["render", "examples/card.yaml", "-o", "\(file)/sub", "--svg-only"])
        #expect(result.status == 1 && result.output.isEmpty)
        #expect(result.error == "cannot create the output folder \(file)/sub: \(file) is a file, not a folder\n")
    }

    @Test func vflMetricMistakesShowTheVFLUsage() throws {
        let result = try Self.run(["vfl", "H:|-(gap)-[a]", "--views", "a", "--metrics", "gap=abc"])
        #expect(result.status == 64 && result.output.isEmpty)
        #expect(result.error.hasPrefix("Error: a metric must be name=number, got 'gap=abc'\nUsage: autolayout vfl <format>"),
                "\(result.error)")
        let infinite = try Self.run(["vfl", "H:|-(gap)-[a]", "--views", "a", "--metrics", "gap=inf"])
        #expect(infinite.status == 64 && infinite.error.hasPrefix("Error: the metric 'gap=inf' is not a finite number\nUsage: autolayout vfl"))
        let huge = try Self.run(["vfl", "H:|-(gap)-[a]", "--views", "a", "--metrics", "gap=1e20"])
        #expect(huge.status == 1 && huge.error.contains("The metric gap is 1e+20, out of range"))
    }

    @Test func documentNumbersAreCheckedWithTheirPlace() throws {
        let negative = try Self.temporaryFile("sizes: [[-5, 5]]\nviews:\n  - id: a\n")
        let result = try Self.run(["layout", negative])
        #expect(result.status == 1 && result.error == "\(negative):1:10: error: a width cannot be negative, found -5\n")
        let equation = try Self.temporaryFile("size: 100x50\nviews:\n  - id: a\n  - id: b\nconstraints:\n  - a.width == b.width + inf\n")
        let inf = try Self.run(["layout", equation])
        #expect(inf.status == 1 && inf.error.hasPrefix("\(equation):6:26: error: 'inf' is not a finite number"))
        let deep = try Self.temporaryFile("size: 10x10\nviews: " + String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000) + "\n")
        let nesting = try Self.run(["layout", deep])
        #expect(nesting.status == 1
                && nesting.error == "\(deep):2:9: error: the document nests too deep: lists and mappings may nest at most 1000 levels\n")
    }

    @Test("more than 100 diagnostics: the dropped ones are counted")
    func droppedDiagnosticsAreCounted() throws {
        var text = "size: 300x10\nviews:\n"
        for i in 0..<175 { text += "  - id: v\(i)\n" }
        text += "constraints:\n"
        for i in 0..<175 { text += "  - v\(i).width == 10\n  - v\(i).width == 20\n" }
        let result = try Self.run(["layout", try Self.temporaryFile(text)])
        #expect(result.status == 2)
        let lines = result.error.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(2) == ["at 300x10:", "... 75 earlier diagnostics not shown (the engine keeps the last 100)"])
        #expect(result.error.components(separatedBy: "Unable to simultaneously satisfy constraints.").count - 1 == 100)
    }
}
