import AutoLayout
import LayoutDocument
import LayoutRendering
import Testing

/// Line breaking and shortening, against line breaks worked out by hand from DejaVu Sans's
/// advances at 17 points (fontTools, as in TextMetricsTests): "The quick" is 82.50 points wide,
/// "The quick brown" 140.77, "brown fox" 84.71, "brown fox jumps" 141.82, "brown fo…" 91.65,
/// "brown fox…" 101.71, "Hello w…" 79.40, "Hello wo…" 89.80, "…o world" 79.61, "Hel…ld" 60.48,
/// "Hel…rld" 67.47, "Hello wo" 72.80, "Hello wor" 79.78, "abc" 30.56, "abcd" 41.35,
/// "Supercali" 79.02, "Supercalif" 85.00, "fragilistic" 77.95.
@Suite("Text layout")
struct TextLayoutTests {
    static func lines(_ text: String, _ width: Double?, lines: Int = 0, _ mode: LineBreakMode = .wordWrap) -> [String] {
        TextLayout.lines(of: text, fontSize: 17, width: width, numberOfLines: lines, lineBreakMode: mode)
    }

    @Test("words wrap at the width; the spaces at a break are not drawn")
    func wordWrap() {
        #expect(Self.lines("The quick brown fox jumps", 100) == ["The quick", "brown fox", "jumps"])
        #expect(Self.lines("The quick brown fox jumps", 150) == ["The quick brown", "fox jumps"])
        #expect(Self.lines("The quick\nbrown fox jumps", 1000) == ["The quick", "brown fox jumps"])
        #expect(Self.lines("The quick brown fox jumps", nil) == ["The quick brown fox jumps"])
        let size = TextLayout.size(of: "The quick brown fox jumps", fontSize: 17, width: 100, numberOfLines: 0, lineBreakMode: .wordWrap)
        #expect(size.width == TextMetrics.width(of: "brown fox", fontSize: 17))
        #expect(size.height == 3 * TextMetrics.lineHeight(fontSize: 17))
    }

    @Test("a word longer than a line breaks between characters; character wrap breaks anywhere")
    func longWordsAndCharacters() {
        #expect(Self.lines("Supercalifragilistic", 80) == ["Supercali", "fragilistic"])
        #expect(Self.lines("abcdef", 35, .charWrap) == ["abc", "def"])
    }

    @Test("one line: shortened per mode", arguments: [
        (LineBreakMode.truncateTail, 80.0, "Hello w…"),
        (.truncateHead, 80, "…o world"),
        (.truncateMiddle, 62, "Hel…ld"),
        (.clip, 75, "Hello wo"),
        (.charWrap, 75, "Hello wo"),
        (.wordWrap, 75, "Hello"),
        (.truncateTail, 200, "Hello world"),
    ])
    func oneLine(mode: LineBreakMode, width: Double, expected: String) {
        #expect(Self.lines("Hello world", width, lines: 1, mode) == [expected])
    }

    @Test("more lines than allowed: the last one shown takes the rest and is shortened")
    func lastLine() {
        #expect(Self.lines("The quick brown fox jumps", 100, lines: 2, .truncateTail) == ["The quick", "brown fo…"])
        #expect(Self.lines("The quick brown fox jumps", 100, lines: 2, .wordWrap) == ["The quick", "brown fox"])
        // The rest of the text fills the last line. Wrapped, the lines would be "The quick",
        // "fox", "extraordinary" ("fox extraordinary" is 147.59); the last line shown takes
        // "fox extraordinary" up to the width: "fox extra…" is 93.44 points, "fox extrao…" 103.8.
        #expect(Self.lines("The quick fox extraordinary", 100, lines: 2, .truncateTail) == ["The quick", "fox extra…"])
        #expect(Self.lines("Loves hiking\nmore", 1000, lines: 1, .truncateTail) == ["Loves hiking…"])
        #expect(Self.lines("Loves hiking\nmore", nil, lines: 1, .truncateTail) == ["Loves hiking"])
    }

    static let wrappingDocument = """
        sizes: [116x200, 400x200]
        views:
          - {id: label, kind: label, text: "The quick brown fox jumps", lines: 0, lineBreakMode: wordWrap}
        constraints:
          - "H:|-8-[label]-8-|"
          - "V:|-8-[label]"
        """

    @Test("a label of several lines wraps at the width its constraints give, in a second pass")
    func secondPass() throws {
        let document = try LayoutDocument.parse(Self.wrappingDocument)
        let line = TextMetrics.lineHeight(fontSize: 17)
        let narrow = try document.layout(at: Size(width: 116, height: 200))
        #expect(narrow.frame(of: "label") == Rect(x: 8, y: 8, width: 100, height: 3 * line))
        #expect(narrow.diagnostics.isEmpty)
        let wide = try document.layout(at: Size(width: 400, height: 200))
        #expect(wide.frame(of: "label") == Rect(x: 8, y: 8, width: 384, height: line))
        // The same label resized in place wraps again.
        narrow.root.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        narrow.root.layoutIfNeeded()
        #expect(narrow.frame(of: "label")?.height == line)
    }

