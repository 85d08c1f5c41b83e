import AutoLayout

/// `deep` and `deepMasks`: a chain of N nested views (view k + 1 inside view k, view 0
/// inside the root), each inset 1 point from its superview on every side, in a root
/// (2N + 100) square. View k's frame is (1, 1, W − 2(k + 1), H − 2(k + 1)) in its superview.
/// `deep` places them by constraints (leading/top == parent's + 1, trailing/bottom ==
/// parent's − 1); `deepMasks` only by autoresizing masks (each view keeps
/// `translatesAutoresizingMaskIntoConstraints`, with a flexible width and height).
final class DeepShape: EngineShape {
    let root: LayoutView
    private(set) var views: [LayoutView] = []
    private let count: Int
    private let masks: Bool
    let operations = ["resize"]

    init(count: Int, masks: Bool) {
        precondition(count >= 2, "a chain needs at least 2 views")
        self.count = count
        self.masks = masks
        let side = 2 * Double(count) + 100
        root = LayoutView(frame: Rect(x: 0, y: 0, width: side, height: side))
        views.reserveCapacity(count)
    }

    func build() throws {
        var parent = root
        for _ in 0..<count {
            let view: LayoutView
            if masks {
                let size = parent.frame.size
                view = LayoutView(frame: Rect(x: 1, y: 1, width: size.width - 2, height: size.height - 2))
                view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                parent.addSubview(view)
            } else {
                view = constrainedView()
                parent.addSubview(view)
                try LayoutConstraint.activate([
                    view.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 1),
                    view.trailingAnchor.constraint(equalTo: parent.trailingAnchor, constant: -1),
                    view.topAnchor.constraint(equalTo: parent.topAnchor, constant: 1),
                    view.bottomAnchor.constraint(equalTo: parent.bottomAnchor, constant: -1),
                ])
            }
            views.append(view)
            parent = view
        }
    }

    func checkFrames(_ log: ShapeLog, _ context: String) {
        let size = root.frame.size
        for k in [0, count / 2, count - 1] {
            let inset = 2 * Double(k + 1)
            log.checkFrame(views[k].frame, Rect(x: 1, y: 1, width: size.width - inset, height: size.height - inset),
                           "\(context): view \(k)")
        }
    }

    func checkBuilt(_ log: ShapeLog) { checkFrames(log, "built") }

    func run(_ operation: String, _ timer: OperationTimer) throws {
        guard operation == "resize" else { return }
        let side = 2 * Double(count) + 100
        measureResize(timer, width: side, height: side) { checkFrames($0, "resize") }
    }
}
