@testable import Cassowary

extension Constraint {
    /// How far this constraint is from holding at its variables' current values, when it
    /// is required and off by more than `tolerance` times its size (the constant plus
    /// each term's size, at least 1); nil when it holds or is a preference.
    func requiredViolation(tolerance: Double) -> Double? {
        guard strength.isRequired else { return nil }
        let value = expression.value
        let scale = expression.terms.reduce(abs(expression.constant)) { $0 + abs($1.coefficient * $1.variable.value) }
        let bound = tolerance * max(1, scale)
        let holds = switch relation {
        case .equal: abs(value) <= bound
        case .lessThanOrEqual: value <= bound
        case .greaterThanOrEqual: value >= -bound
        }
        return holds ? nil : value
    }
}

/// The first of `constraints` that is required and broken at the variables' current
/// values (see ``Constraint/requiredViolation(tolerance:)``), described, or nil.
func firstBrokenRequired(_ constraints: some Sequence<Constraint>, tolerance: Double) -> String? {
    for constraint in constraints {
        if let value = constraint.requiredViolation(tolerance: tolerance) { return "\(constraint) is off by \(value)" }
    }
    return nil
}
