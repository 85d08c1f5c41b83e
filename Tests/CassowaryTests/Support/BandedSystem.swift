import Cassowary
import SeededRandom

/// A random banded system like the ones the solver conformance repro came from: each
/// variable is tied to a few of the variables just before it by a constraint of random
/// relation and strength (1 to 4 terms), and most variables are pulled weakly toward a
/// value. Required constraints hold at a hidden point, so they are feasible together and,
/// where the band is crowded with them, some are redundant (implied by the others), which
/// is what exercises the basic markers of redundant required equalities. Some required
/// constraints get a random constant instead and may be rejected.
///
/// The system is plain data; ``materialize()`` makes a fresh set of variables and
/// constraints from it, so that solvers in different modes each get their own.
struct BandedSystem {
    struct Spec {
        var terms: [(variable: Int, coefficient: Double)]
        var constant: Double
        var relation: Relation
        var strength: Strength
    }

    let variableCount: Int
    var specs: [Spec] = []
    /// The order in which the constraints are removed (positions in `specs`).
    var removalOrder: [Int] = []

    init(seed: UInt64, variables: Int = 24, band: Int = 4) {
        var rng = SplitMix64(seed: seed)
        variableCount = variables
        let hidden = (0..<variables).map { _ in Double.random(in: 0...1000, using: &rng) }
        let strengths: [Strength] = [.required, .required, .strong, .medium, .weak]
        for i in 0..<variables {
            // One or two band constraints per variable.
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                var terms = [(variable: i, coefficient: 1.0)]
                let neighbours = Array(max(0, i - band)..<i).shuffled(using: &rng)
                for j in neighbours.prefix(Int.random(in: 0...3, using: &rng)) {
                    let size = Double.random(in: 0.05...0.6, using: &rng)
                    terms.append((j, Bool.random(using: &rng) ? size : -size))
                }
                let relation: Relation = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual]
                    .randomElement(using: &rng)!
                let strength = strengths.randomElement(using: &rng)!
                var constant = Double.random(in: 0...50, using: &rng)
                if strength.isRequired && Int.random(in: 0..<6, using: &rng) != 0 {
                    // Holds at the hidden point: exactly for an equality, with some room
                    // (or none) for an inequality.
                    let value = terms.reduce(0.0) { $0 + $1.coefficient * hidden[$1.variable] }
                    let room = Bool.random(using: &rng) ? 0 : Double.random(in: 0...20, using: &rng)
                    constant = switch relation {
                    case .equal: value
                    case .lessThanOrEqual: value + room
                    case .greaterThanOrEqual: value - room
                    }
                }
                specs.append(Spec(terms: terms, constant: constant, relation: relation, strength: strength))
            }
            if Int.random(in: 0..<10, using: &rng) < 7 {
                let anchor = Double.random(in: 0...1000, using: &rng)
                specs.append(Spec(terms: [(i, 1)], constant: anchor, relation: .equal, strength: .weak))
            }
        }
        removalOrder = Array(specs.indices).shuffled(using: &rng)
    }

    /// Fresh variables and the constraints over them, in the order of `specs`.
    func materialize() -> (variables: [Variable], constraints: [Constraint]) {
        let variables = (0..<variableCount).map { Variable("v\($0)") }
        let constraints = specs.map { spec in
            let terms = spec.terms.map { Term(variables[$0.variable], coefficient: $0.coefficient) }
            return Constraint(Expression(terms, constant: -spec.constant), spec.relation, strength: spec.strength)
        }
        return (variables, constraints)
    }
}
