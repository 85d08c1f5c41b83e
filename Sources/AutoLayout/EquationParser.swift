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
    /// `a.width == 2*b.width + 10 @750`, `superview.bottom >= a.bottom + 20` or
    /// `a.leading == superview.leadingMargin`.
    ///
    /// Grammar: `item.attribute REL right ['@' priority]`, where REL is `==`, `<=` or
    /// `>=` and the right side is a sum of numbers and at most one `[number *] item.attribute
    /// [* number | / number]`. Item names are keys of `items`; attributes are the
    /// ``LayoutAttribute`` names (`baseline` is `lastBaseline`).
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

    mutating func identifier() -> String? {
        skipSpaces()
        let start = index
        while index < characters.count,
              characters[index].isLetter || characters[index] == "_" || (index > start && characters[index].isNumber) {
            index += 1
        }
        return index > start ? String(characters[start..<index]) : nil
    }

    mutating func number() throws(EquationError) -> Double? {
        skipSpaces()
        let start = index
        if index < characters.count, characters[index] == "-" || characters[index] == "+" { index += 1 }
        var digits = 0
        while index < characters.count, characters[index].isNumber || characters[index] == "." {
            if characters[index].isNumber { digits += 1 }
            index += 1
        }
        guard digits > 0 else {
            index = start
            return nil
        }
        guard let value = Double(String(characters[start..<index])), value.isFinite else {
            throw fail("'\(String(characters[start..<index]))' is not a number", at: start)
        }
        return value
    }

    /// `item.attribute`.
    mutating func side() throws(EquationError) -> (LayoutItem, LayoutAttribute) {
        skipSpaces()
        let start = index
        guard let name = identifier() else { throw fail("Expected an item name") }
        guard let item = items[name] else { throw fail("Unknown item '\(name)'", at: start) }
        guard accept(".") else { throw fail("Expected '.' and an attribute after '\(name)'") }
        let attributeStart = index
        guard let attributeName = identifier() else { throw fail("Expected an attribute after '\(name).'") }
        guard let attribute = LayoutAttribute(name: attributeName), attribute != .notAnAttribute else {
            throw fail("Unknown attribute '\(attributeName)'", at: attributeStart)
        }
        return (item, attribute)
    }

    mutating func parse() throws(EquationError) -> LayoutConstraint {
        skipSpaces()
        guard index < characters.count else { throw fail("The equation is empty") }
        let (first, firstAttribute) = try side()
        skipSpaces()
        let relationStart = index
        let relation: LayoutRelation
        if accept("==") { relation = .equal } else if accept("<=") { relation = .lessThanOrEqual } else if accept(">=") {
            relation = .greaterThanOrEqual
        } else {
            throw fail("Unknown relation. Must be ==, >=, or <=", at: relationStart)
        }
        var second: (LayoutItem, LayoutAttribute)?
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
                } else {
                    constant += sign * value
                }
            } else {
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
            let constraint = try LayoutConstraint(item: first, attribute: firstAttribute, relatedBy: relation,
                                                  toItem: second?.0, attribute: second?.1 ?? .notAnAttribute,
                                                  multiplier: multiplier, constant: constant)
            try constraint.setPriority(priority)
            return constraint
        } catch {
            throw fail(String(describing: error), at: 0)
        }
    }
}
