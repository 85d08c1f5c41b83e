/// A parsed visual format: its axis, its views with their size predicates, the connections
/// between them and the superview bars at either end.
struct ParsedVisualFormat {
    /// One `relation object @priority` of a predicate list.
    struct Predicate {
        enum Object {
            case constant(Double)
            case view(LayoutView)
        }
        var relation: LayoutRelation
        var object: Object
        var priority: LayoutPriority
    }

    /// What joins two neighbours: nothing (flush, a single `== 0`), a standard space (`-`),
    /// or predicates (`-20-`, `-(>=8@750)-`).
    struct Connection {
        enum Kind {
            case flush, standard, listed
        }
        var kind: Kind
        /// The predicates of a listed connection (empty for the others, which need no list).
        var predicates: [Predicate] = []
    }

    /// A bracketed view.
    struct View {
        var view: LayoutView
        var sizePredicates: [Predicate]
    }

    /// A superview bar: where it stands in the format, and its connection to the view next to it.
    struct Bar {
        var position: Int
        var connection: Connection
    }

    var isVertical = false
    var views: [View] = []
    /// `connections[i]` joins `views[i]` and `views[i + 1]`.
    var connections: [Connection] = []
    var leadingBar: Bar?
    var trailingBar: Bar?
}

/// A recursive-descent parser over the bytes of one format (checked to be ASCII first, so a
/// byte offset is a character offset).
struct VisualFormatParser {
    typealias Predicate = ParsedVisualFormat.Predicate
    typealias Connection = ParsedVisualFormat.Connection

    let format: String
    let bytes: [UInt8]
    let metrics: [String: Double]
    let views: [String: LayoutView]
    var index = 0

    init(format: String, metrics: [String: Double], views: [String: LayoutView]) {
        self.format = format
        bytes = Array(format.utf8)
        self.metrics = metrics
        self.views = views
    }

