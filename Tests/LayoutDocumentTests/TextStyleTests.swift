import AutoLayout
import LayoutDocument
import Testing

/// Dynamic Type: the point sizes of Apple's Human Interface Guidelines (iOS, Typography ›
/// Dynamic Type sizes), read off the table for three categories.
@Suite("Text styles")
struct TextStyleTests {
    @Test("point sizes at xSmall, Large and AX3", arguments: [
        (ContentSizeCategory.extraSmall, [31.0, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11]),
        (.large, [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11]),
        (.accessibilityExtraLarge, [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29]),
    ])
    func table(category: ContentSizeCategory, sizes: [Double]) {
        // largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2
        #expect(TextStyle.allCases.map { $0.pointSize(for: category) } == sizes)
    }

    @Test("body from xSmall to AX5; the headline is the bold style")
    func body() {
        #expect(ContentSizeCategory.allCases.map { TextStyle.body.pointSize(for: $0) }
                == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(TextStyle.allCases.filter(\.weight.isBold) == [.headline])
        #expect(TextStyle.headline.weight == .semibold && TextStyle.largeTitle.weight == .regular)
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
    }

    @Test("a document's content size sets the font of every view with a text style")
    func documents() throws {
        let text = """
            size: 300x200
            contentSize: accessibilityLarge
            views:
              - {id: title, kind: label, text: "Hello", textStyle: headline}
              - {id: note, kind: label, text: "Hello", fontSize: 12, fontWeight: heavy}
              - {id: plain, kind: label, text: "Hello", textStyle: headline, fontWeight: regular}
            constraints:
              - "H:|[title]"
              - "H:|[note]"
              - "H:|[plain]"
              - "V:|[title][note][plain]"
            """
        let document = try LayoutDocument.parse(text)
        #expect(document.contentSize == .accessibilityLarge)
        let layout = try document.layout(at: Size(width: 300, height: 200))
        #expect(layout.frame(of: "title")?.height == TextMetrics.lineHeight(fontSize: 33))
        // The headline is semibold: measured with DejaVu Sans Bold (5914 units for "Hello").
        #expect(layout.frame(of: "title")?.width == 5914.0 * 33 / 2048)
        #expect(layout.frame(of: "note")?.height == TextMetrics.lineHeight(fontSize: 12))  // no style: its own size
        #expect(layout.frame(of: "note")?.width == 5914.0 * 12 / 2048)
        #expect(layout.frame(of: "plain")?.width == TextMetrics.width(of: "Hello", fontSize: 33))  // a weight over the style's
        var large = document
        large.contentSize = .large
        #expect(try large.layout(at: Size(width: 300, height: 200)).frame(of: "title")?.height == TextMetrics.lineHeight(fontSize: 17))
        let written = try LayoutDocument.parse(document.yaml)
        #expect(written.contentSize == .accessibilityLarge && written.views.first?.textStyle == .headline)
        #expect(written.views.map(\.fontWeight) == [nil, .heavy, .regular])
        #expect(throws: DocumentError.self) { try LayoutDocument.parse("size: 10x10\ncontentSize: huge\n") }
        #expect(throws: DocumentError.self) {
            try LayoutDocument.parse("size: 10x10\nviews:\n  - {id: a, kind: label, text: A, fontWeight: fat}\n")
        }
        #expect(throws: DocumentError.self) { try LayoutDocument.parse("size: 10x10\nviews:\n  - {id: a, fontWeight: bold}\n") }
    }

    /// The README's chat row: the message wraps at the width beside the avatar into more lines
    /// as the text grows (lines read off its pictures), and the timestamp follows it.
    @Test("the chat row at two widths and three text sizes", arguments: [
        (ContentSizeCategory.extraSmall, 320.0, 4), (.extraSmall, 600, 2),
        (.large, 320, 4), (.large, 600, 2),
        (.accessibilityExtraLarge, 320, 10), (.accessibilityExtraLarge, 600, 5),
    ])
    func chatRow(category: ContentSizeCategory, width: Double, lines: Int) throws {
        var document = try ExampleTests.load("chat-row.yaml")
        document.contentSize = category
        let layout = try document.layout(at: Size(width: width, height: 540))
        let body = TextMetrics.lineHeight(fontSize: TextStyle.body.pointSize(for: category))
        #expect(layout.frame(of: "message") == Rect(x: 68, y: 12, width: width - 84, height: Double(lines) * body))
        #expect(layout.frame(of: "time")?.minY == 12 + Double(lines) * body + 4)
        #expect(layout.frame(of: "time")?.height == TextMetrics.lineHeight(fontSize: TextStyle.caption1.pointSize(for: category)))
        #expect(layout.issues.isEmpty)
    }
}
