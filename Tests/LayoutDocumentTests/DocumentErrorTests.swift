import Testing
@testable import LayoutDocument
import AutoLayout

/// Mistakes in documents: each names the file, the line and column, and what was expected.
@Suite struct DocumentErrorTests {
    static let cases: [(String, String, Int, Int, String)] = [
        ("unknown top-level key", "sizes: [375x667]\nviewz: []\n", 2, 1,
         "unknown key 'viewz' in the document; expected one of: name, root, sizes, size, direction, safeArea, margins, contentSize, superviewSpacing, views, constraints"),
        ("no size", "views: []\n", 1, 1, "the document needs the root's size: add 'sizes: [375x667, 667x375]' or 'size: 375x667'"),
        ("bad size", "sizes: [375by667]\n", 1, 9, "expected a size such as 375x667, found '375by667'"),
        ("unknown view key", "size: 100x100\nviews:\n  - id: a\n    colour: red\n", 4, 5,
         "unknown key 'colour' in a view; expected one of: id, kind, text, placeholder, fontSize, fontWeight, textStyle, size, hugging, compression, margins, hidden, lines, lineBreakMode, preferredMaxLayoutWidth, preservesSuperviewMargins, insetsMarginsFromSafeArea, alignmentInsets, translatesAutoresizingMaskIntoConstraints, frame, autoresizingMask, views, axis, distribution, alignment, spacing, customSpacing, baselineRelative, marginsRelative"),
        ("unknown kind", "size: 100x100\nviews:\n  - id: a\n    kind: slider\n", 4, 11,
         "unknown kind 'slider'; expected one of: view, label, button, image, textField, switch, stepper, guide, stack"),
        ("stack key on a view", "size: 100x100\nviews:\n  - id: a\n    axis: vertical\n", 4, 11,
         "axis is for stacks (kind: stack), not a view"),
        ("unknown distribution", "size: 100x100\nviews:\n  - id: s\n    kind: stack\n    distribution: fillEvenly\n", 5, 19,
         "unknown distribution 'fillEvenly'; expected one of: fill, fillEqually, fillProportionally, equalSpacing, equalCentering"),
        ("varying without a default", "size: 100x100\nviews:\n  - id: s\n    kind: stack\n    axis: {when width > 9: vertical}\n", 5, 11,
         "an axis that varies by size needs a 'default' value"),
        ("varying with an unknown key", "size: 100x100\nviews:\n  - id: s\n    kind: stack\n    axis: {default: vertical, if wide: horizontal}\n", 5, 31,
         "unknown key 'if wide' in an axis that varies by size; expected 'default' and keys such as 'when width > height'"),
        ("varying condition caret", "size: 100x100\nviews:\n  - id: s\n    kind: stack\n    spacing: {default: 8, when width > wide: 0}\n", 5, 40,
         "expected width, height or a number, found 'wide' in the condition 'width > wide'"),
        ("custom spacing after a stranger", "size: 100x100\nviews:\n  - id: s\n    kind: stack\n    customSpacing: {b: 4}\n    views:\n      - id: a\n", 5, 20,
         "customSpacing names 'b', which is not one of the stack 's''s views"),
        ("arranged view with a frame", "size: 100x100\nviews:\n  - id: s\n    kind: stack\n    views:\n      - id: a\n        frame: [0, 0, 5, 5]\n", 6, 9,
         "'a' is arranged by the stack 's': it cannot have a frame"),
        ("missing id", "size: 100x100\nviews:\n  - kind: label\n", 3, 5, "a view needs an id"),
        ("bad id", "size: 100x100\nviews:\n  - id: 2fast\n", 3, 9,
         "expected a view id (letters, digits and _, not starting with a digit), found '2fast'"),
        ("duplicate id", "size: 100x100\nviews:\n  - id: a\n  - id: a\n", 4, 9, "the id 'a' is already used at line 3"),
        ("text on a plain view", "size: 100x100\nviews:\n  - id: a\n    text: hi\n", 4, 11,
         "a view has no text; text is for label, button and textField"),
        ("priority out of range", "size: 100x100\nviews:\n  - id: a\n    hugging: 1200\n", 4, 14,
         "a priority must be between 1 and 1000, found 1200"),
        ("wrong type", "size: 100x100\nviews: {a: 1}\n", 2, 8, "expected views (a list), found a mapping"),
        ("condition", "size: 100x100\nviews:\n  - id: a\n    hidden: width > tall\n", 4, 21,
         "expected width, height or a number, found 'tall' in the condition 'width > tall'"),
        ("quoted condition", "size: 100x100\nviews:\n  - id: a\n    hidden: \"width => 3\"\n", 4, 20,
         "expected a comparison: <, >, <=, >=, == or != in the condition 'width => 3'"),
        ("VFL caret", "size: 100x100\nviews:\n  - id: a\nconstraints:\n  - \"H:|-[a]-[b]\"\n", 5, 16,
         "b is not a key in the views dictionary."),
        ("VFL in a mapping", "size: 100x100\nviews:\n  - id: a\nconstraints:\n  - vfl: H:|-[a(>50)]\n", 5, 18,
         "Unknown relation. Must be ==, >=, or <="),
        ("equation caret", "size: 100x100\nviews:\n  - id: a\nconstraints:\n  - a.width = 10\n", 5, 13,
         "Unknown relation. Must be ==, >=, or <="),
        ("guide in VFL", "size: 100x100\nviews:\n  - {id: g, kind: guide}\nconstraints:\n  - \"|[g]|\"\n", 5, 9,
         "g is not a key in the views dictionary. (It is a layout guide: visual formats relate views only, so write an equation.)"),
        ("priority on a format", "size: 100x100\nviews:\n  - id: a\nconstraints:\n  - vfl: \"[a]\"\n    priority: 5\n", 6, 15,
         "a visual format gives its priorities itself, as in -(8@750)- or [a(44@250)]"),
        ("unknown option", "size: 100x100\nviews:\n  - id: a\nconstraints:\n  - vfl: \"[a]\"\n    options: [alignAllMiddle]\n", 6, 15,
         "unknown format option 'alignAllMiddle'; expected one of: alignAllBaseline, alignAllBottom, alignAllCenterX, alignAllCenterY, alignAllFirstBaseline, alignAllLastBaseline, alignAllLeading, alignAllLeft, alignAllRight, alignAllTop, alignAllTrailing, directionLeadingToTrailing, directionLeftToRight, directionRightToLeft, spacingBaselineToBaseline, spacingEdgeToEdge"),
        ("invalid YAML", "size: 100x100\nviews: [a\n", 3, 1, "invalid YAML: did not find expected ',' or ']'"),
        ("both vfl and equation", "size: 100x100\nconstraints:\n  - {vfl: \"[a]\", equation: a.width == 1}\n", 3, 5,
         "a constraint has either vfl or equation, not both"),
        ("guide with subviews", "size: 100x100\nviews:\n  - id: g\n    kind: guide\n    views: []\n", 5, 12, "a guide has no subviews"),
        ("bad mask", "size: 100x100\nviews:\n  - id: a\n    frame: [0, 0, 10, 10]\n    autoresizingMask: [flexibleWide]\n", 5, 24,
         "unknown mask 'flexibleWide'; expected one of: flexibleBottomMargin, flexibleHeight, flexibleLeftMargin, flexibleRightMargin, flexibleTopMargin, flexibleWidth"),
    ]

