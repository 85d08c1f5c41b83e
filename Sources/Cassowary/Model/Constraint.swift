import Synchronization

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
    // The fields are ordered so that the constraint is an 88-byte object (a 96-byte block):
    // the one-byte and four-byte fields fill the tail of `terms`, the coefficients are
    // one-byte codes (see ``TermList``), and the strengths take one word (see
    // ``Strengths``). Every layout constraint lowers to one of these, so each byte counts
    // once per constraint of a screen.

    /// The terms of ``expression``, with the terms of each variable combined: inline when
    /// there are at most four and they were given one at a time (see ``TermList``), so the
    /// constraint is one allocation; else the array of the expression it was made from.
    let terms: TermList
    /// How the expression compares with zero.
    public let relation: Relation
    /// Whether ``strength`` is ``Strength/required``.
    let isRequired: Bool
    /// The slot of this constraint's record in the tableau that last stored it, or -1: a
    /// hint that spares a dictionary lookup. A tableau trusts it only after checking that
    /// the slot holds this constraint (see ``Tableau/recordSlot(of:)``), so a stale hint, or
    /// one from another solver, is harmless. (A slot past `Int32.max` is stored as
    /// `Int32.max`, which the check refuses, so the tableau's index answers for it.)
    let recordHint = Atomic<Int32>(-1)
    /// The constant of ``expression``.
    let constant: Double
    /// The components of ``strength`` and of ``belowStrength``.
    let strengths: Strengths
    /// The components of ``strength``.
    var strengthComponents: [Strength.Component] {
        switch strengths {
        case .same(let components): components
        case .split(let split): split.above
        }
    }
    /// The components of ``belowStrength``, nil when ``strength`` holds both ways.
    var belowComponents: [Strength.Component]? {
        switch strengths {
        case .same: nil
        case .split(let split): split.below
        }
    }

    /// How much the constraint matters (for a two-sided equality, when the expression is
    /// above zero).
    public var strength: Strength { Strength(storedComponents: strengthComponents, isRequired: isRequired) }
    /// For an equality held with a different strength on each side (see
    /// ``init(_:equalAbove:below:)``), how much it matters when the expression is below
    /// zero; nil when ``strength`` holds both ways.
    public var belowStrength: Strength? {
        belowComponents.map { Strength(storedComponents: $0, isRequired: false) }
    }

    /// The left side minus the right side, with the terms of each variable combined.
    public var expression: Expression { Expression(terms.array, constant: constant) }

    /// Creates `expression OP 0`.
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        var terms = TermList()
        terms.take(expression.reduced().terms)
        self.terms = terms
        constant = expression.constant
        self.relation = relation
        isRequired = strength.isRequired
        strengths = .same(strength.components)
    }

    /// Creates `terms + constant OP 0` from terms built one at a time: the same constraint
    /// as ``init(_:_:strength:)`` with `Expression(terms, constant: constant)`, without
    /// the expression's array (see ``TermList``).
    public init(_ terms: consuming TermList, constant: Double, _ relation: Relation,
                strength: Strength = .required) {
        terms.reduce()
        self.terms = terms
        self.constant = constant
        self.relation = relation
        isRequired = strength.isRequired
        strengths = .same(strength.components)
    }

    /// Creates the preference `expression == 0` whose error costs `above` where the
    /// expression is positive and `below` where it is negative: the two inequalities
    /// `expression <= 0` at `above` and `expression >= 0` at `below` as one row with two
    /// error symbols instead of two rows with four symbols. (Auto Layout's content size is
    /// one: hugging above the intrinsic size, compression resistance below it.)
    ///
    /// Returns nil when either strength is required: write the inequalities then.
    public convenience init?(_ expression: Expression, equalAbove above: Strength, below: Strength) {
        var terms = TermList()
        terms.take(expression.reduced().terms)
        self.init(terms, constant: expression.constant, equalAbove: above, below: below)
    }

    /// ``init(_:equalAbove:below:)`` from terms built one at a time: the same constraint
    /// as with `Expression(terms, constant: constant)`, without the expression's array
    /// (see ``TermList``).
    ///
    /// Returns nil when either strength is required.
    public convenience init?(_ terms: consuming TermList, constant: Double, equalAbove above: Strength, below: Strength) {
        guard let strengths = TwoSidedStrengths(above: above, below: below, lookingUp: true) else { return nil }
        self.init(terms, constant: constant, equal: strengths)
    }

    /// ``init(_:constant:equalAbove:below:)`` with strengths made beforehand (see
    /// ``TwoSidedStrengths``), which the constraint shares.
    public init(_ terms: consuming TermList, constant: Double, equal strengths: TwoSidedStrengths) {
        terms.reduce()
        self.terms = terms
        self.constant = constant
        relation = .equal
        isRequired = false
        self.strengths = strengths.strengths
    }

    /// The strength of the error on one side of an equality: above zero (`plus`) or below.
    func errorStrength(above: Bool) -> Strength {
        Strength(storedComponents: above ? strengthComponents : belowComponents ?? strengthComponents, isRequired: isRequired)
    }

    /// A new constraint with the same relation and expression and another strength (on
    /// both sides).
    public init(_ other: Constraint, strength: Strength) {
        // (An array of terms is shared, not copied term by term.)
        terms = other.terms
        constant = other.constant
        relation = other.relation
        isRequired = strength.isRequired
        strengths = .same(strength.components)
    }

    /// A copy of this constraint with another strength, as in `(x == 10).withStrength(.weak)`.
    public func withStrength(_ strength: Strength) -> Constraint { Constraint(self, strength: strength) }

    /// Whether the variables' current values break the relation by more than 1e-8
    /// (kiwi's `violated()`).
    public var isViolated: Bool {
        var v = constant
        for k in 0..<terms.count { v += terms[k].value }
        switch relation {
        case .equal: return abs(v) > 1e-8
        case .lessThanOrEqual: return v > 1e-8
        case .greaterThanOrEqual: return v < -1e-8
        }
    }

    /// The constraint as `x - y - 10 == 0 | strong`.
    public var description: String {
        guard let below = belowStrength else { return "\(expression) \(relation) 0 | \(strength)" }
        return "\(expression) \(relation) 0 | above \(strength), below \(below)"
    }
}
