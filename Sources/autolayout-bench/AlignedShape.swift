import AutoLayout

/// `aligned`: a vertical stack aligned to its leading edge (UIKit's `.leading`) of about N
/// labels, spacing 4, 16 from the root's sides and 8 from its top; label k is
/// (100 + 4 (k mod 8)) × 20 at (0, 24k) in the stack. UIKit's rules hold the stack's
/// alignment spanner to every label's leading edge at 999.5, and those edges are one class:
/// the solver gets N soft equalities that say the same thing (they made the build
/// quadratic before their rows were solved for balanced errors).
final class AlignedShape: EngineShape {
    let root = LayoutView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let column = StackView()
    private(set) var views: [LayoutView] = []
    private(set) var labels: [LayoutView] = []
    private let count: Int
    let operations = ["hide"]

    /// About `count` views: the stack and `count - 1` labels (at least 3).
    init(count: Int) {
        self.count = max(3, count - 1)
    }

    /// Label k's width.
    static func width(_ k: Int) -> Double { 100 + 4 * Double(k % 8) }

    func build() throws {
        placeColumn(column, in: root)
        column.alignment = .leading
        views.append(column)
        labels.reserveCapacity(count)
        for k in 0..<count {
            let label = SizedView(width: Self.width(k), height: 20)
            column.addArrangedSubview(label)
            labels.append(label)
        }
        views += labels
        try LayoutConstraint.activate(columnPins(column, in: root))
    }

    /// Checks the first, middle and last labels; with `hidden`, the middle one is collapsed
    /// and those after it are one label up.
    func checkFrames(_ log: ShapeLog, _ context: String, hidden: Bool = false) {
        let middle = count / 2
        for k in [0, middle - 1, middle + 1, count - 1] {
            let y = 24 * Double(k) - (hidden && k > middle ? 24 : 0)
            log.checkFrame(labels[k].frame, Rect(x: 0, y: y, width: Self.width(k), height: 20), "\(context): label \(k)")
        }
        if !hidden {
            log.checkFrame(labels[middle].frame, Rect(x: 0, y: 24 * Double(middle), width: Self.width(middle), height: 20),
                           "\(context): middle label")
        }
    }

    func checkBuilt(_ log: ShapeLog) { checkFrames(log, "built") }

    func run(_ operation: String, _ timer: OperationTimer) throws {
        guard operation == "hide" else { return }
        let label = labels[count / 2]
        timer.measurePair("hide", "show", change: { label.isHidden = true },
                          check: { checkFrames(timer.log, "hide", hidden: true) },
                          undo: { label.isHidden = false }, checkUndone: { checkFrames(timer.log, "show") })
    }
}