    func fail(_ message: String, at position: Int? = nil) -> VisualFormatError {
        let offset = min(position ?? index, bytes.count)
        // The caret counts characters; they differ from bytes only before an ASCII check fails.
        let characters = String(decoding: bytes[..<offset], as: UTF8.self).count
        return VisualFormatError(message: message, format: format, position: characters)
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Consumes `character` if it comes next. Spaces are not skipped: as in Apple's parser,
    /// a space is an error where it stands.
    mutating func accept(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    // MARK: The format

    mutating func parse() throws(VisualFormatError) -> ParsedVisualFormat {
        if format.isEmpty {
            throw VisualFormatError(wholeFormat: "It's an empty string.", format: format)
        }
        // Bytes, not characters: a character is ASCII exactly when all its bytes are, and
        // walking characters (grapheme breaking) cost more than the rest of the parse.
        if bytes.contains(where: { $0 >= 0x80 }) {
            throw VisualFormatError(wholeFormat: "It contains non-ASCII characters.", format: format)
        }
        var result = ParsedVisualFormat()
        // Room for every view at once: each opens with a bracket (a predicate has none).
        let brackets = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "[") ? 1 : 0) }
        result.views.reserveCapacity(brackets)
        result.connections.reserveCapacity(max(0, brackets - 1))
        if let first = peek, first == UInt8(ascii: "H") || first == UInt8(ascii: "V") {
            index += 1
            guard accept(":") else {
                let axis = first == UInt8(ascii: "V") ? "vertical" : "horizontal"
                throw fail("Expected ':' after '\(Character(Unicode.Scalar(first)))' to specify \(axis) arrangement")
            }
            result.isVertical = first == UInt8(ascii: "V")
        }
        // A view or the leading bar may come first.
        var expecting = "Expected a view or '|'"
        if peek == UInt8(ascii: "|") {
            let bar = index
            index += 1
            guard peek == nil || peek == UInt8(ascii: "-") || peek == UInt8(ascii: "[") else {
                throw fail("Expected a connection after the '|' character")
            }
            let connection = try connection()
            result.leadingBar = .init(position: bar, connection: connection)
            expecting = "Expected a view"
        }
        while true {
            guard peek == UInt8(ascii: "[") else { throw fail(expecting) }
            result.views.append(try view())
            if peek == nil { return result }
            guard peek == UInt8(ascii: "-") || peek == UInt8(ascii: "[") || peek == UInt8(ascii: "|") else {
                throw fail("Expected a connection, a view, '|' or the end of the format")
            }
            let next = try connection()
            if peek == UInt8(ascii: "|") {
                result.trailingBar = .init(position: index, connection: next)
                index += 1
                guard peek == nil else { throw fail("Expected the end of the format string") }
                return result
            }
            result.connections.append(next)
            // After a connection with a dash a view or the trailing bar may come; after none,
            // the next view is there already.
            expecting = "Expected a view or '|'"
        }
    }

    /// `[name]` or `[name(predicates)]`.
    mutating func view() throws(VisualFormatError) -> ParsedVisualFormat.View {
        index += 1  // '['
        let start = index
        guard let name = identifier() else {
            throw fail("Expected a view. View names must start with a letter or an underscore, then contain letters, "
                       + "numbers, and underscores.")
        }
        guard let view = views[name] else { throw fail(VisualFormatError.notAKey(name)) }
        if metrics[name] != nil { throw collision(name, at: start) }
        var size: [Predicate] = []
        if peek == UInt8(ascii: "(") {
            size = try predicateList(
                unclosed: "A predicate on a view's thickness must end with ')' and the view must end with ']'",
                allowsViews: true)
            guard accept("]") else {
                if peek == nil { throw fail("Unexpectedly ran out of character fodder in the middle of parsing a view") }
                throw fail("Expected ']' after specifying thickness.")
            }
            return .init(view: view, sizePredicates: size)
        }
        guard accept("]") else {
            if peek == nil { throw fail("Unexpectedly ran out of character fodder in the middle of parsing a view") }
            throw fail("Expected a ']' here. That is how you give the end of a view.")
        }
        return .init(view: view, sizePredicates: size)
    }

    /// What follows a view or a bar: nothing (flush), `-` (standard), `-20-`, `-m-` or
    /// `-(predicates)-`.
    mutating func connection() throws(VisualFormatError) -> Connection {
        guard accept("-") else { return Connection(kind: .flush) }
        if peek == nil || peek == UInt8(ascii: "[") || peek == UInt8(ascii: "|") {
            return Connection(kind: .standard)
        }
        let predicates: [Predicate]
        if peek == UInt8(ascii: "(") {
            predicates = try predicateList(
                unclosed: "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier",
                allowsViews: false)
        } else if peek == UInt8(ascii: "-") {
            throw fail("Cannot tell if this - is a minus sign or an accidental extra bar in the connection. "
                       + "Use parentheses around negative numbers.")
        } else {
            let start = index
            if let value = try number() {
                try checkConstant(value, at: start)
                predicates = [Predicate(relation: .equal, object: .constant(value), priority: .required)]
            } else if let name = identifier() {
                predicates = [Predicate(relation: .equal, object: try object(named: name, at: start, allowsViews: false),
                                        priority: .required)]
            } else {
                throw fail("Expected a number or key from the metrics dictionary, but encountered something else")
            }
        }
        guard accept("-") else {
            if peek == UInt8(ascii: ",") {
                throw fail("Expected a '-' here. To specify a list of constraints, you must use parentheses around "
                           + "the list of constraints")
            }
            throw fail("Expected a '-' here")
        }
        return Connection(kind: .listed, predicates: predicates)
    }

    /// `(predicate, predicate, …)`; `unclosed` is the message for a list that ends otherwise.
    mutating func predicateList(unclosed: String, allowsViews: Bool) throws(VisualFormatError) -> [Predicate] {
        index += 1  // '('
        var list: [Predicate] = []
        while true {
            list.append(try predicate(allowsViews: allowsViews))
            if accept(",") { continue }
            if accept(")") { return list }
            throw fail(peek == nil ? "Expected more input" : unclosed)
        }
    }

    /// `relation? object ('@' priority)?`.
    mutating func predicate(allowsViews: Bool) throws(VisualFormatError) -> Predicate {
        var relation = LayoutRelation.equal
        if let c = peek, c == UInt8(ascii: "=") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">") || c == UInt8(ascii: "!") {
            index += 1
            guard c != UInt8(ascii: "!"), peek == UInt8(ascii: "=") else { throw fail("Unknown relation. Must be ==, >=, or <=") }
            index += 1
            relation = c == UInt8(ascii: "=") ? .equal : c == UInt8(ascii: "<") ? .lessThanOrEqual : .greaterThanOrEqual
        }
        let start = index
        let object: Predicate.Object
        if let value = try number() {
            try checkConstant(value, at: start)
            object = .constant(value)
        } else if let name = identifier() {
            object = try self.object(named: name, at: start, allowsViews: allowsViews)
        } else {
            throw fail(peek == nil ? "Expected more input"
                                   : "Expected a number or key from the metrics dictionary, but encountered something else")
        }
        var priority = LayoutPriority.required
        if accept("@") {
            let at = index
            let value: Double
            if let number = try number() {
                value = number
            } else if let name = identifier() {
                guard case .constant(let metric) = try self.object(named: name, at: at, allowsViews: false) else {
                    throw fail("Expected a number or key from the metrics dictionary, but encountered something else", at: at)
                }
                value = metric
            } else {
                throw fail(peek == nil ? "Expected more input"
                                       : "Expected a number or key from the metrics dictionary, but encountered something else")
            }
            if value <= 0 {
                throw fail("Invalid priority specified: \(cFormat(value)). Priority must be greater than 0", at: at)
            }
            if value > 1000 {
                throw fail("Invalid priority specified: \(cFormat(value)). Priority cannot be higher than "
                           + "NSLayoutPriorityRequired, which is 1000.", at: at)
            }
            guard value >= 1 else { throw fail(LayoutError.invalidPriority(Float(value)).description, at: at) }
            priority = LayoutPriority(Float(value))
        }
        return Predicate(relation: relation, object: object, priority: priority)
    }

    /// `value` as C's `%g` writes it (six significant digits, an exponent below 1e-4 and from
    /// 1e6 on), as Apple's messages show numbers.
    func cFormat(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        guard value != 0 else { return "0" }
        var exponent = 0, scaled = abs(value)
        while scaled >= 10 { scaled /= 10; exponent += 1 }
        while scaled < 1 { scaled *= 10; exponent -= 1 }
        var digits = (scaled * 100_000).rounded()
        if digits >= 1_000_000 { digits /= 10; exponent += 1 }
        let mantissa = Array(String(Int(digits)))
        func trimmed(_ fraction: [Character]) -> String {
            var fraction = fraction
            while fraction.last == "0" { fraction.removeLast() }
            return fraction.isEmpty ? "" : "." + String(fraction)
        }
        let sign = value < 0 ? "-" : ""
        if exponent < -4 || exponent >= 6 {
            let power = abs(exponent)
            return sign + String(mantissa[0]) + trimmed(Array(mantissa[1...])) + "e" + (exponent < 0 ? "-" : "+")
                + (power < 10 ? "0" : "") + String(power)
        }
        if exponent >= 0 {
            return sign + String(mantissa[...exponent]) + trimmed(Array(mantissa[(exponent + 1)...]))
        }
        return sign + "0" + trimmed(Array(repeating: "0", count: -exponent - 1) + mantissa)
    }

    /// Throws at `start` for a constant beyond ``LayoutLimits/maximumValue``.
    func checkConstant(_ value: Double, at start: Int) throws(VisualFormatError) {
        do throws(LayoutError) { try LayoutLimits.check(value, "the constant") } catch { throw fail(error.description, at: start) }
    }

    /// A name inside a predicate: a metric, or (in a view's size predicate) another view.
    func object(named name: String, at start: Int, allowsViews: Bool) throws(VisualFormatError) -> Predicate.Object {
        let metric = metrics[name], view = views[name]
        if metric != nil && view != nil { throw collision(name, at: start) }
        if let metric {
            guard metric.isFinite else { throw fail("The metric \(name) is not a finite number", at: start) }
            do throws(LayoutError) { try LayoutLimits.check(metric, "the metric \(name)") } catch {
                throw fail(error.description, at: start)
            }
            return .constant(metric)
        }
        if let view {
            guard allowsViews else {
                throw fail("It's not possible to set a space equal to the width or height of a view.  Perhaps you want "
                           + "to use a view as a spacer? [view1][spacer(==view1)][view2]", at: start)
            }
            return .view(view)
        }
        throw fail("Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries")
    }

    func collision(_ name: String, at start: Int) -> VisualFormatError {
        fail("The name \(name) is both a view and a metric: rename one of them", at: start)
    }

    // MARK: Tokens

    /// A C identifier.
    mutating func identifier() -> String? {
        let start = index
        while let c = peek, c == UInt8(ascii: "_") || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z"))
            || (index > start && c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) {
            index += 1
        }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    /// An optionally signed decimal number (`20`, `-22`, `60.6666`, `.5`, `1e+40`).
    mutating func number() throws(VisualFormatError) -> Double? {
        let start = index
        if peek == UInt8(ascii: "-") || peek == UInt8(ascii: "+") { index += 1 }
        var digits = 0, points = 0
        while let c = peek, (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: ".") {
            if c == UInt8(ascii: ".") { points += 1 } else { digits += 1 }
            index += 1
        }
        guard digits > 0 else {
            index = start
            return nil
        }
        // An exponent, as descriptions write very large or small numbers (`1e+40`).
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            var end = index + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
            if end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
                while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
                index = end
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard points <= 1, let value = Double(text) else {
            throw fail("Expected a number or a key from the metrics dictionary, but encountered something else", at: start)
        }
        guard value.isFinite else { throw fail("'\(text)' is too large", at: start) }
        return value
    }
}
