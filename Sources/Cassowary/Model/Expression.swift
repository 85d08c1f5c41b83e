/// A linear expression: a sum of ``Term``s plus a constant.
public struct Expression: Sendable, CustomStringConvertible {
    /// The terms of the sum, in the order they were written.
    public let terms: [Term]
    /// The constant added to the terms.
    public let constant: Double

    /// Creates `terms + constant`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression made of a single term.
    public init(_ term: Term) { self.init([term]) }

    /// Creates the expression `1 * variable`.
    public init(_ variable: Variable) { self.init([Term(variable)]) }

    /// Creates a constant expression.
    public init(constant: Double) { self.init([], constant: constant) }

    /// The current value of the expression, computed from the variables' values.
    public var value: Double { terms.reduce(constant) { $0 + $1.value } }

    /// The same expression with the terms of each variable added together and zero terms
    /// dropped, in order of first appearance.
    public func reduced() -> Expression {
        if terms.count == 1, terms[0].coefficient != 0 { return self }
        if terms.count <= 16, isReduced { return self }
        var merged: [Term] = []
        merged.reserveCapacity(terms.count)
        if terms.count <= 16 {
            // Few terms: a quadratic scan beats hashing.
            for term in terms {
                if let i = merged.firstIndex(where: { $0.variable === term.variable }) {
                    merged[i] = Term(term.variable, coefficient: merged[i].coefficient + term.coefficient)
                } else {
                    merged.append(term)
                }
            }
        } else {
            var position: [ObjectIdentifier: Int] = [:]
            for term in terms {
                if let i = position[ObjectIdentifier(term.variable)] {
                    merged[i] = Term(term.variable, coefficient: merged[i].coefficient + term.coefficient)
                } else {
                    position[ObjectIdentifier(term.variable)] = merged.count
                    merged.append(term)
                }
            }
        }
        merged.removeAll { $0.coefficient == 0 }
        return Expression(merged, constant: constant)
    }

    /// Whether no term is zero and no variable appears twice (checked without allocating).
    private var isReduced: Bool {
        for i in terms.indices {
            if terms[i].coefficient == 0 { return false }
            for j in terms.indices.prefix(i) where terms[j].variable === terms[i].variable { return false }
        }
        return true
    }

    /// The expression as `x + 2 * y - 10`.
    public var description: String {
        var text = ""
        for term in terms {
            if text.isEmpty {
                text = term.coefficient < 0 ? "-" + Term(term.variable, coefficient: -term.coefficient).description
                    : term.description
            } else if term.coefficient < 0 {
                text += " - " + Term(term.variable, coefficient: -term.coefficient).description
            } else {
                text += " + " + term.description
            }
        }
        if text.isEmpty { return formatNumber(constant) }
        if constant > 0 { text += " + " + formatNumber(constant) }
        if constant < 0 { text += " - " + formatNumber(-constant) }
        return text
    }
}

/// A value that can stand in a linear expression: a ``Variable``, a ``Term`` or an
/// ``Expression``.
public protocol LinearExpressible {
    /// The value as an expression.
    var expression: Expression { get }
}

extension Variable: LinearExpressible {
    /// The expression `1 * self`.
    public var expression: Expression { Expression(self) }
}

extension Term: LinearExpressible {
    /// The expression made of this term alone.
    public var expression: Expression { Expression(self) }
}

extension Expression: LinearExpressible {
    /// The expression itself.
    public var expression: Expression { self }
}
