/// Text measured with DejaVu Sans advance widths (no kerning, no shaping), enough to size labels and buttons.
///
/// The widths come from tables generated from DejaVuSans.ttf and DejaVuSans-Bold.ttf by
/// `Scripts/generate_font_metrics.py`, so measuring needs no system font library and gives the same
/// result on every platform. Text of a regular weight is measured with DejaVu Sans Book, text of a
/// bold weight (``FontWeight/isBold``) with DejaVu Sans Bold. Text is measured one Unicode scalar
/// at a time:
///
/// - each scalar the font has adds its advance width: every code point of DejaVu Sans from U+0020 on
///   (Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic, symbols and more; 5,918 in Book,
///   5,898 in Bold); a scalar the Bold face lacks takes its Book advance;
/// - combining diacritical marks (U+0300–U+036F) add nothing, so a decomposed "é" measures like "e";
/// - scripts the font lacks: CJK ideographs, kana, Hangul, fullwidth forms and CJK punctuation measure
///   one em each (their glyphs are square in every CJK font); anything else (emoji, control characters
///   such as a tab) measures as U+FFFD;
/// - kerning, ligatures and other shaping (Arabic joining forms) are ignored.
///
/// Results are exact: an advance of `a` font units measures `a × fontSize / unitsPerEm` points, with no rounding.
/// Both faces have the same vertical metrics, so ascent, descent and line height do not depend on the weight.
public enum TextMetrics {
    /// The advance width of one line of text at a font size, in points.
    ///
    /// The sum of the advance widths of the line's Unicode scalars (see ``TextMetrics``) scaled to `fontSize`.
    /// A line break in `line` is measured like any other scalar; use ``size(of:fontSize:weight:)`` for text of several lines.
    ///
    /// - Parameters:
    ///   - line: The text to measure.
    ///   - fontSize: The font size in points (the size of one em).
    ///   - weight: The font's weight; bold weights measure with DejaVu Sans Bold.
    /// - Returns: The width in points; `0` for an empty line.
    public static func width(of line: some StringProtocol, fontSize: Double, weight: FontWeight = .regular) -> Double {
        points(units(of: line.unicodeScalars, weight: weight), fontSize: fontSize)
    }

    /// The distance from the top of a line to its baseline (the font's ascender), in points.
    ///
    /// - Parameter fontSize: The font size in points.
    /// - Returns: DejaVu Sans's `hhea` ascender scaled to `fontSize`.
    public static func ascent(fontSize: Double) -> Double {
        points(FontTable.dejaVuSans.ascender, fontSize: fontSize)
    }

    /// The distance from the baseline to the bottom of a line (the font's descender, positive), in points.
    ///
    /// - Parameter fontSize: The font size in points.
    /// - Returns: The magnitude of DejaVu Sans's `hhea` descender scaled to `fontSize`.
    public static func descent(fontSize: Double) -> Double {
        points(-FontTable.dejaVuSans.descender, fontSize: fontSize)
    }

    /// The height of one line (ascender + descender + line gap), in points.
    ///
    /// - Parameter fontSize: The font size in points.
    /// - Returns: ``ascent(fontSize:)`` + ``descent(fontSize:)`` + the font's `hhea` line gap, scaled to `fontSize`.
    public static func lineHeight(fontSize: Double) -> Double {
        points(
            FontTable.dejaVuSans.ascender - FontTable.dejaVuSans.descender + FontTable.dejaVuSans.lineGap,
            fontSize: fontSize
        )
    }

    /// The size of a text of one or more lines (split on "\n"): the widest line's width, and lineHeight × lines.
    ///
    /// Every "\n" starts a new line, so an empty text is one empty line and a trailing "\n" adds an empty
    /// last line. A "\r" just before a "\n" belongs to the line break ("\r\n") and is not measured.
    ///
    /// - Parameters:
    ///   - text: The text to measure.
    ///   - fontSize: The font size in points.
    ///   - weight: The font's weight; bold weights measure with DejaVu Sans Bold.
    /// - Returns: The width of the widest line (see ``width(of:fontSize:weight:)``) and the height of all the lines
    ///   (``lineHeight(fontSize:)`` × the number of lines), in points.
    public static func size(of text: String, fontSize: Double, weight: FontWeight = .regular) -> (width: Double, height: Double) {
        var widest = 0
        var lineCount = 0
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            lineCount += 1
            let content = line.last == "\r" ? line.dropLast() : line[...]
            widest = max(widest, units(of: content, weight: weight))
        }
        return (points(widest, fontSize: fontSize), Double(lineCount) * lineHeight(fontSize: fontSize))
    }

    /// The advance width of one Unicode scalar, in font units: 0 for a combining diacritical mark
    /// (U+0300–U+036F), else the face's advance (Book's for one the Bold face lacks); one em for CJK
    /// the font lacks; else the fallback.
    static func advance(of scalar: Unicode.Scalar, weight: FontWeight = .regular) -> Int {
        let value = scalar.value
        if (0x0300...0x036F).contains(value) { return 0 }
        let bold = weight.isBold
        if let advance = (bold ? FontTable.dejaVuSansBold.advance(of: value) : nil) ?? FontTable.dejaVuSans.advance(of: value) {
            return advance
        }
        let face = bold ? FontTable.dejaVuSansBold : FontTable.dejaVuSans
        return isFullWidth(value) ? face.unitsPerEm : face.fallbackAdvance
    }

    /// Whether a text reads right to left: its first letter of a strong direction is Hebrew,
    /// Arabic, Syriac, Thaana, NKo, Samaritan or Mandaic (or their presentation forms), as
    /// Unicode's bidirectional algorithm decides a paragraph's direction.
    public static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
                // Marks, digits and punctuation inside these blocks are not strong letters.
                if scalar.properties.isAlphabetic { return true }
            default:
                if scalar.properties.isAlphabetic { return false }
            }
        }
        return false
    }

    /// Whether a code point is in a script or block whose glyphs are one em wide in CJK fonts:
    /// CJK radicals, symbols and punctuation, kana, bopomofo, Hangul, CJK ideographs (with their
    /// extensions and compatibility forms), Yi, and the fullwidth forms.
    static func isFullWidth(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The summed advance widths of a sequence of Unicode scalars, in font units.
    static func units(of scalars: some Sequence<Unicode.Scalar>, weight: FontWeight = .regular) -> Int {
        var total = 0
        for scalar in scalars {
            total += advance(of: scalar, weight: weight)
        }
        return total
    }

    /// A length in font units converted to points at a font size.
    static func points(_ units: Int, fontSize: Double) -> Double {
        Double(units) * fontSize / Double(FontTable.dejaVuSans.unitsPerEm)
    }
}
