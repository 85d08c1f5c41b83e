/// Reads XML 1.0 text (UTF-8) into ``XMLNode``s: elements, attributes in either quotes,
/// the five named entities and character references, comments, CDATA, processing
/// instructions and a document type declaration (skipped). Every mistake is an
/// ``InterfaceBuilderError`` with its line. Written for the reader so it needs no C
/// library (FoundationXML needs libxml2, which not every platform Swift runs on has) and
/// reads a 1 MB storyboard in a few milliseconds.
struct XMLTree {
    private let bytes: [UInt8]
    private let source: XMLSource
    private let file: String
    private var index = 0
    /// The offset of each line's first byte.
    private let lineStarts: [Int]

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        source = XMLSource(bytes)
        self.file = file
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// How deep elements may nest (Interface Builder's files nest a few dozen deep; the
    /// reader and the layout walk views recursively).
    static let maximumDepth = 2_000

    /// The root element of `bytes`.
    /// - Throws: ``InterfaceBuilderError`` with the line of the first mistake.
    static func parse(_ bytes: [UInt8], file: String) throws(InterfaceBuilderError) -> XMLNode {
        guard bytes.count < Int(Int32.max) else {
            throw InterfaceBuilderError(file: file, line: 0, message: "the file is larger than 2 GB")
        }
        var parser = XMLTree(bytes: bytes, file: file)
        return try parser.document()
    }

