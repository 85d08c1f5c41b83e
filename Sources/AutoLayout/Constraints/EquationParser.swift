/// A mistake in a constraint equation, with the position of the character it was found at.
public struct EquationError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The offset, in characters from the start of the equation, where it went wrong.
    public let position: Int
    /// The equation.
    public let equation: String

    /// The message, the equation, and a caret under the failing character.
    public var description: String {
        "Unable to parse constraint equation: \(message)\n\(equation)\n"
            + String(repeating: " ", count: position) + "^"
    }
}

extension LayoutConstraint {
    /// Makes an (inactive) constraint from an equation such as
    /// `a.width == 2*b.width + 10 @750`, `superview.bottom >= a.bottom + 20`,
    /// `a.leading == superview.leadingMargin` or `'gap' b.leading == a.trailing + 8`.
    ///
    /// Grammar: `['identifier'] item.attribute REL right ['@' priority]`, where REL is `==`,
    /// `<=` or `>=` and the right side is a sum of numbers and at most one `[number *]
    /// item.attribute [* number | / number]`. Item names are keys of `items`, or a view's
    /// name followed by `.layoutMarginsGuide`, `.safeAreaLayoutGuide` or
    /// `.readableContentGuide`; attributes are the ``LayoutAttribute`` names (`baseline` is
    /// `lastBaseline`). ``equationDescription`` writes constraints in this form.
    /// - Throws: ``EquationError`` with the position of the mistake, also for attributes
    ///   that cannot be paired (Apple's message from ``LayoutError``).
    public static func parse(_ equation: String, items: [String: LayoutItem]) throws(EquationError) -> LayoutConstraint {
        var parser = EquationParser(text: equation, items: items)
        return try parser.parse()
    }
}

/// A recursive-descent parser over the characters of one equation.
struct EquationParser {
    let characters: [Character]
    let text: String
    let items: [String: LayoutItem]
    var index = 0

    init(text: String, items: [String: LayoutItem]) {
        self.text = text
        characters = Array(text)
        self.items = items
    }

    func fail(_ message: String, at position: Int? = nil) -> EquationError {
        EquationError(message: message, position: position ?? index, equation: text)
    }

    mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
    }

    mutating func accept(_ literal: String) -> Bool {
        skipSpaces()
        let chars = Array(literal)
        guard index + chars.count <= characters.count, Array(characters[index..<index + chars.count]) == chars else {
            return false
        }
        index += chars.count
        return true
    }

    /// Whether a character may be in a name: a letter or `_`, or after the first, a digit
    /// (ASCII checked first: Unicode properties are slow to look up).
    @inline(__always)
    static func isNameCharacter(_ character: Character, first: Bool) -> Bool {
        if let ascii = character.asciiValue {
            return (ascii >= 97 && ascii <= 122) || (ascii >= 65 && ascii <= 90) || ascii == 95
                || (!first && ascii >= 48 && ascii <= 57)
        }
        return character.isLetter || (!first && character.isNumber)
    }

    /// Whether a character is a digit (any script's, as `isNumber` says).
    @inline(__always)
    static func isDigit(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii >= 48 && ascii <= 57 }
        return character.isNumber
    }

    mutating func identifier() -> String? {
        skipSpaces()
        let start = index
        while index < characters.count, Self.isNameCharacter(characters[index], first: index == start) { index += 1 }
        return index > start ? String(characters[start..<index]) : nil
    }

    mutating func number() throws(EquationError) -> Double? {
        skipSpaces()
        let start = index
        if index < characters.count, characters[index] == "-" || characters[index] == "+" { index += 1 }
        var digits = 0
        while index < characters.count, Self.isDigit(characters[index]) || characters[index] == "." {
            if Self.isDigit(characters[index]) { digits += 1 }
            index += 1
        }
        guard digits > 0 else {
            index = start
            return nil
        }
        // An exponent, as descriptions write very large or small numbers (`1e-07`).
        if index < characters.count, characters[index] == "e" || characters[index] == "E" {
            var end = index + 1
            if end < characters.count, characters[end] == "-" || characters[end] == "+" { end += 1 }
            if end < characters.count, Self.isDigit(characters[end]) {
                while end < characters.count, Self.isDigit(characters[end]) { end += 1 }
                index = end
            }
        }
        guard let value = Double(String(characters[start..<index])) else {
            throw fail("'\(String(characters[start..<index]))' is not a number", at: start)
        }
        guard value.isFinite else { throw fail("'\(String(characters[start..<index]))' is not a finite number", at: start) }
        return value
    }

    /// Throws at the current position if the next word is `inf`, `infinity` or `nan`
    /// (and no item has that name): a constant written as a word, which would otherwise
    /// be read as a second item.
    mutating func refuseNonFiniteWord() throws(EquationError) {
        skipSpaces()
        let start = index
        defer { index = start }
        guard let word = identifier(), ["inf", "infinity", "nan"].contains(word.lowercased()),
              index == characters.count || characters[index] != ".", items[word] == nil else { return }
        throw fail("'\(word)' is not a finite number: a constant must be a number within "
                   + "±\(format(LayoutLimits.maximumValue)) points (LayoutLimits.maximumValue)", at: start)
    }

    /// Throws at `position` for a multiplier beyond ``LayoutLimits/maximumMultiplier``.
    func checkMultiplier(_ multiplier: Double, at position: Int) throws(EquationError) {
        do throws(LayoutError) { try LayoutLimits.checkMultiplier(multiplier) } catch {
            throw fail(error.description, at: position)
        }
    }

    /// `item.attribute`, where the item is a key of `items` (which may contain dots) or a
    /// view's guide: `view.layoutMarginsGuide`, `view.safeAreaLayoutGuide`,
    /// `view.readableContentGuide`.
    mutating func side() throws(EquationError) -> Side {
        skipSpaces()
        if index < characters.count, characters[index] == "(" { return try span() }
        let (item, attribute) = try itemAttribute()
        return Side(item: item, attribute: attribute, span: nil)
    }

    /// One side of the equation: an item's attribute, or the distance between two anchors
    /// of one axis (`(b.leading - a.trailing)`, what ``LayoutXAxisAnchor/anchorWithOffset(to:)`` makes).
    struct Side {
        let item: LayoutItem
        let attribute: LayoutAttribute
        let span: AnchorSpan?
    }

    /// `(end.attribute - start.attribute)`.
    mutating func span() throws(EquationError) -> Side {
        let open = index
        index += 1
        let end = try itemAttribute()
        guard accept("-") else { throw fail("Expected '-' in a distance between two anchors") }
        let start = try itemAttribute()
        guard accept(")") else { throw fail("Expected ')' to close the distance between two anchors") }
        let kinds = (start.1.kind, end.1.kind)
        guard kinds.0 == kinds.1, kinds.0 == .horizontal || kinds.0 == .vertical else {
            throw fail("A distance must be between two locations of one axis", at: open)
        }
        return Side(item: start.0, attribute: kinds.0 == .horizontal ? .width : .height,
                    span: AnchorSpan(start: start, end: end))
    }

    mutating func itemAttribute() throws(EquationError) -> (LayoutItem, LayoutAttribute) {
        skipSpaces()
        let start = index
        guard let name = identifier() else { throw fail("Expected an item name") }
        var path = [name], starts = [start]
        while index < characters.count, characters[index] == "." {
            index += 1
            starts.append(index)
            guard let part = identifier() else { throw fail("Expected an attribute after '\(path.joined(separator: "."))'") }
            path.append(part)
        }
        guard path.count >= 2 else {
            if items[name] == nil { throw fail("Unknown item '\(name)'", at: start) }
            skipSpaces()
            throw fail("Expected '.' and an attribute after '\(name)'")
        }
        let itemName = path.dropLast().joined(separator: ".")
        guard let item = items[itemName] ?? guide(path.dropLast()) else {
            throw fail("Unknown item '\(itemName)'", at: start)
        }
        guard let attribute = LayoutAttribute(name: path[path.count - 1]), attribute != .notAnAttribute else {
            throw fail("Unknown attribute '\(path[path.count - 1])'", at: starts[starts.count - 1])
        }
        return (item, attribute)
    }

    /// `view.layoutMarginsGuide` and the other guides every view has.
    func guide(_ path: ArraySlice<String>) -> LayoutItem? {
        guard path.count == 2, let view = items[path[path.startIndex]] as? LayoutView else { return nil }
        switch path[path.startIndex + 1] {
        case "layoutMarginsGuide": return view.layoutMarginsGuide
        case "safeAreaLayoutGuide": return view.safeAreaLayoutGuide
        case "readableContentGuide": return view.readableContentGuide
        default: return nil
        }
    }

    /// An optional `'identifier'` before the equation.
    mutating func quotedIdentifier() throws(EquationError) -> String? {
        skipSpaces()
        guard index < characters.count, characters[index] == "'" else { return nil }
        let start = index + 1
        guard let end = characters[start...].firstIndex(of: "'") else {
            throw fail("The identifier has no closing quote", at: characters.count)
        }
        index = end + 1
        return String(characters[start..<end])
    }

    mutating func parse() throws(EquationError) -> LayoutConstraint {
        skipSpaces()
        guard index < characters.count else { throw fail("The equation is empty") }
        let identifier = try quotedIdentifier()
        let first = try side()
        skipSpaces()
        let relationStart = index
        let relation: LayoutRelation
        if accept("==") { relation = .equal } else if accept("<=") { relation = .lessThanOrEqual } else if accept(">=") {
            relation = .greaterThanOrEqual
        } else {
            throw fail("Unknown relation. Must be ==, >=, or <=", at: relationStart)
        }
        var second: Side?
        var multiplier = 1.0, constant = 0.0, sign = 1.0, expectTerm = true
        while true {
            skipSpaces()
            if index == characters.count || characters[index] == "@" { break }
            if !expectTerm {
                if accept("+") { sign = 1 } else if accept("-") { sign = -1 } else {
                    throw fail("Expected '+', '-', '@' or the end")
                }
                expectTerm = true
                continue
            }
            let termStart = index
            if let value = try number() {
                if accept("*") {
                    guard second == nil else { throw fail("Only one item may appear on the right side", at: termStart) }
                    second = try side()
                    multiplier = sign * value
                    try checkMultiplier(multiplier, at: termStart)
                } else {
                    constant += sign * value
                    do throws(LayoutError) { try LayoutLimits.check(constant, "the constant") } catch {
                        throw fail(error.description, at: termStart)
                    }
                }
            } else {
                try refuseNonFiniteWord()
                guard second == nil else { throw fail("Only one item may appear on the right side", at: termStart) }
                second = try side()
                multiplier = sign
                if accept("*") {
                    guard let factor = try number() else { throw fail("Expected a number after '*'") }
                    multiplier *= factor
                } else if accept("/") {
                    skipSpaces()
                    let at = index
                    guard let divisor = try number() else { throw fail("Expected a number after '/'") }
                    guard divisor != 0 else { throw fail("Division by zero", at: at) }
                    multiplier /= divisor
                }
                try checkMultiplier(multiplier, at: termStart)
            }
            expectTerm = false
        }
        if expectTerm { throw fail("Expected a number or item.attribute") }
        var priority = LayoutPriority.required
        if accept("@") {
            skipSpaces()
            let at = index
            guard let value = try number() else { throw fail("Expected a priority after '@'") }
            guard value >= 1 && value <= 1000 else { throw fail("A priority must be between 1 and 1000", at: at) }
            priority = LayoutPriority(Float(value))
            skipSpaces()
            if index < characters.count { throw fail("Unexpected text after the priority") }
        }
        do {
            let constraint: LayoutConstraint
            if first.span != nil || second?.span != nil {
                guard first.attribute.kind == .dimension, second.map({ $0.attribute.kind == .dimension }) ?? true else {
                    throw LayoutError.invalidPairing("\(first.span?.description ?? "\(first.item).\(first.attribute)") and "
                                                     + "\(second.map { $0.span?.description ?? "\($0.item).\($0.attribute)" } ?? "")")
                }
                constraint = LayoutDimension(first.item, first.attribute, span: first.span)
                    .make(relation, second.map { LayoutDimension($0.item, $0.attribute, span: $0.span) }, multiplier, constant)
                if let error = constraint.deferredError { throw error }
            } else {
                constraint = try LayoutConstraint(item: first.item, attribute: first.attribute, relatedBy: relation,
                                                  toItem: second?.item, attribute: second?.attribute ?? .notAnAttribute,
                                                  multiplier: multiplier, constant: constant)
            }
            try constraint.setPriority(priority)
            constraint.identifier = identifier
            return constraint
        } catch {
            throw fail(String(describing: error), at: 0)
        }
    }
}
