import AutoLayout
import AutoLayoutTesting
import Foundation
import Testing
@testable import LayoutDocument

/// The bundled examples laid out at portrait and landscape: frames derived from the
/// constraints by hand (text sizes from ``TextMetrics``).
@Suite struct ExampleTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    static func load(_ name: String) throws -> LayoutDocument {
        try LayoutDocument.load(contentsOf: examples.appendingPathComponent(name).path)
    }

    static func frames(_ name: String) throws -> [Size: DocumentLayout] {
        let document = try load(name)
        var result: [Size: DocumentLayout] = [:]
        for size in document.sizes {
            let layout = try document.layout(at: size)
            #expect(layout.brokenConstraints.isEmpty, "\(name) at \(size): \(layout.diagnostics)")
            // Every frame determined, nothing cut off or out of place (optional constraints
            // may give way: the examples show it).
            expectNoLayoutIssues(layout.root, allowing: [.unmetOptionalConstraint])
            result[size] = layout
        }
        return result
    }

    static func close(_ a: Rect?, _ b: Rect) -> Bool {
        guard let a else { return false }
        return [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < 1e-6 }
    }

    @Test func centeredButton() throws {
        let layouts = try Self.frames("centered-button.yaml")
        let text = TextMetrics.size(of: "A long title that needs room", fontSize: 17)
        let title = TextMetrics.size(of: "Start", fontSize: 17)
        let button = Size(width: title.width + 20, height: title.height + 12)
        // Portrait: the label starts 20 from the leading edge and pushes the button right of centre.
        let portrait = try #require(layouts[Size(width: 375, height: 667)])
        let buttonY = 667 - 20 - button.height
        #expect(Self.close(portrait.frame(of: "label"), Rect(x: 20, y: buttonY + (button.height - text.height) / 2,
                                                             width: text.width, height: text.height)))
        #expect(Self.close(portrait.frame(of: "button"), Rect(x: 20 + text.width + 8, y: buttonY,
                                                              width: button.width, height: button.height)))
        #expect(portrait.frame(of: "button")!.midX > 187.5 + 50)
        // Landscape: the centring holds.
        let landscape = try #require(layouts[Size(width: 667, height: 375)])
        #expect(abs(landscape.frame(of: "button")!.midX - 333.5) < 1e-9)
        #expect(abs(landscape.frame(of: "label")!.maxX - (333.5 - button.width / 2 - 8)) < 1e-9)
        // The switch is centred over the button, across the hierarchy; the hint only shows in portrait.
        for layout in [portrait, landscape] {
            #expect(abs(layout.rootFrame(of: "toggle")!.midX - layout.frame(of: "button")!.midX) < 1e-9)
            #expect(layout.frame(of: "container")!.maxY == layout.frame(of: "button")!.minY - 20)
        }
        #expect(!portrait.isHidden("hint") && landscape.isHidden("hint"))
    }

    @Test func scoreCell() throws {
        let layouts = try Self.frames("score-cell.yaml")
        let field = TextMetrics.lineHeight(fontSize: 17) + 14
        for (width, nameWidth) in [(375.0, 99.5), (667.0, 245.5)] {
            let layout = try #require(layouts[Size(width: width, height: 60)])
            #expect(layout.frame(of: "photo") == Rect(x: 8, y: 8, width: 44, height: 44))
            // The score field is centred (priority 750); the name field takes the room before it.
            #expect(Self.close(layout.frame(of: "score"), Rect(x: width / 2 - 20, y: 30 - field / 2, width: 40, height: field)))
            #expect(Self.close(layout.frame(of: "name"), Rect(x: 60, y: 30 - field / 2, width: nameWidth, height: field)))
            #expect(layout.frame(of: "stepper") == Rect(x: width - 8 - 94, y: 15.5, width: 94, height: 29))
        }
    }

    @Test func cancelAccept() throws {
        let layouts = try Self.frames("cancel-accept.yaml")
        for width in [375.0, 667] {
            let layout = try #require(layouts[Size(width: width, height: width == 375 ? 667 : 375)])
            let cancel = try #require(layout.frame(of: "cancel")), accept = try #require(layout.frame(of: "accept"))
            let each = (width - 20 - 8 - 20) / 2
            #expect(cancel.minX == 20 && cancel.minY == 20 && cancel.width == each && accept.width == each)
            #expect(accept.minX == 20 + each + 8)
            // On one baseline: the bottom padding (6) plus each font's descent above the bottom.
            let cancelBaseline = cancel.maxY - 6 - TextMetrics.descent(fontSize: 17)
            let acceptBaseline = accept.maxY - 6 - TextMetrics.descent(fontSize: 20)
            #expect(abs(cancelBaseline - acceptBaseline) < 1e-9)
        }
    }

    @Test func planets() throws {
        let layouts = try Self.frames("planets.yaml")
        let caption = TextMetrics.size(of: "Saturn", fontSize: 24)
        for (size, side) in [(Size(width: 375, height: 667), 225.0), (Size(width: 667, height: 375), 225)] {
            let layout = try #require(layouts[size])
            let planet = Rect(x: (size.width - side) / 2, y: size.height / 2 - 20 - side / 2, width: side, height: side)
            #expect(layout.frame(of: "planet") == planet)
            #expect(layout.frame(of: "leftSpace")!.width == layout.frame(of: "rightSpace")!.width)
            #expect(Self.close(layout.frame(of: "caption"), Rect(x: size.width / 2 - caption.width / 2, y: planet.maxY + 8,
                                                                 width: caption.width, height: caption.height)))
        }
    }

    @Test func card() throws {
        let layouts = try Self.frames("card.yaml")
        for size in [Size(width: 375, height: 667), Size(width: 667, height: 375)] {
            let layout = try #require(layouts[size])
            let top = 20 + 0.7 * (size.height - 20)
            #expect(Self.close(layout.frame(of: "spacer"), Rect(x: 0, y: 20, width: size.width, height: top - 20)))
            #expect(Self.close(layout.frame(of: "card"), Rect(x: 20, y: top, width: size.width - 40, height: 80)))
            #expect(Self.close(layout.frame(of: "title"), Rect(x: 20, y: 20, width: size.width - 80,
                                                               height: TextMetrics.lineHeight(fontSize: 17))))
        }
    }
}

