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

    /// What joins two neighbours: a standard space (`-`), predicates (`-20-`,
    /// `-(>=8@750)-`), or nothing (flush, a single `== 0`).
    struct Connection {
        var isStandard: Bool
        var predicates: [Predicate]
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

    mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    }

    mutating func accept(_ character: Unicode.Scalar) -> Bool {
        skipSpaces()
        guard peek == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    // MARK: The format

    mutating func parse() throws(VisualFormatError) -> ParsedVisualFormat {
        if let bad = format.firstIndex(where: { !$0.isASCII }) {
            throw VisualFormatError(message: "The format contains the non-ASCII character '\(format[bad])'",
                                    format: format, position: format.distance(from: format.startIndex, to: bad))
        }
        var result = ParsedVisualFormat()
        skipSpaces()
        if let first = peek, first == UInt8(ascii: "H") || first == UInt8(ascii: "V") {
            index += 1
            guard accept(":") else {
                let axis = first == UInt8(ascii: "V") ? "vertical" : "horizontal"
                throw fail("Expected ':' after '\(Character(Unicode.Scalar(first)))' to specify \(axis) arrangement")
            }
            result.isVertical = first == UInt8(ascii: "V")
        }
        skipSpaces()
        if peek == UInt8(ascii: "|") {
            let bar = index
            index += 1
            result.leadingBar = .init(position: bar, connection: try connection())
        }
        while true {
            skipSpaces()
            guard peek == UInt8(ascii: "[") else { throw fail("Expected a view") }
            result.views.append(try view())
            skipSpaces()
            if peek == nil { return result }
            let next = try connection()
            skipSpaces()
            if peek == UInt8(ascii: "|") {
                result.trailingBar = .init(position: index, connection: next)
                index += 1
                skipSpaces()
                guard peek == nil else { throw fail("Expected the end of the format after the superview bar '|'") }
                return result
            }
            if peek == nil || peek == UInt8(ascii: "[") {
                result.connections.append(next)
                continue
            }
            throw fail("Expected a view, a connection '-' or a superview bar '|'")
        }
    }

    /// `[name]` or `[name(predicates)]`.
    mutating func view() throws(VisualFormatError) -> ParsedVisualFormat.View {
        index += 1  // '['
        skipSpaces()
        let start = index
        guard let name = identifier() else { throw fail("Expected a view name after '['") }
        guard let view = views[name] else {
            if metrics[name] != nil { throw fail("\(name) is a metric, not a view", at: start) }
            throw fail("Unable to find view with name \(name)")
        }
        if metrics[name] != nil { throw collision(name, at: start) }
        var size: [Predicate] = []
        skipSpaces()
        if peek == UInt8(ascii: "(") {
            size = try predicateList(allowsViews: true)
        }
        guard accept("]") else {
            throw fail("A predicate on a view's thickness must end with ')' and the view must end with ']'")
        }
        return .init(view: view, sizePredicates: size)
    }

    /// What follows a view or a bar: nothing (flush), `-` (standard), `-20-`, `-m-` or
    /// `-(predicates)-`.
    mutating func connection() throws(VisualFormatError) -> Connection {
        guard accept("-") else {
            return Connection(isStandard: false, predicates: [Predicate(relation: .equal, object: .constant(0),
                                                                      priority: .required)])
        }
        skipSpaces()
        if peek == nil || peek == UInt8(ascii: "[") || peek == UInt8(ascii: "|") {
            return Connection(isStandard: true, predicates: [])
        }
        let predicates: [Predicate]
        if peek == UInt8(ascii: "(") {
            predicates = try predicateList(allowsViews: false)
        } else {
            let start = index
            if let value = try number() {
                guard value >= 0 else { throw fail("A negative spacing must be written in parentheses: -(\(AutoLayout.format(value)))-", at: start) }
                try checkConstant(value, at: start)
                predicates = [Predicate(relation: .equal, object: .constant(value), priority: .required)]
            } else if let name = identifier() {
                predicates = [Predicate(relation: .equal, object: try object(named: name, at: start, allowsViews: false),
                                        priority: .required)]
            } else {
                throw fail("Expected a number, a metric name or '(' in the connection")
            }
        }
        guard accept("-") else { throw fail("Expected '-' to end the connection") }
        return Connection(isStandard: false, predicates: predicates)
    }

    /// `(predicate, predicate, …)`.
    mutating func predicateList(allowsViews: Bool) throws(VisualFormatError) -> [Predicate] {
        index += 1  // '('
        var list: [Predicate] = []
        while true {
            list.append(try predicate(allowsViews: allowsViews))
            if accept(",") { continue }
            if accept(")") { return list }
            throw fail(allowsViews ? "A predicate on a view's thickness must end with ')' and the view must end with ']'"
                                   : "A connection's predicate list must end with ')'")
        }
    }

    /// `relation? object ('@' priority)?`.
    mutating func predicate(allowsViews: Bool) throws(VisualFormatError) -> Predicate {
        skipSpaces()
        var relation = LayoutRelation.equal
        if let c = peek, c == UInt8(ascii: "=") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">") || c == UInt8(ascii: "!") {
            index += 1
            guard c != UInt8(ascii: "!"), peek == UInt8(ascii: "=") else { throw fail("Unknown relation. Must be ==, >=, or <=") }
            index += 1
            relation = c == UInt8(ascii: "=") ? .equal : c == UInt8(ascii: "<") ? .lessThanOrEqual : .greaterThanOrEqual
        }
        skipSpaces()
        let start = index
        let object: Predicate.Object
        if let value = try number() {
            try checkConstant(value, at: start)
            object = .constant(value)
        } else if let name = identifier() {
            object = try self.object(named: name, at: start, allowsViews: allowsViews)
        } else {
            throw fail(allowsViews ? "Expected a number, a metric name or a view name" : "Expected a number or a metric name")
        }
        var priority = LayoutPriority.required
        if accept("@") {
            skipSpaces()
            let at = index
            let value: Double
            if let number = try number() {
                value = number
            } else if let name = identifier() {
                guard case .constant(let metric) = try self.object(named: name, at: at, allowsViews: false) else {
                    throw fail("Expected a priority", at: at)
                }
                value = metric
            } else {
                throw fail("Expected a priority (a number or a metric name) after '@'")
            }
            guard value >= 1 && value <= 1000 else { throw fail(LayoutError.invalidPriority(Float(value)).description, at: at) }
            priority = LayoutPriority(Float(value))
        }
        return Predicate(relation: relation, object: object, priority: priority)
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
            guard allowsViews else { throw fail("The view \(name) can only be used in a view's size predicate, as in [a(==\(name))]", at: start) }
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
        guard points <= 1, let value = Double(text) else { throw fail("'\(text)' is not a number", at: start) }
        guard value.isFinite else { throw fail("'\(text)' is too large", at: start) }
        return value
    }
}
