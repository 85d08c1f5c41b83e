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

/// The stack-view examples of the Interface Builder talk's app, at portrait and landscape.
@Suite struct StackExampleTests {
    /// The bio's lines are read off the pictures (`render --side-by-side`): it wraps at the
    /// column's width, 343 in portrait and 284 beside the grid in landscape.
    @Test("the profile: a 2×2 grid of square photos over the text, beside it in landscape, at three text sizes",
          arguments: [(ContentSizeCategory.extraSmall, 1, 1), (.large, 1, 2), (.accessibilityExtraLarge, 3, 3)])
    func profile(category: ContentSizeCategory, portraitLines: Int, landscapeLines: Int) throws {
        var document = try ExampleTests.load("profile.yaml")
        document.contentSize = category
        let title = TextStyle.title1.pointSize(for: category), body = TextStyle.body.pointSize(for: category)
        // The bio's first baseline is the system spacing below the name's last: the name's
        // descender, 8 points scaled by the larger font over 17, and the bio's ascender.
        let spacing = TextMetrics.descent(fontSize: title) + 8 * max(title, body) / 17 + TextMetrics.ascent(fontSize: body)
        let bioTop = TextMetrics.lineHeight(fontSize: title) - TextMetrics.descent(fontSize: title) + spacing
            - TextMetrics.ascent(fontSize: body)
        for (size, column, lines) in [(Size(width: 375, height: 667), 343.0, portraitLines),
                                      (Size(width: 667, height: 375), 284, landscapeLines)] {
            let layout = try document.layout(at: size)
            #expect(layout.brokenConstraints.isEmpty)
            expectNoLayoutIssues(layout.root, allowing: [.unmetOptionalConstraint])
            let text = bioTop + Double(lines) * TextMetrics.lineHeight(fontSize: body)
            #expect(layout.frame(of: "name") == Rect(x: 0, y: 0, width: column, height: TextMetrics.lineHeight(fontSize: title)))
            #expect(ExampleTests.close(layout.frame(of: "bio"), Rect(x: 0, y: bioTop, width: column,
                                                                     height: Double(lines) * TextMetrics.lineHeight(fontSize: body))))
            if size.width < size.height {
                // Portrait: a column 343 wide; the grid is square (two photos and 8 between them).
                let photo = (343 - 8) / 2.0
                #expect(ExampleTests.close(layout.frame(of: "profile"), Rect(x: 16, y: 20, width: 343, height: 343 + 16 + text)))
                #expect(layout.frame(of: "photos") == Rect(x: 0, y: 0, width: 343, height: 343))
                #expect(layout.frame(of: "photo4") == Rect(x: photo + 8, y: 0, width: photo, height: photo))
                #expect(layout.frame(of: "bottomRow") == Rect(x: 0, y: photo + 8, width: 343, height: photo))
                #expect(ExampleTests.close(layout.frame(of: "details"), Rect(x: 0, y: 359, width: 343, height: text)))
            } else {
                // Landscape: a row; the bottom margin caps the grid at 375 − 40, the text takes the rest.
                let side = 375 - 40.0, small = (side - 8) / 2
                #expect(layout.frame(of: "profile") == Rect(x: 16, y: 20, width: 635, height: side))
                #expect(layout.frame(of: "photos") == Rect(x: 0, y: 0, width: side, height: side))
                #expect(layout.frame(of: "photo2") == Rect(x: small + 8, y: 0, width: small, height: small))
                #expect(ExampleTests.close(layout.frame(of: "details"), Rect(x: side + 16, y: 0, width: column, height: text)))
            }
        }
    }

    @Test("the settings: the slider's row collapses in landscape and the rows under it close up")
    func settings() throws {
        let layouts = try ExampleTests.frames("settings.yaml")
        let save = TextMetrics.lineHeight(fontSize: 17) + 12
        for (width, shown) in [(375.0, true), (667.0, false)] {
            let layout = try #require(layouts[Size(width: width, height: width == 375 ? 667 : 375)])
            let inner = width - 40
            #expect(layout.frame(of: "notificationsRow") == Rect(x: 0, y: 0, width: inner, height: 31))
            #expect(layout.frame(of: "notificationsSwitch") == Rect(x: inner - 51, y: 0, width: 51, height: 31))
            #expect(layout.isHidden("distanceRow") == !shown)
            let distance = try #require(layout.frame(of: "distanceRow"))
            // Hidden, it collapses where it stands (after the spacing that follows the row
            // before it), and the spacing after it goes.
            #expect(distance == Rect(x: 0, y: 31 + 12, width: inner, height: shown ? 31 : 0))
            let age: Double = 31 + 12 + (shown ? 31 + 12 : 0)
            #expect(layout.frame(of: "ageRow") == Rect(x: 0, y: age, width: inner, height: 29))
            #expect(layout.frame(of: "ageStepper") == Rect(x: inner - 94, y: 0, width: 94, height: 29))
            #expect(ExampleTests.close(layout.frame(of: "save"), Rect(x: 0, y: age + 29 + 12, width: inner, height: save)))
            #expect(ExampleTests.close(layout.frame(of: "settings"), Rect(x: 20, y: 40, width: inner, height: age + 29 + 12 + save)))
        }
    }

    @Test("the button row: equal widths, centred, closing up around a hidden button")
    func buttonRow() throws {
        let layouts = try ExampleTests.frames("button-row.yaml")
        let widest = TextMetrics.size(of: "Maybe", fontSize: 17).width + 20
        let height = TextMetrics.lineHeight(fontSize: 17) + 12
        let portrait = try #require(layouts[Size(width: 375, height: 667)])
        let three = 3 * widest + 16
        #expect(ExampleTests.close(portrait.frame(of: "row"), Rect(x: (375 - three) / 2, y: 667 - 40 - height, width: three, height: height)))
        #expect(ExampleTests.close(portrait.frame(of: "like"), Rect(x: 2 * (widest + 8), y: 0, width: widest, height: height)))
        // Landscape: "Maybe" is hidden, so the widest title left is "Pass".
        let landscape = try #require(layouts[Size(width: 667, height: 375)])
        let each = TextMetrics.size(of: "Pass", fontSize: 17).width + 20, two = 2 * each + 8
        #expect(landscape.isHidden("maybe"))
        #expect(ExampleTests.close(landscape.frame(of: "row"), Rect(x: (667 - two) / 2, y: 375 - 40 - height, width: two, height: height)))
        #expect(ExampleTests.close(landscape.frame(of: "like"), Rect(x: each + 8, y: 0, width: each, height: height)))
        #expect(landscape.frame(of: "maybe")?.width == 0)
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
