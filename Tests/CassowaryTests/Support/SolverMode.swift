import Cassowary
import Testing

/// The solver's two ways of keeping required equalities, for running a test in each.
enum SolverMode: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// `Solver()`: required equalities carry no marker; removing one rebuilds the tableau.
    case `default`
    /// `Solver(keepsEqualityMarkers: true)`: every required equality keeps a dummy marker
    /// column, so removing one is incremental (the layout engine's mode).
    case markers

    func makeSolver() -> Solver {
        switch self {
        case .default: Solver()
        case .markers: Solver(keepsEqualityMarkers: true)
        }
    }

    var keepsEqualityMarkers: Bool { self == .markers }

    var testDescription: String { rawValue }
}
