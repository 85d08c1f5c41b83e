import AutoLayout

/// `equalRow`: N views side by side filling the root (4N wide), every width equal to the
/// first's (what a fill-equally stack asks of its views), each 20 high at the top. View k's
/// frame is (4k, 0, 4, 20), as in `row`. A width is an edge difference, so `width == first's
/// width` is a required equality of four variables, not a link: the chain of them goes into
/// the tableau.
final class EqualRowShape: EngineShape {
    let root: LayoutView
    private(set) var views: [LayoutView] = []
    private let count: Int
    let operations = ["resize"]

    init(count: Int) {
        precondition(count >= 2, "an equal row needs at least 2 views")
        self.count = count
        root = LayoutView(frame: Rect(x: 0, y: 0, width: 4 * Double(count), height: 667))
    }

    func build() throws {
        for k in 0..<count {
            let view = constrainedView()
            root.addSubview(view)
            var constraints = [
                view.topAnchor.constraint(equalTo: root.topAnchor),
                view.heightAnchor.constraint(equalToConstant: 20),
                k == 0 ? view.leadingAnchor.constraint(equalTo: root.leadingAnchor)
                    : view.leadingAnchor.constraint(equalTo: views[k - 1].trailingAnchor),
            ]
            if k > 0 { constraints.append(view.widthAnchor.constraint(equalTo: views[0].widthAnchor)) }
            if k == count - 1 { constraints.append(view.trailingAnchor.constraint(equalTo: root.trailingAnchor)) }
            try LayoutConstraint.activate(constraints)
            views.append(view)
        }
    }

    func checkFrames(_ log: ShapeLog, _ context: String) {
        let width = root.frame.width / Double(count)
        for k in [0, count / 2, count - 1] {
            log.checkFrame(views[k].frame, Rect(x: width * Double(k), y: 0, width: width, height: 20), "\(context): view \(k)")
        }
    }

    func checkBuilt(_ log: ShapeLog) { checkFrames(log, "built") }

    func run(_ operation: String, _ timer: OperationTimer) throws {
        if operation == "resize" { measureResize(timer, width: 4 * Double(count), height: 667) { checkFrames($0, "resize") } }
    }
}
