import Cassowary
import SeededRandom

/// `count` distinct indices below `n`, chosen by a seeded partial shuffle, in ascending order.
func sample(_ count: Int, of n: Int, seed: UInt64) -> [Int] {
    var rng = SplitMix64(seed: seed)
    var indices = Array(0..<n)
    for i in 0..<count {
        let j = i + Int(rng.next() % UInt64(n - i))
        indices.swapAt(i, j)
    }
    return indices[..<count].sorted()
}

/// x0 == 0, x(i+1) == x(i) + 10, all required.
struct Chain {
    let xs: [Variable]
    let constraints: [Constraint]

    init(_ n: Int) {
        let xs = (0..<n).map { Variable("x\($0)") }
        self.xs = xs
        constraints = [xs[0] == 0] + (1..<n).map { xs[$0] == xs[$0 - 1] + 10 }
    }

    /// Adds every constraint to a new solver and updates the variables; with
    /// `singleBatches`, each constraint is a batch of its own (what an engine that flushes
    /// before every change does), which must cost what single adds cost.
    func solve(singleBatches: Bool = false) throws -> Solver {
        let solver = Solver()
        for constraint in constraints {
            if singleBatches {
                solver.addConstraints([constraint]) { _, error in print("CHECK FAILED: \(error)") }
            } else {
                try solver.addConstraint(constraint)
            }
        }
        solver.updateVariables()
        return solver
    }
}

/// The grid of the solver issue: N views in rows of 10 inside a container whose width is
/// a strong edit variable (suggested 1000 before any constraint is added).
struct Grid {
    let solver = Solver()
    let width = Variable("container.width")
    var left: [Variable] = [], viewWidth: [Variable] = [], top: [Variable] = [], height: [Variable] = []
    var required: [Constraint] = []
    var preferences: [Constraint] = []
    /// Constraints in view order (each view's required then preferred ones).
    var viewOrder: [Constraint] = []

    init(_ n: Int) {
        for i in 0..<n {
            left.append(Variable("left\(i)"))
            viewWidth.append(Variable("width\(i)"))
            top.append(Variable("top\(i)"))
            height.append(Variable("height\(i)"))
        }
        for i in 0..<n {
            let column = i % 10
            var mine: [Constraint] = []
            mine.append(column == 0 ? left[i] == 20 : left[i] == left[i - 1] + viewWidth[i - 1] + 8)
            if column > 0 { mine.append(viewWidth[i] == viewWidth[i - 1]) }
            if column == 9 { mine.append(left[i] + viewWidth[i] == width - 20) }
            mine.append(viewWidth[i] >= 10)
            mine.append(i < 10 ? top[i] == 20 : top[i] == top[i - 10] + height[i - 10] + 8)
            mine.append(height[i] == 44)
            let soft = [(viewWidth[i] == 80).withStrength(.weak), (viewWidth[i] <= 300).withStrength(.medium)]
            required += mine
            preferences += soft
            viewOrder += mine + soft
        }
    }

    /// Adds the edit variable, then every constraint in view order or required first.
    func build(requiredFirst: Bool) throws {
        try solver.addEditVariable(width, strength: .strong)
        try solver.suggestValue(width, 1000)
        for constraint in requiredFirst ? required + preferences : viewOrder {
            try solver.addConstraint(constraint)
        }
        solver.updateVariables()
    }

    /// The same as `build(requiredFirst: false)`, with the constraints added as one batch.
    func buildBatch() throws {
        try solver.addEditVariable(width, strength: .strong)
        try solver.suggestValue(width, 1000)
        var failures = 0
        solver.addConstraints(viewOrder) { _, _ in failures += 1 }
        if failures > 0 { throw SolverError.internalError("\(failures) constraints of the grid failed") }
        solver.updateVariables()
    }

    /// The constraints, in view order, that churn removes and re-adds.
    var churnable: [Constraint] { viewOrder }
}