/// `expectNoLayoutIssues` fails a test once per issue, with its message.
@Test func expectNoLayoutIssuesRecordsEachIssue() throws {
    let document = try LayoutDocument.load(contentsOf: ExampleTests.examples
        .appendingPathComponent("debugging/ambiguous-buttons.yaml").path)
    let layout = try document.layout(at: document.sizes[0])
    var found: [LayoutIssue] = []
    withKnownIssue {
        found = expectNoLayoutIssues(layout.root)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("Need constraints for: Y position") }
    }
    #expect(found.map(\.description) == ["'cancel': Need constraints for: Y position", "'accept': Need constraints for: Y position"])
}

/// The README's document example, taken from the README itself.
@Test func readmeDocumentExample() throws {
    let readme = try String(contentsOf: ExampleTests.examples.deletingLastPathComponent().appendingPathComponent("README.md"),
                            encoding: .utf8)
    let start = try #require(readme.range(of: "```yaml\n"))
    let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
    let document = try LayoutDocument.parse(String(readme[start.upperBound..<end.lowerBound]), file: "README.md")
    #expect(document.sizes == [Size(width: 375, height: 60), Size(width: 667, height: 60)])
    let portrait = try document.layout(at: document.sizes[0])
    #expect(portrait.frame(of: "name")?.width == 99.5 && portrait.frame(of: "score")?.minX == 167.5)
    #expect(portrait.constraints.contains { $0.identifier == "centring" && $0.isActive })
}
