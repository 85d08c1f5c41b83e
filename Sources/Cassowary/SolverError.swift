/// Everything a ``Solver`` call can throw. After any of these the solver is exactly as it
/// was before the call.
public enum SolverError: Error, CustomStringConvertible {
    /// The constraint is already in the solver.
    case duplicateConstraint(Constraint)
    /// The required constraint cannot hold together with `conflicts`, a minimal set of the
    /// required constraints already in the solver (remove any one of them and it fits).
    case unsatisfiableConstraint(Constraint, conflicts: [Constraint])
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// The variable already has an edit constraint.
    case duplicateEditVariable(Variable)
    /// The variable has no edit constraint.
    case unknownEditVariable(Variable)
    /// Edit variables cannot be required.
    case badRequiredStrength(Variable)
    /// A number given to the solver is not finite (NaN or infinite): a constraint's
    /// constant or coefficient, a strength's level or weight, or a suggested value. The
    /// message says which, and where.
    case nonFiniteNumber(String)
    /// Floating-point rounding would lose a small number among much larger ones, such as a
    /// preference `x >= 1e20` next to `x == 100`; the call was undone. When the constraint
    /// is required, it is the one that would not hold, and `residual` its expression's value
    /// (which should be zero, or on the right side of zero). Otherwise it is the edit (as
    /// `variable - suggested value == 0`) or the new constraint of a replacement whose change
    /// would lose `residual` from the values the solver holds. See ``Solver`` for the
    /// tolerance.
    case precisionLoss(Constraint, residual: Double)
    /// The solver found its own state inconsistent; the message says where.
    case internalError(String)

    /// A sentence naming what went wrong.
    public var description: String {
        switch self {
        case .duplicateConstraint(let c): "duplicate constraint: \(c)"
        case .unsatisfiableConstraint(let c, let conflicts):
            "unsatisfiable constraint: \(c); it conflicts with "
                + (conflicts.isEmpty ? "no other constraint (it is contradictory on its own)"
                   : conflicts.map { "[\($0)]" }.joined(separator: ", "))
        case .unknownConstraint(let c): "unknown constraint: \(c)"
        case .duplicateEditVariable(let v): "duplicate edit variable: \(v)"
        case .unknownEditVariable(let v): "unknown edit variable: \(v)"
        case .badRequiredStrength(let v): "an edit variable cannot be required: \(v)"
        case .nonFiniteNumber(let what): "not a finite number: \(what)"
        case .precisionLoss(let c, let residual):
            (c.strength.isRequired ? "the required constraint \(c) would be off by \(formatNumber(residual))"
                : "the change to \(c) would lose \(formatNumber(residual)) from the values the solver holds")
                + ": floating-point rounding loses small numbers next to much larger ones; the call was undone "
                + "(keep magnitudes within about 1e9 of each other)"
        case .internalError(let message): "internal solver error: \(message)"
        }
    }
}
