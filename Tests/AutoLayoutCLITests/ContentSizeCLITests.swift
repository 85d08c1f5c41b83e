import Foundation
import Testing

/// `--content-size`: one command shows a screen at another text size.
@Suite struct ContentSizeCLITests {
    /// One label of body text.
    static let bodyLabel = """
        size: 300x200
        views:
          - {id: title, kind: label, text: "Hello", textStyle: body}
        constraints:
          - "H:|[title]"
          - "V:|[title]"
        """

    @Test func contentSizeSetsTheTextStyles() throws {
        let path = try CLITests.temporaryFile(Self.bodyLabel)
        func height(_ arguments: [String]) throws -> Double? {
            let result = try CLITests.run(["layout", path, "--json"] + arguments)
            #expect(result.status == 0, "\(result.error)")
            let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            let views = (json?["layouts"] as? [[String: Any]])?.first?["views"] as? [[String: Any]]
            return (views?.first?["frame"] as? [String: Double])?["height"]
        }
        // DejaVu Sans lines are 2384/2048 of the font size: body is 17 at Large, 40 at AX3.
        #expect(try height([]) == 17 * 2384 / 2048)
        #expect(try height(["--content-size", "accessibilityExtraLarge"]) == 40 * 2384 / 2048)
        let wrong = try CLITests.run(["layout", path, "--content-size", "huge"])
        #expect(wrong.status == 64)
        #expect(wrong.error.contains("unknown content size 'huge'"))
    }

    @Test func renderNamesPicturesForTheTextSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("content-size-\(UUID().uuidString)").path
        for category in ["extraSmall", "accessibilityExtraLarge"] {
            let result = try CLITests.run(["render", "examples/profile.yaml", "-o", folder, "--svg-only", "--size", "375x667",
                                           "--content-size", category])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output == folder + "/profile-375x667-\(category).svg\n")
        }
    }

    @Test func severalTextSizesLayOutOneAfterAnother() throws {
        let path = try CLITests.temporaryFile(Self.bodyLabel)
        let table = try CLITests.run(["layout", path, "--content-size", "extraSmall", "--content-size", "accessibilityMedium"])
        #expect(table.status == 0, "\(table.error)")
        // Each table is headed by its size and text size: body is 14 at xSmall and 28 at AX1.
        let headings = table.output.split(separator: "\n").filter { $0.hasPrefix("300x200") }
        #expect(headings == ["300x200 extraSmall", "300x200 accessibilityMedium"])
        // Line heights 14 × 2384 / 2048 = 16.3 and 28 × 2384 / 2048 = 32.59, as the table rounds them.
        #expect(table.output.contains(" 16.3\n") && table.output.contains(" 32.59\n"))
        let json = try CLITests.run(["layout", path, "--json", "--content-size", "large", "--content-size", "extraLarge"])
        let layouts = try #require((try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["layouts"]
                                    as? [[String: Any]])
        #expect(layouts.map { $0["contentSize"] as? String } == ["large", "extraLarge"])
        // Without --content-size the JSON has no text size, as before.
        let plain = try CLITests.run(["layout", path, "--json"])
        #expect(!plain.output.contains("contentSize"))
    }

    @Test func renderSideBySide() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("side-by-side-\(UUID().uuidString)").path
        let result = try CLITests.run(["render", "examples/profile.yaml", "-o", folder, "--svg-only", "--size", "375x667",
                                       "--side-by-side", "--content-size", "extraSmall", "--content-size", "accessibilityExtraLarge"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == folder + "/profile-375x667-side-by-side.svg\n")
        let svg = try String(contentsOfFile: folder + "/profile-375x667-side-by-side.svg", encoding: .utf8)
        // Two pictures of 375 + 2 × 24 points side by side, each under its own title.
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"846\""))
        #expect(svg.contains("<svg x=\"0\" y=\"0\" width=\"423\"") && svg.contains("<svg x=\"423\" y=\"0\" width=\"423\""))
        #expect(svg.contains("Profile (extraSmall) — 375 × 667") && svg.contains("Profile (accessibilityExtraLarge) — 375 × 667"))
        // Both sizes of the document: one picture named without a size.
        let both = try CLITests.run(["render", "examples/profile.yaml", "-o", folder, "--svg-only", "--side-by-side"])
        #expect(both.output == folder + "/profile-side-by-side.svg\n")
    }

    @Test func issuesNameTheTextSize() throws {
        // At AX5 the profile's bio is taller than the room the screen leaves: a warning, under
        // a heading that names the text size.
        let result = try CLITests.run(["layout", "examples/profile.yaml", "--size", "375x667",
                                       "--content-size", "accessibilityExtraExtraExtraLarge"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("at 375x667 accessibilityExtraExtraExtraLarge:\n"))
        #expect(result.error.contains("'bio': Needs"))
        let json = try CLITests.run(["check", "examples/profile.yaml", "--json", "--size", "375x667",
                                     "--content-size", "large", "--content-size", "accessibilityExtraExtraExtraLarge",
                                     "--content-size", "large"])
        let layouts = try #require((try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["layouts"]
                                    as? [[String: Any]])
        // A text size given twice is laid out once.
        #expect(layouts.map { $0["contentSize"] as? String } == ["large", "accessibilityExtraExtraExtraLarge"])
        #expect(layouts.map { ($0["issues"] as? [Any])?.count } == [0, 1])
    }
}