    @Test("document mistakes name the line and column", arguments: cases)
    func mistake(_ title: String, _ text: String, _ line: Int, _ column: Int, _ message: String) {
        do {
            let document = try LayoutDocument.parse(text, file: "screen.yaml")
            _ = try document.layout(at: document.sizes[0])
            Issue.record("\(title): accepted")
        } catch {
            #expect(error.message.hasPrefix(message), "\(title): \(error.message)")
            #expect(error.position == SourcePosition(line: line, column: column), "\(title): at \(String(describing: error.position))")
            #expect(error.description.hasPrefix("screen.yaml:\(line):\(column): error: "))
        }
    }

    /// Numbers beyond the layout limits, negative sizes, and what libyaml reports in its own words.
    static let numberCases: [(String, String, Int, Int, String)] = [
        ("negative size in a list", "sizes: [[-5, 5]]\n", 1, 10, "a width cannot be negative, found -5"),
        ("negative size as text", "sizes: [375x667, -5x5]\n", 1, 18, "a size cannot be negative, found '-5x5'"),
        ("negative size as a mapping", "size: {width: -100, height: 5}\n", 1, 15, "a width cannot be negative, found -100"),
        ("negative width alone", "size: {width: -100}\n", 1, 15, "a width cannot be negative, found -100"),
        ("huge size", "size: 1e19x1\n", 1, 7,
         "a width must be within ±1000000000 points (the largest layout value), found 1e+19"),
        ("infinite size", "size: [.inf, 5]\n", 1, 8, "a width must be a finite number, found '.inf'"),
        ("huge margins", "size: 100x100\nmargins: {top: 2e9}\n", 2, 16,
         "top must be within ±1000000000 points (the largest layout value), found 2000000000"),
        ("huge frame", "size: 100x100\nviews:\n  - id: a\n    frame: [0, 0, 1e308, 5]\n", 4, 19,
         "a width must be within ±1000000000 points (the largest layout value), found 1e+308"),
        ("huge intrinsic size", "size: 100x100\nviews:\n  - id: a\n    size: [1e300, 10]\n", 4, 12,
         "an intrinsic width must be within ±1000000000 points"),
        ("negative intrinsic size", "size: 100x100\nviews:\n  - id: a\n    size: {height: -3}\n", 4, 20,
         "an intrinsic height cannot be negative, found -3"),
        ("huge metric", "size: 100x100\nviews:\n  - id: a\nconstraints:\n  - vfl: \"|-(m)-[a]\"\n    metrics: {m: 1e20}\n", 6, 18,
         "a metric value must be within ±1000000000 points"),
        ("text too wide", "size: 100x100\nviews:\n  - id: a\n    kind: label\n    text: Hello\n    fontSize: 5e8\n", 6, 15,
         "the text would be 1267333984.375 points wide, beyond the largest layout value (±1000000000 points)"),
        ("huge constant in an equation", "size: 100x100\nviews:\n  - id: a\nconstraints:\n  - a.height == 6e8 + 6e8\n", 5, 23,
         "The constant is 1200000000, out of range: layout values must be within ±1000000000 points (LayoutLimits.maximumValue)."),
        ("infinite constant in an equation", "size: 100x100\nviews:\n  - id: a\n  - id: b\nconstraints:\n  - a.width == b.width + inf\n",
         6, 26, "'inf' is not a finite number: a constant must be a number within ±1000000000 points"),
        ("huge multiplier", "size: 100x100\nviews:\n  - id: a\n  - id: b\nconstraints:\n  - a.width == b.width * 1e7\n", 6, 16,
         "The multiplier is 10000000, out of range: multipliers must be within ±1000000"),
        ("huge spacing in a format", "size: 100x100\nviews:\n  - id: a\nconstraints:\n  - \"H:|-1e10-[a]\"\n", 5, 10,
         "The constant is 10000000000, out of range"),
        ("nesting too deep", "size: 10x10\nviews: " + String(repeating: "[", count: 1200) + String(repeating: "]", count: 1200) + "\n",
         2, 9, "the document nests too deep: lists and mappings may nest at most 1000 levels"),
    ]

