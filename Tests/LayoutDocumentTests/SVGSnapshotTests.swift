import AutoLayout
import Foundation
@testable import LayoutRendering
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
        #expect(files.count == 24)
        for file in files {
            // NAME-WxH.svg, or NAME-WxH-CATEGORY.svg at a text size, or NAME-WxH-side-by-side.svg
            // at the README's three text sizes.
            var stem = String(file.dropLast(4))
            if stem.hasSuffix("-side-by-side") {
                stem.removeLast("-side-by-side".count)
                let dash = try #require(stem.lastIndex(of: "-"))
                let size = stem[stem.index(after: dash)...].split(separator: "x").compactMap { Double($0) }
                var document = try ExampleTests.load(String(stem[..<dash]) + ".yaml")
                let pictures = try [ContentSizeCategory.extraSmall, .large, .accessibilityExtraLarge].map { category in
                    document.contentSize = category
                    return (layout: try document.layout(at: Size(width: size[0], height: size[1])),
                            title: (document.name ?? "") + " (\(category.rawValue))")
                }
                #expect(SVGRenderer().render(sideBySide: pictures)
                            == (try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)),
                        "docs/renders/\(file) is stale: run the README's render commands again")
                continue
            }
            var category: ContentSizeCategory?
            if let dash = stem.lastIndex(of: "-"), let named = ContentSizeCategory(rawValue: String(stem[stem.index(after: dash)...])) {
                category = named
                stem = String(stem[..<dash])
            }
            let dash = try #require(stem.lastIndex(of: "-"))
            let size = stem[stem.index(after: dash)...].split(separator: "x").compactMap { Double($0) }
            var document = try ExampleTests.load(String(stem[..<dash]) + ".yaml")
            if let category { document.contentSize = category }
            let title = (document.name ?? "") + (category.map { " (\($0.rawValue))" } ?? "")
            let svg = SVGRenderer(title: title).render(try document.layout(at: Size(width: size[0], height: size[1])))
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
        // 18 more for the legend: the low-priority centring gives way, which is drawn.
        #expect(portrait.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"423\" height=\"763\""))
        #expect(portrait.contains(">optional constraint not met<") && portrait.contains(" @250</text>"))
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

    @Test("what is wrong is drawn: ambiguous views in orange with what they need, the broken constraint dashed")
    func issues() throws {
        func render(_ name: String) throws -> String {
            let document = try ExampleTests.load("debugging/" + name)
            return SVGRenderer().render(try document.layout(at: document.sizes[0]))
        }
        let ambiguous = try render("ambiguous-buttons.yaml")
        #expect(ambiguous.contains(">needs Y position</text>") && ambiguous.contains("stroke=\"#f0883e\" stroke-width=\"2\""))
        #expect(ambiguous.contains(">ambiguous</text>") && !ambiguous.contains(">conflict (dashed: broken)<"))
        let conflict = try render("conflicting-width.yaml")
        #expect(conflict.contains(" broken, wants 130</text>") && conflict.contains("stroke=\"#d62728\" stroke-width=\"0.75\" stroke-dasharray=\"5 3\""))
        // Without issues drawn, neither mark nor legend.
        let document = try ExampleTests.load("debugging/conflicting-width.yaml")
        let plain = SVGRenderer(showsIssues: false).render(try document.layout(at: document.sizes[0]))
        #expect(!plain.contains("broken") && !plain.contains(">conflict (dashed: broken)<"))
    }

    @Test("a shared baseline is one straight line, and captions do not overlap")
    func baselinesAndCaptions() throws {
        let document = try ExampleTests.load("cancel-accept.yaml")
        let layout = try document.layout(at: document.sizes[0])
        let svg = SVGRenderer().render(layout)
        // The dotted alignment line lies at the two buttons' shared last baseline.
        let cancel = try #require(layout.rootFrame(of: "cancel"))
        let view = try #require(layout.items["cancel"] as? LayoutView)
        let baseline = number(cancel.maxY - view.lastBaselineOffsetFromBottom)
        #expect(svg.contains("y1=\"\(baseline)\"") && svg.contains("y2=\"\(baseline)\" stroke=\"#e4572e\" stroke-width=\"0.75\" stroke-dasharray=\"2 2\""))
        #expect(!svg.contains(">0.71<"))
    }
}
