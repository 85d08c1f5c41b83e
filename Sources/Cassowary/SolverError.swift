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
        case .internalError(let message): "internal solver error: \(message)"
        }
    }
}
