/// The relation between the two sides of a ``Constraint``.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
    /// `lhs <= rhs`.
    case lessThanOrEqual
    /// `lhs == rhs`.
    case equal
    /// `lhs >= rhs`.
    case greaterThanOrEqual

    /// `<=`, `==` or `>=`.
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A linear relation `expression OP 0` with a ``Strength``.
///
/// Constraints are immutable and compared by identity: a solver holds the very object you
/// added, and ``Solver/removeConstraint(_:)`` needs that same object.
public final class Constraint: Sendable, CustomStringConvertible {
    /// The left side minus the right side, with the terms of each variable combined.
    public let expression: Expression
    /// How the expression compares with zero.
    public let relation: Relation
    /// How much the constraint matters.
    public let strength: Strength

    /// Creates `expression OP 0`.
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        self.expression = expression.reduced()
        self.relation = relation
        self.strength = strength
    }

    /// A new constraint with the same relation and expression and another strength.
    public init(_ other: Constraint, strength: Strength) {
        self.expression = other.expression
        self.relation = other.relation
        self.strength = strength
    }

    /// A copy of this constraint with another strength, as in `(x == 10).withStrength(.weak)`.
    public func withStrength(_ strength: Strength) -> Constraint { Constraint(self, strength: strength) }

    /// Whether the variables' current values break the relation by more than 1e-8
    /// (kiwi's `violated()`).
    public var isViolated: Bool {
        let v = expression.value
        switch relation {
        case .equal: return abs(v) > 1e-8
        case .lessThanOrEqual: return v > 1e-8
        case .greaterThanOrEqual: return v < -1e-8
        }
    }

    /// The constraint as `x - y - 10 == 0 | strong`.
    public var description: String {
        "\(expression) \(relation) 0 | \(strength)"
    }
}
