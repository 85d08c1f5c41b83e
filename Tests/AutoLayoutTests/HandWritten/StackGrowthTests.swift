import Testing
@testable import AutoLayout
@testable import Cassowary

/// What a long stack costs the solver, counted rather than timed: the pivots its first
/// layout makes and the cells of the tableau it leaves.
///
/// Aligned to an edge, a stack holds its spanner to every view's edge on that side at 999.5
/// (UIKit's rules), and those edges are one class: before soft equalities that hold as they
/// come in were solved for a balanced error, the first layout of such a stack made a pivot
/// through all of those rows for every two of them (8,000 labels: 6.7 s).
@Suite struct StackGrowthTests {
    /// A vertical stack of `count` labels of a few sizes with `alignment`, in a root, not
    /// laid out yet.
    static func column(_ count: Int, _ alignment: StackView.Alignment) throws -> LayoutView {
        let root = makeRoot(375, 667)
        let stack = StackView()
        stack.translatesAutoresizingMaskIntoConstraints = false
        stack.axis = .vertical
        stack.alignment = alignment
        stack.spacing = 4
        root.addSubview(stack)
        for k in 0..<count {
            let label = StackFixtureView()
            label.translatesAutoresizingMaskIntoConstraints = false
            label.intrinsic = Size(width: 100 + Double(k % 7), height: 20 + Double(k % 5))
            label.firstBaseline = 14
            label.lastBaseline = 4
            stack.addArrangedSubview(label)
        }
        try LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
        ])
        return root
    }

    @Test("a stack of labels takes a few pivots and a few cells a label, whatever its alignment",
          arguments: StackView.Alignment.allCases)
    func linear(_ alignment: StackView.Alignment) throws {
        for count in [50, 400] {
            let root = try Self.column(count, alignment)
            let solver = root.engine.solver
            let before = solver.tableau.pivotCount
            root.layoutIfNeeded()
            #expect(root.brokenConstraints.isEmpty)
            // Measured: at most one pivot, and under 25 cells a label, at both lengths.
            #expect(solver.tableau.pivotCount - before <= 4, "\(count) labels")
            #expect(solver.statistics.cells <= 30 * count, "\(count) labels: \(solver.statistics.cells) cells")
            let stack = try #require(root.subviews.first as? StackView)
            let last = stack.arrangedSubviews[count - 1]
            // Each label 4 below the one before, its height its own.
            let expectedTop = (0..<(count - 1)).reduce(0.0) { $0 + 24 + Double($1 % 5) }
            #expect(last.frame.minY == expectedTop, "\(count) labels")
            #expect(last.frame.height == 20 + Double((count - 1) % 5))
        }
    }
}