    @Test("numbers beyond the limits and negative sizes are located errors", arguments: numberCases)
    func numberMistake(_ title: String, _ text: String, _ line: Int, _ column: Int, _ message: String) {
        mistake(title, text, line, column, message)
    }

    @Test("a size at the limit is accepted")
    func sizeAtTheLimit() throws {
        let document = try LayoutDocument.parse("size: 1000000000x0.5\nviews:\n  - id: a\nconstraints:\n  - \"H:|-[a]-|\"\n")
        let layout = try document.layout(at: document.sizes[0])
        #expect(layout.frame(of: "a") == AutoLayout.Rect(x: 20, y: 0, width: 999_999_960, height: 0))
        #expect(layout.diagnostics.isEmpty)
    }

    @Test("a format's error shows the format with a caret under the mistake")
    func caret() {
        do {
            let document = try LayoutDocument.parse("size: 100x100\nviews:\n  - id: a\nconstraints:\n  - \"H:|-[a]-[b]\"\n",
                                                    file: "screen.yaml")
            _ = try document.layout(at: document.sizes[0])
        } catch {
            #expect(error.description == "screen.yaml:5:16: error: b is not a key in the views dictionary.\nH:|-[a]-[b]\n          ^")
        }
    }

    @Test("a file that cannot be read is an error, not a crash")
    func missingFile() {
        #expect(throws: DocumentError.self) { try LayoutDocument.load(contentsOf: "/nonexistent/screen.yaml") }
    }

    @Test("JSON is YAML too")
    func json() throws {
        let document = try LayoutDocument.parse(#"{"size": "200x100", "views": [{"id": "a", "kind": "switch"}], "constraints": ["|-[a]", "V:|-[a]"]}"#)
        let layout = try document.layout(at: document.sizes[0])
        #expect(layout.frame(of: "a") == AutoLayout.Rect(x: 20, y: 20, width: 51, height: 31))
    }
}