    @Test("self-sizing: the fitting size at a fixed width has the height of the wrapped text")
    func selfSizing() throws {
        let document = try LayoutDocument.parse("""
            size: 300x100
            views:
              - id: cell
                views:
                  - {id: name, kind: label, text: "The quick brown fox jumps", lines: 0}
            constraints:
              - "H:|[cell]"
              - "V:|[cell]"
              - "H:|-10-[name]-10-|"
              - "V:|-12-[name]-12-|"
            """)
        let layout = try document.layout(at: Size(width: 300, height: 100))
        let cell = try #require(layout.items["cell"] as? LayoutView)
        let size = cell.systemLayoutSizeFitting(Size(width: 120, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        #expect(size.width == 120)
        #expect(size.height == 24 + 3 * TextMetrics.lineHeight(fontSize: 17))
        let preferred = try LayoutDocument.parse("""
            size: 300x100
            views:
              - {id: name, kind: label, text: "The quick brown fox jumps", lines: 0, preferredMaxLayoutWidth: 150}
            constraints:
              - "H:|[name]"
              - "V:|[name]"
            """).layout(at: Size(width: 300, height: 100))
        #expect(preferred.frame(of: "name")?.height == 2 * TextMetrics.lineHeight(fontSize: 17))
    }

    @Test("a wrapped label's first baseline is on its first line, its last baseline on its last")
    func multiLineBaselines() throws {
        let document = try LayoutDocument.parse("""
            size: 300x200
            views:
              - {id: label, kind: label, text: "The quick brown fox jumps", lines: 0}
              - {id: first, kind: label, text: "A", fontSize: 30}
              - {id: last, kind: label, text: "B", fontSize: 12}
            constraints:
              - "H:|-8-[label(100)]-[first]"
              - "H:[label]-[last]"
              - "V:|-8-[label]"
              - first.firstBaseline == label.firstBaseline
              - last.lastBaseline == label.lastBaseline
            """)
        let layout = try document.layout(at: Size(width: 300, height: 200))
        let line = TextMetrics.lineHeight(fontSize: 17)
        // Three lines at 100 points ("The quick", "brown fox", "jumps"): the first baseline is the
        // ascent below the top, the last the descent above the bottom.
        #expect(layout.frame(of: "label")?.height == 3 * line)
        let firstBaseline = 8 + TextMetrics.ascent(fontSize: 17), lastBaseline = 8 + 3 * line - TextMetrics.descent(fontSize: 17)
        #expect(abs((layout.frame(of: "first")?.minY ?? 0) + TextMetrics.ascent(fontSize: 30) - firstBaseline) < 1e-9)
        #expect(abs((layout.frame(of: "last")?.maxY ?? 0) - TextMetrics.descent(fontSize: 12) - lastBaseline) < 1e-9)
    }

    @Test("pictures draw the lines a label shows, shortened with … and never past the frame")
    func pictures() throws {
        let document = try LayoutDocument.parse("""
            size: 200x100
            views:
              - {id: title, kind: label, text: "Hello world"}
            constraints:
              - "H:|[title(80)]"
              - "V:|[title]"
            """)
        let svg = SVGRenderer(showsConstraints: false, showsIssues: false).render(try document.layout(at: Size(width: 200, height: 100)))
        #expect(svg.contains(">Hello w…</text>"))
        #expect(!svg.contains(">Hello world</text>"))
    }
}

@Suite("Text field placeholders")
struct PlaceholderTests {
    @Test("a text field without text is measured with its placeholder and shows it in grey")
    func placeholder() throws {
        let document = try LayoutDocument.parse("""
            size: 300x100
            views:
              - {id: email, kind: textField, placeholder: "you@example.com"}
              - {id: name, kind: textField, text: "Ada", placeholder: "Your name"}
            constraints:
              - "H:|[email]"
              - "H:|[name]"
              - "V:|[email][name]"
            """)
        let layout = try document.layout(at: Size(width: 300, height: 100))
        #expect(layout.frame(of: "email")?.width == TextMetrics.width(of: "you@example.com", fontSize: 17) + 14)
        #expect(layout.frame(of: "name")?.width == TextMetrics.width(of: "Ada", fontSize: 17) + 14)
        let svg = SVGRenderer(showsConstraints: false, showsIssues: false).render(layout)
        #expect(svg.contains("fill=\"#9aa0a6\">you@example.com</text>"))
        #expect(svg.contains("fill=\"#222222\">Ada</text>"))
        #expect(!svg.contains(">Your name</text>"))
        #expect(throws: DocumentError.self) {
            try LayoutDocument.parse("size: 10x10\nviews:\n  - {id: a, kind: label, placeholder: x}\n")
        }
    }
}
