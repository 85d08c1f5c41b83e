/// One element of an XML file: its name, attributes, child elements, the text directly in
/// it, and the line it starts on. (A class: the reader passes elements around a lot, and a
/// reference is one retain where a struct of five references is five. Its children and text
/// are set only while the file is parsed.)
final class XMLNode: @unchecked Sendable {
    /// The element's name (`view`, `constraint`, …).
    let name: String
    /// Its attributes, in the order written.
    let attributes: XMLAttributes
    /// Its child elements, in order.
    var children: [XMLNode] = []
    /// The text directly inside it (entities decoded; Interface Builder keeps long text in
    /// `<string>` elements).
    var text = ""
    /// The line the element starts on, from 1.
    let line: Int

    init(name: String, attributes: XMLAttributes = XMLAttributes(), line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The first child with this name and, when given, this `key` attribute.
    func child(_ name: String, key: String? = nil) -> XMLNode? {
        children.first { $0.name == name && (key == nil || $0.attributes["key"] == key) }
    }

    /// Every child with this name.
    func children(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }

    /// An attribute.
    subscript(_ attribute: String) -> String? { attributes[attribute] }
}

/// What every element's attributes point into: the file's bytes, and one table of every
/// attribute of the file (where its name and value are). Values that had to be decoded are
/// kept aside, by entry. Filled while parsing, read only after.
final class XMLSource: @unchecked Sendable {
    /// One attribute: where its name and value are in ``bytes``.
    struct Entry {
        var name: Range<Int32>
        var value: Range<Int32>
        /// Whether ``XMLSource/decoded`` has the value (references replaced, line breaks spaces).
        var isDecoded: Bool
    }
    let bytes: [UInt8]
    // Written only while the file is parsed (the checks would cost on every attribute read).
    @exclusivity(unchecked) var entries: [Entry] = []
    @exclusivity(unchecked) var decoded: [Int: String] = [:]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The index of the entry in `range` named `key`, or nil.
    @inline(__always)
    func entry(named key: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { bytes in
                for k in range where entries[k].name.count == key.count {
                    let start = Int(entries[k].name.lowerBound)
                    var equal = true
                    for j in 0..<key.count where bytes[start + j] != key[j] {
                        equal = false
                        break
                    }
                    if equal { return k }
                }
                return nil
            }
        }
    }

    /// The value of entry `k`.
    func value(_ k: Int) -> String {
        let entry = entries[k]
        return entry.isDecoded ? decoded[k] ?? "" : string(entry.value)
    }

    func string(_ range: Range<Int32>) -> String {
        String(decoding: bytes[Int(range.lowerBound)..<Int(range.upperBound)], as: UTF8.self)
    }

    /// The value of entry `k` as a number: a plain decimal (`-12.5`) read from its bytes,
    /// anything else through `Double(String)`.
    func number(_ k: Int) -> Double? {
        let entry = entries[k]
        guard !entry.isDecoded else { return Double(decoded[k] ?? "") }
        var mantissa: Int64 = 0, digits = 0, fraction = 0, index = Int(entry.value.lowerBound), negative = false
        let end = Int(entry.value.upperBound)
        if index < end, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var seenPoint = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte >= 48 && byte <= 57, digits < 15 {
                mantissa = mantissa * 10 + Int64(byte - 48)
                digits += 1
                if seenPoint { fraction += 1 }
            } else {
                return Double(string(entry.value))  // an exponent, a long number, or not a number
            }
            index += 1
        }
        guard digits > 0 else { return Double(string(entry.value)) }
        // At most 15 digits and 10^15: both exact in a Double, so the quotient is correctly rounded.
        let value = Double(mantissa) / Self.powersOfTen[fraction]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { pow10($0) }
    private static func pow10(_ n: Int) -> Double { n == 0 ? 1 : 10 * pow10(n - 1) }
}

/// An element's attributes, in the order written: a range of its file's attribute table
/// (``XMLSource``), so reading a storyboard makes a `String` only for the attributes the
/// reader asks for; values set over them (a size-class variation's) are looked up first.
struct XMLAttributes: Sendable, Sequence {
    private let source: XMLSource?
    private let range: Range<Int>
    /// Attributes set by name (a variation's, over the element's), looked up first.
    private var overrides: [(name: String, value: String)] = []

    init(source: XMLSource? = nil, range: Range<Int> = 0..<0) {
        self.source = source
        self.range = range
    }

    /// The value of an attribute; setting one puts it over the element's own.
    subscript(_ name: String) -> String? {
        get {
            if !overrides.isEmpty, let value = overrides.first(where: { $0.name == name })?.value { return value }
            return index(of: name).map { source!.value($0) }
        }
        set {
            overrides.removeAll { $0.name == name }
            if let newValue { overrides.append((name, newValue)) }
        }
    }

    /// The value of an attribute as a number, or nil (absent or not a number).
    func number(_ name: String) -> Double? {
        if !overrides.isEmpty, let value = overrides.first(where: { $0.name == name })?.value { return Double(value) }
        return index(of: name).flatMap { source!.number($0) }
    }

    /// The table index of the element's own attribute `name`.
    private func index(of name: String) -> Int? {
        guard let source, !range.isEmpty else { return nil }
        var name = name
        return name.withUTF8 { source.entry(named: $0, in: range) }
    }

    /// Every attribute as name and value (the element's, then those set over them).
    func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        var pairs: [(name: String, value: String)] = []
        if let source {
            for k in range {
                let name = source.string(source.entries[k].name)
                guard !overrides.contains(where: { $0.name == name }) else { continue }
                pairs.append((name, source.value(k)))
            }
        }
        return (pairs + overrides).makeIterator()
    }
}
