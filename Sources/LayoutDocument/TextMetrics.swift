/// Text measured with DejaVu Sans advance widths (no kerning, no shaping), enough to size labels and buttons.
///
/// The widths come from `DejaVuSansMetrics`, a table generated from DejaVuSans.ttf by
/// `Scripts/generate_font_metrics.py`, so measuring needs no system font library and gives the same
/// result on every platform. Text is measured one Unicode scalar at a time:
///
/// - each scalar adds its advance width: the font's advance for U+0020–U+007E, U+00A0–U+017F,
///   U+2010–U+2027, U+2030–U+203A and U+20AC, and the advance of U+FFFD for anything else
///   (other scripts, emoji, control characters such as a tab);
/// - combining diacritical marks (U+0300–U+036F) add nothing, so a decomposed "é" measures like "e";
/// - kerning, ligatures and other shaping are ignored.
///
/// Results are exact: an advance of `a` font units measures `a × fontSize / unitsPerEm` points, with no rounding.
public enum TextMetrics {
    /// The advance width of one line of text at a font size, in points.
    ///
    /// The sum of the advance widths of the line's Unicode scalars (see ``TextMetrics``) scaled to `fontSize`.
    /// A line break in `line` is measured like any other scalar; use ``size(of:fontSize:)`` for text of several lines.
    ///
    /// - Parameters:
    ///   - line: The text to measure.
    ///   - fontSize: The font size in points (the size of one em).
    /// - Returns: The width in points; `0` for an empty line.
    public static func width(of line: some StringProtocol, fontSize: Double) -> Double {
        points(units(of: line.unicodeScalars), fontSize: fontSize)
    }

    /// The distance from the top of a line to its baseline (the font's ascender), in points.
    ///
    /// - Parameter fontSize: The font size in points.
    /// - Returns: DejaVu Sans's `hhea` ascender scaled to `fontSize`.
    public static func ascent(fontSize: Double) -> Double {
        points(DejaVuSansMetrics.ascender, fontSize: fontSize)
    }

    /// The distance from the baseline to the bottom of a line (the font's descender, positive), in points.
    ///
    /// - Parameter fontSize: The font size in points.
    /// - Returns: The magnitude of DejaVu Sans's `hhea` descender scaled to `fontSize`.
    public static func descent(fontSize: Double) -> Double {
        points(-DejaVuSansMetrics.descender, fontSize: fontSize)
    }

    /// The height of one line (ascender + descender + line gap), in points.
    ///
    /// - Parameter fontSize: The font size in points.
    /// - Returns: ``ascent(fontSize:)`` + ``descent(fontSize:)`` + the font's `hhea` line gap, scaled to `fontSize`.
    public static func lineHeight(fontSize: Double) -> Double {
        points(
            DejaVuSansMetrics.ascender - DejaVuSansMetrics.descender + DejaVuSansMetrics.lineGap,
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
    /// - Returns: The width of the widest line (see ``width(of:fontSize:)``) and the height of all the lines
    ///   (``lineHeight(fontSize:)`` × the number of lines), in points.
    public static func size(of text: String, fontSize: Double) -> (width: Double, height: Double) {
        var widest = 0
        var lineCount = 0
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            lineCount += 1
            let content = line.last == "\r" ? line.dropLast() : line[...]
            widest = max(widest, units(of: content))
        }
        return (points(widest, fontSize: fontSize), Double(lineCount) * lineHeight(fontSize: fontSize))
    }

    /// The advance width of one Unicode scalar, in font units: 0 for a combining diacritical mark
    /// (U+0300–U+036F), else the table's advance or the fallback advance.
    static func advance(of scalar: Unicode.Scalar) -> Int {
        if (0x0300...0x036F).contains(scalar.value) {
            return 0
        }
        return DejaVuSansMetrics.advance(of: scalar.value)
    }

    /// The summed advance widths of a sequence of Unicode scalars, in font units.
    static func units(of scalars: some Sequence<Unicode.Scalar>) -> Int {
        var total = 0
        for scalar in scalars {
            total += advance(of: scalar)
        }
        return total
    }

    /// A length in font units converted to points at a font size.
    static func points(_ units: Int, fontSize: Double) -> Double {
        Double(units) * fontSize / Double(DejaVuSansMetrics.unitsPerEm)
    }
}
