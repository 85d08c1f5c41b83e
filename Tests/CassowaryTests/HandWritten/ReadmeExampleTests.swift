import Testing
import Cassowary

/// The README's solver example, line for line, with its printed values asserted.
@Test(arguments: SolverMode.allCases)
func readmeExample(mode: SolverMode) throws {
    let left = Variable("left"), width = Variable("width"), container = Variable("container")
    let solver = mode.makeSolver()
    try solver.addConstraint(left == 20)
    try solver.addConstraint(left + width <= container - 20)
    try solver.addConstraint(width >= 100)
    try solver.addConstraint((width == 250).withStrength(.weak))
    try solver.addEditVariable(container, strength: .strong)
    try solver.suggestValue(container, 320)
    solver.updateVariables()
    #expect(left.value == 20 && width.value == 250)

    try solver.suggestValue(container, 200)
    solver.updateVariables()
    #expect(width.value == 160)

    do {
        try solver.addConstraint(width == 50)
        Issue.record("width == 50 was accepted")
    } catch {
        guard case .unsatisfiableConstraint(let constraint, let conflicts) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(constraint.description == "width - 50 == 0 | required")
        #expect(conflicts.map(\.description) == ["width - 100 >= 0 | required"])
    }
}
