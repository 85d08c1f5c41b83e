import AutoLayout

/// `list`: N rows of a table written with constraints. Root 375 × 667; views added one at a
/// time, each with its constraints activated as it is added: top == previous.bottom + 8
/// (the first: root.top + 8), height == 44, leading == root.leading + 16,
/// trailing == root.trailing − 16. View k's frame is (16, 8 + 52k, W − 32, 44).
final class ListShape: EngineShape {
    let root = LayoutView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    private(set) var views: [LayoutView] = []
    /// Each view's top constraint (the constant operation changes the middle one's).
    private(set) var tops: [LayoutConstraint] = []
    private let count: Int
    let operations = ["resize", "constant", "hide", "append"]

    init(count: Int) {
        precondition(count >= 3, "a list needs at least 3 views")
        self.count = count
        views.reserveCapacity(count)
        tops.reserveCapacity(count)
    }

    func build() throws {
        for k in 0..<count {
            let view = constrainedView()
            root.addSubview(view)
            let top = k == 0 ? view.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)
                : view.topAnchor.constraint(equalTo: views[k - 1].bottomAnchor, constant: 8)
            try LayoutConstraint.activate([
                top,
                view.heightAnchor.constraint(equalToConstant: 44),
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                view.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            ])
            views.append(view)
            tops.append(top)
        }
    }

    /// View k's frame when the middle view's top constant is `middleTop` and, if `hidden`,
    /// the middle view is out of the chain (views below it move up a row).
    func expectedFrame(_ k: Int, middleTop: Double = 8, hidden: Bool = false) -> Rect {
        let middle = count / 2
        var y = 8 + 52 * Double(k)
        if k >= middle { y += middleTop - 8 }
        if hidden && k > middle { y -= 52 }
        return Rect(x: 16, y: y, width: root.frame.width - 32, height: 44)
    }

    func checkFrames(_ log: ShapeLog, _ context: String, middleTop: Double = 8, hidden: Bool = false) {
        var checked = [0, count / 2, count - 1]
        if hidden { checked = [0, count / 2 - 1, count / 2 + 1, count - 1] }
        for k in checked {
            log.checkFrame(views[k].frame, expectedFrame(k, middleTop: middleTop, hidden: hidden), "\(context): view \(k)")
        }
    }

    func checkBuilt(_ log: ShapeLog) { checkFrames(log, "built") }

    func run(_ operation: String, _ timer: OperationTimer) throws {
        let middle = count / 2
        switch operation {
        case "resize":
            measureResize(timer, width: 375, height: 667) { checkFrames($0, "resize") }
        case "constant":
            timer.measure("constant", change: { step in
                tops[middle].constant = step % 2 == 0 ? 12 : 8
            }, check: { step in checkFrames(timer.log, "constant", middleTop: step % 2 == 0 ? 12 : 8) })
            tops[middle].constant = 8
            root.layoutIfNeeded()
        case "hide":
            try hideAndShow(timer)
        case "append":
            try appendAndRemove(timer)
        default:
            break
        }
    }

    /// Takes the middle view out of the chain (deactivates its 4 constraints and the next
    /// view's top, activates next.top == previous.bottom + 8), then puts it back; each is
    /// timed and reported separately.
    private func hideAndShow(_ timer: OperationTimer) throws {
        let middle = count / 2
        let view = views[middle], next = views[middle + 1], previous = views[middle - 1]
        // Finding the constraints is bookkeeping a caller would have done already: untimed.
        // (Its height is installed on the view itself, the rest on the root.)
        let own = (root.constraints + view.constraints).filter {
            ($0.firstItem === view || $0.secondItem === view) && $0 !== tops[middle + 1]
        }
        timer.log.check(own.count == 4, "the middle view has \(own.count) constraints, expected 4")
        let removed = own + [tops[middle + 1]]
        var bridge: LayoutConstraint?
        try timer.measurePair("hide", "show", change: {
            LayoutConstraint.deactivate(removed)
            let made = next.topAnchor.constraint(equalTo: previous.bottomAnchor, constant: 8)
            try made.activate()
            bridge = made
        }, check: { checkFrames(timer.log, "hide", hidden: true) }, undo: {
            bridge?.deactivate()
            try LayoutConstraint.activate(removed)
        }, checkUndone: { checkFrames(timer.log, "show") })
    }

    /// Appends a row after the last one (its four constraints activated) and removes it
    /// again, in turns: the other views stay where they are.
    private func appendAndRemove(_ timer: OperationTimer) throws {
        var added: LayoutView?
        try timer.measurePair("append", "remove", change: {
            let view = constrainedView()
            root.addSubview(view)
            try LayoutConstraint.activate([
                view.topAnchor.constraint(equalTo: views[count - 1].bottomAnchor, constant: 8),
                view.heightAnchor.constraint(equalToConstant: 44),
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                view.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            ])
            added = view
        }, check: {
            timer.log.checkFrame(added?.frame ?? .zero, expectedFrame(count), "append: new view")
            checkFrames(timer.log, "append")
        }, undo: {
            added?.removeFromSuperview()
        }, checkUndone: {
            timer.log.check(added?.superview == nil, "remove: the added view is still in the list")
            checkFrames(timer.log, "remove")
        })
    }
}
