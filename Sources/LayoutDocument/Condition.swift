import AutoLayout
import Foundation

/// A condition on the root's size, as Interface Builder's size classes vary a layout:
/// `width > height`, `width >= 600`, `height < 400 and width > height`, `always`, `never`.
public struct Condition: Sendable, Hashable, CustomStringConvertible {
    /// One side of a comparison.
    enum Operand: Sendable, Hashable {
        case width, height
        case number(Double)

        func value(_ size: Size) -> Double {
            switch self {
            case .width: size.width
            case .height: size.height
            case .number(let value): value
            }
        }

        var text: String {
            switch self {
            case .width: "width"
            case .height: "height"
            case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
            }
        }
    }

    struct Comparison: Sendable, Hashable {
        let left: Operand, operation: String, right: Operand

        func holds(_ size: Size) -> Bool {
            let a = left.value(size), b = right.value(size)
            switch operation {
            case "<": return a < b
            case ">": return a > b
            case "<=": return a <= b
            case ">=": return a >= b
            case "==": return a == b
            default: return a != b
            }
        }
    }

    /// All must hold; none means always.
    let comparisons: [Comparison]
    let isNever: Bool

    /// Always true.
    public static let always = Condition(comparisons: [], isNever: false)
    /// Never true.
    public static let never = Condition(comparisons: [], isNever: true)

    /// Whether the condition holds for a root of this size.
    public func holds(for size: Size) -> Bool {
        !isNever && comparisons.allSatisfy { $0.holds(size) }
    }

    /// The condition as written in documents.
    public var description: String {
        if isNever { return "never" }
        if comparisons.isEmpty { return "always" }
        return comparisons.map { "\($0.left.text) \($0.operation) \($0.right.text)" }.joined(separator: " and ")
    }

    /// A mistake in a condition, at an offset in characters.
    public struct ParseError: Error, Sendable {
        /// What is wrong.
        public let message: String
        /// Where, in characters from the start of the condition.
        public let offset: Int
    }

    /// Reads `left op right [and left op right ...]` where each side is `width`, `height` or a
    /// number and op is `<`, `>`, `<=`, `>=`, `==` or `!=`; or `always` / `never`.
    public static func parse(_ text: String) throws(ParseError) -> Condition {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "always" || trimmed == "true" { return .always }
        if trimmed == "never" || trimmed == "false" { return .never }
        let characters = Array(text)
        var index = 0
        func skip() { while index < characters.count, characters[index] == " " { index += 1 } }
        func word() -> String {
            skip()
            let start = index
            while index < characters.count, characters[index].isLetter || characters[index].isNumber
                    || characters[index] == "." || (index == start && characters[index] == "-") {
                index += 1
            }
            return String(characters[start..<index])
        }
        func operand() throws(ParseError) -> Operand {
            skip()
            let start = index
            let token = word()
            if token == "width" { return .width }
            if token == "height" { return .height }
            if let value = Double(token), value.isFinite { return .number(value) }
            throw ParseError(message: token.isEmpty ? "expected width, height or a number"
                                 : "expected width, height or a number, found '\(token)'", offset: start)
        }
        var comparisons: [Comparison] = []
        while true {
            let left = try operand()
            skip()
            let start = index
            var operation = ""
            while index < characters.count, "<>=!".contains(characters[index]) {
                operation.append(characters[index])
                index += 1
            }
            guard ["<", ">", "<=", ">=", "==", "!="].contains(operation) else {
                throw ParseError(message: "expected a comparison: <, >, <=, >=, == or !=", offset: start)
            }
            comparisons.append(Comparison(left: left, operation: operation, right: try operand()))
            skip()
            if index == characters.count { return Condition(comparisons: comparisons, isNever: false) }
            let at = index
            guard word() == "and" else { throw ParseError(message: "expected 'and' or the end of the condition", offset: at) }
        }
    }
}
