/// How a label breaks and shortens its text, as UIKit's `NSLineBreakMode`.
public enum LineBreakMode: String, Sendable, CaseIterable {
    /// Lines break between words; a word longer than a line breaks between characters.
    case wordWrap
    /// Lines break between any two characters.
    case charWrap
    /// Text that does not fit is cut off.
    case clip
    /// A line that does not fit starts with "…" and shows its end.
    case truncateHead
    /// A line that does not fit shows its start and ends with "…" (UIKit's default).
    case truncateTail
    /// A line that does not fit shows its start and end with "…" between.
    case truncateMiddle
}

/// The lines a label shows: its text broken into lines at a width, at most a number of
/// lines, the last one shortened per the line break mode, measured with ``TextMetrics``.
///
/// The rules, as UILabel's: every "\n" starts a line. A label of one line does not wrap: it
/// shows its first line, shortened to fit (with "…" for the truncating modes, cut off for the
/// others). A label of several lines (or 0, as many as needed) wraps at the width: between
/// words (spaces at a break are not drawn), a word longer than the width between characters,
/// or anywhere for ``LineBreakMode/charWrap``. When there are more lines than it may show,
/// the last one it shows is cut off for the wrapping and clipping modes; for the truncating
/// modes it takes the rest of the text and ends with "…".
public enum TextLayout {
    /// The lines shown. `width` nil means no width limit (lines break only at "\n").
    public static func lines(of text: String, fontSize: Double, weight: FontWeight = .regular, width: Double?, numberOfLines: Int,
                             lineBreakMode: LineBreakMode) -> [String] {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.last == "\r" ? String($0.dropLast()) : String($0)
        }
        func fits(_ line: some StringProtocol) -> Bool { width.map { TextMetrics.width(of: line, fontSize: fontSize, weight: weight) <= $0 + 1e-9 } ?? true }
        if numberOfLines == 1 {
            let line = paragraphs[0]
            guard !fits(line) || paragraphs.count > 1, let width else { return [line] }
            return [shortened(line, more: paragraphs.count > 1, to: width, fontSize: fontSize, weight: weight, mode: lineBreakMode)]
        }
        var lines: [String] = []
        for paragraph in paragraphs {
            lines += width.map { wrapped(paragraph, width: $0, fontSize: fontSize, weight: weight, byCharacter: lineBreakMode == .charWrap) }
                ?? [paragraph]
        }
        guard numberOfLines > 0, lines.count > numberOfLines, let width else { return lines }
        // The last line shown: cut for the wrapping and clipping modes; for the truncating ones,
        // the rest of the text, shortened with "…" at its end.
        let shown = Array(lines.prefix(numberOfLines - 1))
        guard [.truncateHead, .truncateMiddle, .truncateTail].contains(lineBreakMode) else {
            return shown + [lines[numberOfLines - 1]]
        }
        let rest = lines[(numberOfLines - 1)...].joined(separator: " ")
        return shown + [shortened(rest, more: true, to: width, fontSize: fontSize, weight: weight, mode: .truncateTail)]
    }

    /// The size of the lines shown: the widest line's width and the lines' height.
    public static func size(of text: String, fontSize: Double, weight: FontWeight = .regular, width: Double?, numberOfLines: Int,
                            lineBreakMode: LineBreakMode) -> (width: Double, height: Double) {
        let lines = lines(of: text, fontSize: fontSize, weight: weight, width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
        let widest = lines.map { TextMetrics.width(of: $0, fontSize: fontSize, weight: weight) }.max() ?? 0
        return (widest, Double(lines.count) * TextMetrics.lineHeight(fontSize: fontSize))
    }

    /// One paragraph broken into lines of at most `width`.
    static func wrapped(_ paragraph: String, width: Double, fontSize: Double, weight: FontWeight, byCharacter: Bool) -> [String] {
        var lines: [String] = [], line = "", lineWidth = 0.0
        func advance(_ text: some StringProtocol) -> Double { TextMetrics.width(of: text, fontSize: fontSize, weight: weight) }
        func flush() {
            while line.last == " " { line.removeLast() }
            lines.append(line)
            line = ""
            lineWidth = 0
        }
        // Words with the spaces after them ("the ", "end"), or single characters.
        var pieces: [String] = []
        if byCharacter {
            pieces = paragraph.map(String.init)
        } else {
            var word = ""
            for character in paragraph {
                if character != " " && word.last == " " {
                    pieces.append(word)
                    word = ""
                }
                word.append(character)
            }
            if !word.isEmpty { pieces.append(word) }
        }
        for piece in pieces {
            // A word's trailing spaces may hang past the width: they are not drawn at a break.
            var word = Substring(piece)
            while word.last == " " { word = word.dropLast() }
            let pieceWidth = advance(word)
            if lineWidth + pieceWidth <= width + 1e-9 {
                line += piece
                lineWidth += advance(piece)
                continue
            }
            if !line.isEmpty { flush() }
            if pieceWidth <= width + 1e-9 {
                line = piece
                lineWidth = advance(piece)
                continue
            }
            // A word longer than a line: broken between characters.
            for character in piece {
                let characterWidth = advance(String(character))
                if lineWidth + characterWidth > width + 1e-9 && !line.isEmpty && character != " " { flush() }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        if !line.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    /// A line shortened to `width`: with "…" where the mode puts it (head, middle, tail), or cut
    /// after the last character (clip, character wrap) or word (word wrap) that fits. `more`
    /// says text follows the line, so a truncating mode adds "…" even when the line fits.
    static func shortened(_ line: String, more: Bool, to width: Double, fontSize: Double, weight: FontWeight, mode: LineBreakMode) -> String {
        func fits(_ text: some StringProtocol) -> Bool { TextMetrics.width(of: text, fontSize: fontSize, weight: weight) <= width + 1e-9 }
        let characters = Array(line)
        switch mode {
        case .clip, .charWrap, .wordWrap:
            var count = characters.count
            while count > 0 && !fits(String(characters.prefix(count))) { count -= 1 }
            if mode == .wordWrap, count < characters.count,
               let space = characters.prefix(count + 1).lastIndex(of: " "), space > 0 {
                count = space
            }
            return String(characters.prefix(count))
        case .truncateTail:
            if !more && fits(line) { return line }
            var count = characters.count
            while count > 0 && !fits(String(characters.prefix(count)) + "…") { count -= 1 }
            var kept = String(characters.prefix(count))
            while kept.last == " " { kept.removeLast() }
            return kept + "…"
        case .truncateHead:
            var count = characters.count
            while count > 0 && !fits("…" + String(characters.suffix(count))) { count -= 1 }
            return "…" + String(characters.suffix(count))
        case .truncateMiddle:
            // Keep as many characters as fit, the extra one at the start.
            var kept = characters.count
            while kept > 0 && !fits(String(characters.prefix((kept + 1) / 2)) + "…" + String(characters.suffix(kept / 2))) {
                kept -= 1
            }
            return String(characters.prefix((kept + 1) / 2)) + "…" + String(characters.suffix(kept / 2))
        }
    }
}