    /// The line of a byte offset, from 1.
    private func line(at offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    private func fail(_ message: String, at offset: Int? = nil) -> InterfaceBuilderError {
        InterfaceBuilderError(file: file, line: line(at: min(offset ?? index, max(0, bytes.count - 1))),
                              message: "not well-formed XML: \(message)")
    }

    private func peek(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { literal in
            for k in 0..<count where bytes[index + k] != literal[k] { return false }
            return true
        }
    }

    private mutating func skipSpaces() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    /// Skips to just after `end`, or fails with `what` at `start` when the text ends first.
    private mutating func skip(past end: StaticString, _ what: String) throws(InterfaceBuilderError) {
        let start = index
        while index < bytes.count {
            if peek(end) {
                index += end.utf8CodeUnitCount
                return
            }
            index += 1
        }
        throw fail("\(what) is not closed", at: start)
    }

    /// Comments, processing instructions, a document type and spaces outside elements.
    private mutating func skipMisc() throws(InterfaceBuilderError) {
        while true {
            skipSpaces()
            if peek("<!--") {
                try skip(past: "-->", "a comment")
            } else if peek("<?") {
                try skip(past: "?>", "a processing instruction")
            } else if peek("<!DOCTYPE") {
                let start = index
                var depth = 0
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "[") { depth += 1 }
                    if bytes[index] == UInt8(ascii: "]") { depth -= 1 }
                    if bytes[index] == UInt8(ascii: ">") && depth <= 0 { break }
                    index += 1
                }
                guard index < bytes.count else { throw fail("the document type is not closed", at: start) }
                index += 1
            } else {
                return
            }
        }
    }

    private mutating func document() throws(InterfaceBuilderError) -> XMLNode {
        if peek("\u{FEFF}") { index += 3 }
        try skipMisc()
        guard index < bytes.count else { throw fail(bytes.isEmpty ? "the file is empty" : "no element found") }
        guard bytes[index] == UInt8(ascii: "<") else { throw fail("the file does not start with an element") }
        let root = try element()
        try skipMisc()
        guard index == bytes.count else { throw fail("text after the root element") }
        return root
    }

    /// A name: letters, digits, `_`, `-`, `.`, `:` and any non-ASCII byte; its range.
    private mutating func name() throws(InterfaceBuilderError) -> Range<Int32> {
        let start = index
        while index < bytes.count, isNameByte[Int(bytes[index])] { index += 1 }
        guard index > start else { throw fail("expected a name") }
        return Int32(start)..<Int32(index)
    }

    /// Which bytes may be in a name (a stored table: a static one would be checked for
    /// its first use on every read).
    private let isNameByte: [Bool] = (0..<256).map { byte in
        byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x2D || byte == 0x2E || byte == 0x3A
    }

    /// An element, from its `<` to the end of its end tag, without recursion (a deep file
    /// cannot exhaust the stack).
    private mutating func element() throws(InterfaceBuilderError) -> XMLNode {
        var stack: [XMLNode] = []
        while true {
            // At a start tag.
            let start = index
            index += 1
            let elementName = source.string(try name())
            let firstAttribute = source.entries.count
            var selfClosing = false
            while true {
                skipSpaces()
                guard index < bytes.count else { throw fail("the tag <\(elementName)> is not closed", at: start) }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if peek("/>") {
                    index += 2
                    selfClosing = true
                    break
                }
                let nameRange = try name()
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw fail("expected '=' after the attribute \(source.string(nameRange))")
                }
                index += 1
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    throw fail("expected a quoted value for the attribute \(source.string(nameRange))")
                }
                let duplicate = bytes[Int(nameRange.lowerBound)..<Int(nameRange.upperBound)].withUnsafeBufferPointer { key in
                    source.entry(named: key, in: firstAttribute..<source.entries.count) != nil
                }
                guard !duplicate else { throw fail("the attribute \(source.string(nameRange)) is given twice") }
                let (valueRange, decoded) = try quoted(bytes[index])
                if let decoded { source.decoded[source.entries.count] = decoded }
                source.entries.append(XMLSource.Entry(name: nameRange, value: Int32(valueRange.lowerBound)..<Int32(valueRange.upperBound),
                                                      isDecoded: decoded != nil))
            }
            let node = XMLNode(name: elementName, attributes: XMLAttributes(source: source, range: firstAttribute..<source.entries.count),
                               line: line(at: start))
            if let parent = stack.last { parent.children.append(node) }
            if !selfClosing {
                guard stack.count < Self.maximumDepth else {
                    throw fail("elements nested deeper than \(Self.maximumDepth) levels", at: start)
                }
                stack.append(node)
            } else if stack.isEmpty {
                return node
            }
            // Content until the next start tag, or end tags that close elements.
            while true {
                guard !stack.isEmpty else { break }
                let textStart = index
                var blank = true
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
                    if blank && !Self.isSpace(bytes[index]) { blank = false }
                    index += 1
                }
                // (The indentation between elements, most of a storyboard's text, is not kept.)
                if !blank { stack[stack.count - 1].text += try decoded(textStart..<index) }
                guard index < bytes.count else {
                    throw fail("the file ends inside <\(stack[stack.count - 1].name)>", at: bytes.count - 1)
                }
                if peek("</") {
                    let at = index
                    index += 2
                    let closing = source.string(try name())
                    skipSpaces()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fail("expected '>' after </\(closing)") }
                    index += 1
                    let open = stack.removeLast()
                    guard open.name == closing else {
                        throw fail("the end tag </\(closing)> does not match <\(open.name)> of line \(open.line)", at: at)
                    }
                    if stack.isEmpty { return open }
                } else if peek("<!--") {
                    try skip(past: "-->", "a comment")
                } else if peek("<![CDATA[") {
                    index += 9
                    let cdataStart = index
                    try skip(past: "]]>", "a CDATA section")
                    stack[stack.count - 1].text += String(decoding: bytes[cdataStart..<(index - 3)], as: UTF8.self)
                } else if peek("<?") {
                    try skip(past: "?>", "a processing instruction")
                } else {
                    break  // a start tag
                }
            }
        }
    }

    /// A quoted attribute value: its range in the file, and its text when it has to be
    /// decoded (references replaced, each tab or line break a space: XML's
    /// attribute-value normalization), which is then done now so a mistake in it is found.
    private mutating func quoted(_ quote: UInt8) throws(InterfaceBuilderError) -> (Range<Int>, String?) {
        let start = index
        index += 1
        var plain = true
        while index < bytes.count, bytes[index] != quote {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") { throw fail("'<' in an attribute value") }
            if byte == UInt8(ascii: "&") || byte == 0x09 || byte == 0x0A || byte == 0x0D { plain = false }
            index += 1
        }
        guard index < bytes.count else { throw fail("an attribute value is not closed", at: start) }
        let range = (start + 1)..<index
        index += 1
        guard !plain else { return (range, nil) }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(range.count)
        for k in range where !(bytes[k] == 0x0D && k + 1 < range.upperBound && bytes[k + 1] == 0x0A) {
            normalized.append(bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D ? 0x20 : bytes[k])
        }
        return (range, try Self.decoded(normalized[...], at: range.lowerBound, in: self))
    }

    /// Text with its entity and character references replaced.
    private func decoded(_ range: Range<Int>) throws(InterfaceBuilderError) -> String {
        try Self.decoded(bytes[range], at: range.lowerBound, in: self)
    }

    /// `text` (which starts at byte `offset` of the file, for messages) with its
    /// references replaced.
    private static func decoded(_ text: ArraySlice<UInt8>, at offset: Int, in tree: XMLTree) throws(InterfaceBuilderError) -> String {
        guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var k = text.startIndex
        while k < text.endIndex {
            guard text[k] == UInt8(ascii: "&") else {
                out.append(text[k])
                k += 1
                continue
            }
            let at = offset + (k - text.startIndex)
            guard let end = text[k...].firstIndex(of: UInt8(ascii: ";")), end - k <= 12 else {
                throw tree.fail("'&' that does not start a reference (write &amp;)", at: at)
            }
            let reference = String(decoding: text[(k + 1)..<end], as: UTF8.self)
            var scalar: Unicode.Scalar?
            switch reference {
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "amp": scalar = "&"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if reference.hasPrefix("#x") {
                    scalar = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if reference.hasPrefix("#") {
                    scalar = UInt32(reference.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                }
            }
            guard let scalar else { throw tree.fail("unknown reference &\(reference);", at: at) }
            out.append(contentsOf: Array(String(scalar).utf8))
            k = end + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
