import Testing
@testable import LayoutDocument

// Expected values were computed independently of the generated table, with fontTools 4.68.0 in Python,
// reading /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf (DejaVu Sans Book, Version 2.37, Debian
// fonts-dejavu-core 2.37-6): for each code point, hmtx[cmap[cp]].advance if the font has the code
// point, 0 for U+0300–U+036F, one em (2048) for CJK, else the advance of U+FFFD (2100); the sum of the advances in
// font units × fontSize / head.unitsPerEm (2048). Vertical metrics: hhea ascender 1901, descender -483,
// lineGap 0. The font-unit sums are noted next to each value.

private let tolerance = 1e-9

private func expectClose(
    _ actual: Double, _ expected: Double, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(abs(actual - expected) <= tolerance, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
}

@Suite("TextMetrics")
struct TextMetricsTests {
    @Test("Widths of single lines at 17 and 12 points", arguments: [
        ("Hello, world!", 17.0, 107.52001953125),  // 12953 units
        ("Hello, world!", 12.0, 75.896484375),
        ("Score", 17.0, 47.98681640625),  // 5781 units
        ("Score", 12.0, 33.873046875),
        ("Cancel", 17.0, 57.5908203125),  // 6938 units
        ("Cancel", 12.0, 40.65234375),
        // "Ünïcødé €", precomposed: 10259 units
        ("\u{00DC}n\u{00EF}c\u{00F8}d\u{00E9} \u{20AC}", 17.0, 85.15771484375),
        ("\u{00DC}n\u{00EF}c\u{00F8}d\u{00E9} \u{20AC}", 12.0, 60.111328125),
        ("", 17.0, 0.0),
        ("", 12.0, 0.0),
        // "a…b “q” ‰": ellipsis, curly quotes, per mille; 12075 units
        ("a\u{2026}b \u{201C}q\u{201D} \u{2030}", 17.0, 100.23193359375),
        ("a\u{2026}b \u{201C}q\u{201D} \u{2030}", 12.0, 70.751953125),
        ("\u{00A0}", 17.0, 5.40380859375),  // no-break space, 651 units
    ])
    func lineWidth(text: String, fontSize: Double, expected: Double) {
        expectClose(TextMetrics.width(of: text, fontSize: fontSize), expected)
    }

    @Test("CJK measures one em; a character the font lacks, the advance of U+FFFD")
    func fallbackWidth() {
        expectClose(TextMetrics.width(of: "中", fontSize: 17), 17)  // 2048 units
        expectClose(TextMetrics.width(of: "こんにちは", fontSize: 12), 60)
        expectClose(TextMetrics.width(of: "한국어", fontSize: 12), 36)
        expectClose(TextMetrics.width(of: "\u{1F680}", fontSize: 12), 12.3046875)  // a rocket, not in the font: 2100 units
        #expect(FontTable.dejaVuSans.fallbackAdvance == 2100)
    }

    /// Sums of each string's advances, read from the font with fontTools (as above).
    @Test("Every script DejaVu Sans has is measured from its own advances", arguments: [
        ("Καλημέρα κόσμε", 17082),  // Greek
        ("Привет мир", 12658),  // Cyrillic
        ("مرحبا بالعالم", 15259),  // Arabic (no joining forms: the advances of the letters as typed)
        ("שלום עולם", 9546),  // Hebrew
        ("Բարեւ", 6980),  // Armenian
        ("გამარჯობა", 10610),  // Georgian
        ("Hello world", 11481),
    ])
    func scripts(text: String, units: Int) {
        expectClose(TextMetrics.width(of: text, fontSize: 17), Double(units) * 17 / 2048)
        expectClose(TextMetrics.width(of: text, fontSize: 12), Double(units) * 12 / 2048)
    }

    @Test("Combining marks add no width")
    func combiningMarks() {
        // "U" + U+0308 COMBINING DIAERESIS measures like "U": 1499 units.
        expectClose(TextMetrics.width(of: "U\u{0308}", fontSize: 17), 12.44287109375)
        expectClose(TextMetrics.width(of: "U\u{0308}", fontSize: 12), 8.783203125)
        #expect(TextMetrics.advance(of: "\u{0300}") == 0)
        #expect(TextMetrics.advance(of: "\u{036F}") == 0)
    }

    @Test("Substrings measure like strings")
    func substring() {
        let text = "OK Cancel"
        let cancel = text[text.firstIndex(of: "C")!...]
        expectClose(TextMetrics.width(of: cancel, fontSize: 17), 57.5908203125)
        expectClose(TextMetrics.width(of: cancel, fontSize: 17), TextMetrics.width(of: "Cancel", fontSize: 17))
    }

    @Test("Ascent, descent and line height at 17 points")
    func verticalMetrics() {
        expectClose(TextMetrics.ascent(fontSize: 17), 15.77978515625)  // 1901 units
        expectClose(TextMetrics.descent(fontSize: 17), 4.00927734375)  // 483 units
        expectClose(TextMetrics.lineHeight(fontSize: 17), 19.7890625)  // 1901 + 483 + 0 = 2384 units
        expectClose(
            TextMetrics.lineHeight(fontSize: 17),
            TextMetrics.ascent(fontSize: 17) + TextMetrics.descent(fontSize: 17)
        )
    }

    @Test("Size of a multi-line text")
    func multiLineSize() {
        // Lines "OK" (2955), "Cancel all" (9982), "x" (1212): the widest is 9982 units; 3 lines.
        let size = TextMetrics.size(of: "OK\nCancel all\nx", fontSize: 17)
        expectClose(size.width, 82.8583984375)
        expectClose(size.height, 59.3671875)
        expectClose(size.width, TextMetrics.width(of: "Cancel all", fontSize: 17))
    }

    @Test("Size of one line, an empty text, a trailing line break and CRLF")
    func sizeEdgeCases() {
        let one = TextMetrics.size(of: "Score", fontSize: 12)
        expectClose(one.width, 33.873046875)
        expectClose(one.height, TextMetrics.lineHeight(fontSize: 12))

        let empty = TextMetrics.size(of: "", fontSize: 17)
        expectClose(empty.width, 0)
        expectClose(empty.height, 19.7890625)

        let trailing = TextMetrics.size(of: "Score\n", fontSize: 17)
        expectClose(trailing.width, 47.98681640625)
        expectClose(trailing.height, 2 * 19.7890625)

        // "Hi" (2109 units) and "Hello" (5191 units); the "\r" of "\r\n" is not measured.
        let crlf = TextMetrics.size(of: "Hi\r\nHello", fontSize: 12)
        expectClose(crlf.width, 30.416015625)
        expectClose(crlf.height, 2 * TextMetrics.lineHeight(fontSize: 12))
        let crlfFirst = TextMetrics.size(of: "Hi\r\nx", fontSize: 12)
        expectClose(crlfFirst.width, 12.357421875)
    }

    @Test("Table boundaries", arguments: [
        (0x0041, 1401),  // A
        (0x0020, 651),  // first of U+0020–U+007E
        (0x007E, 1716),  // last of U+0020–U+007E
        (0x00A0, 651),
        (0x017F, 721),
        (0x2010, 739),
        (0x2027, 651),
        (0x2030, 2748),
        (0x203A, 819),
        (0x20AC, 1303),
        // Beyond the Latin ranges the table once stopped at: the font's own advances.
        (0x0180, 1300),
        (0x200F, 0),  // right-to-left mark
        (0x2028, 0),
        (0x202F, 409),
        (0x203B, 1716),
        (0x20AB, 1303),
        (0x20AD, 1303),
        (0xFFFD, 2100),
        // Not in the font: the U+FFFD advance.
        (0x0009, 2100),
        (0x001F, 2100),
        (0x007F, 2100),
        (0x009F, 2100),
        (0x10FFFF, 2100),
    ] as [(UInt32, Int)])
    func tableBoundaries(codePoint: UInt32, expected: Int) {
        #expect(TextMetrics.advance(of: Unicode.Scalar(codePoint)!) == expected)
    }

    @Test("Table shape and font constants, Book and Bold")
    func tableShape() {
        let book = FontTable.dejaVuSans, bold = FontTable.dejaVuSansBold
        for face in [book, bold] {
            // Both faces share their vertical metrics, so line heights do not depend on the weight.
            #expect(face.unitsPerEm == 2048 && face.ascender == 1901 && face.descender == -483 && face.lineGap == 0)
            #expect(face.runStarts.first == 0x20 && face.runOffsets[1] == 95)
        }
        // Every code point of each face from U+0020 (fontTools, as above), and a checksum of each table.
        #expect(book.advances.count == 5918 && bold.advances.count == 5898)
        #expect(book.runStarts.count == 281 && book.runOffsets.count == 281)
        #expect(bold.runStarts.count == 266 && bold.runOffsets.count == 266)
        #expect(book.advances.reduce(0) { $0 + Int($1) } == 8335543)
        #expect(bold.advances.reduce(0) { $0 + Int($1) } == 8956849)
        #expect(bold.fallbackAdvance == 2280)
    }

    // Advances summed with fontTools from DejaVuSans-Bold.ttf (Version 2.37), at 17 points.
    @Test("Bold text measures with DejaVu Sans Bold", arguments: [
        ("Hello", 5914, 5191),
        ("Привет мир", 13775, 12658),
        ("Καλημέρα", 11268, 10263),
        ("مرحبا", 6916, 6076),
    ] as [(String, Int, Int)])
    func bold(text: String, boldUnits: Int, bookUnits: Int) {
        for weight in FontWeight.allCases {
            let units = weight.isBold ? boldUnits : bookUnits
            expectClose(TextMetrics.width(of: text, fontSize: 17, weight: weight), Double(units) * 17 / 2048)
        }
        #expect(TextMetrics.size(of: text + "\n" + text, fontSize: 17, weight: .bold)
                    == (Double(boldUnits) * 17 / 2048, TextMetrics.lineHeight(fontSize: 17) * 2))
    }

    @Test("A code point the Bold face lacks takes its Book advance")
    func boldFallsBackToBook() {
        // U+1D5A0 (mathematical sans-serif capital A) is only in Book; U+1D5D4 (its bold) only in Bold.
        #expect(TextMetrics.advance(of: "\u{1D5A0}", weight: .bold) == 1401)
        #expect(TextMetrics.advance(of: "\u{1D5D4}", weight: .bold) == 1585)
        #expect(TextMetrics.advance(of: "\u{1D5D4}", weight: .regular) == 2100)
        #expect(TextMetrics.advance(of: "中", weight: .bold) == 2048)
        #expect(TextMetrics.advance(of: "\u{1F680}", weight: .bold) == 2280)
    }

    @Test("A text's direction is its first strong letter's")
    func direction() {
        #expect(TextMetrics.isRightToLeft("שלום עולם"))
        #expect(TextMetrics.isRightToLeft("مرحبا بالعالم"))
        #expect(TextMetrics.isRightToLeft("123 مرحبا"))  // digits are not strong
        #expect(!TextMetrics.isRightToLeft("Hello שלום"))
        #expect(!TextMetrics.isRightToLeft("Привет"))
        #expect(!TextMetrics.isRightToLeft("42"))
    }
}
