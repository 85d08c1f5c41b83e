import Foundation
import Testing

/// The tool on Interface Builder files: `layout`, `check`, `render` and `convert`.
@Suite struct InterfaceBuilderCLITests {
    static let fixtures = "Tests/InterfaceBuilderTests/Conformance/Fixtures/"
    static let cell = fixtures + "xmartlabs__XLPagerTabStrip__Example__Example__Helpers__PostCell.xib"
    static let pulley = fixtures + "52inc__Pulley__Pulley__Main.storyboard"

    @Test func layoutPrintsInterfaceBuilderIDsAsJSON() throws {
        let result = try CLITests.run(["layout", Self.cell, "--json", "--intrinsic-from-frames"])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let layouts = try #require(json["layouts"] as? [[String: Any]])
        #expect(layouts.count == 1)
        #expect(layouts[0]["root"] as? String == "b8n-8Y-pxb")
        #expect(layouts[0]["name"] as? String == "PostCell")
        #expect(layouts[0]["width"] as? Double == 375 && layouts[0]["height"] as? Double == 84)
        let views = try #require(layouts[0]["views"] as? [[String: Any]])
        #expect(views.map { $0["id"] as? String } == ["K88-rd-6gZ", "wQ5-jv-KcD", "Xt9-VS-IpY", "fIC-u4-GzA"])
        let label = try #require(views.first { $0["id"] as? String == "fIC-u4-GzA" })
        #expect(label["superview"] as? String == "K88-rd-6gZ")
        let frame = try #require(label["frame"] as? [String: Double])
        #expect(frame == ["x": 80, "y": 38, "width": 275, "height": 25.5])
    }

    @Test func layoutTakesOneRootAndSaysWhichExist() throws {
        let one = try CLITests.run(["layout", Self.pulley, "--root", "PrimaryTransitionTargetViewController"])
        #expect(one.status == 0)
        #expect(one.output.hasPrefix("root GtQ-yD-cjm (PrimaryTransitionTargetViewController)\n375x667\n"))
        let missing = try CLITests.run(["layout", Self.pulley, "--root", "Nope"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("no root 'Nope'; the roots are: htC-XI-Len (PulleyViewController), "))
        let yaml = try CLITests.run(["layout", "examples/score-cell.yaml", "--root", "x"])
        #expect(yaml.status == 1)
        #expect(yaml.error.contains("are for Interface Builder files"))
    }

    @Test func checkReportsMisplacedViewsInInterfaceBuildersWords() throws {
        let result = try CLITests.run(["check", Self.pulley, "--root", "GtQ-yD-cjm", "--intrinsic-from-frames"])
        #expect(result.status == 0)
        #expect(result.output.contains("52inc__Pulley__Pulley__Main.storyboard:156:1: warning: Frame for \"Go Back\" will be "
                                       + "different at run time. Stored: x 20, y 57, width 335, height 114; at run time: "
                                       + "x 20, y 77, width 335, height 114 (view JCA-wg-qrc)"))
        let strict = try CLITests.run(["check", Self.pulley, "--root", "GtQ-yD-cjm", "--intrinsic-from-frames", "--strict"])
        #expect(strict.status == 3)
        let clean = try CLITests.run(["check", Self.cell, "--intrinsic-from-frames", "--json"])
        #expect(clean.status == 0)
        #expect(!clean.output.contains("misplacedView"))
    }

    @Test func renderDrawsEachRootAtItsStoredSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ib-render-\(UUID().uuidString)").path
        let result = try CLITests.run(["render", Self.pulley, "-o", folder, "--svg-only"])
        #expect(result.status == 0, "\(result.error)")
        let written = result.output.split(separator: "\n").map { ($0 as NSString).lastPathComponent }
        #expect(written.contains("52inc__Pulley__Pulley__Main-htC-XI-Len-375x667.svg"))
        #expect(written.contains("52inc__Pulley__Pulley__Main-QrR-SM-B6h-375x81.svg"))
        #expect(written.count == 7)
    }

    @Test func convertWritesADocumentPerRootThatLaysOutTheSame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ib-convert-\(UUID().uuidString)").path
        let result = try CLITests.run(["convert", Self.cell, "-o", folder, "--intrinsic-from-frames"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == folder + "/PostCell.yaml\n")
        let converted = try CLITests.run(["layout", folder + "/PostCell.yaml", "--json"])
        let original = try CLITests.run(["layout", Self.cell, "--json", "--intrinsic-from-frames"])
        func frames(_ text: String) throws -> [[String: Double]] {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let views = (json["layouts"] as? [[String: Any]])?.first?["views"] as? [[String: Any]] ?? []
            return views.compactMap { $0["frame"] as? [String: Double] }
        }
        #expect(try frames(converted.output) == frames(original.output))
        #expect(try frames(converted.output).count == 4)
        let notIB = try CLITests.run(["convert", "examples/score-cell.yaml", "-o", folder])
        #expect(notIB.status == 1)
    }

    @Test func aBrokenFileIsAnErrorWithItsLine() throws {
        let path = try CLITests.temporaryFile("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n<objects>\n</document>\n",
                                              name: "broken.xib")
        let result = try CLITests.run(["layout", path])
        #expect(result.status == 1)
        #expect(result.error.contains("broken.xib:4: error: not well-formed XML"), "\(result.error)")
    }
}
