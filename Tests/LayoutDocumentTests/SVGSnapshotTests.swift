import AutoLayout
import Foundation
import LayoutRendering
import Testing
@testable import LayoutDocument

/// Renders compared as text with the committed snapshots in `Snapshots/`. A missing snapshot
/// is written and the test fails once, so a new one is looked at before it is committed.
@Suite struct SVGSnapshotTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static let cases: [(String, Size, Bool)] = [
        ("score-cell.yaml", Size(width: 375, height: 60), true),
        ("centered-button.yaml", Size(width: 375, height: 667), true),
        ("planets.yaml", Size(width: 667, height: 375), true),
        ("card.yaml", Size(width: 375, height: 667), false),
    ]

    @Test("SVG snapshots", arguments: cases)
    func snapshot(_ file: String, _ size: Size, _ constraints: Bool) throws {
        let document = try ExampleTests.load(file)
        let svg = SVGRenderer(showsConstraints: constraints, title: document.name).render(try document.layout(at: size))
        let name = file.replacingOccurrences(of: ".yaml", with: "") + "-\(Int(size.width))x\(Int(size.height))"
            + (constraints ? "" : "-plain") + ".svg"
        let url = Self.here.appendingPathComponent("Snapshots").appendingPathComponent(name)
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try svg.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded a new snapshot at \(url.path); check it and run again")
            return
        }
        #expect(svg == expected, "\(name) differs from its snapshot")
    }

    @Test("the README's pictures in docs/renders are what the examples render to now")
    func readmeRenders() throws {
        let folder = Self.here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/renders")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".svg") }.sorted()
        #expect(files.count == 10)
        for file in files {
            // NAME-WxH.svg
            let stem = String(file.dropLast(4)), dash = try #require(stem.lastIndex(of: "-"))
            let size = stem[stem.index(after: dash)...].split(separator: "x").compactMap { Double($0) }
            let document = try ExampleTests.load(String(stem[..<dash]) + ".yaml")
            let svg = SVGRenderer(title: document.name).render(try document.layout(at: Size(width: size[0], height: size[1])))
            #expect(svg == (try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)),
                    "docs/renders/\(file) is stale: run the README's render commands again")
        }
    }

    @Test("the picture shows every visible view with its id, text and the root size")
    func contents() throws {
        let document = try ExampleTests.load("centered-button.yaml")
        let portrait = SVGRenderer(title: "Centered button").render(try document.layout(at: Size(width: 375, height: 667)))
        for text in [">label<", ">button<", ">container<", ">toggle<", ">hint<", ">A long title that needs room<", ">Start<",
                     "Centered button — 375 × 667"] {
            #expect(portrait.contains(text), "\(text)")
        }
        #expect(portrait.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"423\" height=\"745\""))
        // Hidden in landscape: not drawn.
        let landscape = SVGRenderer().render(try document.layout(at: Size(width: 667, height: 375)))
        #expect(!landscape.contains(">Tap to begin<"))
        // Constraints drawn as I-beams: the 20 points under the button are written beside their line.
        #expect(portrait.contains(">20</text>"))
        #expect(!SVGRenderer(showsConstraints: false).render(try document.layout(at: Size(width: 375, height: 667)))
            .contains("#e4572e"))
    }

    @Test("text is escaped")
    func escaping() throws {
        let document = try LayoutDocument.parse("size: 200x100\nviews:\n  - {id: a, kind: label, text: \"<b> & \\\"c\\\"\"}\nconstraints: [\"|-[a]\", \"V:|-[a]\"]\n")
        let svg = SVGRenderer().render(try document.layout(at: document.sizes[0]))
        #expect(svg.contains(">&lt;b&gt; &amp; &quot;c&quot;<"))
    }
}
