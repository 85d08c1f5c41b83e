import Cassowary

/// A solver-level imitation of the AutoLayout benchmark's table of score cells: each cell
/// is placed by required equalities (as a frame with autoresizing is), and holds a photo,
/// a name, a score and a stepper laid out left to right, centred vertically, with content
/// hugging and compression resistance as preferences at levels 250 and 750 (Auto Layout
/// priorities). About 34 constraints per cell.
struct Cells {
    let constraints: [Constraint]
    let stepperLeft: [Variable]

    init(_ n: Int) {
        var all: [Constraint] = []
        var stepperLeft: [Variable] = []
        func control(_ name: String, _ width: Double, _ height: Double, hugging: Double = 250)
            -> (l: Variable, t: Variable, w: Variable, h: Variable) {
            let v = (Variable(name + ".left"), Variable(name + ".top"), Variable(name + ".width"), Variable(name + ".height"))
            all += [(v.2 <= width).withStrength(.level(hugging)), (v.2 >= width).withStrength(.level(750)),
                    (v.3 <= height).withStrength(.level(250)), (v.3 >= height).withStrength(.level(750))]
            return v
        }
        for i in 0..<n {
            let x = Variable("cell\(i).x"), y = Variable("cell\(i).y")
            let w = Variable("cell\(i).width"), h = Variable("cell\(i).height")
            all += [x == 0, y == Double(i * 60), w == 375, h == 60]
            let photo = control("photo", 44, 44), name = control("name", 97, 30)
            let score = control("score", 40, 30), stepper = control("stepper", 94, 29, hugging: 750)
            stepperLeft.append(stepper.l)
            let centring = (score.l + 0.5 * score.w == x + 0.5 * w).withStrength(.level(750))
            all += [
                photo.l == x + 8,
                name.l == photo.l + photo.w + 8,
                name.w >= 95,
                score.l == name.l + name.w + 8,
                score.w >= 40,
                stepper.l >= score.l + score.w + 8,
                stepper.l + stepper.w == x + w - 8,
                centring,
                photo.w == photo.h,
                photo.t == y + 8,
                photo.t + photo.h == y + h - 8,
                name.t + 0.5 * name.h == photo.t + 0.5 * photo.h,
                score.t + 0.5 * score.h == photo.t + 0.5 * photo.h,
                stepper.t + 0.5 * stepper.h == photo.t + 0.5 * photo.h,
            ]
        }
        constraints = all
        self.stepperLeft = stepperLeft
    }

    /// Adds every constraint to a new solver, one at a time or as one batch, and updates
    /// the variables.
    func solve(batch: Bool) throws -> Solver {
        let solver = Solver()
        if batch {
            var failures = 0
            solver.addConstraints(constraints) { _, _ in failures += 1 }
            if failures > 0 { throw SolverError.internalError("\(failures) constraints of the cells failed") }
        } else {
            for constraint in constraints { try solver.addConstraint(constraint) }
        }
        solver.updateVariables()
        return solver
    }
}
