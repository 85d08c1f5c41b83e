// Operators that build expressions and constraints, as in `x == y + 10` or `2 * x <= 100`.

/// The sum of two linear values.
public func + (lhs: some LinearExpressible, rhs: some LinearExpressible) -> Expression {
    let l = lhs.expression, r = rhs.expression
    return Expression(l.terms + r.terms, constant: l.constant + r.constant)
}

/// A linear value plus a constant.
public func + (lhs: some LinearExpressible, rhs: Double) -> Expression {
    let l = lhs.expression
    return Expression(l.terms, constant: l.constant + rhs)
}

/// A constant plus a linear value.
public func + (lhs: Double, rhs: some LinearExpressible) -> Expression { rhs + lhs }

/// The negation of a linear value.
public prefix func - (value: some LinearExpressible) -> Expression { value * -1 }

/// The difference of two linear values.
public func - (lhs: some LinearExpressible, rhs: some LinearExpressible) -> Expression {
    let l = lhs.expression, r = rhs.expression
    var terms = l.terms
    terms.reserveCapacity(l.terms.count + r.terms.count)
    for term in r.terms { terms.append(Term(term.variable, coefficient: -term.coefficient)) }
    return Expression(terms, constant: l.constant - r.constant)
}

/// A linear value minus a constant.
public func - (lhs: some LinearExpressible, rhs: Double) -> Expression { lhs + -rhs }

/// A constant minus a linear value.
public func - (lhs: Double, rhs: some LinearExpressible) -> Expression { -rhs + lhs }

/// A linear value scaled by a constant.
public func * (lhs: some LinearExpressible, rhs: Double) -> Expression {
    let e = lhs.expression
    return Expression(e.terms.map { Term($0.variable, coefficient: $0.coefficient * rhs) },
                      constant: e.constant * rhs)
}

/// A constant times a linear value.
public func * (lhs: Double, rhs: some LinearExpressible) -> Expression { rhs * lhs }

/// A linear value divided by a constant.
public func / (lhs: some LinearExpressible, rhs: Double) -> Expression { lhs * (1 / rhs) }

/// The required constraint `lhs == rhs`.
public func == (lhs: some LinearExpressible, rhs: some LinearExpressible) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

/// The required constraint `lhs == rhs`.
public func == (lhs: some LinearExpressible, rhs: Double) -> Constraint { Constraint(lhs - rhs, .equal) }

/// The required constraint `lhs == rhs`.
public func == (lhs: Double, rhs: some LinearExpressible) -> Constraint { Constraint(lhs - rhs, .equal) }

/// The required constraint `lhs <= rhs`.
public func <= (lhs: some LinearExpressible, rhs: some LinearExpressible) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// The required constraint `lhs <= rhs`.
public func <= (lhs: some LinearExpressible, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// The required constraint `lhs <= rhs`.
public func <= (lhs: Double, rhs: some LinearExpressible) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// The required constraint `lhs >= rhs`.
public func >= (lhs: some LinearExpressible, rhs: some LinearExpressible) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// The required constraint `lhs >= rhs`.
public func >= (lhs: some LinearExpressible, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// The required constraint `lhs >= rhs`.
public func >= (lhs: Double, rhs: some LinearExpressible) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}
