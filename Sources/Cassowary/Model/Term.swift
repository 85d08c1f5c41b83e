/// A variable multiplied by a coefficient: the building block of an ``Expression``.
public struct Term: Sendable, CustomStringConvertible {
    /// The variable of the term.
    public let variable: Variable
    /// The factor the variable is multiplied by.
    public let coefficient: Double

    /// Creates the term `coefficient * variable`.
    public init(_ variable: Variable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// The current value of the term, computed from the variable's value.
    public var value: Double { coefficient * variable.value }

    /// The term as `2 * x`, or just `x` when the coefficient is one.
    public var description: String {
        coefficient == 1 ? variable.description : "\(formatNumber(coefficient)) * \(variable)"
    }
}

/// Formats a number without a trailing `.0` when it is whole.
func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
