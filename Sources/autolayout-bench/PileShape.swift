import AutoLayout

/// `pile`: the list's rows (same frames: view k at (16, 8 + 52k, W − 32, 44)) held apart by
/// inequalities instead of equalities, as a flow or a stack of cards is: top >= previous.bottom
/// + 8, and each top pulled up to the root's top at priority 250 (the first: root.top + 8,
/// required). Every row is pushed down by the one above it against its own pull, so the
/// solution is the list's, but the solver sees a chain of inequalities, each row's pull
/// tight against all of them, where the list is a chain of links.
final class PileShape: EngineShape {
    let root = LayoutView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    private(set) var views: [LayoutView] = []
    private let count: Int
    let operations = ["resize"]

    init(count: Int) {
        precondition(count >= 3, "a pile needs at least 3 views")
        self.count = count
        views.reserveCapacity(count)
    }

    func build() throws {
        for k in 0..<count {
            let view = constrainedView()
            root.addSubview(view)
            var constraints = [
                view.heightAnchor.constraint(equalToConstant: 44),
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                view.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            ]
            if k == 0 {
                constraints.append(view.topAnchor.constraint(equalTo: root.topAnchor, constant: 8))
            } else {
                constraints.append(view.topAnchor.constraint(greaterThanOrEqualTo: views[k - 1].bottomAnchor, constant: 8))
                let pull = view.topAnchor.constraint(equalTo: root.topAnchor)
                pull.priority = 250
                constraints.append(pull)
            }
            try LayoutConstraint.activate(constraints)
            views.append(view)
        }
    }

    func checkFrames(_ log: ShapeLog, _ context: String) {
        for k in [0, count / 2, count - 1] {
            log.checkFrame(views[k].frame, Rect(x: 16, y: 8 + 52 * Double(k), width: root.frame.width - 32, height: 44),
                           "\(context): view \(k)")
        }
    }

    func checkBuilt(_ log: ShapeLog) { checkFrames(log, "built") }

    func run(_ operation: String, _ timer: OperationTimer) throws {
        if operation == "resize" { measureResize(timer, width: 375, height: 667) { checkFrames($0, "resize") } }
    }
}
