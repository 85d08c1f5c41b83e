/// The horizontal metrics of one font face, in font units, generated from the font file by
/// `Scripts/generate_font_metrics.py` (see `DejaVuSansMetrics.swift` and
/// `DejaVuSansBoldMetrics.swift`).
///
/// The advances are one flat `[UInt16]`, indexed by runs of consecutive code points; a lookup
/// is a binary search among the runs (printable ASCII is the first run, found directly).
struct FontTable: Sendable {
    /// Font units per em (`head.unitsPerEm`).
    let unitsPerEm: Int
    /// Distance from the baseline up to the top of a line (`hhea.ascender`).
    let ascender: Int
    /// Distance from the baseline to the bottom of a line (`hhea.descender`); negative.
    let descender: Int
    /// Extra space between lines (`hhea.lineGap`).
    let lineGap: Int
    /// The advance of U+FFFD, for a code point no font has (see ``TextMetrics``).
    let fallbackAdvance: Int
    /// The first code point of each run of consecutive code points the font has, ascending.
    let runStarts: [UInt32]
    /// Where each run's advances start in ``advances``.
    let runOffsets: [UInt16]
    /// The advances of every run, one after the other.
    let advances: [UInt16]

    /// The advance width of a code point, or nil if the font does not have it.
    func advance(of codePoint: UInt32) -> Int? {
        if codePoint >= 0x20 && codePoint < 0x7F { return Int(advances[Int(codePoint - 0x20)]) }
        guard codePoint >= runStarts[0] else { return nil }
        // The last run that starts at or before the code point.
        var low = 0, high = runStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runStarts[middle] <= codePoint { low = middle } else { high = middle - 1 }
        }
        let end = low + 1 < runOffsets.count ? Int(runOffsets[low + 1]) : advances.count
        let index = Int(runOffsets[low]) + Int(codePoint - runStarts[low])
        return index < end ? Int(advances[index]) : nil
    }
}
