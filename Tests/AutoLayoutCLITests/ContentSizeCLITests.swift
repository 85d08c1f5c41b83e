import Foundation
import Testing

/// `--content-size`: one command shows a screen at another text size.
@Suite struct ContentSizeCLITests {
    @Test func contentSizeSetsTheTextStyles() throws {
        let path = try CLITests.temporaryFile("""
            size: 300x200
            views:
              - {id: title, kind: label, text: "Hello", textStyle: body}
            constraints:
              - "H:|[title]"
              - "V:|[title]"
            """)
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
}
